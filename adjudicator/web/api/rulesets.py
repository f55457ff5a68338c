"""GET /api/v1/rulesets and /api/v1/rulesets/<name>."""

from __future__ import annotations

from flask import Blueprint

from adjudicator.services.rulesets import (
    RulesetDetail,
    RulesetsResponse,
    describe_ruleset,
    list_rulesets,
)
from adjudicator.web.runtime.auth import Access
from adjudicator.web.runtime.extension import runtime
from adjudicator.web.runtime.operation import operation

bp = Blueprint("rulesets", __name__, url_prefix="/api/v1")


@bp.get("/rulesets")
@operation(
    "listRulesets", "Rulesets in force", "rulesets", response=RulesetsResponse, access=Access.CLIENT
)
def index() -> RulesetsResponse:
    return list_rulesets(runtime().registry)


@bp.get("/rulesets/<name>")
@operation(
    "getRuleset",
    "One ruleset in full",
    "rulesets",
    response=RulesetDetail,
    errors=(404,),
    access=Access.CLIENT,
    ruleset_params=("name",),
)
def show(name: str) -> RulesetDetail:
    return describe_ruleset(runtime().registry, name)
