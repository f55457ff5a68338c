"""Duplicate games: /api/v1/duplicates."""

from __future__ import annotations

import typing as t

from flask import Blueprint, Response

from adjudicator.services import duplicate_corrections as corrections
from adjudicator.services import duplicate_records as records
from adjudicator.services.duplicate_records import DuplicateGameRecord
from adjudicator.services.duplicate_view import DuplicateOut, SlipVerdict
from adjudicator.web.api.duplicate_requests import (
    CreateDuplicateRequest,
    DrawCorrection,
    DrawRequest,
    ReplayRequest,
    SlipRequest,
)
from adjudicator.web.runtime.auth import Access, game_token, writer
from adjudicator.web.runtime.extension import runtime
from adjudicator.web.runtime.operation import View, creation, operation

DUPLICATES = "/api/v1/duplicates"
bp = Blueprint("duplicates", __name__, url_prefix=DUPLICATES)
SLIP = "/<game_id:id_>/rounds/<int:round_>/slips/<int:slip>"

_writer = writer(lambda: runtime().duplicates)


def _write(
    operation_id: str,
    summary: str,
    errors: tuple[int, ...] = (403, 404, 409, 422),
    **details: t.Any,
) -> t.Callable[[View], View]:
    """A write to a game: it needs the game's write token."""
    return operation(
        operation_id,
        summary + " (write token)",
        "duplicates",
        errors=errors,
        authorize=_writer,
        access=Access.CLIENT,
        **details,
    )


def _read(
    operation_id: str, summary: str, errors: tuple[int, ...] = (404,), **details: t.Any
) -> t.Callable[[View], View]:
    return operation(
        operation_id, summary, "duplicates", errors=errors, access=Access.CLIENT, **details
    )


@bp.post("")
@creation(
    "createDuplicate",
    "Start a Duplicate game",
    "duplicates",
    under=DUPLICATES,
    response=DuplicateOut,
    body=CreateDuplicateRequest,
)
def create(body: CreateDuplicateRequest) -> DuplicateOut:
    return runtime().duplicates.create(
        body.ruleset,
        body.players,
        round_seconds=body.round_seconds,
        seed=body.seed,
        typed=body.typed,
        lexicon=body.lexicon,
    )


@bp.post("/import")
@creation(
    "importDuplicate",
    "A Duplicate game from its record (GET .../record)",
    "duplicates",
    under=DUPLICATES,
    response=DuplicateOut,
    body=DuplicateGameRecord,
)
def import_(body: DuplicateGameRecord) -> DuplicateOut:
    return records.import_record(runtime().duplicates, body)


@bp.post("/<game_id:id_>/replays")
@creation(
    "replayDuplicate",
    "Play a finished game again alone: its draws, its tops on the board",
    "duplicates",
    under=DUPLICATES,
    response=DuplicateOut,
    body=ReplayRequest,
    also_errors=(409,),
)
def replay(id_: str, body: ReplayRequest) -> DuplicateOut:
    return records.replay_alone(runtime().duplicates, id_, body.player)


@bp.get("/<game_id:id_>")
@_read("getDuplicate", "A Duplicate game: board, rounds, rulings, standings", response=DuplicateOut)
def show(id_: str) -> DuplicateOut:
    return runtime().duplicates.get(id_, presented=game_token())


@bp.get("/<game_id:id_>/record")
@_read(
    "exportDuplicate",
    "The game's record: every draw, slip, correction and top "
    "(until the game is over, with the write token)",
    errors=(403, 404),
    response=DuplicateGameRecord,
)
def record(id_: str) -> DuplicateGameRecord:
    return records.export_record(runtime().duplicates, id_, game_token())


@bp.get("/<game_id:id_>/standings.csv")
@_read("duplicateStandingsCsv", "The standings as CSV", media_type="text/csv")
def standings_csv(id_: str) -> Response:
    return Response(
        records.standings_csv(runtime().duplicates, id_),
        mimetype="text/csv",
        headers={"Content-Disposition": f'inline; filename="{id_}-standings.csv"'},
    )


@bp.post("/<game_id:id_>/draw")
@_write(
    "drawDuplicate",
    "The next round's draw, the service's or typed in",
    response=DuplicateOut,
    body=DrawRequest,
)
def draw(id_: str, body: DrawRequest) -> DuplicateOut:
    return runtime().duplicates.draw(id_, body.letters, rejected=body.rejected)


@bp.put("/<game_id:id_>/draw")
@_write(
    "correctDuplicateDraw",
    "Correct the open round's typed draw; its slips are ruled again",
    response=DuplicateOut,
    body=DrawCorrection,
)
def redraw(id_: str, body: DrawCorrection) -> DuplicateOut:
    return corrections.redraw(runtime().duplicates, id_, body.letters, rejected=body.rejected)


@bp.post("/<game_id:id_>/slips")
@_write(
    "addDuplicateSlip", "Rule one slip at once", response=SlipVerdict, status=201, body=SlipRequest
)
def slip(id_: str, body: SlipRequest) -> SlipVerdict:
    return runtime().duplicates.slip(id_, body.spec())


@bp.put(SLIP)
@_write(
    "replaceDuplicateSlip",
    "Correct a slip entered wrongly: the new one is ruled at once",
    (403, 404, 422),
    response=SlipVerdict,
    body=SlipRequest,
)
def replace_slip(id_: str, round_: int, slip: int, body: SlipRequest) -> SlipVerdict:
    return corrections.replace_slip(runtime().duplicates, id_, round_, slip, body.spec())


@bp.delete(SLIP)
@_write(
    "withdrawDuplicateSlip", "Withdraw a slip entered by mistake", (403, 404), response=DuplicateOut
)
def withdraw_slip(id_: str, round_: int, slip: int) -> DuplicateOut:
    return corrections.withdraw_slip(runtime().duplicates, id_, round_, slip)


@bp.post("/<game_id:id_>/close")
@_write(
    "closeDuplicateRound",
    "Close the round: the top, found by the generator, goes on the board",
    (403, 404, 409),
    response=DuplicateOut,
)
def close(id_: str) -> DuplicateOut:
    return runtime().duplicates.close(id_)
