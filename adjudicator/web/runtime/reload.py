"""Lexicons built or uploaded while the service runs: each worker loads them again
at most a second after the data folder says so (``services.lexicon_watch``)."""

from __future__ import annotations

from flask import Flask

from adjudicator.services.lexicon_files import remove_leftovers
from adjudicator.services.lexicon_watch import LexiconWatch
from adjudicator.web.runtime.extension import runtime


def init_app(app: Flask) -> None:
    rt = runtime(app)
    remove_leftovers(rt.settings)  # of uploads a killed worker left
    watch = rt.lexicon_watch = LexiconWatch(rt.registry, rt.settings)

    @app.before_request
    def see_new_lexicons() -> None:
        watch.poll()
