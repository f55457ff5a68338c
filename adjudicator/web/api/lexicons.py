"""GET /api/v1/lexicons/<base>/diff/<other>: two editions side by side."""

from __future__ import annotations

from flask import Blueprint

from adjudicator.services.lexicons import LexiconDiff, diff_lexicons
from adjudicator.web.api.request_models import DiffQuery
from adjudicator.web.runtime.extension import runtime
from adjudicator.web.runtime.operation import operation

bp = Blueprint("lexicons", __name__, url_prefix="/api/v1")


@bp.get("/lexicons/<base>/diff/<other>")
@operation(
    "diffLexicons",
    "The words one lexicon adds to another, and those it drops",
    "words",
    response=LexiconDiff,
    query=DiffQuery,
    errors=(400, 404),
    access="reader",
)
def diff(base: str, other: str, query: DiffQuery) -> LexiconDiff:
    return diff_lexicons(runtime().registry, base, other, query.limit)
