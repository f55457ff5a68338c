"""The guards and the tables of a results file (the latest one by default).

python -m bench.report [bench/results/<timestamp>.json]
"""

from __future__ import annotations

import json
import sys
import typing as t
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "results"


def guards(res: dict[str, t.Any]) -> list[dict[str, t.Any]]:
    """Each guard of the sections that ran: measure, target, figure, note, met."""
    rows = []

    def guard(measure: str, target: str, value: str, met: bool, note: str = "") -> None:
        rows.append(
            {"measure": measure, "target": target, "value": value, "met": met, "note": note}
        )

    http = res.get("http", {}).get("endpoints", {})
    for name, measure, least in (
        ("GET word, English", "GET one word, English", 0.90),
        ("GET word, Russian", "GET one word, Russian", 0.85),
        ("POST score", "POST score, real placements", 0.65),
    ):
        if name in http:
            e = http[name]
            note = f"rounds {min(e['ratios']):.2f}–{max(e['ratios']):.2f}; "
            note += f"by server CPU {e['cpu_ratio']:.2f}x"
            if e["errors"]:  # a refused or failed request makes the ratio meaningless
                note += f"; {e['errors']} errors or non-2xx answers"
            ok = e["ratio"] >= least and not e["errors"]
            guard(measure, f">= {least:.2f}x", f"{e['ratio']:.2f}x", ok, note)
    refusal = res.get("http", {}).get("refusal")
    if refusal:
        note = f"{refusal['refused_rps']:.0f} refused against {refusal['lookup_rps']:.0f} "
        note += (
            f"looked up a second; rounds {min(refusal['ratios']):.2f}–{max(refusal['ratios']):.2f}"
        )
        if "cpu_ratio" in refusal:
            note += f"; by server CPU {refusal['cpu_ratio']:.2f}x"
        guard(
            "A 429 against the word GET it refuses",
            ">= 1.00x",
            f"{refusal['ratio']:.2f}x",
            refusal["ratio"] >= 1.0,
            note,
        )
    inproc = res.get("inprocess", {})
    for row in inproc.get("checks", []):
        language = "English" if row["ruleset"] == "scrabble-en" else "Russian"
        guard(
            f"1,000-word check, server side, {language} ({row['ruleset']})",
            "<= 5 ms",
            f"{row['request_ms']:.2f} ms",
            row["request_ms"] <= 5,
            f"service alone {row['service_ms']:.2f} ms",
        )
    if "scoring" in inproc:
        sc = inproc["scoring"]
        note = f"mean {sc['mean_us']:.1f} µs over {sc['placements']} placements"
        ok = sc["median_us"] <= 50
        guard("In-process scoring, median", "<= 50 µs", f"{sc['median_us']:.1f} µs", ok, note)
    if "events" in inproc:
        ev = inproc["events"]
        note = f"{ev['long_ms']:.2f} ms against {ev['short_ms']:.2f} ms, median of {ev['repeat']}"
        guard(
            f"Event write, a game of {ev['long_events']} events against one of "
            f"{ev['short_events']}",
            "<= 1.5x",
            f"{ev['ratio']:.2f}x",
            ev["ratio"] <= 1.5,
            note,
        )
    if res.get("movegen", {}).get("positions"):
        mg = res["movegen"]
        every = mg["all"]
        note = f"{mg['positions']} positions; " + "; ".join(
            f"{group} ({mg[group]['n']}): median {mg[group]['median_ms']}, "
            f"p95 {mg[group]['p95_ms']}, max {mg[group]['max_ms']} ms"
            for group in ("no blank", "one blank", "two blanks")
            if mg[group]["n"]
        )
        memory = mg["graph_memory"]
        note += (
            f"; graphs resident {memory['resident_mib']} MiB, private {memory['private_dirty_mib']}"
        )
        games = mg.get("analysis", {})
        if games.get("games"):
            guard(
                "A whole game's analysis, slowest record",
                "<= 5 s",
                f"{games['max_s']} s",
                games["max_s"] <= 5,
                f"{games['games']} records, median {games['median_s']} s; "
                f"{games['median_turns']} turns analysed at the median, "
                f"{games['max_turns']} at most",
            )
        for figure, target in (("median_ms", 50), ("p95_ms", 250), ("max_ms", 2000)):
            name = figure.removesuffix("_ms").replace("p95", "95th percentile")
            guard(
                f"Plays of a real position (limit 20), {name}",
                f"<= {target} ms",
                f"{every[figure]} ms",
                every[figure] <= target,
                note if figure == "median_ms" else "",
            )
    if res.get("duplicate", {}).get("rounds"):
        dup = res["duplicate"]
        core, req = dup["core"], dup["request"]
        note = (
            f"{dup['rounds']} made rounds of {dup['slips']} slips; p95 {core['p95_ms']}, "
            f"max {core['max_ms']} ms; the close request {req['close']['median_ms']} ms at the "
            f"median, {req['close_to_ping']}x /ping ({req['ping_median_ms']} ms); a slip "
            f"{req['slip_median_ms']} ms at the median"
        )
        guard(
            "A Duplicate round's close (top and 100 slips ruled), median",
            "<= 1000 ms",
            f"{core['median_ms']} ms",
            core["median_ms"] <= 1000,
            note,
        )
        guard(
            "POST close of a Duplicate round of 100 slips, median",
            "<= 1000 ms",
            f"{req['close']['median_ms']} ms",
            req["close"]["median_ms"] <= 1000,
            f"p95 {req['close']['p95_ms']}, max {req['close']['max_ms']} ms",
        )
    erudite = res.get("movegen", {}).get("erudite", {})
    if erudite.get("positions"):
        every = erudite["all"]
        games = erudite["analysis"]
        note = (
            f"{erudite['positions']} positions of {games['games']} self-played games; "
            + "; ".join(
                f"{group} ({erudite[group]['n']}): median {erudite[group]['median_ms']}, "
                f"p95 {erudite[group]['p95_ms']}, max {erudite[group]['max_ms']} ms"
                for group in ("no star", "one star", "two stars")
                if erudite[group]["n"]
            )
        )
        note += (
            f"; count exact {erudite['count_exact']}, plays exact {erudite['plays_exact']}; "
            f"a game's analysis median {games['median_s']} s, max {games['max_s']} s"
        )
        guard(
            "Erudite plays in several lines (limit 20), maximum",
            "<= 3000 ms",
            f"{every['max_ms']} ms",
            every["max_ms"] <= 3000,
            note,
        )
    if "coldstart" in res:
        cs = res["coldstart"]
        note = "runs " + ", ".join(f"{x:.2f}" for x in cs["runs_s"])
        guard("Cold start to ready", "<= 1 s", f"{cs['ready_s']:.2f} s", cs["ready_s"] <= 1, note)
    if "memory" in res:
        mem = res["memory"]
        note = f"PSS {mem['pss_mib']['1']:.1f} MiB with 1 worker, {mem['pss_mib']['4']:.1f} with 4"
        per = mem["per_added_worker_mib"]
        guard("Each added worker, PSS", "<= 12 MiB", f"{per:.1f} MiB", per <= 12, note)
    if "rss" in res.get("memory", {}):
        r = res["memory"]["rss"]
        a = r["answers"]
        note = f"after a {r['warmup_s']} s warm-up: "
        note += ", ".join(f"{w['start_mib']:.1f} to {w['end_mib']:.1f}" for w in r["workers"])
        note += f" MiB; {a['2xx']} 2xx, {a['429']} 429"
        note += f", {a['other']} other" if a["other"] else ""
        note += f", {r['socket_errors']} socket errors" if r["socket_errors"] else ""
        note += f"; {r['rps']:.0f} req/s, p50 {r['p50_ms']:.0f} ms, p99 {r['p99_ms']:.0f} ms"
        guard(
            f"Worker RSS after {r['seconds']} s of {r['connections']} connections, "
            "against its start",
            "<= 1.10x",
            f"{r['worst_ratio']:.2f}x",
            r["worst_ratio"] <= 1.10,
            note,
        )
    return rows


