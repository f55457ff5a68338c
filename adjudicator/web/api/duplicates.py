"""Duplicate games: /api/v1/duplicates."""

from __future__ import annotations

from flask import Blueprint

from adjudicator.services import duplicate_corrections as corrections
from adjudicator.services.duplicate_view import DuplicateOut, SlipVerdict
from adjudicator.web.api.duplicate_requests import (
    CreateDuplicateRequest,
    DrawCorrection,
    DrawRequest,
    SlipRequest,
)
from adjudicator.web.runtime.auth import Access, writer
from adjudicator.web.runtime.extension import runtime
from adjudicator.web.runtime.operation import creation, operation

DUPLICATES = "/api/v1/duplicates"
bp = Blueprint("duplicates", __name__, url_prefix=DUPLICATES)


_writer = writer(lambda: runtime().duplicates)


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


@bp.get("/<game_id:id_>")
@operation(
    "getDuplicate",
    "A Duplicate game: board, rounds, rulings, standings",
    "duplicates",
    response=DuplicateOut,
    errors=(404,),
    access=Access.CLIENT,
)
def show(id_: str) -> DuplicateOut:
    return runtime().duplicates.get(id_)


@bp.post("/<game_id:id_>/draw")
@operation(
    "drawDuplicate",
    "The next round's draw, the service's or typed in (write token)",
    "duplicates",
    response=DuplicateOut,
    body=DrawRequest,
    errors=(403, 404, 409, 422),
    authorize=_writer,
    access=Access.CLIENT,
)
def draw(id_: str, body: DrawRequest) -> DuplicateOut:
    return runtime().duplicates.draw(id_, body.letters, rejected=body.rejected)


@bp.put("/<game_id:id_>/draw")
@operation(
    "correctDuplicateDraw",
    "Correct the open round's typed draw; its slips are ruled again (write token)",
    "duplicates",
    response=DuplicateOut,
    body=DrawCorrection,
    errors=(403, 404, 409, 422),
    authorize=_writer,
    access=Access.CLIENT,
)
def redraw(id_: str, body: DrawCorrection) -> DuplicateOut:
    return corrections.redraw(runtime().duplicates, id_, body.letters, rejected=body.rejected)


@bp.post("/<game_id:id_>/slips")
@operation(
    "addDuplicateSlip",
    "Rule one slip at once (write token)",
    "duplicates",
    response=SlipVerdict,
    status=201,
    body=SlipRequest,
    errors=(403, 404, 409, 422),
    authorize=_writer,
    access=Access.CLIENT,
)
def slip(id_: str, body: SlipRequest) -> SlipVerdict:
    return runtime().duplicates.slip(id_, body.spec())


SLIP = "/<game_id:id_>/rounds/<int:round_>/slips/<int:slip>"


@bp.put(SLIP)
@operation(
    "replaceDuplicateSlip",
    "Correct a slip entered wrongly: the new one is ruled at once (write token)",
    "duplicates",
    response=SlipVerdict,
    body=SlipRequest,
    errors=(403, 404, 409, 422),
    authorize=_writer,
    access=Access.CLIENT,
)
def replace_slip(id_: str, round_: int, slip: int, body: SlipRequest) -> SlipVerdict:
    return corrections.replace_slip(runtime().duplicates, id_, round_, slip, body.spec())


@bp.delete(SLIP)
@operation(
    "withdrawDuplicateSlip",
    "Withdraw a slip entered by mistake (write token)",
    "duplicates",
    response=DuplicateOut,
    errors=(403, 404, 409),
    authorize=_writer,
    access=Access.CLIENT,
)
def withdraw_slip(id_: str, round_: int, slip: int) -> DuplicateOut:
    return corrections.withdraw_slip(runtime().duplicates, id_, round_, slip)


@bp.post("/<game_id:id_>/close")
@operation(
    "closeDuplicateRound",
    "Close the round: the top, found by the generator, goes on the board (write token)",
    "duplicates",
    response=DuplicateOut,
    errors=(403, 404, 409),
    authorize=_writer,
    access=Access.CLIENT,
)
def close(id_: str) -> DuplicateOut:
    return runtime().duplicates.close(id_)
