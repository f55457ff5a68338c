"""The HTTP API: one blueprint per resource, each view parse -> one service -> answer."""

from __future__ import annotations

from flask import Flask

from adjudicator.web.api import (
    challenges,
    duplicates,
    finder,
    games,
    health,
    house_lists,
    lexicons,
    operations,
    rulesets,
    score,
    words,
)


def register(app: Flask) -> None:
    for module in (
        health,
        operations,
        rulesets,
        score,
        finder,
        words,
        lexicons,
        house_lists,
        challenges,
        games,
        duplicates,
    ):
        app.register_blueprint(module.bp)
