"""The HTTP API: one blueprint per resource, each view parse -> one service -> answer."""

from __future__ import annotations

from flask import Flask

from adjudicator.web.api import challenges, games, health, lexicons, rulesets, score, words


def register(app: Flask) -> None:
    for bp in (health.bp, rulesets.bp, score.bp, words.bp, lexicons.bp, challenges.bp, games.bp):
        app.register_blueprint(bp)
