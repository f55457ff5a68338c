"""Lexicons built or uploaded while the service runs: each worker loads them again
at most a second after the data folder says so (``services.lexicon_watch``)."""

from __future__ import annotations

import typing as t

from flask import Flask

from adjudicator.services.lexicon_files import remove_leftovers
from adjudicator.services.lexicon_watch import LexiconWatch

if t.TYPE_CHECKING:
    from adjudicator.services.registry import LiveRegistry
    from adjudicator.settings import Settings


def init_app(app: Flask, live: LiveRegistry, settings: Settings) -> LexiconWatch:
    remove_leftovers(settings)  # of uploads a killed worker left
    watch = LexiconWatch(live, settings)

    @app.before_request
    def see_new_lexicons() -> None:
        watch.poll()

    return watch
