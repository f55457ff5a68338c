"""Duplicate games: /api/v1/duplicates."""

from __future__ import annotations

from flask import Blueprint

from adjudicator.services.duplicate import SlipSpec
from adjudicator.services.duplicate_view import DuplicateOut, SlipVerdict
from adjudicator.web.api.duplicate_requests import (
    CreateDuplicateRequest,
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
    spec = SlipSpec(
        player=body.player,
        word=body.word,
        reference=body.reference,
        score=body.score,
        notation=body.notation,
        late=body.late,
        illegible=body.illegible,
    )
    return runtime().duplicates.slip(id_, spec)


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
