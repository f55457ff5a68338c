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

from bench.httpbench import PING, timed
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
        ratios: dict[str, list[float]] = {k: [] for k in endpoints}
        cpu: dict[str, list[float]] = {k: [] for k in endpoints}
        before = timed(srv, [PING], seconds, connections, tool)
        for _ in range(rounds):
            for name, reqs in endpoints.items():
                got = timed(srv, reqs, seconds, connections, tool)
                after = timed(srv, [PING], seconds, connections, tool)
                ratios[name].append(got["rps"] / statistics.fmean([before["rps"], after["rps"]]))
                ping_cpu = statistics.fmean(
                    [before["server_cpu_us_per_request"], after["server_cpu_us_per_request"]]
                )
                cpu[name].append(ping_cpu / got["server_cpu_us_per_request"])
                before = after
    for name in endpoints:
        out[name] = {
            "ratio_to_ping": round(statistics.median(ratios[name]), 3),
            "cpu_ratio_to_ping": round(statistics.median(cpu[name]), 3),
            "ratios": [round(r, 3) for r in ratios[name]],
        }
    return out
