"""Liveness and readiness (never rate-limited, never behind a key)."""

from __future__ import annotations

import logging

import sqlalchemy as sa
from flask import Blueprint, current_app

from adjudicator.web.context import registry
from adjudicator.web.problems import problem

bp = Blueprint("health", __name__)
log = logging.getLogger("adjudicator.health")


@bp.get("/healthz")
def healthz():
    return {"status": "ok"}


@bp.get("/ping")
def ping():
    """A bare endpoint: the benchmarks' yardstick."""
    return {"pong": True}


def database_reachable(engine: sa.Engine) -> bool:
    """One round trip (``SELECT 1``) on a pooled connection; False, logged, when the
    database does not answer.

    The query goes straight to the driver's cursor: a probe called every few
    seconds need not run SQLAlchemy's statement and result machinery (in a
    worker that served nothing else, that machinery cost 2 MiB of copied pages).
    """
    try:
        conn = engine.raw_connection()
        try:
            cursor = conn.cursor()
            cursor.execute("SELECT 1")
            cursor.fetchall()
            cursor.close()
        finally:
            conn.close()
    except (sa.exc.SQLAlchemyError, OSError, engine.dialect.loaded_dbapi.Error) as exc:
        log.warning("readiness: database unreachable: %s", type(exc).__name__)
        return False
    return True


@bp.get("/readyz")
def readyz():
    """Ready when a lexicon is loaded and the database answers; 503 problem+json otherwise."""
    services = registry()
    checks = {
        "lexicons": "ok" if services.lexicons else "none loaded",
        "database": "ok"
        if database_reachable(current_app.extensions["adjudicator.engine"])
        else "unreachable",
    }
    failing = [f"{name}: {state}" for name, state in checks.items() if state != "ok"]
    if failing:
        return problem(503, "not-ready", "Not ready", "; ".join(failing), checks=checks)
    return {
        "status": "ready",
        "rulesets": len(services.rulesets),
        "lexicons": sorted(services.lexicons),
        "checks": checks,
    }
