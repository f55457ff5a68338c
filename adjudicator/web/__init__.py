"""The Flask application factory."""

from __future__ import annotations

import typing as t

from flask import Flask

from adjudicator.services.registry import open_registry
from adjudicator.settings import Settings
from adjudicator.web.routing import DirectMap


class App(Flask):
    """Flask, matching URLs with :class:`~adjudicator.web.routing.DirectMap`."""

    url_map_class = DirectMap


def create_app(test_config: t.Mapping[str, t.Any] | None = None) -> Flask:
    """Build the app: settings, then the registry of rules and lexicons, then blueprints.

    ``test_config`` may hold ``SETTINGS`` overrides (lower-case setting names)
    and any Flask config keys.
    """
    app = App(__name__, instance_relative_config=True)
    overrides = dict(test_config or {})
    settings = Settings.from_env(**{k: overrides.pop(k) for k in list(overrides) if k.islower()})
    app.config.from_mapping(
        ADJUDICATOR_SETTINGS=settings,
        MAX_CONTENT_LENGTH=settings.max_body_bytes,
        JSON_SORT_KEYS=False,
    )
    app.config.from_mapping(overrides)
    from adjudicator.web import jsonio

    jsonio.init_app(app)

    registry = open_registry(settings)
    app.extensions["adjudicator"] = registry

    from adjudicator.web import (
        api_challenges,
        api_games,
        api_rulesets,
        api_score,
        api_words,
        auth,
        db,
        docs,
        health,
        judge,
        limits,
        observability,
        openapi,
        problems,
        spectator,
    )

    observability.init_app(app)
    auth.init_app(app, readers=(api_rulesets.bp, api_score.bp, api_words.bp, api_challenges.bp))
    db.init_app(app)

    app.register_blueprint(health.bp)
    app.register_blueprint(api_rulesets.bp)
    app.register_blueprint(api_score.bp)
    app.register_blueprint(api_words.bp)
    app.register_blueprint(api_challenges.bp)
    app.register_blueprint(api_games.bp)
    app.register_blueprint(spectator.bp)
    app.register_blueprint(judge.bp)
    limits.init_app(app, exempt=("health.healthz", "health.readyz", "metrics.metrics"))
    problems.init_app(app)
    openapi.init_app(app)
    docs.init_app(app)
    return app
