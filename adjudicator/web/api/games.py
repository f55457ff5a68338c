"""Club games: /api/v1/games."""

from __future__ import annotations

from flask import Blueprint, Response, request
from pydantic import Field

from adjudicator.services.analysis import GameAnalysis, game_analysis, notes_of
from adjudicator.services.board_svg import board_svg
from adjudicator.services.game_clock import GameClock
from adjudicator.services.game_events import EventIn
from adjudicator.services.game_view import GameOut
from adjudicator.web.api.request_models import (
    ClockRequest,
    CreateGameRequest,
    EventRequest,
    GameQuery,
    ImportQuery,
    ImportRequest,
)
from adjudicator.web.runtime.auth import Access, game_token, writer
from adjudicator.web.runtime.extension import runtime
from adjudicator.web.runtime.operation import creation, operation
from adjudicator.web.runtime.parsing import Strict, parse_json, read_body

GAMES = "/api/v1/games"
bp = Blueprint("games", __name__, url_prefix=GAMES)


class BoardQuery(Strict):
    lang: str | None = Field(
        default=None,
        pattern="^[a-z]{2,3}$",
        description="The language of the picture's words (`en`, `ru`, `pl`); none gives "
        "the ruleset's language, and a language the pages are not in gives English",
        examples=["ru"],
    )


_game_writer = writer(lambda: runtime().games)


@bp.post("")
@creation(
    "createGame",
    "Start a club game",
    "games",
    under=GAMES,
    response=GameOut,
    body=CreateGameRequest,
)
def create(body: CreateGameRequest) -> GameOut:
    return runtime().games.create(
        body.ruleset,
        body.players,
        challenge_rule=body.challenge_rule,
        target=body.target,
        target_level=body.target_level,
        first_player=body.first_player,
        draw=body.draw,
    )


@bp.post("/import")
@creation(
    "importGame",
    "A game from a GCG record",
    "games",
    under=GAMES,
    response=GameOut,
    body=ImportRequest,
    own_body=True,
    raw_media=("text/plain", "application/x-gcg"),
    query=ImportQuery,
)
def import_(query: ImportQuery) -> GameOut:
    """The record as the raw body (``?ruleset=``, ``?strict=``), or as JSON."""
    if request.mimetype in ("text/plain", "application/x-gcg"):
        data: bytes | str = read_body()
        ruleset, strict = query.ruleset, query.strict == "true"
    else:
        body = parse_json(ImportRequest)
        data, ruleset, strict = body.gcg, body.ruleset, body.strict
    return runtime().games.import_gcg(data, ruleset, strict=strict)


@bp.post("/<game_id:id_>/events")
@operation(
    "addGameEvent",
    "Add one event (needs the game's write token in X-Game-Token)",
    "games",
    response=GameOut,
    status=201,
    body=EventRequest,
    errors=(403, 404, 409, 422),
    authorize=_game_writer,
    access=Access.CLIENT,
)
def add(id_: str, body: EventRequest) -> GameOut:
    racks = {int(k): v for k, v in (body.racks or {}).items()}
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
    return runtime().games.add_event(id_, game_token(), body.version, spec)


@bp.put("/<game_id:id_>/clock")
@operation(
    "setGameClock",
    "Keep the players' clocks, for spectators (needs the game's write token)",
    "games",
    response=GameClock,
    body=ClockRequest,
    errors=(400, 403, 404, 422),
    authorize=_game_writer,
    access=Access.CLIENT,
)
def clock(id_: str, body: ClockRequest) -> GameClock:
    return runtime().games.set_clock(id_, game_token(), body.left_ms, body.running)


@bp.get("/<game_id:id_>")
@operation(
    "getGame",
    "A game's state and history",
    "games",
    response=GameOut,
    query=GameQuery,
    errors=(400, 404, 422),
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


@bp.get("/<game_id:id_>/analysis")
@operation(
    "analyseGame",
    "Each turn's best plays and the points missed, once the game is over",
    "games",
    response=GameAnalysis,
    errors=(404, 409, 503),
    access=Access.FINDER,
)
def analysis(id_: str) -> GameAnalysis:
    rt = runtime()
    return game_analysis(rt.games, rt.store.analyses, id_)


@bp.get("/<game_id:id_>/analysis.gcg")
@operation(
    "exportGameAnalysis",
    "A game as a GCG record with its analysis in #note lines",
    "games",
    errors=(404, 409, 503),
    access=Access.FINDER,
    media_type="application/x-gcg",
)
def analysis_gcg(id_: str) -> Response:
    rt = runtime()
    notes = notes_of(game_analysis(rt.games, rt.store.analyses, id_))
    return Response(
        rt.games.export_gcg(id_, notes),
        mimetype="application/x-gcg",
        headers={"Content-Disposition": f'inline; filename="{id_}-analysis.gcg"'},
    )


@bp.get("/<game_id:id_>/board.svg")
@operation(
    "gameBoard",
    "A picture of the board",
    "games",
    query=BoardQuery,
    errors=(400, 404),
    media_type="image/svg+xml",
)
def board(id_: str, query: BoardQuery) -> Response:
    rt = runtime()
    state = rt.games.read(id_).state
    words = rt.catalogues.get(query.lang or state.rules.language).gettext
    return Response(
        board_svg(state, words),
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
    access=Access.ADMIN,
    media_type="",
)
def delete(id_: str) -> tuple[str, int]:
    runtime().games.delete(id_)
    return "", 204
