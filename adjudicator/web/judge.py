"""The judge page: a kiosk for a tournament table (same API as everyone else)."""

from __future__ import annotations

from flask import Blueprint, current_app, render_template

from adjudicator.services.rulesets import list_rulesets

bp = Blueprint("judge", __name__)

# Only our own origin: the page works offline and loads nothing from elsewhere.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)


PAGE_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}


@bp.get("/judge")
def page():
    registry = current_app.extensions["adjudicator"]
    rulesets = [r for r in list_rulesets(registry) if r["lexicon"] in registry.lexicons]
    html = render_template(
        "judge.html",
        rulesets=rulesets,
        max_words=current_app.config["ADJUDICATOR_SETTINGS"].judge_max_words,
    )
    return (
        html,
        200,
        {
            "Content-Security-Policy": CSP,
            "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "no-referrer",
            "X-Frame-Options": "DENY",
        },
    )
