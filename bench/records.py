"""Scoring cases for the benchmarks: real placements from the shared game records.

Each record under ``../shared/data/gcg`` is replayed once with
:func:`adjudicator.core.gcg.replay`; every legal tile play gives a case (the
board before it, the placement, the ruleset).  Without the records, a short
synthetic game is played on the bundled English lexicon instead, so the
benchmarks still run on a fresh clone.
"""

from __future__ import annotations

import csv
import random
import sys
import typing as t
from dataclasses import dataclass
from pathlib import Path

from adjudicator.core.board import Board
from adjudicator.core.coords import parse_coord
from adjudicator.core.gcg import GcgError, Play, decode_gcg, parse_gcg, replay
from adjudicator.core.placement import Placement, from_move
from adjudicator.core.ruleset import Ruleset
from adjudicator.core.scoring import score_placement
from adjudicator.core.tiles import BLANK_BIT
from adjudicator.core.verdict import judge_key
from adjudicator.errors import AdjudicatorError

if t.TYPE_CHECKING:
    from adjudicator.loaders import Registry

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_GCG_DIR = REPO_ROOT.parent / "shared" / "data" / "gcg"


@dataclass(frozen=True)
class Case:
    board: Board
    placement: Placement
    rules: Ruleset
    move: str  # GCG notation, e.g. "8D WIND."
    source: str


@dataclass(frozen=True)
class Record:
    rel: str
    text: str
    ruleset: str


def _ruleset_for(language: dict[str, str], rel: str) -> str:
    return "scrabble-pl" if language.get(rel) == "polish" else "scrabble-en"


def records(gcg_dir: Path) -> list[Record]:
    """Every readable record, with the ruleset it is scored under."""
    language: dict[str, str] = {}
    sources = gcg_dir / "SOURCES.tsv"
    if sources.exists():
        with sources.open(encoding="utf-8") as fh:
            language = {
                row["local_file"]: row["language/lexicon"].split("/")[0]
                for row in csv.DictReader(fh, delimiter="\t")
            }
    out = []
    for path in sorted(gcg_dir.glob("*/*.gcg")):
        rel = path.relative_to(gcg_dir).as_posix()
        try:
            text = decode_gcg(path.read_bytes())
            parse_gcg(text)
        except GcgError as exc:  # an unreadable record is not a scoring case
            print(f"skipped {rel}: {exc.detail}", file=sys.stderr)
            continue
        out.append(Record(rel, text, _ruleset_for(language, rel)))
    return out


def collect(gcg_dir: Path, registry: Registry, recs: list[Record] | None = None) -> list[Case]:
    """(board before, placement, ruleset) of every legal tile play of the records."""
    cases = []
    for rec in records(gcg_dir) if recs is None else recs:
        rules = registry.ruleset(rec.ruleset)
        try:
            moves = replay(parse_gcg(rec.text), rules)
        except GcgError as exc:
            print(f"skipped {rec.rel}: {exc.detail}", file=sys.stderr)
            continue
        for i, move in enumerate(moves):
            if not isinstance(move.event, Play) or move.error is not None:
                continue
            before = moves[i - 1].board if i else Board.empty(rules.layout.rows, rules.layout.cols)
            tiles = rules.alphabet.tokenize(move.event.word, extra={".": None})
            placement = from_move(before, parse_coord(move.event.coord), tiles)
            cases.append(
                Case(before, placement, rules, f"{move.event.coord} {move.event.word}", rec.rel)
            )
    return cases


def synthetic_cases(registry: Registry, n: int = 400, seed: int = 7) -> list[Case]:
    """Legal plays of valid words found by random search on the bundled English lexicon.

    Used when the shared records are absent.  Deterministic for a given seed.
    """
    rules = registry.ruleset("scrabble-en")
    lexicon = registry.lexicons[rules.lexicon or ""]
    alpha = rules.alphabet
    rng = random.Random(seed)
    words = [k for k in lexicon.trie.iterkeys() if 2 <= len(k) <= 8]
    words = rng.sample(words, min(len(words), 20_000))
    size = (rules.layout.rows, rules.layout.cols)
    board = Board.empty(*size)
    cases: list[Case] = []
    attempts = 0
    while len(cases) < n and attempts < 200_000:
        attempts += 1
        word = rng.choice(words)
        if board.is_empty:
            down = False
            row, col = rules.layout.start
            col -= rng.randrange(len(word))
        else:
            occupied = [i for i, c in enumerate(board.cells) if c]
            anchor = rng.choice(occupied)
            down = rng.random() < 0.5
            letter = alpha.key_char(board.cells[anchor] & ~BLANK_BIT)
            spots = [i for i, ch in enumerate(word) if ch == letter]
            if not spots:
                continue
            i = rng.choice(spots)
            row, col = divmod(anchor, size[1])
            row, col = (row - i, col) if down else (row, col - i)
        if row < 0 or col < 0:
            continue
        coord = f"{chr(ord('A') + col)}{row + 1}" if down else f"{row + 1}{chr(ord('A') + col)}"
        try:
            placement = from_move(board, parse_coord(coord), alpha.tokenize(word))
            breakdown = score_placement(board, placement, rules)
        except AdjudicatorError:
            continue
        keys = [alpha.key(t_ & ~BLANK_BIT for t_ in w.tiles) for w in breakdown.words]
        if not all(judge_key(lexicon, rules, k).valid for k in keys):
            continue
        cases.append(Case(board, placement, rules, f"{coord} {word}", "synthetic"))
        board = breakdown.board_after
        if sum(1 for c in board.cells if c) > 70:
            board = Board.empty(*size)
    return cases


def load_cases(gcg_dir: Path | None, registry: Registry) -> tuple[list[Case], list[Record], str]:
    """Cases and records from the record folder when present, else synthetic cases and
    no records; and where the cases came from."""
    gcg_dir = DEFAULT_GCG_DIR if gcg_dir is None else gcg_dir
    if gcg_dir.is_dir():
        recs = records(gcg_dir)
        return collect(gcg_dir, registry, recs), recs, str(gcg_dir)
    return synthetic_cases(registry), [], "synthetic (no game records found)"


def score_body(case: Case) -> dict[str, t.Any]:
    """The JSON body of ``POST /api/v1/score`` for a case: the board and its new tiles."""
    alpha = case.rules.alphabet
    body: dict[str, t.Any] = {"ruleset": case.rules.name}
    if not case.board.is_empty:
        body["board"] = case.board.to_strings(alpha)
    body["placement"] = [
        {
            "row": p.row,
            "col": p.col,
            "letter": alpha.label(p.tile & ~BLANK_BIT),
            **({"blank": True} if p.tile & BLANK_BIT else {}),
        }
        for p in case.placement.tiles
    ]
    return body
