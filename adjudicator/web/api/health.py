"""Liveness and readiness (never rate-limited, never behind a key), and /ping."""

from __future__ import annotations

from flask import Blueprint

from adjudicator.services.health import Health, Pong, Ready, readiness
from adjudicator.web.runtime.auth import is_admin
from adjudicator.web.runtime.extension import runtime
from adjudicator.web.runtime.operation import operation

bp = Blueprint("health", __name__)


@bp.get("/healthz")
@operation("healthz", "Liveness", "operations", response=Health, limited=False)
def healthz() -> Health:
    return Health(status="ok")


@bp.get("/readyz")
@operation(
    "readyz",
    "Readiness: lexicons loaded, database reachable (the data folder to the admin key)",
    "operations",
    response=Ready,
    errors=(503,),
    limited=False,
)
def readyz() -> Ready:
    rt = runtime()
    # Where the data lives is the admin's business, not every prober's.
    return readiness(rt.registry, rt.store, rt.settings.data_dir if is_admin() else None)


@bp.get("/ping")
@operation("ping", "A bare endpoint (benchmarks' yardstick)", "operations", response=Pong)
def ping() -> Pong:
    return Pong(pong=True)
