"""Memory: RSS of a worker, total PSS with 1, 2 and 4 workers, and the lexicons' share.

Read from ``/proc/PID/smaps_rollup`` (totals) and ``/proc/PID/smaps`` (the
lexicon files' mappings) of the gunicorn master and its workers, after a short
mixed load has run every kind of request on every worker.
"""

from __future__ import annotations

import subprocess
import sys
import time
import typing as t
from pathlib import Path

from bench import load
from bench.load import Req
from bench.server import Server, bare_flask_command

PING = Req("GET", "/ping")


def rollup(pid: int) -> dict[str, int]:
    """kB figures of ``/proc/PID/smaps_rollup``."""
    out = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        parts = line.split()
        if len(parts) >= 2 and parts[1].isdigit():
            out[parts[0].rstrip(":")] = int(parts[1])
    return out


def mapped_files(pid: int, suffix: str) -> dict[str, int]:
    """Rss and Pss (kB) of the mappings of files ending in ``suffix``."""
    rss = pss = 0
    inside = False
    for line in Path(f"/proc/{pid}/smaps").read_text().splitlines():
        head = line.split()
        if head and "-" in head[0] and len(head) >= 5 and not head[0].endswith(":"):
            inside = len(head) >= 6 and head[-1].endswith(suffix)
        elif inside and head[0] == "Rss:":
            rss += int(head[1])
        elif inside and head[0] == "Pss:":
            pss += int(head[1])
    return {"rss_kb": rss, "pss_kb": pss}


def interpreter_baseline() -> dict[str, int]:
    """RSS and PSS (kB) of a bare ``python`` that imports nothing of ours."""
    proc = subprocess.Popen(
        [sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE
    )
    try:
        time.sleep(0.3)
        r = rollup(proc.pid)
    finally:
        assert proc.stdin is not None
        proc.stdin.close()
        proc.wait(timeout=10)
    return {"rss_kb": r["Rss"], "pss_kb": r["Pss"]}


def measure(
    workdir: Path,
    workers: int,
    warm: list[Req],
    *,
    ratelimit: str,
    tool: str,
    seconds: float = 3.0,
    bare: bool = False,
) -> dict[str, t.Any]:
    srv = Server(workdir, workers, ratelimit)
    if bare:
        srv.command = bare_flask_command(srv.port, workers)
    with srv:
        srv.wait_ready()
        load.run(srv.port, warm, seconds, max(2 * workers, 4), tool)
        time.sleep(0.2)
        procs = [("master", srv.pid)] + [("worker", p) for p in srv.worker_pids()]
        rows = []
        for role, pid in procs:
            r = rollup(pid)
            lex = mapped_files(pid, ".marisa")
            rows.append(
                {
                    "role": role,
                    "pid": pid,
                    "rss_kb": r["Rss"],
                    "pss_kb": r["Pss"],
                    "private_kb": r.get("Private_Clean", 0) + r.get("Private_Dirty", 0),
                    "lexicon_rss_kb": lex["rss_kb"],
                    "lexicon_pss_kb": lex["pss_kb"],
                }
            )
    worker_rows = [r for r in rows if r["role"] == "worker"]
    return {
        "workers": workers,
        "total_pss_kb": sum(r["pss_kb"] for r in rows),
        "total_private_kb": sum(r["private_kb"] for r in rows),
        "lexicon_pss_kb": sum(r["lexicon_pss_kb"] for r in rows),
        "worker_rss_kb": max(r["rss_kb"] for r in worker_rows) if worker_rows else None,
        "worker_lexicon_rss_kb": max(r["lexicon_rss_kb"] for r in worker_rows)
        if worker_rows
        else None,
        "processes": rows,
    }


def run(
    workdir: Path,
    warm: list[Req],
    *,
    ratelimit: str,
    tool: str,
    counts: tuple[int, ...] = (1, 2, 4),
) -> dict[str, t.Any]:
    base = interpreter_baseline()
    by_workers = {}
    for n in counts:
        by_workers[str(n)] = measure(workdir, n, warm, ratelimit=ratelimit, tool=tool)
        print(
            f"  {n} worker(s): total PSS {by_workers[str(n)]['total_pss_kb'] / 1024:.1f} MiB",
            file=sys.stderr,
        )
    out: dict[str, t.Any] = {"interpreter_baseline": base, "by_workers": by_workers}
    if "1" in by_workers and "4" in by_workers:
        one, four = by_workers["1"]["total_pss_kb"], by_workers["4"]["total_pss_kb"]
        limit = 1.2 * one + base["rss_kb"]
        out["pss4_over_pss1"] = round(four / one, 3)
        out["pss4_limit_kb"] = round(limit)
        out["pss4_within_limit"] = four <= limit
        out["extra_kb_per_added_worker"] = round((four - one) / 3)
        # The same for a bare Flask app: what a worker costs before any of our code.
        bare = {
            str(n): measure(workdir, n, [PING], ratelimit="off", tool=tool, bare=True)
            for n in (1, 4)
        }
        b1, b4 = bare["1"]["total_pss_kb"], bare["4"]["total_pss_kb"]
        out["bare_flask"] = {
            "by_workers": {n: {"total_pss_kb": r["total_pss_kb"]} for n, r in bare.items()},
            "extra_kb_per_added_worker": round((b4 - b1) / 3),
            "pss4_limit_kb": round(1.2 * b1 + base["rss_kb"]),
            "pss4_within_limit": b4 <= 1.2 * b1 + base["rss_kb"],
        }
    return out
