"""POST /api/v1/score: check and score one placement."""

from __future__ import annotations

from flask import Blueprint, current_app

from adjudicator.services.plays import TileIn, score_play
from adjudicator.web.auth import require_reader
from adjudicator.web.models import ScoreRequest
from adjudicator.web.requests import parse_json

bp = Blueprint("score", __name__, url_prefix="/api/v1")
bp.before_request(require_reader)


@bp.post("/score")
def score():
    req = parse_json(ScoreRequest)
    return score_play(
        current_app.extensions["adjudicator"],
        req.ruleset,
        board=req.board,
        placement=None
        if req.placement is None
        else [TileIn(**p.model_dump()) for p in req.placement],
        move=req.move,
        swaps=[TileIn(**s.model_dump()) for s in req.swaps],
        validate=req.validate_words,
    )
