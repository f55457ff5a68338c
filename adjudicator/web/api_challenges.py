"""POST /api/v1/challenges and the audit trail under /api/v1/adjudications."""

from __future__ import annotations

import datetime as dt

from flask import Blueprint, current_app, request

from adjudicator.errors import MalformedRequestError
from adjudicator.services.challenges import (
    get_adjudication,
    list_adjudications,
    rule_on_challenge,
)
from adjudicator.services.plays import TileIn
from adjudicator.web.auth import is_admin, require_admin
from adjudicator.web.models import ChallengeRequest
from adjudicator.web.requests import parse_json

bp = Blueprint("challenges", __name__, url_prefix="/api/v1")


def _trail():
    return current_app.extensions["adjudicator.audit"]


@bp.post("/challenges")
def create():
    req = parse_json(ChallengeRequest)
    if req.reveal:
        require_admin()
    settings = current_app.config["ADJUDICATOR_SETTINGS"]
    result = rule_on_challenge(
        current_app.extensions["adjudicator"],
        _trail(),
        req.ruleset,
        words=req.words,
        board=req.board,
        placement=None
        if req.placement is None
        else [TileIn(**p.model_dump()) for p in req.placement],
        move=req.move,
        swaps=[TileIn(**s.model_dump()) for s in req.swaps],
        rule=req.challenge_rule,
        reveal=req.reveal,
        players=req.players.model_dump(exclude_none=True) if req.players else None,
        asked_by=f"station:{req.station}" if req.station else "api",
        max_words=settings.max_words,
    )
    return result, 201, {"Location": f"/api/v1/adjudications/{result['id']}"}


@bp.get("/adjudications/<id_>")
def show(id_: str):
    reveal = request.args.get("reveal") == "true"
    if reveal:
        require_admin()
    return get_adjudication(_trail(), id_, reveal)


@bp.get("/adjudications")
def index():
    require_admin()
    since = request.args.get("since")
    when = None
    if since:
        try:
            when = dt.datetime.fromisoformat(since)
        except ValueError:
            raise MalformedRequestError(
                f"since={since!r} is not an ISO 8601 time", field="since"
            ) from None
    return {"adjudications": list_adjudications(_trail(), when), "admin": is_admin()}
