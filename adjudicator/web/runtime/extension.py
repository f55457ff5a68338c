"""The app's own objects, built once in ``create_app``, and the one way to reach them.

Views and hooks call :func:`runtime` (``current_app.extensions`` under one key)
instead of reading config or extension keys of their own.
"""

from __future__ import annotations

import typing as t
from dataclasses import dataclass, field

from flask import Flask, current_app

if t.TYPE_CHECKING:
    from prometheus_client import CollectorRegistry

    from adjudicator.loaders import Registry
    from adjudicator.services.games import Games
    from adjudicator.services.lexicon_watch import LexiconWatch
    from adjudicator.settings import Settings
    from adjudicator.store import Store
    from adjudicator.web.runtime.i18n import Catalogues
    from adjudicator.web.runtime.limits import RateLimiter

_KEY = "adjudicator"


@dataclass(slots=True)
class Runtime:
    """Everything a request may need, made once per app (and so per worker: the
    gunicorn master builds it before it forks)."""

    settings: Settings
    registry: Registry
    store: Store
    games: Games
    # The pages' message catalogues, by language
    catalogues: Catalogues
    # (name, key) of each client key; empty when the API is open
    keys: tuple[tuple[str, bytes], ...] = ()
    limiter: RateLimiter | None = None
    metrics: CollectorRegistry | None = None
    # Reloads the data folder's lexicons when they change (``reload``)
    lexicon_watch: LexiconWatch | None = None
    # The OpenAPI document (JSON bytes), and its operations for the docs page
    openapi: bytes = b""
    operations: list[dict[str, str]] = field(default_factory=list)


def install(app: Flask, rt: Runtime) -> None:
    app.extensions[_KEY] = rt


def runtime(app: Flask | None = None) -> Runtime:
    """The current app's :class:`Runtime` (or ``app``'s, outside a request)."""
    # app.extensions holds anything; install() puts the Runtime under _KEY.
    return t.cast(Runtime, (app or current_app).extensions[_KEY])
