"""Words formed by a placement and what each scores."""

from __future__ import annotations

import typing as t
from dataclasses import dataclass, replace

from adjudicator.core.board import Board
from adjudicator.core.coords import ACROSS, DOWN
from adjudicator.core.placement import Placement, check_placement
from adjudicator.core.tiles import BLANK_BIT, Tile

if t.TYPE_CHECKING:
    from adjudicator.core.ruleset import Ruleset


@dataclass(frozen=True)
class LetterScore:
    row: int
    col: int
    tile: Tile
    value: int  # face value as scored (0 for a Scrabble blank)
    letter_multiplier: int  # 1 unless a new tile sits on a letter premium
    word_multiplier: int  # 1 unless a new tile sits on a word premium
    new: bool


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
    after = board.place((s.row, s.col, s.tile & ~BLANK_BIT) for s in placement.swaps)
    after = after.place((p.row, p.col, p.tile) for p in placement.tiles)
    new = placement.squares()
    words = [
        _score_word(after, new, rules, row, col, direction)
        for row, col, direction in _word_starts(after, placement)
    ]
    main = _main_index(words, placement)
    words = [replace(w, main=True) if i == main else w for i, w in enumerate(words)]
    words.sort(key=lambda w: not w.main)
    placed = len(placement.tiles)
    bingo = rules.bingo_bonus > 0 and placed >= rules.bingo_min_tiles
    bonus = rules.bingo_bonus if bingo else 0
    total = sum(w.score for w in words) + bonus
    return ScoreBreakdown(tuple(words), placed, bingo, bonus, total, after)


def _word_starts(after: Board, placement: Placement) -> list[tuple[int, int, str]]:
    """Start square and direction of every run of 2+ tiles through a new tile."""
    starts: list[tuple[int, int, str]] = []
    seen: set[tuple[int, int, str]] = set()
    for p in sorted(placement.tiles, key=lambda p: (p.row, p.col)):
        for direction, (dr, dc) in ((ACROSS, (0, 1)), (DOWN, (1, 0))):
            r, c = p.row, p.col
            while after.occupied(r - dr, c - dc):
                r, c = r - dr, c - dc
            key = (r, c, direction)
            if key in seen:
                continue
            if after.occupied(r + dr, c + dc):
                seen.add(key)
                starts.append(key)
    return starts


def _score_word(
    after: Board, new: set[tuple[int, int]], rules: Ruleset, row: int, col: int, direction: str
) -> WordScore:
    dr, dc = (0, 1) if direction == ACROSS else (1, 0)
    layout, alphabet = rules.layout, rules.alphabet
    letters: list[LetterScore] = []
    total = 0
    word_mult = 1
    r, c = row, col
    while after.occupied(r, c):
        tile = after.get(r, c)
        value = 0 if (tile & BLANK_BIT and not rules.blank_scores_letter) else alphabet.score(tile)
        is_new = (r, c) in new
        prem = layout.premium(r, c)
        lm, wm = (prem.letter, prem.word) if is_new else (1, 1)
        letters.append(LetterScore(r, c, tile, value, lm, wm, is_new))
        total += value * lm
        word_mult *= wm
        r, c = r + dr, c + dc
    tiles = tuple(ls.tile for ls in letters)
    return WordScore(
        tiles, row, col, direction, False, tuple(letters), word_mult, total * word_mult
    )


def _main_index(words: list[WordScore], placement: Placement) -> int:
    """The main word runs along the play; a single tile's main word is across if any."""
    if not words:
        return -1
    rows = {p.row for p in placement.tiles}
    cols = {p.col for p in placement.tiles}
    if len(placement.tiles) > 1 and len(rows) == 1:
        want = ACROSS
    elif len(placement.tiles) > 1 and len(cols) == 1:
        want = DOWN
    else:
        # One tile, or a several-line move: the word holding the most new tiles.
        return max(
            range(len(words)),
            key=lambda i: (sum(ls.new for ls in words[i].letters), words[i].direction == ACROSS),
        )
    return next((i for i, w in enumerate(words) if w.direction == want), 0)
