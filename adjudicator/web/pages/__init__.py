"""The pages people use: the front page, the judge's kiosk, the scorekeeper, the
spectator page, Duplicate's arbiter page and room display, the API docs."""

from __future__ import annotations

from flask import Flask

from adjudicator.web.pages import docs, duplicate, home, judge, keeper, spectator


def register(app: Flask) -> None:
    for bp in (home.bp, spectator.bp, judge.bp, keeper.bp, duplicate.bp, docs.bp):
        app.register_blueprint(bp)
