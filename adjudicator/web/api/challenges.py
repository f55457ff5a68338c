"""POST /api/v1/challenges and the audit trail under /api/v1/adjudications."""

from __future__ import annotations

from urllib.parse import urlencode

from flask import Blueprint, request

from adjudicator.services.challenges import (
    Adjudication,
    AdjudicationList,
    get_adjudication,
    list_adjudications,
    rule_on_challenge,
)
from adjudicator.web.api.request_models import AdjudicationsQuery, ChallengeRequest, RevealQuery
from adjudicator.web.runtime.auth import Access, asked_by, is_admin
from adjudicator.web.runtime.extension import runtime
from adjudicator.web.runtime.metrics import count_challenge
from adjudicator.web.runtime.operation import operation

# A page of the audit trail holds at most this many records.
MOST_ADJUDICATIONS = 500

bp = Blueprint("challenges", __name__, url_prefix="/api/v1")


@bp.post("/challenges")
@operation(
    "createChallenge",
    "Rule on a challenge",
    "challenges",
    response=Adjudication,
    status=201,
    body=ChallengeRequest,
    errors=(404, 409, 422),
    access=Access.CLIENT,
    reveal=True,
    headers={"Location": "The adjudication's URL"},
    links={
        "GetAdjudication": {
            "operationId": "getAdjudication",
            "parameters": {"adjudication_id": "$response.body#/id"},
        }
    },
)
def create(body: ChallengeRequest) -> tuple[Adjudication, dict[str, str]]:
    rt = runtime()
    result = rule_on_challenge(
        rt.registry,
        rt.store.audit,
        body.ruleset,
        words=body.words,
        board=body.board,
        placement=body.placement,
        move=body.move,
        swaps=body.swaps,
        rule=body.challenge_rule,
        reveal=body.reveal,
        players=body.players.model_dump(exclude_none=True) if body.players else None,
        asked_by=asked_by(body.station),
        max_words=rt.settings.max_words,
        lexicon_name=body.lexicon,
    )
    count_challenge(result.verdict)
    return result, {"Location": f"/api/v1/adjudications/{result.id}"}


@bp.get("/adjudications/<adjudication_id>")
@operation(
    "getAdjudication",
    "One adjudication (per-word results with reveal=true and the admin key)",
    "challenges",
    response=Adjudication,
    query=RevealQuery,
    errors=(400, 404),
    access=Access.CLIENT,
    reveal=True,
)
def show(adjudication_id: str, query: RevealQuery) -> Adjudication:
    reveal = query.reveal == "true"
    return get_adjudication(runtime().registry, runtime().store.audit, adjudication_id, reveal)


@bp.get("/adjudications")
@operation(
    "listAdjudications",
    "The audit trail (admin)",
    "challenges",
    response=AdjudicationList,
    query=AdjudicationsQuery,
    errors=(400, 422),
    access=Access.ADMIN,
    maybe_headers={"Link": 'The next page, as `<URL>; rel="next"`, when there is one'},
)
def index(query: AdjudicationsQuery) -> AdjudicationList | tuple[AdjudicationList, dict[str, str]]:
    page = list_adjudications(
        runtime().registry,
        runtime().store.audit,
        query.since,
        is_admin(),
        after=query.after,
        limit=query.limit or MOST_ADJUDICATIONS,
    )
    if page.next_after is None:
        return page
    # The next page, as RFC 8288 says it: this query, after this page's last.
    args = {**request.args.to_dict(), "after": page.next_after}
    return page, {"Link": f'<{request.path}?{urlencode(args)}>; rel="next"'}
