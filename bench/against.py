"""Side by side: every section on a reference commit and on this tree, alternately.

    bench/run --against REF [--pairs N] [--quick] [--only ...]

REF (a tag, a branch, a commit) is checked out in a temporary git worktree with
a venv of its own (``pip install -e``, so it runs as the README installs it);
this tree's ``bench/`` is copied over REF's, so that one harness measures both
services.  Each section then runs in turn on REF and on this tree, ``--pairs``
times (REF first, then this tree first, and so on), and every figure of this
tree is compared with REF's: the median over the pairs of HEAD / REF.  A guard is
met when HEAD is within 1.10x of REF, in the direction that is worse for that
figure.  The HTTP ratios to our own ``/ping`` have absolute floors too.
"""

from __future__ import annotations

import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import typing as t
from pathlib import Path

from bench.server import REPO_ROOT

WITHIN = 1.10
# Ratios to /ping, measured in one run of one tree, that hold whatever REF does.
FLOORS = {"GET word, English": 0.80, "GET word, Russian": 0.80, "POST score": 0.55}


# The move generator's targets (issue 34), in ms, whatever REF does.
MOVEGEN_TARGETS = {
    "Plays of a real position, median ms": 50,
    "Plays of a real position, p95 ms": 250,
    "Plays of a real position, max ms": 2000,
}


def figures(res: dict[str, t.Any]) -> dict[str, tuple[float, bool]]:
    """Every figure of one results file: name -> (value, higher is better)."""
    out: dict[str, tuple[float, bool]] = {}
    http = res.get("http", {})
    for name, e in http.get("endpoints", {}).items():
        out[f"{name}, ratio to /ping"] = (e["ratio"], True)
    if "refusal" in http:
        out["A 429 against the word GET it refuses"] = (http["refusal"]["ratio"], True)
    inproc = res.get("inprocess", {})
    for row in inproc.get("checks", []):
        out[f"1,000-word check, {row['ruleset']}, request ms"] = (row["request_ms"], False)
        out[f"1,000-word check, {row['ruleset']}, service ms"] = (row["service_ms"], False)
    if "scoring" in inproc:
        out["Scoring, median µs"] = (inproc["scoring"]["median_us"], False)
    if "events" in inproc:
        out["Event write, long game against short"] = (inproc["events"]["ratio"], False)
    mem = res.get("memory", {})
    if "per_added_worker_mib" in mem:
        out["PSS per added worker, MiB"] = (mem["per_added_worker_mib"], False)
    if "rss" in mem:
        out["Worker RSS growth under load"] = (mem["rss"]["worst_ratio"], False)
    if "coldstart" in res:
        out["Cold start to ready, s"] = (res["coldstart"]["ready_s"], False)
    every = res.get("movegen", {}).get("all", {})
    for figure in ("median_ms", "p95_ms", "max_ms"):
        if figure in every:
            out[f"Plays of a real position, {figure.replace('_', ' ')}"] = (every[figure], False)
    erudite = res.get("movegen", {}).get("erudite", {}).get("all", {})
    for figure in ("median_ms", "p95_ms", "max_ms"):
        if figure in erudite:
            name = f"{ERUDITE}, {figure.replace('_', ' ')}"
            out[name] = (erudite[figure], False)
    return out


# Erudite's plays: a release before moves in several lines finds the one-line
# plays only, so HEAD / REF is the cost of the new search, shown, not guarded
# (docs/performance.md has its own guard on the maximum).
ERUDITE = "Erudite plays, self-played positions"


def compare(ref_runs: list[dict[str, t.Any]], head_runs: list[dict[str, t.Any]]) -> list[dict]:
    """One row per figure: REF's and HEAD's medians, the median of HEAD/REF, met."""
    ref_figs = [figures(r) for r in ref_runs]
    head_figs = [figures(r) for r in head_runs]
    rows = []
    for name, (_, higher) in head_figs[0].items():
        if any(name not in r for r in ref_figs):
            continue  # REF cannot measure it (no move generator before 0.2): targets below
        pairs = [(r[name][0], h[name][0]) for r, h in zip(ref_figs, head_figs, strict=True)]
        ratio = statistics.median(h / r if r else float("inf") for r, h in pairs)
        met = ratio >= 1 / WITHIN if higher else ratio <= WITHIN
        shown = name.startswith(ERUDITE)
        rows.append(
            {
                "measure": name,
                "ref": statistics.median(r for r, _ in pairs),
                "head": statistics.median(h for _, h in pairs),
                "ratio": ratio,
                "target": "shown"
                if shown
                else f">= {1 / WITHIN:.2f}x REF"
                if higher
                else f"<= {WITHIN:.2f}x REF",
                "met": shown or met,
            }
        )
    for name, most in MOVEGEN_TARGETS.items():
        values = [h[name][0] for h in head_figs if name in h]
        if values:
            value = statistics.median(values)
            rows.append(
                {
                    "measure": f"{name} (HEAD)",
                    "ref": None,
                    "head": value,
                    "ratio": value,
                    "target": f"<= {most}",
                    "met": value <= most,
                }
            )
    for name, floor in FLOORS.items():
        key = f"{name}, ratio to /ping"
        values = [h[key][0] for h in head_figs if key in h]
        if values:
            value = statistics.median(values)
            rows.append(
                {
                    "measure": f"{name}, ratio to /ping (HEAD)",
                    "ref": None,
                    "head": value,
                    "ratio": value,
                    "target": f">= {floor:.2f}",
                    "met": value >= floor,
                }
            )
    return rows


