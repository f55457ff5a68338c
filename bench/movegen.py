"""The movegen section: the move generator on the real positions of the records.

For every tile play of ``../shared/data/gcg`` whose rack is known: the board
before the play and that rack, answered as ``POST /api/v1/plays`` answers with
``limit=20`` (every play generated and counted, the best 20 described), in this
process, on one core.  Figures per position in ms, apart for racks with no
blank, one and two; then what the word graphs take in this process's memory:
the pages mapped from the ``.graph`` files (shared with every other worker,
from the page cache) and any private memory they cost (none: nothing is copied).

Erudite (moves in several lines): no record is an Erudite game, so the
positions of games the one-line generator plays against itself, from the
whole bag (stars too), are answered the same way, apart by the stars on the
rack; with how many answers had an exact count and exact best plays, and
each game's whole analysis.
"""

from __future__ import annotations

import statistics
import sys
import time
import typing as t
from pathlib import Path

from bench.positions import record_positions, self_play

if t.TYPE_CHECKING:
    from adjudicator.loaders import Registry


def run(gcg_dir: Path, registry: Registry, repeat: int = 1) -> dict[str, t.Any]:
    try:
        from adjudicator.services.moves import best_plays
        from adjudicator.services.word_graphs import words_for
    except ImportError:  # a release before the move generator, measured by --against
        return {"positions": 0, "missing": "no move generator in this tree"}
    positions = record_positions(gcg_dir, registry) if gcg_dir.is_dir() else []
    times: dict[str, list[float]] = {"no blank": [], "one blank": [], "two blanks": []}
    groups = list(times)
    for p in positions:
        name = registry.serving(p.rules.name)
        assert name is not None
        words = words_for(p.rules, registry.lexicons[name], registry.graphs.get(name))
        assert words is not None, f"no word graph for {name}"
        best = float("inf")
        for _ in range(repeat):
            started = time.perf_counter()
            best_plays(p.rules, p.board, words, list(p.rack), 20)
            best = min(best, time.perf_counter() - started)
        times[groups[min(p.blanks, 2)]].append(best * 1000)
    every = sorted(ms for group in times.values() for ms in group)
    return {
        "positions": len(positions),
        "all": _figures(every),
        **{group: _figures(sorted(ms)) for group, ms in times.items()},
        "analysis": analyses(gcg_dir, registry),
        "erudite": erudite(registry, repeat),
        "graph_memory": graph_memory(),
    }


ERUDITE_GAMES = 6  # self-played games, seeds 0 to 5


def erudite(registry: Registry, repeat: int = 1) -> dict[str, t.Any]:
    """Erudite's plays on the positions of self-played games, and each game's analysis."""
    from adjudicator.core.analysis import analyse
    from adjudicator.services.moves import best_plays
    from adjudicator.services.word_graphs import words_for

    times: dict[str, list[float]] = {"no star": [], "one star": [], "two stars": []}
    groups = list(times)
    exact = {"count": 0, "plays": 0}
    seconds = []
    for seed in range(ERUDITE_GAMES):
        game = self_play(registry, "erudite-ru", seed)
        rules = game.rules
        name = registry.serving(rules.name)
        assert name is not None
        words = words_for(rules, registry.lexicons[name], registry.graphs.get(name))
        assert words is not None, f"no word graph for {name}"
        for board, rack in game.positions:
            best = float("inf")
            for _ in range(repeat):
                started = time.perf_counter()
                found = best_plays(rules, board, words, list(rack), 20)
                best = min(best, time.perf_counter() - started)
            times[groups[min(rack.count(0), 2)]].append(best * 1000)
            # A release before moves in several lines answers a tuple: every count exact.
            exact["count"] += getattr(found, "count_exact", True)
            exact["plays"] += getattr(found, "plays_exact", True)
        started = time.perf_counter()
        analyse(rules, ["A", "B"], game.events, words)
        seconds.append(time.perf_counter() - started)
    every = sorted(ms for group in times.values() for ms in group)
    return {
        "positions": len(every),
        "all": _figures(every),
        **{group: _figures(sorted(ms)) for group, ms in times.items()},
        "count_exact": exact["count"],
        "plays_exact": exact["plays"],
        "analysis": {
            "games": len(seconds),
            "median_s": round(statistics.median(seconds), 2),
            "max_s": round(max(seconds), 2),
        },
    }


def analyses(gcg_dir: Path, registry: Registry) -> dict[str, t.Any]:
    """A whole game's analysis (``core.analysis``, as GET .../analysis works it
    out) for every record: seconds per game, and the turns it analysed."""
    try:
        from adjudicator.core.analysis import analyse
        from adjudicator.services.word_graphs import words_for
    except ImportError:  # a release before the analysis
        return {"games": 0}
    from adjudicator.core.game_gcg import import_record
    from adjudicator.core.gcg import parse_gcg
    from adjudicator.errors import AdjudicatorError
    from bench.cases import read_records

    seconds, turns = [], []
    for rec in read_records(gcg_dir) if gcg_dir.is_dir() else []:
        rules = registry.ruleset(rec.ruleset)
        name = registry.serving(rules.name)
        assert name is not None
        words = words_for(rules, registry.lexicons[name], registry.graphs.get(name))
        assert words is not None
        try:
            names, events, _ = import_record(parse_gcg(rec.text), rules)
        except AdjudicatorError as exc:  # a record the import refuses is no game to time
            print(f"analysis: skipped {rec.name}: {exc.detail}", file=sys.stderr)
            continue
        started = time.perf_counter()
        done = analyse(rules, names, events, words)
        seconds.append(time.perf_counter() - started)
        turns.append(sum(1 for turn in done if turn.status == "analysed"))
    if not seconds:
        return {"games": 0}
    order = sorted(seconds)
    return {
        "games": len(seconds),
        "median_s": round(statistics.median(order), 2),
        "max_s": round(order[-1], 2),
        "median_turns": statistics.median(turns),
        "max_turns": max(turns),
    }


def _figures(ms: list[float]) -> dict[str, float]:
    if not ms:
        return {"n": 0}
    return {
        "n": len(ms),
        "median_ms": round(statistics.median(ms), 1),
        "p95_ms": round(ms[min(len(ms) - 1, int(len(ms) * 0.95))], 1),
        "max_ms": round(ms[-1], 1),
    }


def graph_memory() -> dict[str, float]:
    """Resident and private memory of this process's ``.graph`` mappings (MiB)."""
    rss = private = 0
    inside = False
    for line in Path("/proc/self/smaps").read_text().splitlines():
        fields = line.split()
        if fields and "-" in fields[0] and len(fields) >= 5:  # a mapping's header line
            inside = len(fields) >= 6 and fields[-1].endswith(".graph")
        elif inside and fields[0] == "Rss:":
            rss += int(fields[1])
        elif inside and fields[0] in ("Private_Dirty:", "Anonymous:"):
            private += int(fields[1])
    return {"resident_mib": round(rss / 1024, 1), "private_dirty_mib": round(private / 1024, 1)}
