"""URL converters: what a path segment must look like before a route can match it."""

from __future__ import annotations

from flask import Flask
from werkzeug.routing import BaseConverter


class GameIdConverter(BaseConverter):
    """Game ids are 32 hex digits, so ``/games/import`` and ``/games/<id>.gcg`` never
    read as ids: a path that is no game id matches no game route (404 not-found, or
    405 when another route holds the path)."""

    regex = "[0-9a-f]{32}"


def init_app(app: Flask) -> None:
    app.url_map.converters["game_id"] = GameIdConverter
