"""Markdown tables of a results file (the latest one by default).

python -m bench.report [bench/results/<timestamp>.json]
"""

from __future__ import annotations

import json
import sys
import typing as t
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "results"


def _mark(met: bool | None) -> str:
    return "—" if met is None else ("met" if met else "**not met**")


def _num(x: float | None, digits: int) -> str:
    return "—" if x is None else f"{x:.{digits}f}"


def markdown(res: dict[str, t.Any]) -> str:
    m = res["machine"]
    lines = [
        f"Run {res['started']} on {m['cpu_model']}, {m['cores']} cores, "
        f"{m['memory_mib']} MiB, Linux {m['kernel']}, Python {m['python']}; "
        f"commit {str(m['commit'])[:12]}{' (with uncommitted changes)' if m.get('dirty') else ''}; "
        f"load average at start {m['load_average_at_start'][0]:.2f}.",
        "",
        "| Measure | Target | Measured | Status |",
        "|---|---|---|---|",
    ]
    for row in res.get("targets", []):
        note = f" ({row['note']})" if row.get("note") else ""
        lines.append(
            f"| {row['measure']} | {row['target']} | {row['value']}{note} | {_mark(row['met'])} |"
        )
    http = res.get("http")
    if http:
        ld = http["load"]
        lines += [
            "",
            f"HTTP: {http['server']['command']}, {http['server']['workers']} workers; "
            f"{ld['tool']}, {ld['connections']} connections, {ld['rounds']} rounds of "
            f"{ld['seconds_per_run']:g} s per endpoint, each between two runs of `/ping`.",
            "",
            "| Endpoint | req/s | ratio to ping | p50 ms | p99 ms | server CPU µs/req | "
            "CPU ratio to ping | app-logged median ms |",
            "|---|---|---|---|---|---|---|---|",
        ]
        p = http["ping"]
        lines.append(
            f"| GET /ping | {p['rps']:.0f} | 1.00 | {p['p50_ms']:.2f} | {p['p99_ms']:.2f} | "
            f"{_num(p.get('server_cpu_us_per_request'), 0)} | 1.00 | "
            f"{p.get('server_logged', {}).get('median_ms', '—')} |"
        )
        for name, e in http["endpoints"].items():
            errs = f" ({e['non_2xx']} non-2xx)" if e["non_2xx"] else ""
            lines.append(
                f"| {name}{errs} | {e['rps']:.0f} | {e['ratio_to_ping']:.2f} | "
                f"{e['p50_ms']:.2f} | {e['p99_ms']:.2f} | "
                f"{_num(e.get('server_cpu_us_per_request'), 0)} | "
                f"{_num(e.get('cpu_ratio_to_ping'), 2)} | "
                f"{e.get('server_logged', {}).get('median_ms', '—')} |"
            )
        ref = http.get("bare_flask")
        if ref:
            lines += [
                "",
                f"Our `/ping` against a bare Flask app's (`bench/bareapp.py`, same gunicorn "
                f"settings, alternately): {ref['ours_over_bare']:.2f}x the requests/s "
                f"({ref['ours_over_bare_by_cpu']:.2f}x by server CPU per request; bare Flask "
                f"{ref['rps']:.0f} req/s, {_num(ref.get('server_cpu_us_per_request'), 0)} µs "
                "CPU per request). The ratios above are to our own `/ping`, which carries "
                "the request id, access log, metrics and rate limit that every request pays.",
            ]
        route = http.get("route_only")
        if route:
            lines += [
                "",
                "The routes alone (`bench/routeapp.py`: the same app, gunicorn settings, "
                "route, hooks, body read and answer shape, but the word and score views "
                "answer a prepared result), against that app's own `/ping`: "
                + "; ".join(
                    f"{name} {e['ratio_to_ping']:.2f}x "
                    f"(by server CPU {e['cpu_ratio_to_ping']:.2f}x)"
                    for name, e in route.items()
                )
                + ". What an endpoint's ratio falls below these is its view's own work.",
            ]
    inp = res.get("inprocess")
    if inp:
        lines += [
            "",
            "| Lexicon | Ruleset | as typed/s | judge_key/s | valid share |",
            "|---|---|---|---|---|",
        ]
        for r in inp["lookups"]:
            lines.append(
                f"| {r['lexicon']} | {r['ruleset']} | {r['judge_text_per_s']:,} | "
                f"{r['judge_key_per_s']:,} | {r['valid_share']:.2f} |"
            )
        sc, ss = inp["scoring"], inp["score_service"]
        lines += [
            "",
            f"Scoring {sc['placements']} placements: `score_placement` median "
            f"{sc['median_us']:.1f} µs, mean {sc['mean_us']:.1f} µs; the whole service call "
            f"(`score_play`: board text in, result dict out) median {ss['median_us']:.1f} µs.",
            "",
            "| Word check | service ms | whole request ms (WSGI app, in process) |",
            "|---|---|---|",
        ]
        for r in inp["check_server_side"]:
            runs = r.get("runs_request_ms")  # bench.checktime's children (seventh round on)
            each = f" (children: {', '.join(f'{ms:.2f}' for ms in runs)})" if runs else ""
            lines.append(
                f"| {r['words']} words, {r['ruleset']} | {r['service_ms']:.2f} | "
                f"{r['request_ms']:.2f}{each} |"
            )
        lines += [
            "",
            "Lexicon load (`loaders.load_lexicon`, mmap): "
            + "; ".join(
                f"{r['lexicon']} ({r['file_mib']} MiB) {r['median_ms']:.1f} ms"
                for r in inp["lexicon_load"]
            ),
        ]
    mem = res.get("memory")
    if mem:
        base = mem["interpreter_baseline"]
        lines += [
            "",
            f"Memory (interpreter baseline: RSS {base['rss_kb'] / 1024:.1f} MiB):",
            "",
            "| Workers | total PSS MiB | worker RSS MiB | lexicon RSS in a worker MiB | "
            "lexicon PSS, all processes MiB |",
            "|---|---|---|---|---|",
        ]
        for n, r in mem["by_workers"].items():
            lines.append(
                f"| {n} | {r['total_pss_kb'] / 1024:.1f} | {r['worker_rss_kb'] / 1024:.1f} | "
                f"{r['worker_lexicon_rss_kb'] / 1024:.1f} | {r['lexicon_pss_kb'] / 1024:.1f} |"
            )
        if "extra_kb_per_added_worker" in mem:
            lines += ["", f"Each added worker: {mem['extra_kb_per_added_worker'] / 1024:.1f} MiB."]
        bare = mem.get("bare_flask")
        if bare:
            b = bare["by_workers"]
            lines[-1] += (
                f" A bare Flask app (`bench/bareapp.py`, same gunicorn settings, `/ping` load): "
                f"{b['1']['total_pss_kb'] / 1024:.1f} MiB PSS with 1 worker, "
                f"{b['4']['total_pss_kb'] / 1024:.1f} with 4, "
                f"{bare['extra_kb_per_added_worker'] / 1024:.1f} MiB per added worker; "
                f"the strict limit would be {bare['pss4_limit_kb'] / 1024:.1f} "
                f"({'within' if bare['pss4_within_limit'] else 'over'})."
            )
    ins = res.get("instructions")
    if ins:
        lines += _count_table(
            f"Instructions per request, in process ({ins['tool']}; {ins['requests']} counted "
            "requests per endpoint, each after its warm-up; the app's own work without "
            "gunicorn's):",
            ins,
            digits=2,
        )
    wk = res.get("worker_instructions")
    if wk:
        lines += _count_table(
            f"Instructions per request, whole gunicorn worker ({wk['tool']}; {wk['requests']} "
            "requests per endpoint, one worker, less a worker that answered none; gunicorn's "
            "user-space work included, the kernel's not):",
            wk,
            digits=3,
        )
    cs = res.get("coldstart")
    if cs:
        st = cs["stages_s"]
        lines += [
            "",
            f"Cold start (`{cs['command']}`): ready in {cs['ready_s']:.2f} s "
            f"(runs: {', '.join(f'{x:.2f}' for x in cs['ready_s_all'])}); in a fresh "
            f"interpreter: flask+sqlalchemy+pydantic import {st['frameworks_import_s']:.2f} s, "
            f"adjudicator.web import {st['adjudicator_import_s']:.2f} s, "
            f"create_app() {st['create_app_s']:.2f} s.",
        ]
    return "\n".join(lines)


def _count_table(title: str, counted: dict[str, t.Any], digits: int) -> list[str]:
    """An instruction-count section's lines: its title, then a row per endpoint."""
    lines = ["", title, "", "| Endpoint | instructions | ratio to ping |", "|---|---|---|"]
    for name, e in counted["endpoints"].items():
        lines.append(f"| {name} | {e['instructions']:,} | {e['ratio_to_ping']:.{digits}f} |")
    return lines


def main(argv: list[str]) -> int:
    if argv:
        path = Path(argv[0])
    else:
        files = sorted(RESULTS.glob("*.json"))
        if not files:
            print("no results yet: run bench/run", file=sys.stderr)
            return 1
        path = files[-1]
    print(markdown(json.loads(path.read_text(encoding="utf-8"))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
