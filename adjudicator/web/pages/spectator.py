"""Read-only spectator page: /games/<id>."""

from __future__ import annotations

from flask import Blueprint, render_template

from adjudicator.web.runtime.auth import PAGE_HEADERS
from adjudicator.web.runtime.extension import runtime
from adjudicator.web.runtime.operation import operation

bp = Blueprint("spectator", __name__)


@bp.get("/games/<id_>")
@operation(
    "spectatorPage",
    "Read-only page for spectators",
    "pages",
    errors=(404,),
    media_type="text/html",
)
def page(id_: str) -> tuple[str, int, dict[str, str]]:
    view = runtime().games.spectator_view(id_)
    return render_template("game.html", game=view), 200, PAGE_HEADERS
