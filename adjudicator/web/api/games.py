"""Club games: /api/v1/games."""

from __future__ import annotations

from flask import Blueprint, Response, request
from werkzeug.routing import BaseConverter

from adjudicator.errors import MalformedRequestError
from adjudicator.services.game_view import GameOut
from adjudicator.services.games import EventIn
from adjudicator.web.api.request_models import (
    CreateGameRequest,
    EventRequest,
    GameQuery,
    ImportQuery,
    ImportRequest,
)
from adjudicator.web.runtime.auth import require_admin
from adjudicator.web.runtime.extension import runtime
from adjudicator.web.runtime.operation import operation
from adjudicator.web.runtime.parsing import parse_json, parse_query, read_body

bp = Blueprint("games", __name__, url_prefix="/api/v1/games")


class GameIdConverter(BaseConverter):
    """Game ids are 32 hex digits, so ``import`` and ``<id>.gcg`` never read as ids."""

    regex = "[0-9a-f]{32}"


def _token() -> str | None:
    """The game's write token: ``X-Game-Token``, or ``Authorization: Bearer``."""
    token = request.headers.get("X-Game-Token")
    if token:
        return token.strip()
    scheme, _, value = request.headers.get("Authorization", "").partition(" ")
    return value.strip() if scheme.lower() == "bearer" and value else None


def _created(game: GameOut) -> tuple[GameOut, dict[str, str]]:
    return game, {"Location": f"/api/v1/games/{game.id}"}


@bp.post("")
@operation(
    "createGame",
    "Start a club game",
    "games",
    response=GameOut,
    status=201,
    body=CreateGameRequest,
    errors=(404,),
    headers={"Location": "The game's URL"},
)
def create(body: CreateGameRequest) -> tuple[GameOut, dict[str, str]]:
    return _created(
        runtime().games.create(
            body.ruleset,
            body.players,
            challenge_rule=body.challenge_rule,
            target=body.target,
            target_level=body.target_level,
        )
    )


@bp.post("/import")
@operation(
    "importGame",
    "A game from a GCG record",
    "games",
    response=GameOut,
    status=201,
    body=ImportRequest,
    own_body=True,
    errors=(404,),
)
def import_() -> tuple[GameOut, dict[str, str]]:
    if request.mimetype in ("text/plain", "application/x-gcg"):
        data: bytes | str = read_body()
        ruleset = parse_query(ImportQuery).ruleset
    else:
        body = parse_json(ImportRequest)
        data, ruleset = body.gcg, body.ruleset
    return _created(runtime().games.import_gcg(data, ruleset))


@bp.post("/<game_id:id_>/events")
@operation(
    "addGameEvent",
    "Add one event (needs the game's write token in X-Game-Token)",
    "games",
    response=GameOut,
    status=201,
    body=EventRequest,
    errors=(403, 404, 409, 422),
)
def add(id_: str, body: EventRequest) -> GameOut:
    try:
        racks = {int(k): v for k, v in (body.racks or {}).items()}
    except ValueError:
        raise MalformedRequestError("racks are keyed by player index", field="racks") from None
    spec = EventIn(
        type=body.type,
        player=body.player,
        placement=body.placement,
        move=body.move,
        swaps=body.swaps,
        rack=body.rack,
        tiles=body.tiles,
        count=body.count,
        racks=racks,
        points=body.points,
    )
    return runtime().games.add_event(id_, _token(), body.version, spec)


@bp.get("/<game_id:id_>")
@operation(
    "getGame",
    "A game's state and history",
    "games",
    response=GameOut,
    query=GameQuery,
    errors=(400, 404),
)
def show(id_: str, query: GameQuery) -> GameOut:
    return runtime().games.get(id_, query.rack)


@bp.get("/<game_id:id_>.gcg")
@operation(
    "exportGame",
    "A game as a GCG record",
    "games",
    errors=(404,),
    media_type="application/x-gcg",
)
def gcg(id_: str) -> Response:
    return Response(
        runtime().games.export_gcg(id_),
        mimetype="application/x-gcg",
        headers={"Content-Disposition": f'inline; filename="{id_}.gcg"'},
    )


@bp.get("/<game_id:id_>/board.svg")
@operation(
    "gameBoard",
    "A picture of the board",
    "games",
    errors=(404,),
    media_type="image/svg+xml",
)
def board(id_: str) -> Response:
    return Response(
        runtime().games.board_svg(id_),
        mimetype="image/svg+xml",
        headers={"Cache-Control": "no-cache"},
    )


@bp.delete("/<game_id:id_>")
@operation(
    "deleteGame",
    "Delete a game (admin)",
    "games",
    status=204,
    errors=(404,),
    access="admin",
    media_type="",
)
def delete(id_: str) -> tuple[str, int]:
    require_admin(destructive=True)
    runtime().games.delete(id_)
    return "", 204
