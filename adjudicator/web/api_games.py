"""Club games: /api/v1/games."""

from __future__ import annotations

from flask import Blueprint, Response, current_app, request
from werkzeug.routing import BaseConverter

from adjudicator.errors import MalformedRequestError
from adjudicator.services.games import (
    EventIn,
    add_event,
    create_game,
    delete_game,
    export_gcg,
    game_board_svg,
    get_game,
    import_gcg,
)
from adjudicator.web.auth import require_admin
from adjudicator.web.game_models import (
    CreateGameRequest,
    EventRequest,
    GameQuery,
    ImportQuery,
    ImportRequest,
)
from adjudicator.web.requests import parse_json, parse_query, read_body

bp = Blueprint("games", __name__, url_prefix="/api/v1/games")


class GameIdConverter(BaseConverter):
    """Game ids are 32 hex digits, so ``import`` and ``<id>.gcg`` never read as ids."""

    regex = "[0-9a-f]{32}"


@bp.record_once
def _register_converter(state) -> None:  # type: ignore[no-untyped-def]
    state.app.url_map.converters["game_id"] = GameIdConverter


def _ctx():
    ext = current_app.extensions
    return ext["adjudicator"], ext["adjudicator.games"]


def _token() -> str | None:
    """The game's write token: ``X-Game-Token``, or ``Authorization: Bearer``."""
    token = request.headers.get("X-Game-Token")
    if token:
        return token.strip()
    scheme, _, value = request.headers.get("Authorization", "").partition(" ")
    return value.strip() if scheme.lower() == "bearer" and value else None


@bp.post("")
def create():
    req = parse_json(CreateGameRequest)
    registry, store = _ctx()
    game = create_game(
        registry,
        store,
        req.ruleset,
        req.players,
        challenge_rule=req.challenge_rule,
        target=req.target,
        target_level=req.target_level,
    )
    return game, 201, {"Location": f"/api/v1/games/{game['id']}"}


@bp.post("/import")
def import_():
    registry, store = _ctx()
    if request.mimetype in ("text/plain", "application/x-gcg"):
        data, ruleset = read_body(), parse_query(ImportQuery).ruleset
    else:
        req = parse_json(ImportRequest)
        data, ruleset = req.gcg, req.ruleset
    game = import_gcg(registry, store, data, ruleset)
    return game, 201, {"Location": f"/api/v1/games/{game['id']}"}


@bp.post("/<game_id:id_>/events")
def add(id_: str):
    req = parse_json(EventRequest)
    registry, store = _ctx()
    try:
        racks = {int(k): v for k, v in (req.racks or {}).items()}
    except ValueError:
        raise MalformedRequestError("racks are keyed by player index", field="racks") from None
    spec = EventIn(
        type=req.type,
        player=req.player,
        placement=req.placement,
        move=req.move,
        swaps=req.swaps,
        rack=req.rack,
        tiles=req.tiles,
        count=req.count,
        racks=racks,
        points=req.points,
    )
    return add_event(
        registry,
        store,
        current_app.extensions["adjudicator.audit"],
        id_,
        _token(),
        req.version,
        spec,
    ), 201


@bp.get("/<game_id:id_>")
def show(id_: str):
    registry, store = _ctx()
    return get_game(registry, store, id_, parse_query(GameQuery).rack)


@bp.get("/<game_id:id_>.gcg")
def gcg(id_: str):
    registry, store = _ctx()
    return Response(
        export_gcg(registry, store, id_),
        mimetype="application/x-gcg",
        headers={"Content-Disposition": f'inline; filename="{id_}.gcg"'},
    )


@bp.get("/<game_id:id_>/board.svg")
def board(id_: str):
    registry, store = _ctx()
    return Response(
        game_board_svg(registry, store, id_),
        mimetype="image/svg+xml",
        headers={"Cache-Control": "no-cache"},
    )


@bp.delete("/<game_id:id_>")
def delete(id_: str):
    require_admin(destructive=True)
    delete_game(_ctx()[1], id_)
    return "", 204