def markdown(ref: str, rows: list[dict], machine: dict[str, t.Any], pairs: int) -> str:
    lines = [
        f"`bench/run --against {ref}`: {pairs} pair(s) of runs per section, alternating; "
        f"HEAD {machine['commit'][:12]}{' (with uncommitted changes)' if machine['dirty'] else ''}"
        f"; {machine['cpu']}, {machine['cores']} cores; load average at start "
        f"{machine['load']:.2f}.",
        "",
        f"| Measure | {ref} | HEAD | HEAD / {ref} | Target | Status |",
        "|---|---|---|---|---|---|",
    ]
    for r in rows:
        ref_value = "" if r["ref"] is None else f"{r['ref']:.3g}"
        status = "met" if r["met"] else "**not met**"
        lines.append(
            f"| {r['measure']} | {ref_value} | {r['head']:.3g} | {r['ratio']:.2f} | "
            f"{r['target']} | {status} |"
        )
    return "\n".join(lines)


def checkout(ref: str, into: Path) -> Path:
    """REF in a detached worktree with its own venv, running this tree's bench/."""
    subprocess.run(
        ["git", "worktree", "add", "--detach", "--force", str(into), ref],
        cwd=REPO_ROOT,
        check=True,
        capture_output=True,
    )
    shutil.rmtree(into / "bench")
    shutil.copytree(REPO_ROOT / "bench", into / "bench", ignore=shutil.ignore_patterns("results"))
    subprocess.run([sys.executable, "-m", "venv", str(into / ".venv")], check=True)
    python = into / ".venv" / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "-q", "-e", str(into)], check=True)
    return python


def section(python: Path, tree: Path, name: str, extra: list[str], out: Path) -> dict:
    """One section in ``tree`` with ``python``; its results file, read back."""
    cmd = [str(python), "-m", "bench.suite", "--only", name, "--out", str(out), *extra]
    subprocess.run(cmd, cwd=tree, check=True, stdout=subprocess.DEVNULL)
    return json.loads(out.read_text(encoding="utf-8"))


def run(ref: str, sections: list[str], pairs: int, extra: list[str], machine: dict) -> dict:
    """Both trees, section by section, ``pairs`` times each; the comparison."""
    with tempfile.TemporaryDirectory(prefix="adjudicator-against-") as tmp:
        tmpdir = Path(tmp)
        print(f"against {ref}: building it in a worktree and venv ...", file=sys.stderr)
        ref_python = checkout(ref, tmpdir / "ref")
        trees = {"ref": (ref_python, tmpdir / "ref"), "head": (Path(sys.executable), REPO_ROOT)}
        runs: dict[str, list[dict]] = {"ref": [], "head": []}
        try:
            for name in sections:
                per: dict[str, list[dict]] = {"ref": [], "head": []}
                for i in range(pairs):
                    for side in ("ref", "head") if i % 2 == 0 else ("head", "ref"):
                        print(f"{name}, pair {i + 1}: {side} ...", file=sys.stderr)
                        python, tree = trees[side]
                        out = tmpdir / f"{side}-{name}-{i}.json"
                        per[side].append(section(python, tree, name, extra, out))
                for side in runs:  # merge the sections of the i-th pair into one result
                    for i, res in enumerate(per[side]):
                        if len(runs[side]) <= i:
                            runs[side].append({})
                        runs[side][i].update({k: v for k, v in res.items() if k in sections})
        finally:
            subprocess.run(
                ["git", "worktree", "remove", "--force", str(tmpdir / "ref")],
                cwd=REPO_ROOT,
                capture_output=True,
            )
    rows = compare(runs["ref"], runs["head"])
    return {
        "against": ref,
        "pairs": pairs,
        "rows": rows,
        "runs": runs,
        "markdown": markdown(ref, rows, machine, pairs),
    }
