"""Duplicate Scrabble: a slip's ruling.

Every player plays the same draw on the same board (FISF, Règlement du
Scrabble Duplicate, introduction, https://scrabbleson.net/02_03/scrabble/regle.htm).
A slip (the word, its reference, the score its player writes) is ruled at
once: null, or valid at its real score, with the warnings and penalties of the
FISF's abridged rules (https://fr.scribd.com/document/682682624, "Avertissement
et pénalité") and of its amendment of 1 January 2016 (art. 5.3.1: a reference
wrong or missing, or the word's last letter, already on the board, left off, is
worth the play at a penalty when the written score is the play's).  What a
slip's warnings cost depends on the player's earlier ones, and is settled with
the game's other slips (core/duplicate_standings.py).  The numbers are the
ruleset's ``duplicate`` mapping.
"""

from __future__ import annotations

import typing as t
from dataclasses import dataclass, replace
from enum import StrEnum

from adjudicator.core.board import Board
from adjudicator.core.coords import ACROSS, DOWN, Coord
from adjudicator.core.duplicate_rules import DuplicateRules, FinalLetter, ReferenceOff
from adjudicator.core.placement import PlacedTile, Placement
from adjudicator.core.scoring import score_placement
from adjudicator.core.tiles import BLANK, BLANK_BIT, EMPTY, Tile, count_tiles
from adjudicator.errors import PlacementError, UnknownTileError

if t.TYPE_CHECKING:
    from adjudicator.core.ruleset import Ruleset


class Nullity(StrEnum):
    """Why a slip scores nothing."""

    BLANK_SLIP = "blank-slip"  # nothing written
    LATE = "late-slip"  # written after time
    SEVERAL_SLIPS = "several-slips"  # several slips for the same move (settled)
    NOT_FROM_DRAW = "not-from-draw"  # a letter the draw does not hold
    ILLEGAL_PLACEMENT = "illegal-placement"  # off the board, not connected, over other tiles
    NOT_IN_FULL = "not-in-full"  # the word runs on into letters on the board
    INVALID_WORD = "invalid-word"  # a word formed that the lexicon does not hold
    AMBIGUOUS_REFERENCE = "ambiguous-reference"  # the written score fits several places


class SlipWarning(StrEnum):
    SCORE_MISSING = "score-missing"
    WRONG_SCORE = "wrong-score"
    UNMARKED_BLANK = "unmarked-blank"  # the blank's letter not circled
    WRONG_LETTER_MARKED = "wrong-letter-marked"  # a letter other than the blank circled
    ILLEGIBLE = "illegible"  # the arbiter's call


class Penalty(StrEnum):
    REFERENCE_OFF = "reference-off"  # the reference wrong or missing
    FINAL_LETTER = "final-letter"  # the last letter, on the board, left off or miswritten
    WARNINGS = "warnings"  # a warning past the free ones (settled)


@dataclass(frozen=True, slots=True)
class SlipIn:
    """A slip as handed in: the word as written (lower case: the blank's
    letter circled), the reference, the announced score (None: not written)."""

    player: int
    word: str
    coord: Coord | None
    announced: int | None = None
    late: bool = False
    illegible: bool = False


@dataclass(frozen=True, slots=True)
class SlipRuling:
    player: int
    null: Nullity | None
    score: int  # the play's real score (0 when null)
    warnings: tuple[SlipWarning, ...] = ()
    penalties: tuple[tuple[Penalty, int], ...] = ()
    placement: Placement | None = None
    coord: Coord | None = None  # where it was ruled (the written one, or the square beside it)
    invalid_words: tuple[tuple[Tile, ...], ...] = ()

    @property
    def points(self) -> int:
        """What the slip earns: its score less its penalties."""
        return self.score - sum(p for _, p in self.penalties)


def rule_slip(
    rules: Ruleset,
    board: Board,
    draw: t.Sequence[Tile],
    slip: SlipIn,
    is_word: t.Callable[[t.Sequence[Tile]], bool],
    *,
    round_no: int,
) -> SlipRuling:
    """Rule one slip of round ``round_no`` on its ``board`` and ``draw``
    (undesignated tiles), alone: what several slips and earlier warnings cost
    is settled with the game (core/duplicate_standings.py)."""
    ruling = _rule(rules, board, draw, slip, is_word, round_no)
    # A null slip is shown where it was written.
    return ruling if ruling.coord is not None else replace(ruling, coord=slip.coord)