def markdown(res: dict[str, t.Any]) -> str:
    m = res["machine"]
    dirty = " (with uncommitted changes)" if m["dirty"] else ""
    lines = [
        f"Run {res['started']}{' (--quick)' if res['quick'] else ''}: commit "
        f"{m['commit'][:12]}{dirty}; {m['cpu']}, {m['cores']} cores, {m['memory_mib']} MiB, "
        f"Linux {m['kernel']}, Python {m['python']}; load average at start {m['load']:.2f}. "
        f"Cases: {res['cases']}.",
        "",
        "| Guard | Target | Measured | Status |",
        "|---|---|---|---|",
    ]
    for g in res["guards"]:
        note = f" ({g['note']})" if g["note"] else ""
        status = "met" if g["met"] else "**not met**"
        lines.append(f"| {g['measure']} | {g['target']} | {g['value']}{note} | {status} |")
    http = res.get("http")
    if http:
        lines += [
            "",
            f"HTTP: `{http['server']}`; wrk, 1 thread, 8 connections; {http['rounds']} rounds "
            f"of {http['seconds']} s per endpoint, each between two runs of `/ping`; "
            f"game: {http['game']}.",
            "",
            "| Endpoint | req/s | ratio to ping | by server CPU | p50 ms | p99 ms | errors |",
            "|---|---|---|---|---|---|---|",
        ]
        for name, e in {"GET /ping": http["ping"], **http["endpoints"]}.items():
            lines.append(
                f"| {name} | {e['rps']:.0f} | {e.get('ratio', 1):.2f} | "
                f"{e.get('cpu_ratio', 1):.2f} | {e['p50_ms']:.2f} | {e['p99_ms']:.2f} | "
                f"{e['errors']} |"
            )
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    files = [Path(argv[0])] if argv else sorted(RESULTS.glob("*.json"))
    if not files:
        print("no results yet: run bench/run", file=sys.stderr)
        return 1
    print(markdown(json.loads(files[-1].read_text(encoding="utf-8"))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
