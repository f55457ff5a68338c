"""The move generator's word graph of each lexicon: built with it, loaded beside it.

``NAME.graph`` sits next to ``NAME.yaml``.  It holds one variant per word filter
of the rulesets the lexicon serves (the words each accepts, judged exactly as a
word check judges them), and names the lexicon's checksum: a graph of an older
build of the list, or one that lacks a ruleset's filter, is stale and is not
used (plays for that ruleset answer that the graph must be rebuilt).
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
import typing as t
from dataclasses import dataclass
from pathlib import Path

from adjudicator.core.dawg import WordGraph, build_graph, open_graph
from adjudicator.core.lexicon import Lexicon
from adjudicator.core.movegen import Words
from adjudicator.core.ruleset import Ruleset, lexicon_misfit
from adjudicator.core.verdict import WordJudge
from adjudicator.core.wordfilter import WordFilter, recorded_tags

if t.TYPE_CHECKING:
    from adjudicator.core.alphabet import Alphabet


@dataclass(frozen=True, slots=True)
class GraphReport:
    """What a graph build made: for the build report and the docs' table."""

    lexicon: str
    variants: dict[str, int]  # filter key -> words
    arcs: int
    bytes: int
    seconds: float

    def summary(self) -> str:
        words = ", ".join(f"{n:,}" for n in self.variants.values())
        return (
            f"word graph: {len(self.variants)} variant(s) of {words} words, "
            f"{self.arcs:,} arcs, {self.bytes / 1e6:.1f} MB, built in {self.seconds:.1f} s"
        )


def effective_filter(rules: Ruleset, lexicon: Lexicon) -> WordFilter:
    """The filter a word check applies to this lexicon's words for ``rules``."""
    return rules.word_filter.within(recorded_tags(lexicon.manifest.get("tags")))


def filters_for(
    rulesets: t.Iterable[Ruleset], lexicon: Lexicon, alphabet: Alphabet | None
) -> dict[str, WordFilter]:
    """The distinct filters of the rulesets ``lexicon`` can serve, by key."""
    out: dict[str, WordFilter] = {}
    for rules in sorted(rulesets, key=lambda r: r.name):
        if lexicon_misfit(rules, lexicon, alphabet) is None:
            flt = effective_filter(rules, lexicon)
            out.setdefault(flt.key(), flt)
    return out


def accepted_keys(lexicon: Lexicon, filters: t.Sequence[WordFilter]) -> list[list[str]]:
    """Every key each filter accepts, sorted, by the judge a word check uses; the
    lexicon is read once for all of them."""
    judges = [WordJudge(lexicon, flt) for flt in filters]
    accepted: list[list[str]] = [[] for _ in judges]
    trie = lexicon.trie
    for key in sorted(set(trie.keys())):
        records = trie.get(key)
        for judge, keys in zip(judges, accepted, strict=True):
            if judge.reason(key, records) is None:
                keys.append(key)
    return accepted


def write_graph(
    rulesets: t.Iterable[Ruleset], lexicon: Lexicon, alphabet: Alphabet | None, path: Path
) -> GraphReport:
    """Build the graph of ``lexicon`` for ``rulesets`` and install it at ``path``
    (a temporary file renamed into place, so a reader never sees half of one)."""
    started = time.perf_counter()
    filters = filters_for(rulesets, lexicon, alphabet)
    variants = list(zip(filters, accepted_keys(lexicon, list(filters.values())), strict=True))
    data = build_graph(variants, {"lexicon": lexicon.name, "checksum": lexicon.checksum})
    fd, scratch = tempfile.mkstemp(prefix=f".{lexicon.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(scratch, 0o666 & ~umask)
        os.replace(scratch, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(scratch)
    return GraphReport(
        lexicon.name,
        {key: len(words) for key, words in variants},
        int(open_graph(path).header["arcs"]),
        len(data),
        time.perf_counter() - started,
    )


def words_for(rules: Ruleset, lexicon: Lexicon, graph: WordGraph | None) -> Words | None:
    """The generator's view of ``graph`` for ``rules``, or None when the graph
    lacks the ruleset's filter (or there is none)."""
    if graph is None:
        return None
    variant = graph.variants.get(effective_filter(rules, lexicon).key())
    if variant is None:
        return None
    keys = [rules.alphabet.key_char(i) for i in range(1, rules.alphabet.size + 1)]
    return Words.of(graph, variant.root, keys)
