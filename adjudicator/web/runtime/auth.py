"""Who may do what: client keys, the admin key, a game's write token, and the
headers of HTML pages.

Each operation declares one access policy (:class:`Access`, with ``reveal`` and
``authorize``); :func:`admit` evaluates it before the operation's input is read,
so a caller without the right is refused before anything it sent is validated.
Credentials are read once per request: a key from ``Authorization: Bearer`` or
``X-API-Key``, a game's write token from ``X-Game-Token`` (or a bearer that is
no key). Keys are compared in constant time and never logged; only a key's
*name* (``ADJUDICATOR_API_KEYS="name:key,..."``) appears in records and logs.
"""

from __future__ import annotations

import hmac
import typing as t
from enum import StrEnum

from flask import Flask, Response, g, request
from pydantic_core import from_json
from werkzeug.datastructures import WWWAuthenticate
from werkzeug.exceptions import Forbidden, Unauthorized

from adjudicator.errors import ConfigError, FinderDisabledError
from adjudicator.web.runtime.extension import runtime

if t.TYPE_CHECKING:
    from adjudicator.web.runtime.operation import Operation

# The name the admin key goes by in records; no client key may take it.
ADMIN = "admin"


# The statuses of a refused key.
KEY_REFUSED = frozenset({401, 403})


def statuses_added(op: Operation) -> frozenset[int]:
    """The statuses :func:`admit` may answer for ``op``: from its declared access,
    not from this instance's keys, so that a client written against one server's
    document meets the same statuses on another."""
    return KEY_REFUSED if op.access != Access.OPEN or op.reveal else frozenset()


class Access(StrEnum):
    """Who may call an operation."""

    OPEN = "open"  # anyone
    CLIENT = "client"  # a client key, when ADJUDICATOR_API_KEYS is set
    ADMIN = "admin"  # that, and the admin key
    FINDER = "finder"  # as client, unless ADJUDICATOR_FINDER restricts it (a tournament)


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
        if name.strip() == ADMIN:
            raise ConfigError(
                "ADJUDICATOR_API_KEYS", ADMIN, "that name is the admin key's; choose another"
            )
        out[name.strip()] = key.strip().encode()
    return tuple(out.items())


def init_app(app: Flask) -> None:
    """Set the security headers of HTML answers, and ``nosniff`` on every answer."""
    app.after_request(_html_headers)


def admit(op: Operation, args: t.Mapping[str, t.Any]) -> None:
    """The operation's access policy, before its query or body is read.

    ``client`` and ``admin`` operations need a client key when keys are
    configured; ``admin`` ones, and a ``reveal`` one asked to reveal, need the
    admin key too; then ``authorize`` sees the path arguments (a game's token).

    :raises Unauthorized: no key sent. :raises Forbidden: a key that is not valid here.
    """
    if op.access == Access.FINDER:
        _admit_finder()
    elif op.access != Access.OPEN:
        if runtime().keys and client_name() is None:
            _refuse("this API needs a client key")
        if op.access == Access.ADMIN or (op.reveal and _asks_to_reveal()):
            require_admin()
    if op.authorize is not None:
        op.authorize(**args)


def _admit_finder() -> None:
    """Finding plays and words: ``on`` as any client operation, ``keys`` only with
    a client key (none configured: nobody), ``off`` for nobody."""
    mode = runtime().settings.finder
    if mode == "off":
        raise FinderDisabledError("finding plays and words is switched off on this service")
    if mode == "keys" and not runtime().keys:
        raise FinderDisabledError(
            "finding plays and words is for client keys only, and this service has none"
        )
    if (mode == "keys" or runtime().keys) and client_name() is None:
        _refuse("finding plays and words needs a client key")


def _asks_to_reveal() -> bool:
    """``reveal=true`` in the query, or ``"reveal": true`` in a JSON body: read
    here without the body's schema, which is checked only once access is granted."""
    if request.args.get("reveal") == "true":
        return True
    data = request.get_data(cache=True)
    # The common case: a body that cannot name reveal, even spelled with \u
    # escapes, is parsed once, by the model.
    if not request.is_json or (b'"reveal"' not in data and b"\\u" not in data):
        return False
    try:  # the model's own parser, so that both read the same document
        body = from_json(data)
    except ValueError:
        return False  # malformed: refused as such once access is granted
    return isinstance(body, dict) and body.get("reveal") is True


def _bearer() -> str | None:
    """The credential of ``Authorization: Bearer ...``, as werkzeug reads the
    header; a key with ``=`` inside, which werkzeug reads as parameters, as sent."""
    auth = request.authorization
    if auth is None or auth.type != "bearer":
        return None
    if auth.token:
        return auth.token.strip()
    _, _, sent = request.headers.get("Authorization", "").partition(" ")
    return sent.strip() or None


def _presented() -> bytes | None:
    """The key the request carries: ``Authorization: Bearer <key>`` or ``X-API-Key``."""
    bearer = _bearer()
    if bearer is not None:
        return bearer.encode()
    key = request.headers.get("X-API-Key")
    return None if key is None else key.encode()


class Writable(t.Protocol):
    def authorize(self, id_: str, token: str | None) -> None: ...


def writer(games: t.Callable[[], Writable]) -> t.Callable[..., None]:
    """An operation's ``authorize``: the write token of the game named by the
    path's ``id_``, checked with ``games()`` (a service) before the body is read."""

    def check(id_: str, **_path: t.Any) -> None:
        games().authorize(id_, game_token())

    return check


def game_token() -> str | None:
    """The game's write token: ``X-Game-Token``, or a bearer that is neither a
    client key nor the admin key (an open API's keeper sends it so)."""
    token = request.headers.get("X-Game-Token")
    if token:
        return token.strip()
    return _bearer() if _identify() == (None, False) else None


def _identify() -> tuple[str | None, bool]:
    """(client key name, is the admin key), computed once per request.

    Every configured key is compared, so the time taken does not say which
    one came close.
    """
    known = g.get("client")
    if known is not None:
        # flask.g holds anything; "client" is only ever set below, to this pair.
        return t.cast(tuple[str | None, bool], known)
    name, admin = None, False
    given = _presented()
    if given:
        rt = runtime()
        for key_name, key in rt.keys:
            if hmac.compare_digest(given, key) and name is None:
                name = key_name
        admin_key = rt.settings.admin_key
        if admin_key:
            admin = hmac.compare_digest(given, admin_key.encode())
    g.client = (name, admin)
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


def is_admin() -> bool:
    """The request carries the admin key (there always is one: see
    :func:`adjudicator.services.admin_key.admin_key`)."""
    return _identify()[1]


def require_admin() -> None:
    """:raises Unauthorized: no key sent. :raises Forbidden: not the admin key."""
    if not is_admin():
        _refuse("this action needs the admin key")


def asked_by(station: str | None) -> str:
    """Who asked, for the audit trail: the client key's name, else the station."""
    name = client_name() if runtime().keys else None
    where = f"station:{station}" if station else None
    if name:
        return f"key:{name}" + (f" {where}" if where else "")
    return where or "api"


def _html_headers(response: Response) -> Response:
    # Every answer is what its Content-Type says: a browser must not read a GCG
    # record, a JSON answer or an SVG board as anything else (a page, a script).
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    if response.mimetype == "text/html":
        for name, value in HTML_HEADERS.items():
            response.headers.setdefault(name, value)
    return response
