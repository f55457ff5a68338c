"""Rate limits per client key (or address), with flask-limiter.

Counters live in ``ADJUDICATOR_RATELIMIT_STORAGE_URL``: ``memory://`` counts
per worker process; a shared store (``redis://...``) counts across workers and
instances.  Health, readiness and metrics are never limited.
"""

from __future__ import annotations

import math
import time

from flask import Flask, Response, current_app, request
from flask_limiter import Limiter, RateLimitExceeded
from limits import parse_many

from adjudicator.errors import ConfigError
from adjudicator.web import problems
from adjudicator.web.auth import client_name

EXTENSION = "adjudicator.limiter"


def client_key() -> str:
    """The key's name when the request carries a valid key, else the peer address."""
    name = client_name()
    return f"key:{name}" if name else f"addr:{request.remote_addr or '-'}"


def init_app(app: Flask, exempt: tuple[str, ...] = ()) -> Limiter | None:
    """Attach the limiter; the ``exempt`` endpoints (health, metrics) are never limited.

    ``RATELIMIT_ENABLED`` in the Flask config wins; it defaults to off under
    ``TESTING`` so that one shared test app is not throttled by the whole suite.
    """
    settings = app.config["ADJUDICATOR_SETTINGS"]
    if settings.ratelimit_default.strip().lower() in ("off", "none", "0"):
        return None
    try:
        parse_many(settings.ratelimit_default)
    except ValueError as exc:
        raise ConfigError("ADJUDICATOR_RATELIMIT_DEFAULT", None, str(exc)) from None
    app.config.setdefault("RATELIMIT_ENABLED", not app.testing)
    limiter = Limiter(
        client_key,
        app=app,
        # One budget per client across the whole API, not one per route.
        application_limits=[settings.ratelimit_default],
        storage_uri=settings.ratelimit_storage_url,
        # Retry-After goes on 429 answers only (_too_many), not on every answer.
        headers_enabled=False,
        # A store that is down must not take the API down with it.
        swallow_errors=True,
    )
    for endpoint in exempt:
        limiter.exempt(app.view_functions[endpoint])
    app.register_error_handler(RateLimitExceeded, _too_many)
    app.extensions[EXTENSION] = limiter
    return limiter


def _too_many(exc: RateLimitExceeded) -> Response:
    """429 problem+json with ``Retry-After``: seconds until the window resets."""
    resp = problems.http_problem(exc)
    limiter: Limiter = current_app.extensions[EXTENSION]
    current = limiter.current_limit
    wait = 60
    if current is not None:
        # reset_at is rounded up to a whole second: never say more than one window.
        wait = min(math.ceil(current.reset_at - time.time()), current.limit.get_expiry())
    resp.headers["Retry-After"] = str(max(1, wait))
    return resp
