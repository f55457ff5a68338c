"""Run the benchmark suite and write ``bench/results/<timestamp>.json``.

    python -m bench.suite [--quick] [--only http,memory,...] [--seconds 3] [--rounds 3]

``bench/run`` is the documented entry point (it installs wrk first when it can).
See docs/performance.md for what each figure means and the targets.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
import tempfile
import time
import typing as t
from pathlib import Path

from bench import (
    checktime,
    coldstart,
    httpbench,
    inprocess,
    instructions,
    load,
    machine,
    memory,
    report,
    routecost,
    workercount,
)
from bench.records import DEFAULT_GCG_DIR, load_cases
from bench.server import REPO_ROOT, compile_modules, prepare_database

SECTIONS = ("inprocess", "http", "memory", "coldstart")
# Run only when asked for (--only ...,instructions,worker): valgrind, about 2.5
# minutes each.
EXTRA_SECTIONS = ("instructions", "worker")
RESULTS = REPO_ROOT / "bench" / "results"
# Huge, so that the limiter runs (and costs what it costs) but never answers 429.
BENCH_RATELIMIT = "1000000000/minute"


def _cpu_note(entry: dict[str, t.Any], counted: dict[str, t.Any] | None) -> str:
    """The spread of the throughput ratios, and the steadier ratios: by server CPU
    per request, and by instructions through a whole worker when counted."""
    lo, hi = min(entry["ratios"]), max(entry["ratios"])
    note = f"rounds {lo:.2f}–{hi:.2f}"
    cpu = entry.get("cpu_ratio_to_ping")
    if cpu is not None:
        note += f"; by server CPU per request {cpu:.2f}x"
    if counted is not None:
        note += f"; by instructions through a worker {counted['ratio_to_ping']:.3f}x"
    return note


def targets(res: dict[str, t.Any]) -> list[dict[str, t.Any]]:
    """Each target of issue 7 with the measured figure and whether it is met."""
    rows: list[dict[str, t.Any]] = []

    def add(name: str, target: str, value: t.Any, met: bool | None, note: str = "") -> None:
        rows.append({"measure": name, "target": target, "value": value, "met": met, "note": note})

    http = res.get("http", {}).get("endpoints", {})
    counted = res.get("worker_instructions", {}).get("endpoints", {})
    for key, label in (
        ("GET /api/v1/words/<w> scrabble-en", "GET one word (English)"),
        ("GET /api/v1/words/<w> erudite-ru", "GET one word (Russian)"),
    ):
        if key in http:
            r = http[key]["ratio_to_ping"]
            add(
                label, ">= 0.9x ping", f"{r:.2f}x", r >= 0.9, _cpu_note(http[key], counted.get(key))
            )
    if "POST /api/v1/score" in http:
        e = http["POST /api/v1/score"]
        r = e["ratio_to_ping"]
        note = _cpu_note(e, counted.get("POST /api/v1/score"))
        add("POST score", ">= 0.8x ping", f"{r:.2f}x", r >= 0.8, note)
    for row in res.get("inprocess", {}).get("check_server_side", []):
        if row["words"] == 1000:
            ms = row["request_ms"]
            add(
                f"1,000-word check, server side ({row['ruleset']})",
                "<= 5 ms",
                f"{ms:.2f} ms",
                ms <= 5,
                f"whole request through the WSGI app; service alone {row['service_ms']:.2f} ms",
            )
    sc = res.get("inprocess", {}).get("scoring")
    if sc:
        add(
            "In-process scoring",
            "median <= 50 us",
            f"{sc['median_us']:.1f} us",
            sc["median_us"] <= 50,
            f"mean {sc['mean_us']:.1f} us over {sc['placements']} placements",
        )
    mem = res.get("memory", {})
    if "pss4_within_limit" in mem:
        four = mem["by_workers"]["4"]["total_pss_kb"] / 1024
        one = mem["by_workers"]["1"]["total_pss_kb"] / 1024
        add(
            "PSS with 4 workers",
            "<= 1.2x PSS with 1 worker + interpreter baseline",
            f"{four:.1f} MiB (limit {mem['pss4_limit_kb'] / 1024:.1f}; 1 worker {one:.1f})",
            mem["pss4_within_limit"],
            f"lexicon pages counted once: {mem['by_workers']['4']['lexicon_pss_kb'] / 1024:.1f} "
            f"MiB PSS over 5 processes",
        )
    cs = res.get("coldstart")
    if cs:
        add("Cold start to ready", "<= 1 s", f"{cs['ready_s']:.2f} s", cs["ready_s"] <= 1.0)
    return rows


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument(
        "--only",
        default=",".join(SECTIONS),
        help="comma list of " + ", ".join(SECTIONS + EXTRA_SECTIONS),
    )
    p.add_argument("--quick", action="store_true", help="shorter runs (a smoke test, ~1 min)")
    p.add_argument("--seconds", type=float, default=1.0, help="seconds per HTTP run")
    p.add_argument("--rounds", type=int, default=6, help="alternation rounds per endpoint")
    p.add_argument("--connections", type=int, default=8)
    p.add_argument("--workers", type=int, default=4)
    p.add_argument("--endpoints", default="", help="comma list of substrings to keep")
    p.add_argument(
        "--ratelimit",
        default=BENCH_RATELIMIT,
        help="ADJUDICATOR_RATELIMIT_DEFAULT for the server ('off' disables)",
    )
    p.add_argument("--tool", choices=("wrk", "python"), default=None)
    p.add_argument("--gcg-dir", type=Path, default=DEFAULT_GCG_DIR)
    p.add_argument("--out", type=Path, default=None, help="results file (default: timestamped)")
    args = p.parse_args(argv)
    only = [s.strip() for s in args.only.split(",") if s.strip()]
    if unknown := set(only) - set(SECTIONS + EXTRA_SECTIONS):
        p.error(f"unknown section(s) {sorted(unknown)}")
    if set(EXTRA_SECTIONS) & set(only) and not instructions.have_valgrind():
        p.error("--only instructions or worker needs valgrind (Debian: apt-get install valgrind)")
    if args.quick:
        args.seconds, args.rounds = 1.0, 2
    tool = args.tool or ("wrk" if load.have_wrk() else "python")

    from adjudicator.services.registry import open_registry
    from adjudicator.settings import Settings

    started = time.time()
    stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%dT%H%M%SZ")
    res: dict[str, t.Any] = {"started": stamp, "machine": machine.describe(), "sections": only}
    registry = open_registry(Settings.from_env())
    cases, recs, source = load_cases(args.gcg_dir, registry)
    res["cases"] = {"source": source, "placements": len(cases), "records": len(recs)}
    print(f"{len(cases)} placements from {source}", file=sys.stderr)

    with tempfile.TemporaryDirectory(prefix="adjudicator-bench-") as tmp:
        workdir = Path(tmp)
        compile_modules()
        prepare_database(workdir)
        if "inprocess" in only:
            print("in process ...", file=sys.stderr)
            res["inprocess"] = {
                "scoring": inprocess.scoring(cases, repeat=2 if args.quick else 5),
                "score_service": inprocess.score_service(
                    registry, cases, repeat=1 if args.quick else 3
                ),
                "lookups": inprocess.lookups(registry, n=5_000 if args.quick else 20_000),
                "lexicon_load": inprocess.lexicon_load(Settings.from_env().lexicon_dir),
                "check_server_side": checktime.run(
                    runs=1 if args.quick else 3, repeat=10 if args.quick else 40
                ),
            }
        if "http" in only:
            print(f"HTTP ({tool}) ...", file=sys.stderr)
            load_options: dict[str, t.Any] = {
                "workers": args.workers,
                "seconds": args.seconds,
                "rounds": args.rounds,
                "connections": args.connections,
                "ratelimit": args.ratelimit,
                "tool": tool,
            }
            res["http"] = httpbench.run(
                registry,
                cases,
                recs,
                workdir,
                only=[e for e in args.endpoints.split(",") if e],
                **load_options,
            )
            print("HTTP, the routes alone (bench/routeapp.py) ...", file=sys.stderr)
            eps = httpbench.endpoints(registry, cases, None)
            res["http"]["route_only"] = routecost.run(
                workdir,
                httpbench.ratio_endpoints(eps),
                **load_options,
            )
        if "memory" in only:
            print("memory ...", file=sys.stderr)
            res["memory"] = memory.run(
                workdir,
                httpbench.mixed_load(registry, cases),
                ratelimit=args.ratelimit,
                tool=tool,
            )
        if "coldstart" in only:
            print("cold start ...", file=sys.stderr)
            res["coldstart"] = coldstart.run(
                workdir, ratelimit=args.ratelimit, repeat=2 if args.quick else 3
            )
        counted = (
            # section, results key, what it counts, requests per endpoint (full, quick)
            ("instructions", "instructions", instructions.run, (300, 50)),
            ("worker", "worker_instructions", workercount.run, (200, 50)),
        )
        ratio_eps = None  # made once, for whichever counting sections run
        for section, key, count, (full, quick) in counted:
            if section in only:
                print(f"{section}: instructions per request (callgrind) ...", file=sys.stderr)
                if ratio_eps is None:
                    ratio_eps = httpbench.ratio_endpoints(
                        httpbench.endpoints(registry, cases, None)
                    )
                res[key] = count(
                    workdir,
                    ratio_eps,
                    requests=quick if args.quick else full,
                    ratelimit=args.ratelimit,
                )
    res["targets"] = targets(res)
    res["elapsed_s"] = round(time.time() - started, 1)
    RESULTS.mkdir(parents=True, exist_ok=True)
    out = args.out or RESULTS / f"{stamp}.json"
    out.write_text(json.dumps(res, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(report.markdown(res))
    print(f"\nwrote {out.relative_to(REPO_ROOT) if out.is_relative_to(REPO_ROOT) else out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
