"""Run the benchmarks, write ``bench/results/<timestamp>.json`` and print the guards.

    python -m bench.suite [--quick] [--only http,inprocess,memory,coldstart,movegen,duplicate]
    python -m bench.suite --against REF [--pairs N]   # side by side (bench/against.py)

``bench/run`` is the entry point (it picks the Python and installs wrk first).
The exit status is 0 when every section ran, whether or not each guard is met.
See docs/performance.md.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
import typing as t
from pathlib import Path

from bench import against, coldstart, events, httpbench, inprocess, memory, report, rss
from bench.cases import GCG_DIR, load_cases
from bench.server import REPO_ROOT, prepare

SECTIONS = ("http", "inprocess", "memory", "coldstart", "movegen", "duplicate")


def machine() -> dict[str, t.Any]:
    """What the figures were measured on, and at which commit."""

    def first(path: str, prefix: str) -> str:
        lines = Path(path).read_text().splitlines()
        return next((ln.split(":", 1)[1].strip() for ln in lines if ln.startswith(prefix)), "?")

    def git(*args: str) -> str:
        return subprocess.run(
            ["git", *args], cwd=REPO_ROOT, capture_output=True, text=True
        ).stdout.strip()

    return {
        "cpu": first("/proc/cpuinfo", "model name"),
        "cores": os.cpu_count(),
        "memory_mib": int(first("/proc/meminfo", "MemTotal").split()[0]) // 1024,
        "kernel": platform.release(),
        "python": platform.python_version(),
        "load": os.getloadavg()[0],
        "commit": git("rev-parse", "HEAD") or "?",
        "dirty": bool(git("status", "--porcelain", "--untracked-files=no")),
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="bench/run", description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true", help="fewer rounds and repeats, ~1.5 minutes")
    p.add_argument(
        "--only", default=",".join(SECTIONS), help="comma list of: " + ", ".join(SECTIONS)
    )
    p.add_argument("--gcg-dir", type=Path, default=GCG_DIR, help="the game records")
    p.add_argument("--against", metavar="REF", help="run side by side with a git ref")
    p.add_argument("--pairs", type=int, default=2, help="with --against: runs per tree")
    p.add_argument("--out", type=Path, help="write the results here (default: bench/results/)")
    args = p.parse_args(argv)
    only = [s.strip() for s in args.only.split(",") if s.strip()]
    if unknown := set(only) - set(SECTIONS):
        p.error(f"unknown section(s) {', '.join(sorted(unknown))}; sections: {SECTIONS}")
    if {"http", "memory"} & set(only) and not shutil.which("wrk"):
        p.error("the http and memory sections need wrk (Debian: apt-get install wrk)")

    started = time.time()
    stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%dT%H%M%SZ")
    if args.against:
        extra = ["--gcg-dir", str(args.gcg_dir)] + (["--quick"] if args.quick else [])
        res = against.run(args.against, only, args.pairs, extra, machine())
        res["elapsed_s"] = round(time.time() - started, 1)
        out = args.out or report.RESULTS / f"{stamp}-against.json"
        out.parent.mkdir(exist_ok=True)
        out.write_text(json.dumps(res, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        print(res["markdown"])
        print(f"\nwrote {out} in {res['elapsed_s']:.0f} s")
        return 0

    from adjudicator.services.registry import open_registry
    from adjudicator.settings import Settings

    registry = open_registry(Settings.from_env())
    cases, records, source = load_cases(args.gcg_dir, registry)
    print(f"{len(cases)} placements from {source}", file=sys.stderr)
    res: dict[str, t.Any] = {
        "started": stamp,
        "quick": args.quick,
        "machine": machine(),
        "sections": only,
        "cases": f"{len(cases)} placements from {source}",
    }
    with tempfile.TemporaryDirectory(prefix="adjudicator-bench-") as tmp:
        workdir = Path(tmp)
        prepare(workdir)
        if "http" in only:
            print("http ...", file=sys.stderr)
            rounds = 2 if args.quick else 6
            res["http"] = httpbench.run(registry, cases, records, workdir, rounds)
        if "inprocess" in only:
            print("inprocess ...", file=sys.stderr)
            res["inprocess"] = {
                "scoring": inprocess.scoring(cases, repeat=2 if args.quick else 5),
                "checks": inprocess.checks(
                    workdir, children=1 if args.quick else 3, repeat=10 if args.quick else 40
                ),
                "events": events.run(workdir, repeat=30 if args.quick else 100),
            }
        if "memory" in only:
            print("memory ...", file=sys.stderr)
            res["memory"] = {
                **memory.run(workdir, httpbench.mixed_load(registry, cases)),
                "rss": rss.run(
                    workdir,
                    registry,
                    records,
                    cases,
                    seconds=10 if args.quick else 60,
                    warmup=5 if args.quick else 10,
                ),
            }
        if "movegen" in only:
            print("movegen ...", file=sys.stderr)
            from bench import movegen  # the positions read records a release reads too

            res["movegen"] = movegen.run(args.gcg_dir, registry, repeat=1 if args.quick else 2)
        if "duplicate" in only:
            print("duplicate ...", file=sys.stderr)
            from bench import duplicate

            res["duplicate"] = duplicate.run(
                registry, games=1 if args.quick else 2, rounds=4 if args.quick else 8
            )
        if "coldstart" in only:
            print("coldstart ...", file=sys.stderr)
            res["coldstart"] = coldstart.run(workdir, repeat=2 if args.quick else 3)
    res["guards"] = report.guards(res)
    res["elapsed_s"] = round(time.time() - started, 1)
    out = args.out or report.RESULTS / f"{stamp}.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(res, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(report.markdown(res))
    print(f"\nwrote {out} in {res['elapsed_s']:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
