"""The app's own objects, built once in ``create_app``, and the one way to reach them.

``create_app`` makes every component first, then one frozen :class:`Runtime`.

Views and hooks call :func:`runtime` (``current_app.extensions`` under one key)
instead of reading config or extension keys of their own.
"""

from __future__ import annotations

import typing as t
from dataclasses import dataclass

from flask import Flask, current_app

if t.TYPE_CHECKING:
    from prometheus_client import CollectorRegistry

    from adjudicator.loaders import Registry
    from adjudicator.services.duplicate import Duplicates
    from adjudicator.services.games import Games
    from adjudicator.services.lexicon_watch import LexiconWatch
    from adjudicator.services.registry import LiveRegistry
    from adjudicator.settings import Settings
    from adjudicator.store import Store
    from adjudicator.web.runtime.i18n import Catalogues
    from adjudicator.web.runtime.limits import RateLimiter

_KEY = "adjudicator"


@dataclass(frozen=True, slots=True)
class Runtime:
    """Everything a request may need, made once per app (and so per worker: the
    gunicorn master builds it before it forks)."""

    settings: Settings
    # The registry in force; a reload of the lexicons replaces its snapshot
    live: LiveRegistry
    store: Store
    games: Games
    duplicates: Duplicates
    # The pages' message catalogues, by language
    catalogues: Catalogues
    # Reloads the data folder's lexicons when they change (``reload``)
    lexicon_watch: LexiconWatch
    # What /metrics reads (every worker's, under gunicorn)
    metrics: CollectorRegistry
    # The OpenAPI document (JSON bytes), and its operations for the docs page
    openapi: bytes
    operations: list[dict[str, str]]
    # (name, key) of each client key; empty when the API is open
    keys: tuple[tuple[str, bytes], ...] = ()
    limiter: RateLimiter | None = None

    @property
    def registry(self) -> Registry:
        """The registry snapshot in force: read it once per request."""
        return self.live.current


def install(app: Flask, rt: Runtime) -> None:
    app.extensions[_KEY] = rt


def runtime(app: Flask | None = None) -> Runtime:
    """The current app's :class:`Runtime` (or ``app``'s, outside a request)."""
    # app.extensions holds anything; install() puts the Runtime under _KEY.
    return t.cast(Runtime, (app or current_app).extensions[_KEY])
