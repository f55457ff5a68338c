"""The Flask application factory."""

from __future__ import annotations

import codecs
import dataclasses
import logging
import typing as t
from pathlib import Path

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

from adjudicator.services.admin_key import admin_key
from adjudicator.services.duplicate import Duplicates
from adjudicator.services.games import GameCache, Games
from adjudicator.services.registry import LiveRegistry, open_registry
from adjudicator.services.rulesets import stand_in_warnings
from adjudicator.settings import Settings
from adjudicator.store import open_store
from adjudicator.web import api, pages
from adjudicator.web.runtime import (
    auth,
    converters,
    i18n,
    jsonio,
    limits,
    logs,
    metrics,
    openapi,
    problems,
    reload,
)
from adjudicator.web.runtime.extension import Runtime, install

PAGES = Path(__file__).resolve().parent / "pages"


def create_app(test_config: t.Mapping[str, t.Any] | None = None) -> Flask:
    """Build the app: settings, the registry of rules and lexicons, the store, then
    the hooks (in the order they run), the blueprints and the OpenAPI document.

    ``test_config`` may hold ``Settings`` overrides (lower-case setting names)
    and any Flask config keys.
    """
    app = Flask(
        "adjudicator.web",
        static_folder=str(PAGES / "static"),
        template_folder=str(PAGES / "templates"),
    )
    overrides = dict(test_config or {})
    settings = Settings.from_env(**{k: overrides.pop(k) for k in list(overrides) if k.islower()})
    key, generated = admin_key(settings)
    settings = dataclasses.replace(settings, admin_key=key)
    app.config.from_mapping(MAX_CONTENT_LENGTH=settings.max_body_bytes)
    app.config.from_mapping(overrides)
    if settings.proxy_hops:
        # The client's address, for limits and logs, as the trusted proxies saw it.
        hops = settings.proxy_hops
        # Flask's documented way to wrap its WSGI app; mypy sees a method replaced.
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops)  # type: ignore[method-assign]
    jsonio.init_app(app)
    converters.init_app(app)  # before any route uses them

    live = LiveRegistry(open_registry(settings))
    rulesets = live.current.rulesets
    store = open_store(settings.database_url)
    # No connection may cross a fork: gunicorn workers open their own.
    store.dispose()
    keys = auth.parse_keys(settings.api_keys)

    # Before-request hooks run in this order: the timer, the request id, the
    # rate limit, the lexicons' reload (at most once a second); then each
    # operation admits its caller (auth.admit) before it reads its input.
    collector = metrics.init_app(app, live)
    logs.init_app(app, settings.log_level)
    if generated:
        logging.getLogger("adjudicator.auth").warning(
            "generated an admin key into %s; `adjudicator admin-key` shows it",
            settings.admin_key_file,
        )
    for warning in stand_in_warnings(live.current):
        logging.getLogger("adjudicator.lexicons").warning(warning)
    limiter = limits.init_app(app, settings)
    watch = reload.init_app(app, live, settings)
    auth.init_app(app)
    i18n.init_app(app)

    api.register(app)
    pages.register(app)
    problems.init_app(app)
    document, operations = openapi.init_app(
        app, list(rulesets), keys=bool(keys), limited=limiter is not None
    )
    install(
        app,
        Runtime(
            settings=settings,
            live=live,
            store=store,
            games=Games(live, store.games, store.audit, GameCache(settings.game_cache_bytes)),
            duplicates=Duplicates(live, store.duplicates),
            catalogues=i18n.load_catalogues(named={r.language for r in rulesets.values()}),
            lexicon_watch=watch,
            metrics=collector,
            openapi=document,
            operations=operations,
            keys=keys,
            limiter=limiter,
        ),
    )
    # Done now rather than on the first request of each gunicorn worker (the
    # master builds the app before it forks): sort and compile the URL rules, and
    # load the idna codec that werkzeug encodes the host name with.
    app.url_map.update()
    codecs.lookup("idna")
    return app
