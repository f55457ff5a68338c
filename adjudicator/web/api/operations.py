"""The service's own reading: its metrics, and this API's OpenAPI document."""

from __future__ import annotations

from flask import Blueprint, Response
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from adjudicator.web.runtime.extension import runtime
from adjudicator.web.runtime.operation import operation

bp = Blueprint("operations", __name__)


@bp.get("/metrics")
@operation("metrics", "Prometheus metrics", "operations", media_type="text/plain", limited=False)
def metrics() -> Response:
    data = generate_latest(runtime().metrics)
    return Response(data, headers={"Content-Type": CONTENT_TYPE_LATEST})


@bp.get("/api/v1/openapi.json")
@operation("openapi", "This document", "operations", media_type="application/json")
def document() -> Response:
    return Response(runtime().openapi, mimetype="application/json")
