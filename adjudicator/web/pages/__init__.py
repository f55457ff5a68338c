"""The pages people use: the front page, the judge's kiosk and its house lists,
the scorekeeper, the spectator page, Duplicate's arbiter page and room display,
the API docs."""

from __future__ import annotations

from flask import Flask

from adjudicator.web.pages import docs, duplicate, home, house, judge, keeper, spectator


def register(app: Flask) -> None:
    for bp in (home.bp, spectator.bp, judge.bp, house.bp, keeper.bp, duplicate.bp, docs.bp):
        app.register_blueprint(bp)
