"""What the benchmarks send: real placements from game records, and sampled words.

The scoring cases are every legal tile play of the records in
``../shared/data/gcg``, imported as the service imports a record
(``core.game_gcg.import_record``): the board before the play, its tiles and
the ruleset.  Without that folder a deterministic synthetic game on the
bundled English lexicon stands in, so the benchmarks run on a fresh clone.
"""

from __future__ import annotations

import csv
import itertools
import random
import sys
import typing as t
from dataclasses import dataclass
from pathlib import Path

from adjudicator.core.board import Board
from adjudicator.core.coords import parse_coord
from adjudicator.core.game_gcg import import_record
from adjudicator.core.gcg import decode_gcg, parse_gcg
from adjudicator.core.lexicon import Lexicon
from adjudicator.core.placement import PlacedTile, Placement, Swap, from_move
from adjudicator.core.ruleset import Ruleset
from adjudicator.core.scoring import score_placement
from adjudicator.core.tiles import BLANK_BIT
from adjudicator.errors import AdjudicatorError, PlacementError

try:
    from adjudicator.errors import GcgError
except ImportError:  # a release before errors/gcg.py, measured by bench/run --against
    from adjudicator.core.gcg import GcgError  # type: ignore[attr-defined,no-redef]

if t.TYPE_CHECKING:
    from adjudicator.loaders import Registry

GCG_DIR = Path(__file__).resolve().parents[2] / "shared" / "data" / "gcg"


@dataclass(frozen=True)
class Case:
    board: Board  # before the play
    placement: Placement
    rules: Ruleset
    move: str  # GCG notation, e.g. "8D WIND."


@dataclass(frozen=True)
class Record:
    name: str  # the file, relative to the records folder
    text: str
    ruleset: str


def load_cases(gcg_dir: Path, registry: Registry) -> tuple[list[Case], list[Record], str]:
    """The cases, the records they come from (none when synthetic), and their source."""
    if not gcg_dir.is_dir():
        return synthetic_cases(registry), [], "synthetic (no game records found)"
    records = read_records(gcg_dir)
    cases = [c for rec in records for c in record_cases(rec, registry)]
    return cases, records, f"{len(records)} game records in {gcg_dir}"


def read_records(gcg_dir: Path) -> list[Record]:
    """Every readable record, under the ruleset of its language (SOURCES.tsv)."""
    language = {}
    if (gcg_dir / "SOURCES.tsv").exists():
        with (gcg_dir / "SOURCES.tsv").open(encoding="utf-8") as fh:
            for row in csv.DictReader(fh, delimiter="\t"):
                language[row["local_file"]] = row["language/lexicon"].split("/")[0]
    out = []
    for path in sorted(gcg_dir.glob("*/*.gcg")):
        name = path.relative_to(gcg_dir).as_posix()
        try:
            text = decode_gcg(path.read_bytes())
            parse_gcg(text)
        except GcgError as exc:
            print(f"skipped {name}: {exc.detail}", file=sys.stderr)
            continue
        ruleset = "scrabble-pl" if language.get(name) == "polish" else "scrabble-en"
        out.append(Record(name, text, ruleset))
    return out


def record_cases(rec: Record, registry: Registry) -> list[Case]:
    """The record's legal tile plays, each with the board before it."""
    rules = registry.ruleset(rec.ruleset)
    try:
        _, events, _ = import_record(parse_gcg(rec.text), rules)
    except GcgError as exc:
        print(f"skipped {rec.name}: {exc.detail}", file=sys.stderr)
        return []

    def tile(label: str) -> int:
        # A label of the ruleset's own alphabet always reads as a tile, never None.
        return t.cast(int, rules.alphabet.tokenize(label)[0])

    board = previous = Board.empty(rules.layout.rows, rules.layout.cols)
    cases = []
    for event in events:
        if event.kind == "withdrawal":  # the last play is taken back
            board = previous
            continue
        previous = board
        if event.kind != "play":
            continue
        fields = _play_fields(event)
        placement = Placement(
            tuple(PlacedTile(r, c, tile(label)) for r, c, label in fields["placement"]),
            tuple(Swap(r, c, tile(label)) for r, c, label in fields.get("swaps", ())),
        )
        try:
            after = score_placement(board, placement, rules).board_after
        except PlacementError:  # an illegal play leaves the board as it was
            continue
        cases.append(Case(board, placement, rules, fields.get("move") or ""))
        board = after
    return cases


