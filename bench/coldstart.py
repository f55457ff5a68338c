"""The coldstart section: from starting ``adjudicator serve`` (4 workers) to the
first 200 from ``/readyz``, polled every 5 ms; the median of a few starts."""

from __future__ import annotations

import statistics
import typing as t
from pathlib import Path

from bench.server import Server


def run(workdir: Path, repeat: int, workers: int = 4) -> dict[str, t.Any]:
    runs = []
    for _ in range(repeat):
        with Server(workdir, workers) as srv:
            runs.append(srv.wait_ready())
    return {
        "command": f"adjudicator serve --workers {workers}",
        "ready_s": round(statistics.median(runs), 3),
        "runs_s": [round(x, 3) for x in runs],
    }
