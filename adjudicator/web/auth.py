"""Who may do what: client keys, the admin key, and the headers of HTML pages.

Keys are compared in constant time and never logged; only a key's *name*
(``ADJUDICATOR_API_KEYS="name:key,..."``) appears in records and logs.
"""

from __future__ import annotations

import hmac
import typing as t

from flask import Blueprint, Flask, Response
from werkzeug.datastructures import WWWAuthenticate
from werkzeug.exceptions import Forbidden, Unauthorized

from adjudicator.errors import ConfigError
from adjudicator.web.context import (
    SETTINGS,
    current_flask_app,
    current_g,
    current_request,
    settings,
)

KEYS = "adjudicator.api_keys"
ADMIN = "admin"

# Our pages load only our own files, may not be framed, and leak no referrer.
PAGE_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}
# Any other HTML answer (none today) gets the same headers and a policy that allows nothing.
HTML_HEADERS = {
    **PAGE_HEADERS,
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
}


def parse_keys(spec: str | None) -> tuple[tuple[str, bytes], ...]:
    """``"name:key,name:key"`` -> ((name, key), ...).

    :raises ConfigError: an entry without a name or key, or a name used twice.
    """
    if not spec:
        return ()
    out: dict[str, bytes] = {}
    for i, entry in enumerate(e.strip() for e in spec.split(",")):
        name, sep, key = entry.partition(":")
        if not sep or not name.strip() or not key.strip():
            raise ConfigError(
                "ADJUDICATOR_API_KEYS", f"entry {i}", "must be name:key (the key is not shown)"
            )
        if name.strip() in out:
            raise ConfigError("ADJUDICATOR_API_KEYS", name.strip(), "name used twice")
        out[name.strip()] = key.strip().encode()
    return tuple(out.items())


def init_app(app: Flask, readers: t.Iterable[Blueprint] = ()) -> None:
    """Parse the client keys; when there are any, the ``readers`` blueprints (the
    API) need one (:func:`require_reader`).  Without keys the hook is not
    registered at all, so an open API pays nothing for it."""
    keys = app.extensions[KEYS] = parse_keys(app.config["ADJUDICATOR_SETTINGS"].api_keys)
    if keys:
        for bp in readers:
            app.before_request_funcs.setdefault(bp.name, []).append(require_reader)
    app.after_request(_html_headers)


def _presented() -> bytes | None:
    """The key the request carries: ``Authorization: Bearer <key>`` or ``X-API-Key``."""
    headers = current_request().headers
    scheme, _, given = headers.get("Authorization", "").partition(" ")
    if scheme.lower() == "bearer":
        return given.strip().encode()
    key = headers.get("X-API-Key")
    return None if key is None else key.encode()


def _identify() -> tuple[str | None, bool]:
    """(client key name, is the admin key), computed once per request.

    Every configured key is compared, so the time taken does not say which
    one came close.
    """
    store = current_g()
    known = store.get("client")
    if known is not None:
        return known  # type: ignore[no-any-return]
    name, admin = None, False
    given = _presented()
    if given:
        app = current_flask_app()
        for key_name, key in app.extensions[KEYS]:
            if hmac.compare_digest(given, key) and name is None:
                name = key_name
        admin_key = app.config[SETTINGS].admin_key
        admin = bool(admin_key) and hmac.compare_digest(given, admin_key.encode())
    store.client = (name, admin)
    return name, admin


def client_name() -> str | None:
    """Name of the client key this request carries (``admin`` for the admin key), or None."""
    name, admin = _identify()
    return name if name is not None else (ADMIN if admin else None)


def _refuse(what: str) -> None:
    if _presented() is None:
        raise Unauthorized(
            f"{what}: send Authorization: Bearer <key> or X-API-Key",
            www_authenticate=WWWAuthenticate("bearer"),
        )
    raise Forbidden(f"{what}: the key is not valid here")


def require_reader() -> None:
    """Before-request hook of the API blueprints when keys are configured: a client key.

    :raises Unauthorized: no key sent. :raises Forbidden: an unknown key.
    """
    if current_flask_app().extensions[KEYS] and client_name() is None:
        _refuse("this API needs a client key")


def is_admin() -> bool:
    if not settings().admin_key:
        return True  # no key configured: development mode, documented
    return _identify()[1]


def require_admin(*, destructive: bool = False) -> None:
    """:raises Unauthorized: no key sent. :raises Forbidden: not the admin key.

    A ``destructive`` action (deleting a game) is refused outright when no admin
    key is configured, instead of being open as in development mode.
    """
    if destructive and not settings().admin_key:
        raise Forbidden("deleting needs ADJUDICATOR_ADMIN_KEY to be set on the server")
    if not is_admin():
        _refuse("this action needs the admin key")


def asked_by(station: str | None) -> str:
    """Who asked, for the audit trail: the client key's name, else the station."""
    name = client_name() if current_flask_app().extensions[KEYS] else None
    where = f"station:{station}" if station else None
    if name:
        return f"key:{name}" + (f" {where}" if where else "")
    return where or "api"


def _html_headers(response: Response) -> Response:
    if response.mimetype == "text/html":
        for name, value in HTML_HEADERS.items():
            response.headers.setdefault(name, value)
    return response
