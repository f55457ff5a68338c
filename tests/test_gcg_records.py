"""Replay the 116 published game records in ../shared/data/gcg.

Every tile play must score what the record says, every line's running total
must follow from the scores before it, and every record must survive a
write/parse round trip.  The folder sits beside the repository in CI and on
the development machine; a fresh clone has no ``../shared`` and this module
is skipped.  The records are read in place, never copied into the project.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from adjudicator.core.gcg import (
    GcgEncodingError,
    Play,
    RackPoints,
    Withdrawal,
    decode_gcg,
    parse_gcg,
    replay,
    write_gcg,
)
from adjudicator.loaders import load_config

REPO_ROOT = Path(__file__).resolve().parents[1]
GCG_DIR = REPO_ROOT.parent / "shared" / "data" / "gcg"

if not (GCG_DIR / "SOURCES.tsv").is_file():
    pytest.skip(f"no game records at {GCG_DIR}", allow_module_level=True)

# (file, line) -> why the record itself is wrong there.  Each entry was
# checked by hand; the test fails if an entry stops being an error.
KNOWN_RECORD_ERRORS: dict[tuple[str, int], str] = {
    ("woogles-io__liwords/pkg__puzzles__testdata__r20_peter.gcg", 19): (
        "N1 BRUnCH..Y is written +115, but the rack ?BCHRUY has no N, so the n is "
        "the blank and scores 0: B3 R1(DW) U1 n0 C3 H4x3(TL) I1 F4 Y4 = 29 x2 = 58, "
        "plus YE 5, plus the 50 bingo = 113.  +115 is the score with a real N.  The "
        "play was challenged off on the next line (-115), so the game is unaffected."
    ),
}

# Files that must be refused as a whole, and the error they must raise.
UNREADABLE: dict[str, type[Exception]] = {
    # Declares ISO8859-6 (Arabic) but holds UTF-8 bytes; only UTF-8 and
    # ISO-8859-1 are GCG encodings, so the decoder refuses to guess.
    "domino14__macondo/gcgio__testdata__name_weird_encoding_with_header.gcg": GcgEncodingError,
}


def _sources() -> dict[str, dict[str, str]]:
    with (GCG_DIR / "SOURCES.tsv").open(encoding="utf-8") as fh:
        return {row["local_file"]: row for row in csv.DictReader(fh, delimiter="\t")}


SOURCES = _sources()
FILES = sorted(p.relative_to(GCG_DIR).as_posix() for p in GCG_DIR.glob("*/*.gcg"))


@pytest.fixture(scope="module")
def registry():
    return load_config(REPO_ROOT / "config")


def _ruleset_name(rel: str) -> str:
    language = SOURCES[rel]["language/lexicon"].split("/")[0]
    return "scrabble-pl" if language == "polish" else "scrabble-en"


def test_every_file_is_listed_in_sources():
    assert FILES, "no *.gcg files found"
    assert sorted(SOURCES) == FILES


def test_known_errors_name_existing_files():
    for rel, _line in KNOWN_RECORD_ERRORS:
        assert rel in SOURCES
    for rel in UNREADABLE:
        assert rel in SOURCES


@pytest.mark.parametrize("rel", FILES)
def test_record(rel, registry):
    data = (GCG_DIR / rel).read_bytes()
    if rel in UNREADABLE:
        with pytest.raises(UNREADABLE[rel]):
            parse_gcg(decode_gcg(data))
        return
    record = parse_gcg(decode_gcg(data))
    assert len(record.events) == int(SOURCES[rel]["n_moves"])

    rules = registry.ruleset(_ruleset_name(rel))
    moves = replay(record, rules)
    wrong_plays = []
    for move in moves:
        ev = move.event
        known = KNOWN_RECORD_ERRORS.get((rel, ev.line))
        if isinstance(ev, Play):
            if known:
                assert not move.score_ok, f"line {ev.line} now scores as recorded: drop the entry"
            elif not move.score_ok:
                reason = move.error.detail if move.error else f"computed {move.computed}"
                wrong_plays.append(f"line {ev.line} {ev.raw.strip()!r}: {reason}")
        else:
            assert known is None, "KNOWN_RECORD_ERRORS lists only plays"
            if isinstance(ev, (Withdrawal, RackPoints)):
                assert move.score_ok, f"line {ev.line} {ev.raw!r}: computed {move.computed}"
        # The running total on each line follows from the scores before it.
        assert move.total_ok, f"line {ev.line} {ev.raw!r}: totals {move.totals}"
    assert not wrong_plays, "\n".join(wrong_plays)

    final = record.final_totals()
    assert all(
        recorded is None or recorded == replayed
        for recorded, replayed in zip(final, moves[-1].totals if moves else (), strict=True)
    )

    again = parse_gcg(write_gcg(record))
    assert again == record
    assert write_gcg(again) == write_gcg(record)


def test_placement_count(registry):
    """Every tile play of every readable record is replayed (none is silently dropped)."""
    plays = matched = 0
    for rel in FILES:
        if rel in UNREADABLE:
            continue
        record = parse_gcg(decode_gcg((GCG_DIR / rel).read_bytes()))
        for move in replay(record, registry.ruleset(_ruleset_name(rel))):
            if isinstance(move.event, Play):
                plays += 1
                matched += move.score_ok
    assert plays == matched + len(KNOWN_RECORD_ERRORS)
    assert plays > 2500
