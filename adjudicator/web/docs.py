"""GET /docs: the API documentation page, entirely self-hosted (works offline).

Swagger UI comes from the ``swagger-ui-bundle-v2`` package and is served from
here, with our own initializer script; no CDN, no inline script.
"""

from __future__ import annotations

import json
from pathlib import Path

from flask import Blueprint, Flask, abort, current_app, render_template, send_from_directory
from swagger_ui_bundle import swagger_ui_path

from adjudicator.web.auth import PAGE_HEADERS
from adjudicator.web.openapi import EXTENSION as OPENAPI

bp = Blueprint("docs", __name__)
DOCS_OPS = "adjudicator.docs.operations"

# The few files of the bundle the page uses; nothing else of the package is served.
ASSETS = frozenset({"swagger-ui.css", "swagger-ui-bundle.js", "favicon-32x32.png"})
SWAGGER_DIR = Path(swagger_ui_path)


@bp.get("/docs")
def page():
    html = render_template("docs.html", operations=current_app.extensions[DOCS_OPS])
    return html, 200, PAGE_HEADERS


@bp.get("/docs/assets/<name>")
def asset(name: str):
    if name not in ASSETS:
        abort(404)
    return send_from_directory(SWAGGER_DIR, name, max_age=86400)


def init_app(app: Flask) -> None:
    """After openapi.init_app: the page's no-script list comes from the built document."""
    doc = json.loads(app.extensions[OPENAPI])
    app.extensions[DOCS_OPS] = [
        {"method": method.upper(), "path": path, "summary": op.get("summary", "")}
        for path, item in doc["paths"].items()
        for method, op in item.items()
    ]
    app.register_blueprint(bp)
