"""The memory section: what each added gunicorn worker costs, in PSS.

The server runs with 1 and then 4 workers; after a few seconds of mixed load
(word GETs in both languages, checks and scores) every worker has served every
kind of request, and the PSS of the master and its workers is summed from
``/proc/PID/smaps_rollup``.  PSS shares each page among the processes that map
it, so the lexicons' memory-mapped pages and whatever the master built before
the fork are counted once.  Each added worker costs (PSS with 4 - PSS with 1) / 3.
The section's other guard, RSS over a minute of load, is :mod:`bench.rss`.
"""

from __future__ import annotations

import sys
import time
import typing as t
from pathlib import Path

from bench import wrk
from bench.server import Server
from bench.wrk import Req


def pss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith("Pss:"):
            return int(line.split()[1])
    raise RuntimeError(f"no Pss in /proc/{pid}/smaps_rollup")


def total_pss_mib(workdir: Path, workers: int, load: list[Req], seconds: int) -> float:
    with Server(workdir, workers) as srv:
        srv.wait_ready()
        wrk.run(srv.port, load, seconds, connections=max(4, 2 * workers))
        time.sleep(0.2)
        return sum(pss_kb(pid) for pid in srv.pids()) / 1024


def run(workdir: Path, load: list[Req], seconds: int = 3) -> dict[str, t.Any]:
    one = total_pss_mib(workdir, 1, load, seconds)
    four = total_pss_mib(workdir, 4, load, seconds)
    print(f"  PSS {one:.1f} MiB with 1 worker, {four:.1f} MiB with 4", file=sys.stderr)
    return {
        "pss_mib": {"1": round(one, 1), "4": round(four, 1)},
        "per_added_worker_mib": round((four - one) / 3, 2),
    }
