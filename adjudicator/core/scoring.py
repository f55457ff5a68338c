"""Words formed by a placement and what each scores."""

from __future__ import annotations

import operator
import typing as t
from dataclasses import dataclass

from adjudicator.core.board import Board
from adjudicator.core.coords import ACROSS, DOWN
from adjudicator.core.placement import Placement, check_placement
from adjudicator.core.tiles import BLANK_BIT, EMPTY, Tile

if t.TYPE_CHECKING:
    from adjudicator.core.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class LetterScore:
    row: int
    col: int
    tile: Tile
    value: int  # face value as scored (0 for a Scrabble blank)
    letter_multiplier: int  # 1 unless a new tile sits on a letter premium
    word_multiplier: int  # 1 unless a new tile sits on a word premium
    new: bool


@dataclass(frozen=True, slots=True)
class WordScore:
    tiles: tuple[Tile, ...]
    row: int
    col: int
    direction: str
    main: bool
    letters: tuple[LetterScore, ...]
    word_multiplier: int
    score: int

    @property
    def new_tiles(self) -> int:
        return sum(1 for letter in self.letters if letter.new)


@dataclass(frozen=True, slots=True)
class ScoreBreakdown:
    words: tuple[WordScore, ...]
    tiles_placed: int
    bingo: bool
    bingo_bonus: int
    score: int
    board_after: Board


def score_placement(board: Board, placement: Placement, rules: Ruleset) -> ScoreBreakdown:
    """Check the placement, then score every word it forms, the main word first.

    :raises PlacementError: the first legality rule the placement breaks.
    """
    check_placement(board, placement, rules)
    after = board.place(
        [(s.row, s.col, s.tile & ~BLANK_BIT) for s in placement.swaps]
        + [(p.row, p.col, p.tile) for p in placement.tiles]
    )
    runs = _runs(after, placement)
    main = _main_run(runs, placement)
    words = [_score_word(after, board, rules, run, main=run == main) for run in runs]
    if main is not None:  # the main word first, the others in the order found
        words.insert(0, words.pop(runs.index(main)))
    placed = len(placement.tiles)
    bingo = rules.bingo_bonus > 0 and placed >= rules.bingo_min_tiles
    bonus = rules.bingo_bonus if bingo else 0
    return ScoreBreakdown(
        words=tuple(words),
        tiles_placed=placed,
        bingo=bingo,
        bingo_bonus=bonus,
        score=sum(w.score for w in words) + bonus,
        board_after=after,
    )


class _Run(t.NamedTuple):
    """A line of two or more tiles through a new tile."""

    row: int
    col: int
    direction: str
    length: int

    def holds(self, row: int, col: int) -> bool:
        if self.direction == ACROSS:
            return row == self.row and self.col <= col < self.col + self.length
        return col == self.col and self.row <= row < self.row + self.length


_row_col = operator.attrgetter("row", "col")


def _runs(after: Board, placement: Placement) -> list[_Run]:
    """Every run of 2+ tiles through a new tile, in the order of the tiles (row by
    row), across before down."""
    runs: list[_Run] = []
    # How far the last run found along each row (across) and column (down) reaches:
    # the tiles come in order, so a tile short of that is in a run already found.
    reach: dict[tuple[str, int], int] = {}
    for p in sorted(placement.tiles, key=_row_col):
        for direction, dr, dc in ((ACROSS, 0, 1), (DOWN, 1, 0)):
            line, along = (p.row, p.col) if direction == ACROSS else (p.col, p.row)
            if along <= reach.get((direction, line), -1):
                continue
            row, col = p.row, p.col
            while after.occupied(row - dr, col - dc):
                row, col = row - dr, col - dc
            length = 1
            while after.occupied(row + dr * length, col + dc * length):
                length += 1
            reach[direction, line] = along + length - 1 - (p.row - row) - (p.col - col)
            if length > 1:
                runs.append(_Run(row, col, direction, length))
    return runs


def _main_run(runs: list[_Run], placement: Placement) -> _Run | None:
    """The main word runs along the play; a single tile's main word is across if any;
    a several-line move's is the one holding the most new tiles."""
    if not runs:
        return None
    tiles = placement.tiles
    if len(tiles) > 1:
        if all(p.row == tiles[0].row for p in tiles):
            return next((r for r in runs if r.direction == ACROSS), runs[0])
        if all(p.col == tiles[0].col for p in tiles):
            return next((r for r in runs if r.direction == DOWN), runs[0])

    def new_tiles(run: _Run) -> int:
        return sum(1 for p in tiles if run.holds(p.row, p.col))

    return max(runs, key=lambda r: (new_tiles(r), r.direction == ACROSS))


def _score_word(after: Board, before: Board, rules: Ruleset, run: _Run, main: bool) -> WordScore:
    """Score one run.  A tile is new when its square was empty before the play: a
    legal placement fills only empty squares, and a star swap replaces a tile.
    The board and the layout are both row-major, so one index reads the square's
    tile before and after and its premium."""
    dr, dc = (0, 1) if run.direction == ACROSS else (1, 0)
    step = dr * after.cols + dc
    first = run.row * after.cols + run.col
    tiles = tuple(after.cells[first : first + step * run.length : step])
    premiums, alphabet = rules.layout.squares, rules.alphabet
    blanks_score = rules.blank_scores_letter
    letters: list[LetterScore] = []
    total, word_mult = 0, 1
    for k, tile in enumerate(tiles):
        i = first + k * step
        value = alphabet.score(tile) if blanks_score or not tile & BLANK_BIT else 0
        new = before.cells[i] == EMPTY
        lm, wm = (premiums[i].letter, premiums[i].word) if new else (1, 1)
        word_mult *= wm
        total += value * lm
        letters.append(
            LetterScore(
                row=run.row + k * dr,
                col=run.col + k * dc,
                tile=tile,
                value=value,
                letter_multiplier=lm,
                word_multiplier=wm,
                new=new,
            )
        )
    return WordScore(
        tiles=tiles,
        row=run.row,
        col=run.col,
        direction=run.direction,
        main=main,
        letters=tuple(letters),
        word_multiplier=word_mult,
        score=total * word_mult,
    )
