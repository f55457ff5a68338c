"""The judge page: a kiosk for a tournament table (same API as everyone else)."""

from __future__ import annotations

from flask import Blueprint, render_template

from adjudicator.services.rulesets import list_rulesets
from adjudicator.web.runtime.auth import PAGE_HEADERS
from adjudicator.web.runtime.extension import runtime
from adjudicator.web.runtime.operation import operation

bp = Blueprint("judge", __name__)


@bp.get("/judge")
@operation("judgePage", "The judge's kiosk page", "pages", media_type="text/html")
def page() -> tuple[str, int, dict[str, str]]:
    rt = runtime()
    rulesets = [r for r in list_rulesets(rt.registry).rulesets if r.lexicon in rt.registry.lexicons]
    html = render_template(
        "judge.html",
        rulesets=rulesets,
        max_words=rt.settings.judge_max_words,
        needs_key=bool(rt.keys),
    )
    return html, 200, PAGE_HEADERS
