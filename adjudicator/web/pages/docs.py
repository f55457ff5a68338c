"""GET /docs: the API documentation page, entirely self-hosted (works offline).

Swagger UI comes from the ``swagger-ui-bundle-v2`` package and is served from
here, with our own initializer script; no CDN, no inline script.  The page's
own words are translated; Swagger UI and the operations stay in English.
"""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, abort, render_template, send_from_directory
from swagger_ui_bundle import swagger_ui_path

from adjudicator.web.runtime.auth import PAGE_HEADERS
from adjudicator.web.runtime.extension import runtime
from adjudicator.web.runtime.operation import operation

bp = Blueprint("docs", __name__)

# The few files of the bundle the page uses; nothing else of the package is served.
ASSETS = frozenset({"swagger-ui.css", "swagger-ui-bundle.js"})
SWAGGER_DIR = Path(swagger_ui_path)


@bp.get("/docs")
@operation("docs", "Human documentation of this API", "operations", media_type="text/html")
def page() -> tuple[str, int, dict[str, str]]:
    rt = runtime()
    html = render_template("docs.html", operations=rt.operations, languages=rt.catalogues.names())
    return html, 200, PAGE_HEADERS


@bp.get("/docs/assets/<name>")
def asset(name: str) -> Response:
    """Swagger UI's own files (not an API operation)."""
    if name not in ASSETS:
        abort(404)
    return send_from_directory(SWAGGER_DIR, name, max_age=86400)
