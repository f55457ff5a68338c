"""Admin key checks (constant time; the key is never logged)."""

from __future__ import annotations

import hmac

from flask import current_app, request
from werkzeug.exceptions import Forbidden, Unauthorized


def is_admin() -> bool:
    key = current_app.config["ADJUDICATOR_SETTINGS"].admin_key
    if not key:
        return True  # no key configured: development mode, documented
    header = request.headers.get("Authorization", "")
    scheme, _, given = header.partition(" ")
    return scheme.lower() == "bearer" and hmac.compare_digest(given.encode(), key.encode())


def require_admin() -> None:
    """:raises Unauthorized: no key sent. :raises Forbidden: a wrong key."""
    if is_admin():
        return
    if not request.headers.get("Authorization"):
        raise Unauthorized("this action needs the admin key: Authorization: Bearer <key>")
    raise Forbidden("the admin key is wrong")
