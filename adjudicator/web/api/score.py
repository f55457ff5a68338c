"""POST /api/v1/score: check and score one placement."""

from __future__ import annotations

from flask import Blueprint

from adjudicator.services.plays import ScoreResponse, score_play
from adjudicator.web.api.request_models import ScoreRequest
from adjudicator.web.runtime.auth import Access
from adjudicator.web.runtime.extension import runtime
from adjudicator.web.runtime.operation import operation

bp = Blueprint("score", __name__, url_prefix="/api/v1")


@bp.post("/score")
@operation(
    "scorePlay",
    "Check and score one play",
    "score",
    response=ScoreResponse,
    body=ScoreRequest,
    errors=(404, 422),
    access=Access.CLIENT,
)
def score(body: ScoreRequest) -> ScoreResponse:
    return score_play(
        runtime().registry,
        body.ruleset,
        board=body.board,
        placement=body.placement,
        move=body.move,
        swaps=body.swaps,
        validate=body.validate_words,
        lexicon_name=body.lexicon,
    )
