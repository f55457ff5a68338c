"""The move generator on the real positions of ../shared/data/gcg.

For every tile play whose rack the record gives: when every word the play forms
is in the lexicon (the records use tournament lists we cannot ship; ENABLE
lacks some of their words), the generator finds the play, with the score the
scorer gives it, which is the record's score (tests/test_gcg_records.py checks
that against the records).  Every position whose rack has no blank, and one in
four of the others (a blank costs ten times as much; the benchmark's movegen
section runs them all).  Skips when the records are absent.
"""

from __future__ import annotations

from collections import defaultdict

import pytest

from adjudicator.core.movegen import generate
from adjudicator.core.scoring import score_placement
from adjudicator.core.tiles import BLANK_BIT
from adjudicator.services.found_plays import placement_of
from adjudicator.services.word_graphs import words_for
from tests.conftest import GCG_DIR

if not (GCG_DIR / "SOURCES.tsv").is_file():
    pytest.skip(f"no game records at {GCG_DIR}", allow_module_level=True)

from bench.cases import read_records  # noqa: E402
from bench.positions import record_positions  # noqa: E402

RECORDS = [rec.name for rec in read_records(GCG_DIR)]


@pytest.fixture(scope="module")
def positions(full_registry):
    by_record = defaultdict(list)
    for position in record_positions(GCG_DIR, full_registry):
        by_record[position.record].append(position)
    return by_record


@pytest.mark.slow
@pytest.mark.parametrize("record", RECORDS)
def test_the_recorded_play_is_generated_with_its_score(full_registry, positions, record):
    for i, p in enumerate(positions[record]):
        if p.blanks and i % 4:
            continue
        name = full_registry.serving(p.rules.name)
        checker = full_registry.checker(p.rules.name)
        scored = score_placement(p.board, p.placement, p.rules)
        if any(checker.judge(x & ~BLANK_BIT for x in w.tiles) for w in scored.words):
            continue  # a word ENABLE (or the Polish list) does not have
        words = words_for(p.rules, full_registry.lexicons[name], full_registry.graphs[name])
        want = {(t.row, t.col, t.tile) for t in p.placement.tiles}
        found = [
            play
            for play in generate(p.board, p.rules, words, list(p.rack))
            if {(t.row, t.col, t.tile) for t in placement_of(play).tiles} == want
        ]
        assert [play.score for play in found] == [scored.score], (record, p.line)
