"""The judge page: a kiosk for a tournament table (same API as everyone else)."""

from __future__ import annotations

from flask import Blueprint, current_app, render_template

from adjudicator.services.rulesets import list_rulesets
from adjudicator.web.auth import KEYS, PAGE_HEADERS
from adjudicator.web.context import registry, settings

bp = Blueprint("judge", __name__)


@bp.get("/judge")
def page():
    services = registry()
    rulesets = [r for r in list_rulesets(services) if r["lexicon"] in services.lexicons]
    html = render_template(
        "judge.html",
        rulesets=rulesets,
        max_words=settings().judge_max_words,
        needs_key=bool(current_app.extensions[KEYS]),
    )
    return html, 200, PAGE_HEADERS
