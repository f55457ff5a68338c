"""POST /api/v1/score: check and score one placement."""

from __future__ import annotations

from flask import Blueprint

from adjudicator.services.plays import score_play
from adjudicator.web.context import registry
from adjudicator.web.models import ScoreRequest
from adjudicator.web.requests import parse_json

bp = Blueprint("score", __name__, url_prefix="/api/v1")


@bp.post("/score")
def score():
    req = parse_json(ScoreRequest)
    return score_play(
        registry(),
        req.ruleset,
        board=req.board,
        placement=req.placement,
        move=req.move,
        swaps=req.swaps,
        validate=req.validate_words,
        lexicon_name=req.lexicon,
    )
