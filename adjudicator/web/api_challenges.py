"""POST /api/v1/challenges and the audit trail under /api/v1/adjudications."""

from __future__ import annotations

import datetime as dt

from flask import Blueprint, current_app

from adjudicator.errors import MalformedRequestError
from adjudicator.services.challenges import (
    get_adjudication,
    list_adjudications,
    rule_on_challenge,
)
from adjudicator.web.auth import asked_by, is_admin, require_admin
from adjudicator.web.context import registry, settings
from adjudicator.web.models import AdjudicationsQuery, ChallengeRequest, RevealQuery
from adjudicator.web.observability import count_challenge
from adjudicator.web.requests import parse_json, parse_query

bp = Blueprint("challenges", __name__, url_prefix="/api/v1")


def _trail():
    return current_app.extensions["adjudicator.audit"]


@bp.post("/challenges")
def create():
    req = parse_json(ChallengeRequest)
    if req.reveal:
        require_admin()
    limits = settings()
    result = rule_on_challenge(
        registry(),
        _trail(),
        req.ruleset,
        words=req.words,
        board=req.board,
        placement=req.placement,
        move=req.move,
        swaps=req.swaps,
        rule=req.challenge_rule,
        reveal=req.reveal,
        players=req.players.model_dump(exclude_none=True) if req.players else None,
        asked_by=asked_by(req.station),
        max_words=limits.max_words,
        lexicon_name=req.lexicon,
    )
    count_challenge(result)
    return result, 201, {"Location": f"/api/v1/adjudications/{result['id']}"}


@bp.get("/adjudications/<adjudication_id>")
def show(adjudication_id: str):
    reveal = parse_query(RevealQuery).reveal == "true"
    if reveal:
        require_admin()
    return get_adjudication(_trail(), adjudication_id, reveal)


@bp.get("/adjudications")
def index():
    require_admin()
    since = parse_query(AdjudicationsQuery).since
    when = None
    if since:
        try:
            when = dt.datetime.fromisoformat(since)
        except ValueError:
            raise MalformedRequestError(
                f"since={since!r} is not an ISO 8601 time", field="since"
            ) from None
    return {"adjudications": list_adjudications(_trail(), when), "admin": is_admin()}
