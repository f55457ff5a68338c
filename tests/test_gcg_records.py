"""Import the 116 published game records in ../shared/data/gcg as games.

Every tile play must score what the record says, every line's running total
must follow from the scores before it, and every record must survive a
write/parse round trip.  The import flags each disagreement; only the known
errors of the records themselves may be flagged.  The folder sits beside the repository in CI and on
the development machine; a fresh clone has no ``../shared`` and this module
is skipped.  The records are read in place, never copied into the project.
"""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

from adjudicator.core.game_gcg import import_record
from adjudicator.core.gcg import Play, decode_gcg, parse_gcg, write_gcg
from adjudicator.errors import GcgEncodingError
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


# A going-out bonus of twice the tiles' value (North American records) where the
# ruleset adds them once: the record is right under its own rules.
_DOUBLED = re.compile(r"event (\d+): \+(\d+) as recorded; \S+ gives \+(\d+)$")


def _flags_by_line(rel: str, registry) -> tuple[dict[int, str], list]:
    """The import's flags by the record line they are about, and the record's events."""
    record = parse_gcg(decode_gcg((GCG_DIR / rel).read_bytes()))
    _, _, state = import_record(record, registry.ruleset(_ruleset_name(rel)))
    flags: dict[int, str] = {}
    for flag in state.flags:
        doubled = _DOUBLED.match(flag)
        if doubled and int(doubled[2]) == 2 * int(doubled[3]):
            continue
        event = re.match(r"event (\d+): ", flag)
        line = re.match(r"line (\d+): ", flag)
        if event:
            flags[record.events[int(event[1])].line] = flag
        elif line:
            flags[int(line[1])] = flag
        else:
            flags[0] = flag  # about the record as a whole (its final totals)
    return flags, list(record.events)


@pytest.mark.parametrize("rel", FILES)
def test_record(rel, registry):
    data = (GCG_DIR / rel).read_bytes()
    if rel in UNREADABLE:
        with pytest.raises(UNREADABLE[rel]):
            parse_gcg(decode_gcg(data))
        return
    record = parse_gcg(decode_gcg(data))
    assert len(record.events) == int(SOURCES[rel]["n_moves"])

    flags, events = _flags_by_line(rel, registry)
    for (file, line), why in KNOWN_RECORD_ERRORS.items():
        if file == rel:
            assert line in flags, f"line {line} now scores as recorded: drop the entry ({why})"
            assert isinstance(next(e for e in events if e.line == line), Play)
            del flags[line]
    assert not flags, "\n".join(flags.values())

    again = parse_gcg(write_gcg(record))
    assert again == record
    assert write_gcg(again) == write_gcg(record)


def test_placement_count(registry):
    """Every tile play of every readable record is imported (none is silently dropped)."""
    plays = 0
    for rel in FILES:
        if rel in UNREADABLE:
            continue
        record = parse_gcg(decode_gcg((GCG_DIR / rel).read_bytes()))
        _, events, _ = import_record(record, registry.ruleset(_ruleset_name(rel)))
        assert [e.kind == "play" for e in events] == [isinstance(e, Play) for e in record.events]
        plays += sum(isinstance(e, Play) for e in record.events)
    assert plays > 2500
