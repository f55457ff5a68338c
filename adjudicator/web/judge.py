"""The judge page: a kiosk for a tournament table (same API as everyone else)."""

from __future__ import annotations

from flask import Blueprint, current_app, render_template

from adjudicator.services.rulesets import list_rulesets
from adjudicator.web.auth import KEYS, PAGE_HEADERS

bp = Blueprint("judge", __name__)


@bp.get("/judge")
def page():
    registry = current_app.extensions["adjudicator"]
    rulesets = [r for r in list_rulesets(registry) if r["lexicon"] in registry.lexicons]
    html = render_template(
        "judge.html",
        rulesets=rulesets,
        max_words=current_app.config["ADJUDICATOR_SETTINGS"].judge_max_words,
        needs_key=bool(current_app.extensions[KEYS]),
    )
    return html, 200, PAGE_HEADERS
