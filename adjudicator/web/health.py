"""Liveness and readiness."""

from __future__ import annotations

from flask import Blueprint, current_app

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def healthz():
    return {"status": "ok"}


@bp.get("/ping")
def ping():
    """A bare endpoint: the benchmarks' yardstick."""
    return {"pong": True}


@bp.get("/readyz")
def readyz():
    registry = current_app.extensions["adjudicator"]
    return {
        "status": "ready",
        "rulesets": len(registry.rulesets),
        "lexicons": sorted(registry.lexicons),
    }
