"""How much of an endpoint's ratio to ``/ping`` is the route alone.

Runs ``bench/routeapp.py`` (our app whose word and score views answer a
prepared result) under the same gunicorn settings as the service and times the
same prepared requests against that app's own ``/ping``, alternately, as
:mod:`bench.httpbench` does for the real app.
"""

from __future__ import annotations

import statistics
import typing as t
from pathlib import Path

from bench.httpbench import PING, alternate, timed
from bench.load import Req
from bench.server import Server, gunicorn_command


def command(port: int, workers: int) -> list[str]:
    """``bench/routeapp.py`` under the service's own gunicorn settings."""
    return gunicorn_command(
        "bench.routeapp:app", port, workers, "-c", "python:adjudicator.web.gunicorn_conf"
    )


def run(
    workdir: Path,
    endpoints: dict[str, list[Req]],
    *,
    workers: int,
    seconds: float,
    rounds: int,
    connections: int,
    ratelimit: str,
    tool: str,
) -> dict[str, t.Any]:
    """``{endpoint: {"ratio_to_ping", "cpu_ratio_to_ping", "ratios"}}`` for the given
    endpoints (word GETs and the score), medians over ``rounds``."""
    srv = Server(workdir, workers, ratelimit)
    srv.command = command(srv.port, workers)
    out: dict[str, t.Any] = {}
    with srv:
        srv.wait_ready()
        for reqs in [[PING], *endpoints.values()]:
            timed(srv, reqs, 1, connections, tool)
        got = alternate(
            srv, endpoints, rounds=rounds, seconds=seconds, connections=connections, tool=tool
        )
    for name in endpoints:
        out[name] = {
            "ratio_to_ping": round(statistics.median(got.ratios[name]), 3),
            "cpu_ratio_to_ping": round(statistics.median(got.cpu_ratios[name]), 3),
            "ratios": [round(r, 3) for r in got.ratios[name]],
        }
    return out
