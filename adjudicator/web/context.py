"""The current app, request and ``g``, and the app's registry and settings, for
views and the per-request hooks.

``current_app.x``, ``request.x`` and ``g.x`` go through werkzeug's proxy
machinery on every attribute: about 0.8 µs each (about 9,000 instructions).
The hooks every request runs made about 18 such reads (request id, access log,
rate limit), a one-word lookup's view three more and a score request's six.
The proxies' ``_get_current_object()`` (see Flask's notes on proxies) hands
out the object itself for about 0.1 µs; these helpers call it once and read the
rest from the object.  Outside an app or request context they raise as the
proxies do.
"""

from __future__ import annotations

import typing as t

from flask import Flask, Request, current_app, g, request

if t.TYPE_CHECKING:
    from flask.ctx import _AppCtxGlobals

    from adjudicator.loaders import Registry
    from adjudicator.settings import Settings

REGISTRY = "adjudicator"  # app.extensions key of the services' Registry
SETTINGS = "ADJUDICATOR_SETTINGS"  # app.config key of the Settings

current_request: t.Callable[[], Request] = request._get_current_object
current_flask_app: t.Callable[[], Flask] = current_app._get_current_object
current_g: t.Callable[[], _AppCtxGlobals] = g._get_current_object  # flask.g itself


def registry() -> Registry:
    """The registry of rulesets and lexicons the app serves."""
    return current_flask_app().extensions[REGISTRY]  # type: ignore[no-any-return]


def settings() -> Settings:
    return current_flask_app().config[SETTINGS]  # type: ignore[no-any-return]


def registry_and_settings() -> tuple[Registry, Settings]:
    app = current_flask_app()
    return app.extensions[REGISTRY], app.config[SETTINGS]
