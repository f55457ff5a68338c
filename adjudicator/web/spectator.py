"""Read-only spectator page: /games/<id>."""

from __future__ import annotations

from flask import Blueprint, current_app, render_template

from adjudicator.services.games import spectator_view
from adjudicator.web.auth import PAGE_HEADERS

bp = Blueprint("spectator", __name__)


@bp.get("/games/<game_id:id_>")
def page(id_: str):
    ext = current_app.extensions
    view = spectator_view(ext["adjudicator"], ext["adjudicator.games"], id_)
    return render_template("game.html", game=view), 200, PAGE_HEADERS
