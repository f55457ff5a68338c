"""Words formed by a placement and what each scores."""

from __future__ import annotations

import inspect
import operator
import typing as t
from dataclasses import dataclass, fields

from adjudicator.core.board import Board
from adjudicator.core.coords import ACROSS, DOWN
from adjudicator.core.placement import Placement, check_placement
from adjudicator.core.tiles import BLANK_BIT, EMPTY, Tile

if t.TYPE_CHECKING:
    from adjudicator.core.ruleset import Ruleset


# The three result classes write their fields with one dict update instead of
# the frozen dataclass's object.__setattr__ per field: they are made for every
# letter and word scored, and this more than halves their cost.  The check
# below keeps each __init__ in step with its fields.


@dataclass(frozen=True, init=False)
class LetterScore:
    row: int
    col: int
    tile: Tile
    value: int  # face value as scored (0 for a Scrabble blank)
    letter_multiplier: int  # 1 unless a new tile sits on a letter premium
    word_multiplier: int  # 1 unless a new tile sits on a word premium
    new: bool

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
            {
                "row": row,
                "col": col,
                "tile": tile,
                "value": value,
                "letter_multiplier": letter_multiplier,
                "word_multiplier": word_multiplier,
                "new": new,
            }
        )


@dataclass(frozen=True, init=False)
class WordScore:
    tiles: tuple[Tile, ...]
    row: int
    col: int
    direction: str
    main: bool
    letters: tuple[LetterScore, ...]
    word_multiplier: int
    score: int

    def __init__(
        self,
        tiles: tuple[Tile, ...],
        row: int,
        col: int,
        direction: str,
        main: bool,
        letters: tuple[LetterScore, ...],
        word_multiplier: int,
        score: int,
    ) -> None:
        self.__dict__.update(
            {
                "tiles": tiles,
                "row": row,
                "col": col,
                "direction": direction,
                "main": main,
                "letters": letters,
                "word_multiplier": word_multiplier,
                "score": score,
            }
        )


@dataclass(frozen=True, init=False)
class ScoreBreakdown:
    words: tuple[WordScore, ...]
    tiles_placed: int
    bingo: bool
    bingo_bonus: int
    score: int
    board_after: Board

    def __init__(
        self,
        words: tuple[WordScore, ...],
        tiles_placed: int,
        bingo: bool,
        bingo_bonus: int,
        score: int,
        board_after: Board,
    ) -> None:
        self.__dict__.update(
            {
                "words": words,
                "tiles_placed": tiles_placed,
                "bingo": bingo,
                "bingo_bonus": bingo_bonus,
                "score": score,
                "board_after": board_after,
            }
        )


for _cls in (LetterScore, WordScore, ScoreBreakdown):
    if list(inspect.signature(_cls.__init__).parameters)[1:] != [f.name for f in fields(_cls)]:
        raise TypeError(f"{_cls.__name__}.__init__ must take every field, in order")


def score_placement(board: Board, placement: Placement, rules: Ruleset) -> ScoreBreakdown:
    """Check the placement, then score every word it forms.

    :raises PlacementError: the first legality rule the placement breaks.
    """
    check_placement(board, placement, rules)
    after = _board_after(board, placement)
    raw = _score_words(after, board, rules, _word_starts(after, placement))
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


def _board_after(board: Board, placement: Placement) -> Board:
    """The board with the swapped stars and the placed tiles on it, with its
    :meth:`Board.packed` worked out from the old board's when that has one."""
    cols = board.cols
    cells = list(board.cells)
    for s in placement.swaps:
        cells[s.row * cols + s.col] = s.tile & ~BLANK_BIT
    for p in placement.tiles:
        cells[p.row * cols + p.col] = p.tile
    packed = board.packed()
    if packed is None:
        return Board(board.rows, cols, tuple(cells))
    buf = bytearray(packed)
    try:
        for s in placement.swaps:
            buf[s.row * cols + s.col] = s.tile & ~BLANK_BIT
        for p in placement.tiles:
            buf[p.row * cols + p.col] = p.tile
    except (ValueError, TypeError):  # a tile that is not a byte
        return Board(board.rows, cols, tuple(cells))
    return Board.from_packed(board.rows, cols, bytes(buf), tuple(cells))


_row_col = operator.attrgetter("row", "col")


