"""In-process figures: lookups/s, µs per placement scored, lexicon load (the
server-side check time is :mod:`bench.checktime`'s)."""

from __future__ import annotations

import statistics
import time
import typing as t
from pathlib import Path

from adjudicator.core.scoring import score_placement
from adjudicator.core.verdict import judge_key
from adjudicator.loaders import load_lexicon
from adjudicator.services.plays import score_play
from adjudicator.services.words import word_checker
from bench.records import Case, score_body
from bench.words import sample_words

if t.TYPE_CHECKING:
    from adjudicator.loaders import Registry

# Each lexicon with the rulesets that filter it.
LOOKUP_RULESETS = ("scrabble-en", "erudite-ru", "scrabble-ru")


def _summary(samples_us: list[float]) -> dict[str, float]:
    return {
        "median_us": round(statistics.median(samples_us), 2),
        "mean_us": round(statistics.fmean(samples_us), 2),
        "min_us": round(min(samples_us), 2),
    }


def lookups(registry: Registry, n: int = 20_000, rounds: int = 3) -> list[dict[str, t.Any]]:
    """Words judged per second, as typed (``WordChecker.verdict``, with the ruleset's
    checker made once, as the service does) and by key (``judge_key``)."""
    out = []
    for name in LOOKUP_RULESETS:
        if name not in registry.rulesets:
            continue
        rules = registry.ruleset(name)
        lexicon = registry.lexicons.get(rules.lexicon or "")
        if lexicon is None:
            continue
        words = sample_words(lexicon, rules, n)
        alpha = rules.alphabet
        keys = [alpha.key(alpha.word_tiles(w, fold=rules.fold)) for w in words]
        checker = word_checker(registry, name)
        text_rates, key_rates = [], []
        valid = 0
        for _ in range(rounds):  # alternate the two ways of looking up
            start = time.perf_counter()
            results = [checker.verdict(w) for w in words]
            text_rates.append(len(words) / (time.perf_counter() - start))
            start = time.perf_counter()
            for k in keys:
                judge_key(lexicon, rules, k)
            key_rates.append(len(keys) / (time.perf_counter() - start))
            valid = sum(r["valid"] for r in results)
        out.append(
            {
                "lexicon": lexicon.name,
                "ruleset": name,
                "words": len(words),
                "valid_share": round(valid / len(words), 3),
                "judge_text_per_s": round(statistics.median(text_rates)),
                "judge_key_per_s": round(statistics.median(key_rates)),
            }
        )
    return out


def scoring(cases: list[Case], repeat: int = 5) -> dict[str, t.Any]:
    """µs per ``score_placement`` call over every case, ``repeat`` passes after a warm-up."""
    for c in cases:
        score_placement(c.board, c.placement, c.rules)
    per_call: list[float] = []
    clock = time.perf_counter_ns
    for _ in range(repeat):
        for c in cases:
            start = clock()
            score_placement(c.board, c.placement, c.rules)
            per_call.append((clock() - start) / 1000)
    return {"placements": len(cases), "repeat": repeat, **_summary(per_call)}


def score_service(registry: Registry, cases: list[Case], repeat: int = 3) -> dict[str, t.Any]:
    """µs per ``services.plays.score_play`` (board text in, result dict out): the
    service part of ``POST /api/v1/score`` without HTTP or JSON."""
    from adjudicator.services.plays import TileIn

    calls = []
    for c in cases:
        body = score_body(c)
        calls.append((body["ruleset"], body.get("board"), [TileIn(**p) for p in body["placement"]]))
    per_call: list[float] = []
    clock = time.perf_counter_ns
    for i in range(repeat + 1):
        for ruleset, board, placement in calls:
            start = clock()
            score_play(registry, ruleset, board=board, placement=placement)
            if i:  # the first pass warms up
                per_call.append((clock() - start) / 1000)
    return {"placements": len(calls), "repeat": repeat, **_summary(per_call)}


def lexicon_load(lexicon_dir: Path, repeat: int = 5) -> list[dict[str, t.Any]]:
    """Milliseconds to read a manifest and memory-map its trie (``loaders.load_lexicon``)."""
    out = []
    for manifest in sorted(lexicon_dir.glob("*.yaml")):
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            lexicon = load_lexicon(manifest)
            times.append((time.perf_counter() - start) * 1000)
        out.append(
            {
                "lexicon": lexicon.name,
                "file_mib": round(lexicon.path.stat().st_size / 2**20, 1) if lexicon.path else None,
                "median_ms": round(statistics.median(times), 2),
                "first_ms": round(times[0], 2),
            }
        )
    return out
