"""Words formed by a placement and what each scores."""

from __future__ import annotations

import inspect
import typing as t
from dataclasses import dataclass, fields

from adjudicator.core.board import Board
from adjudicator.core.coords import ACROSS, DOWN
from adjudicator.core.placement import Placement, check_placement
from adjudicator.core.tiles import BLANK_BIT, Tile

if t.TYPE_CHECKING:
    from adjudicator.core.ruleset import Ruleset


@dataclass(frozen=True, init=False)
class LetterScore:
    row: int
    col: int
    tile: Tile
    value: int  # face value as scored (0 for a Scrabble blank)
    letter_multiplier: int  # 1 unless a new tile sits on a letter premium
    word_multiplier: int  # 1 unless a new tile sits on a word premium
    new: bool

    # Written out because it runs for every letter of every word scored: one
    # dict update instead of the frozen dataclass's seven object.__setattr__
    # calls halves its cost.  The field check below keeps it in step.
    def __init__(
        self,
        row: int,
        col: int,
        tile: Tile,
        value: int,
        letter_multiplier: int,
        word_multiplier: int,
        new: bool,
    ) -> None:
        self.__dict__.update(
            row=row,
            col=col,
            tile=tile,
            value=value,
            letter_multiplier=letter_multiplier,
            word_multiplier=word_multiplier,
            new=new,
        )


if list(inspect.signature(LetterScore.__init__).parameters)[1:] != [
    f.name for f in fields(LetterScore)
]:
    raise TypeError("LetterScore.__init__ must take every field, in order")


@dataclass(frozen=True)
class WordScore:
    tiles: tuple[Tile, ...]
    row: int
    col: int
    direction: str
    main: bool
    letters: tuple[LetterScore, ...]
    word_multiplier: int
    score: int


@dataclass(frozen=True)
class ScoreBreakdown:
    words: tuple[WordScore, ...]
    tiles_placed: int
    bingo: bool
    bingo_bonus: int
    score: int
    board_after: Board


def score_placement(board: Board, placement: Placement, rules: Ruleset) -> ScoreBreakdown:
    """Check the placement, then score every word it forms.

    :raises PlacementError: the first legality rule the placement breaks.
    """
    check_placement(board, placement, rules)
    cells = list(board.cells)
    cols = board.cols
    for s in placement.swaps:
        cells[s.row * cols + s.col] = s.tile & ~BLANK_BIT
    for p in placement.tiles:
        cells[p.row * cols + p.col] = p.tile
    after = Board(board.rows, cols, tuple(cells))
    new = placement.squares()
    raw = [
        _score_word(after, new, rules, row, col, direction)
        for row, col, direction in _word_starts(after, placement)
    ]
    main = _main_index(raw, placement)
    words = [
        WordScore(tiles, row, col, direction, i == main, letters, word_mult, score)
        for i, (tiles, row, col, direction, letters, word_mult, score, _new) in enumerate(raw)
    ]
    if main > 0:  # the main word first, the others in the order found
        words.insert(0, words.pop(main))
    placed = len(placement.tiles)
    bingo = rules.bingo_bonus > 0 and placed >= rules.bingo_min_tiles
    bonus = rules.bingo_bonus if bingo else 0
    total = sum(w.score for w in words) + bonus
    return ScoreBreakdown(tuple(words), placed, bingo, bonus, total, after)


def _row_col(p: t.Any) -> tuple[int, int]:
    return (p.row, p.col)


def _word_starts(after: Board, placement: Placement) -> list[tuple[int, int, str]]:
    """Start square and direction of every run of 2+ tiles through a new tile."""
    cells, rows, cols = after.cells, after.rows, after.cols
    starts: list[tuple[int, int, str]] = []
    seen: set[tuple[int, int, str]] = set()
    for p in sorted(placement.tiles, key=_row_col):
        row, col = p.row, p.col
        # Across: back to the first tile of the run, then is there a second tile?
        c, i = col, row * cols + col
        while c > 0 and cells[i - 1]:
            c, i = c - 1, i - 1
        key = (row, c, ACROSS)
        if key not in seen and c + 1 < cols and cells[i + 1]:
            seen.add(key)
            starts.append(key)
        # Down, likewise.
        r, i = row, row * cols + col
        while r > 0 and cells[i - cols]:
            r, i = r - 1, i - cols
        key = (r, col, DOWN)
        if key not in seen and r + 1 < rows and cells[i + cols]:
            seen.add(key)
            starts.append(key)
    return starts


# A word as found: tiles, row, col, direction, letters, word multiplier, score,
# and how many of its tiles are new (for choosing the main word).
_RawWord = tuple[tuple[Tile, ...], int, int, str, tuple[LetterScore, ...], int, int, int]


def _score_word(
    after: Board, new: set[tuple[int, int]], rules: Ruleset, row: int, col: int, direction: str
) -> _RawWord:
    cells, rows, cols = after.cells, after.rows, after.cols
    layout = rules.layout
    squares, layout_cols = layout.squares, layout.cols
    scores = rules.alphabet.scores
    blank_zero = not rules.blank_scores_letter
    across = direction == ACROSS
    letters: list[LetterScore] = []
    tiles: list[Tile] = []
    total = 0
    word_mult = 1
    new_count = 0
    r, c = row, col
    while r < rows and c < cols:
        tile = cells[r * cols + c]
        if not tile:
            break
        value = 0 if (tile & BLANK_BIT and blank_zero) else scores[tile & ~BLANK_BIT]
        if (r, c) in new:
            prem = squares[r * layout_cols + c]
            lm, wm = prem.letter, prem.word
            letters.append(LetterScore(r, c, tile, value, lm, wm, True))
            word_mult *= wm
            new_count += 1
        else:
            lm = 1
            letters.append(LetterScore(r, c, tile, value, 1, 1, False))
        tiles.append(tile)
        total += value * lm
        if across:
            c += 1
        else:
            r += 1
    return (
        tuple(tiles),
        row,
        col,
        direction,
        tuple(letters),
        word_mult,
        total * word_mult,
        new_count,
    )


def _main_index(words: list[_RawWord], placement: Placement) -> int:
    """The main word runs along the play; a single tile's main word is across if any."""
    if not words:
        return -1
    tiles = placement.tiles
    if len(tiles) > 1:
        first = tiles[0]
        if all(p.row == first.row for p in tiles):
            want = ACROSS
        elif all(p.col == first.col for p in tiles):
            want = DOWN
        else:
            want = ""
        if want:
            return next((i for i, w in enumerate(words) if w[3] == want), 0)
    # One tile, or a several-line move: the word holding the most new tiles.
    return max(range(len(words)), key=lambda i: (words[i][7], words[i][3] == ACROSS))
