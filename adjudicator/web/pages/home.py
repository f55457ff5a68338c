"""GET /: the front page a club sees first, in the reader's language: the
scorekeeper, the judge, the API documentation and whether the service is ready.

Readiness is the same check as ``/readyz``, told without anything an operator
keeps to themselves (no paths).  ``/favicon.ico``, which browsers ask for
without looking at the page, is the service's icon.
"""

from __future__ import annotations

from flask import Blueprint, redirect, render_template, url_for
from werkzeug.wrappers import Response

from adjudicator.errors import NotReadyError
from adjudicator.services.health import readiness
from adjudicator.web.runtime.auth import PAGE_HEADERS
from adjudicator.web.runtime.extension import runtime
from adjudicator.web.runtime.operation import operation

bp = Blueprint("home", __name__)


@bp.get("/")
@operation(
    "homePage", "The front page: the pages and the service's state", "pages", media_type="text/html"
)
def page() -> tuple[str, int, dict[str, str]]:
    rt = runtime()
    try:
        checks = readiness(rt.registry, rt.store).checks
        ready = True
    except NotReadyError as exc:
        checks, ready = exc.fields.get("checks", {}), False
    html = render_template(
        "home.html",
        ready=ready,
        checks=checks,
        rulesets=len(rt.registry.rulesets),
        lexicons=len(rt.registry.lexicons),
        languages=rt.catalogues.names(),
    )
    return html, 200, PAGE_HEADERS


@bp.get("/favicon.ico")
def favicon() -> Response:
    """The icon, for browsers that ask for it by this name (not an API operation)."""
    return redirect(url_for("static", filename="favicon.svg"), 301)
