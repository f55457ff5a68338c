"""GET /api/v1/rulesets and /api/v1/rulesets/<name>."""

from __future__ import annotations

from flask import Blueprint

from adjudicator.services.rulesets import describe_ruleset, list_rulesets
from adjudicator.web.context import registry

bp = Blueprint("rulesets", __name__, url_prefix="/api/v1")


@bp.get("/rulesets")
def index():
    return {"rulesets": list_rulesets(registry())}


@bp.get("/rulesets/<name>")
def show(name: str):
    return describe_ruleset(registry(), name)