def _play_fields(event: t.Any) -> t.Mapping[str, t.Any]:
    """A play event's placement, swaps and move: a typed event's fields, or the
    ``data`` mapping of a release before typed events (measured by --against)."""
    data = getattr(event, "data", None)
    if data is not None:
        return t.cast(t.Mapping[str, t.Any], data)
    return {"placement": event.placement, "swaps": event.swaps, "move": event.move}


def synthetic_cases(registry: Registry, n: int = 400, seed: int = 7) -> list[Case]:
    """Legal plays of valid English words found by a seeded random search."""
    rules = registry.ruleset("scrabble-en")
    checker = registry.checker("scrabble-en")
    alpha, layout = rules.alphabet, rules.layout
    rng = random.Random(seed)
    words = [k for k in checker.lexicon.trie.iterkeys() if 2 <= len(k) <= 8]
    words = rng.sample(words, min(len(words), 20_000))
    board = Board.empty(layout.rows, layout.cols)
    cases: list[Case] = []
    for _ in range(200_000):
        if len(cases) >= n:
            break
        word = rng.choice(words)
        if board.is_empty:  # across through the start square
            down = False
            row, col = layout.start
            col -= rng.randrange(len(word))
        else:  # through a tile already on the board
            anchor = rng.choice([i for i, c in enumerate(board.cells) if c])
            spots = [i for i, ch in enumerate(word) if ch == alpha.key_char(board.cells[anchor])]
            if not spots:
                continue
            down = rng.random() < 0.5
            row, col = divmod(anchor, layout.cols)
            i = rng.choice(spots)
            row, col = (row - i, col) if down else (row, col - i)
        if row < 0 or col < 0:
            continue
        letter = chr(ord("A") + col)
        coord = f"{letter}{row + 1}" if down else f"{row + 1}{letter}"
        try:
            placement = from_move(board, parse_coord(coord), alpha.tokenize(word))
            scored = score_placement(board, placement, rules)
        except AdjudicatorError:
            continue
        if any(checker.judge(t_ & ~BLANK_BIT for t_ in w.tiles) for w in scored.words):
            continue  # a word formed across is not a word
        cases.append(Case(board, placement, rules, f"{coord} {word}"))
        board = scored.board_after
        if sum(1 for c in board.cells if c) > 70:
            board = Board.empty(layout.rows, layout.cols)
    return cases


def score_body(case: Case) -> dict[str, t.Any]:
    """The JSON body of ``POST /api/v1/score`` for a case: the board and the new tiles."""
    alpha = case.rules.alphabet
    body: dict[str, t.Any] = {"ruleset": case.rules.name}
    if not case.board.is_empty:
        body["board"] = case.board.to_strings(alpha)
    body["placement"] = [
        {"row": p.row, "col": p.col, "letter": alpha.label(p.tile & ~BLANK_BIT)}
        | ({"blank": True} if p.tile & BLANK_BIT else {})
        for p in case.placement.tiles
    ]
    return body


def sample_words(lexicon: Lexicon, rules: Ruleset, n: int, seed: int = 11) -> list[str]:
    """``n`` words as a player would type them: lexicon entries of 2 to 12 tiles, about
    a tenth of them with one letter changed (mostly phonies).  Entries are drawn under
    random two-letter prefixes, so a large trie is never listed in full."""
    alpha = rules.alphabet
    label = {alpha.key_char(i): alpha.label(i) for i in range(1, alpha.size + 1)}
    chars = list(label)
    rng = random.Random(seed)
    keys: list[str] = []
    for _ in range(50 * n):
        if len(keys) >= n:
            break
        prefix = rng.choice(chars) + rng.choice(chars)
        found = [
            k
            for k in itertools.islice(lexicon.trie.iterkeys(prefix), 2000)
            if 2 <= len(k) <= 12 and all(ch in label for ch in k)
        ]
        keys += rng.sample(found, min(3, len(found), n - len(keys)))
    words = []
    for key in keys:
        if rng.random() < 0.1:
            i = rng.randrange(len(key))
            key = key[:i] + rng.choice(chars) + key[i + 1 :]
        words.append("".join(label[ch] for ch in key))
    return words
