"""Words formed by a placement and what each scores."""

from __future__ import annotations

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
    found = [
        _score_word(after, board, rules, row, col, direction)
        for row, col, direction in _word_starts(after, placement)
    ]
    main = _main_index(found, placement)
    words = [
        WordScore(
            tiles=w.tiles,
            row=w.row,
            col=w.col,
            direction=w.direction,
            main=i == main,
            letters=w.letters,
            word_multiplier=w.word_multiplier,
            score=w.score,
        )
        for i, w in enumerate(found)
    ]
    if main > 0:  # the main word first, the others in the order found
        words.insert(0, words.pop(main))
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


def _word_starts(after: Board, placement: Placement) -> list[tuple[int, int, str]]:
    """Start square and direction of every run of 2+ tiles through a new tile, in
    the order of the tiles (row by row), across before down."""
    starts: list[tuple[int, int, str]] = []
    for p in sorted(placement.tiles, key=lambda p: (p.row, p.col)):
        for direction, (dr, dc) in ((ACROSS, (0, 1)), (DOWN, (1, 0))):
            row, col = p.row, p.col
            while after.occupied(row - dr, col - dc):
                row, col = row - dr, col - dc
            if after.occupied(row + dr, col + dc) and (row, col, direction) not in starts:
                starts.append((row, col, direction))
    return starts


def _score_word(
    after: Board, before: Board, rules: Ruleset, row: int, col: int, direction: str
) -> WordScore:
    """Score the run starting at ``row, col``.  A tile is new when its square was
    empty before the play: a legal placement fills only empty squares, and a star
    swap replaces a tile."""
    dr, dc = (0, 1) if direction == ACROSS else (1, 0)
    layout, alphabet = rules.layout, rules.alphabet
    letters: list[LetterScore] = []
    total, word_mult = 0, 1
    r, c = row, col
    while after.occupied(r, c):
        tile = after.get(r, c)
        blank = bool(tile & BLANK_BIT)
        value = 0 if blank and not rules.blank_scores_letter else alphabet.score(tile)
        new = before.get(r, c) == EMPTY
        premium = layout.premium(r, c)
        lm, wm = (premium.letter, premium.word) if new else (1, 1)
        word_mult *= wm
        total += value * lm
        letters.append(
            LetterScore(
                row=r,
                col=c,
                tile=tile,
                value=value,
                letter_multiplier=lm,
                word_multiplier=wm,
                new=new,
            )
        )
        r, c = r + dr, c + dc
    return WordScore(
        tiles=tuple(letter.tile for letter in letters),
        row=row,
        col=col,
        direction=direction,
        main=False,
        letters=tuple(letters),
        word_multiplier=word_mult,
        score=total * word_mult,
    )


def _main_index(words: list[WordScore], placement: Placement) -> int:
    """The main word runs along the play; a single tile's main word is across if any."""
    if not words:
        return -1
    tiles = placement.tiles
    if len(tiles) > 1:
        if all(p.row == tiles[0].row for p in tiles):
            want = ACROSS
        elif all(p.col == tiles[0].col for p in tiles):
            want = DOWN
        else:
            want = ""
        if want:
            return next((i for i, w in enumerate(words) if w.direction == want), 0)
    # One tile, or a several-line move: the word holding the most new tiles.
    return max(range(len(words)), key=lambda i: (words[i].new_tiles, words[i].direction == ACROSS))