_RECOVERABLE = (
    Nullity.NOT_FROM_DRAW,
    Nullity.ILLEGAL_PLACEMENT,
    Nullity.NOT_IN_FULL,
    Nullity.INVALID_WORD,
)


def _rule(
    rules: Ruleset,
    board: Board,
    draw: t.Sequence[Tile],
    slip: SlipIn,
    is_word: t.Callable[[t.Sequence[Tile]], bool],
    round_no: int,
) -> SlipRuling:
    player = slip.player
    if not slip.word.strip():
        return SlipRuling(player, Nullity.BLANK_SLIP, 0)
    if slip.late:
        return SlipRuling(player, Nullity.LATE, 0)
    try:
        written = rules.reader.tiles(slip.word)
    except UnknownTileError:
        return SlipRuling(player, Nullity.NOT_FROM_DRAW, 0)
    ruled = SlipRuling(0, Nullity.ILLEGAL_PLACEMENT, 0)  # no reference
    if slip.coord is not None:
        ruled = _at(rules, board, draw, written, slip.coord, is_word)
    penalties: list[tuple[Penalty, int]] = []
    if ruled.null in _RECOVERABLE:
        found = _recovered(rules, board, draw, written, slip, is_word, round_no)
        if isinstance(found, Nullity):
            ruled = SlipRuling(0, found, 0)
        elif found is not None:
            ruled = found[0]
            penalties.append(found[1])
    if ruled.null is not None:
        return SlipRuling(player, ruled.null, 0, invalid_words=ruled.invalid_words)
    warnings = list(ruled.warnings)
    if slip.announced is None:
        warnings.append(SlipWarning.SCORE_MISSING)
    elif slip.announced != ruled.score:
        warnings.append(SlipWarning.WRONG_SCORE)
    if slip.illegible:
        warnings.append(SlipWarning.ILLEGIBLE)
    return SlipRuling(
        player,
        None,
        ruled.score,
        tuple(warnings),
        tuple(penalties),
        ruled.placement,
        ruled.coord,
    )


Recovered = tuple[SlipRuling, tuple[Penalty, int]]


def _recovered(
    rules: Ruleset,
    board: Board,
    draw: t.Sequence[Tile],
    written: t.Sequence[Tile],
    slip: SlipIn,
    is_word: t.Callable[[t.Sequence[Tile]], bool],
    round_no: int,
) -> Recovered | Nullity | None:
    """A slip not legal as written, ruled as the rules recover it: the word with
    its last letter from the board (``final_letter``), or at another reference
    (``reference_off``); a Nullity when the written score fits several places."""
    dup = _dup(rules)
    scored = slip.announced

    def fits(ruling: SlipRuling) -> bool:
        return ruling.null is None and ruling.score == scored

    if slip.coord is not None and dup.final_letter == FinalLetter.PENALTY and scored is not None:
        for whole in _with_final_letter(rules, board, written, slip.coord):
            ruling = _at(rules, board, draw, whole, slip.coord, is_word)
            if fits(ruling):
                return ruling, (Penalty.FINAL_LETTER, dup.final_letter_penalty)
    if round_no < dup.reference_off_from_round:
        return None
    off = (Penalty.REFERENCE_OFF, dup.reference_off_penalty)
    if dup.reference_off == ReferenceOff.BESIDE and slip.coord is not None:
        for beside in _beside(slip.coord):
            ruling = _at(rules, board, draw, written, beside, is_word)
            if ruling.null is None:
                return ruling, off
    elif dup.reference_off == ReferenceOff.WRITTEN_SCORE and scored is not None:
        directions = (slip.coord.direction,) if slip.coord is not None else (ACROSS, DOWN)
        found = [
            ruling
            for coord in _everywhere(rules, len(written), directions)
            if fits(ruling := _at(rules, board, draw, written, coord, is_word))
        ]
        if len(found) > 1:
            return Nullity.AMBIGUOUS_REFERENCE
        if found:
            return found[0], off
    return None


def _with_final_letter(
    rules: Ruleset, board: Board, written: t.Sequence[Tile], coord: Coord
) -> t.Iterator[list[Tile]]:
    """The written word with its end taken from the board: the letters there
    after it (the last one left off), or in place of its last letter (miswritten)."""
    dr, dc = coord.step
    for start in (len(written), len(written) - 1):
        row, col = coord.row + dr * start, coord.col + dc * start
        run: list[Tile] = []
        while rules.layout.on_board(row, col) and board.get(row, col) != EMPTY:
            run.append(board.get(row, col))
            row, col = row + dr, col + dc
        if run and (start == len(written) or (run[0] ^ written[-1]) & ~BLANK_BIT):
            yield [*written[:start], *run]