def _word_starts(after: Board, placement: Placement) -> list[tuple[int, int, str, int]]:
    """Start square, direction and length of every run of 2+ tiles through a new
    tile, in the order of the tiles (row by row), across before down."""
    cells, rows, cols = after.cells, after.rows, after.cols
    starts: list[tuple[int, int, str, int]] = []
    # The run each direction found last (its row and last column across; its last
    # row per column down): a later tile inside it adds nothing.
    across_row, across_end = -1, -1
    down_end: dict[int, int] = {}
    for p in sorted(placement.tiles, key=_row_col):
        row, col = p.row, p.col
        here = row * cols + col
        if row != across_row or col > across_end:
            first, i = col, here
            while first > 0 and cells[i - 1]:
                first, i = first - 1, i - 1
            last, i = col, here
            while last + 1 < cols and cells[i + 1]:
                last, i = last + 1, i + 1
            across_row, across_end = row, last
            if last > first:
                starts.append((row, first, ACROSS, last - first + 1))
        if row > down_end.get(col, -1):
            first, i = row, here
            while first > 0 and cells[i - cols]:
                first, i = first - 1, i - cols
            last, i = row, here
            while last + 1 < rows and cells[i + cols]:
                last, i = last + 1, i + cols
            down_end[col] = last
            if last > first:
                starts.append((first, col, DOWN, last - first + 1))
    return starts


# A word as found: tiles, row, col, direction, letters, word multiplier, score,
# and how many of its tiles are new (for choosing the main word).
_RawWord = tuple[tuple[Tile, ...], int, int, str, tuple[LetterScore, ...], int, int, int]


_new = object.__new__


def _score_words(
    after: Board, before: Board, rules: Ruleset, starts: list[tuple[int, int, str, int]]
) -> list[_RawWord]:
    """Score the runs found by :func:`_word_starts`.  A tile of a run is new when
    its square was empty before the play: a legal placement fills only empty
    squares, and a star swap replaces a tile."""
    cells, cols = after.cells, after.cols
    old = before.cells
    squares, layout_cols = rules.layout.squares, rules.layout.cols
    scores = rules.alphabet.scores
    blank_zero = not rules.blank_scores_letter
    words: list[_RawWord] = []
    for row, col, direction, length in starts:
        across = direction == ACROSS
        step = 1 if across else cols
        start = row * cols + col
        tiles = cells[start : start + step * (length - 1) + 1 : step]
        letters: list[LetterScore] = []
        total = 0
        word_mult = 1
        new_count = 0
        r, c, i = row, col, start
        for tile in tiles:
            value = 0 if (tile & BLANK_BIT and blank_zero) else scores[tile & ~BLANK_BIT]
            if old[i] == EMPTY:
                prem = squares[r * layout_cols + c]
                lm, wm, is_new = prem.letter, prem.word, True
                word_mult *= wm
                new_count += 1
            else:
                lm, wm, is_new = 1, 1, False
            total += value * lm
            # LetterScore(r, c, tile, value, lm, wm, is_new) without the __init__
            # call, which costs a third of it: the same dict, in field order.
            letter = _new(LetterScore)
            letter.__dict__.update(
                {
                    "row": r,
                    "col": c,
                    "tile": tile,
                    "value": value,
                    "letter_multiplier": lm,
                    "word_multiplier": wm,
                    "new": is_new,
                }
            )
            letters.append(letter)
            i += step
            if across:
                c += 1
            else:
                r += 1
        words.append(
            (tiles, row, col, direction, tuple(letters), word_mult, total * word_mult, new_count)
        )
    return words


def _main_index(words: list[_RawWord], placement: Placement) -> int:
    """The main word runs along the play; a single tile's main word is across if any."""
    if not words:
        return -1
    tiles = placement.tiles
    if len(tiles) > 1:
        row, col = tiles[0].row, tiles[0].col
        if all([p.row == row for p in tiles]):
            want = ACROSS
        elif all([p.col == col for p in tiles]):
            want = DOWN
        else:
            want = ""
        if want:
            for i, w in enumerate(words):
                if w[3] == want:
                    return i
            return 0
    # One tile, or a several-line move: the word holding the most new tiles.
    return max(range(len(words)), key=lambda i: (words[i][7], words[i][3] == ACROSS))