def _everywhere(rules: Ruleset, length: int, directions: t.Iterable[str]) -> t.Iterator[Coord]:
    """Every reference at which a word of ``length`` tiles lies on the board."""
    layout = rules.layout
    for direction in directions:
        rows = layout.rows - (length - 1 if direction == DOWN else 0)
        cols = layout.cols - (length - 1 if direction == ACROSS else 0)
        for row in range(rows):
            for col in range(cols):
                yield Coord(row, col, direction)


def _at(
    rules: Ruleset,
    board: Board,
    draw: t.Sequence[Tile],
    written: t.Sequence[Tile],
    coord: Coord,
    is_word: t.Callable[[t.Sequence[Tile]], bool],
) -> SlipRuling:
    """The slip's word ruled at ``coord``: its new tiles taken from the draw; the
    squares just before and after it must be empty (the word written in full)."""
    dr, dc = coord.step
    for k in (-1, len(written)):
        row, col = coord.row + dr * k, coord.col + dc * k
        if rules.layout.on_board(row, col) and board.get(row, col) != EMPTY:
            return SlipRuling(0, Nullity.NOT_IN_FULL, 0)
    new: list[tuple[int, int, Tile]] = []
    for i, tile in enumerate(written):
        row, col = coord.row + dr * i, coord.col + dc * i
        if not rules.layout.on_board(row, col):
            return SlipRuling(0, Nullity.ILLEGAL_PLACEMENT, 0)
        here = board.get(row, col)
        if here != EMPTY:
            if (here & ~BLANK_BIT) != (tile & ~BLANK_BIT):
                return SlipRuling(0, Nullity.ILLEGAL_PLACEMENT, 0)
            continue
        new.append((row, col, tile))
    tiles, warnings = _from_draw(draw, new)
    if tiles is None:
        return SlipRuling(0, Nullity.NOT_FROM_DRAW, 0)
    placement = Placement(tuple(PlacedTile(r, c, tile) for r, c, tile in tiles))
    try:
        breakdown = score_placement(board, placement, rules)
    except PlacementError:
        return SlipRuling(0, Nullity.ILLEGAL_PLACEMENT, 0)
    bad = tuple(w.tiles for w in breakdown.words if not is_word([x & ~BLANK_BIT for x in w.tiles]))
    if bad:
        return SlipRuling(0, Nullity.INVALID_WORD, 0, invalid_words=bad)
    return SlipRuling(0, None, breakdown.score, tuple(warnings), (), placement, coord)


def _from_draw(
    draw: t.Sequence[Tile], new: t.Sequence[tuple[int, int, Tile]]
) -> tuple[list[tuple[int, int, Tile]] | None, list[SlipWarning]]:
    """The new tiles as the draw can give them: a circled letter is the blank
    while there is one; an uncircled letter the draw lacks is the blank, with a
    warning; a circled letter with no blank left is the letter, with a warning."""
    have = count_tiles(draw)
    out: list[tuple[int, int, Tile]] = []
    warnings: list[SlipWarning] = []
    for row, col, tile in new:
        letter = tile & ~BLANK_BIT
        if tile & BLANK_BIT and have.get(BLANK, 0):
            have[BLANK] -= 1
            out.append((row, col, tile))
        elif have.get(letter, 0):
            have[letter] -= 1
            out.append((row, col, letter))
            if tile & BLANK_BIT:
                warnings.append(SlipWarning.WRONG_LETTER_MARKED)
        elif have.get(BLANK, 0):
            have[BLANK] -= 1
            out.append((row, col, letter | BLANK_BIT))
            warnings.append(SlipWarning.UNMARKED_BLANK)
        else:
            return None, []
    return out, sorted(set(warnings), key=list(SlipWarning).index)


def _beside(coord: Coord) -> list[Coord]:
    """The references a square off: along the word first, then across it."""
    r, c, d = coord.row, coord.col, coord.direction
    along = [(0, -1), (0, 1)] if d == ACROSS else [(-1, 0), (1, 0)]
    across = [(-1, 0), (1, 0)] if d == ACROSS else [(0, -1), (0, 1)]
    return [Coord(r + dr, c + dc, d) for dr, dc in along + across if r + dr >= 0 and c + dc >= 0]


def _dup(rules: Ruleset) -> DuplicateRules:
    if rules.duplicate is None:
        raise ValueError(f"ruleset {rules.name!r} has no duplicate rules")
    return rules.duplicate
