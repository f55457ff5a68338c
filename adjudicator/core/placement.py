"""Placements and their geometric legality.

Each broken rule raises its own :class:`~adjudicator.errors.PlacementError`
subclass naming the square.  Which rules apply (one line or several, star
swaps, the first play's minimum) comes from the ruleset, never from a
language name.
"""

from __future__ import annotations

import operator
import typing as t
from dataclasses import dataclass

from adjudicator.core.board import Board
from adjudicator.core.coords import Coord
from adjudicator.core.tiles import BLANK, BLANK_BIT, EMPTY, Tile, count_tiles
from adjudicator.errors import (
    BlankNotDesignatedError,
    DuplicateSquareError,
    FirstWordTooShortError,
    GapError,
    MissesStartError,
    NotConnectedError,
    NoTilesPlacedError,
    NotInLineError,
    OffBoardError,
    PlayThroughEmptyError,
    SquareOccupiedError,
    StarNotReplayedError,
    SwapNotAllowedError,
    SwapNotStarError,
    SwapWrongLetterError,
    TileSupplyError,
    TooManyTilesError,
)

if t.TYPE_CHECKING:
    from adjudicator.core.alphabet import Alphabet
    from adjudicator.core.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class PlacedTile:
    row: int
    col: int
    tile: Tile  # a letter id, or a letter id | BLANK_BIT for a blank


@dataclass(frozen=True, slots=True)
class Swap:
    """A letter from the rack put in place of a star on the board (Erudite)."""

    row: int
    col: int
    tile: Tile


@dataclass(frozen=True, slots=True)
class Placement:
    tiles: tuple[PlacedTile, ...]
    swaps: tuple[Swap, ...] = ()

    def squares(self) -> set[tuple[int, int]]:
        return {(p.row, p.col) for p in self.tiles}

    def labelled(self, alphabet: Alphabet) -> list[dict[str, t.Any]]:
        """The new tiles as requests and records write them: ``row``, ``col``,
        the ``letter``'s label, and ``blank`` when a blank stands for it."""
        return [
            {
                "row": p.row,
                "col": p.col,
                "letter": alphabet.label(p.tile & ~BLANK_BIT),
                "blank": bool(p.tile & BLANK_BIT),
            }
            for p in self.tiles
        ]


def from_move(board: Board, coord: Coord, tiles: t.Sequence[Tile | None]) -> Placement:
    """Turn a GCG move (``8D WIND.``) into the new tiles it places.

    ``None`` marks a played-through tile.  Older records repeat the letter of a
    tile already on the board instead, so a letter on an occupied square is a
    play-through when it matches, and the square is decided by the board, not
    the word.

    :raises PlayThroughEmptyError: a ``.`` over an empty square.
    :raises SquareOccupiedError: a letter over a different tile.
    :raises OffBoardError: the word runs off the board.
    """
    dr, dc = coord.step
    placed: list[PlacedTile] = []
    for i, tile in enumerate(tiles):
        row, col = coord.row + dr * i, coord.col + dc * i
        if not (0 <= row < board.rows and 0 <= col < board.cols):
            raise OffBoardError(row, col, board.rows, board.cols)
        here = board.get(row, col)
        if tile is None:
            if here == EMPTY:
                raise PlayThroughEmptyError(row, col)
            continue
        if here != EMPTY:
            if here == tile or (here & ~BLANK_BIT) == (tile & ~BLANK_BIT):
                continue
            raise SquareOccupiedError(row, col)
        placed.append(PlacedTile(row, col, tile))
    return Placement(tuple(placed))


def check_placement(board: Board, placement: Placement, rules: Ruleset) -> None:
    """Raise the first rule the placement breaks; return quietly if it is legal."""
    layout = rules.layout
    tiles = placement.tiles
    if not tiles:
        raise NoTilesPlacedError()
    if len(tiles) > rules.rack_size:
        raise TooManyTilesError(len(tiles), rules.rack_size)
    seen: set[tuple[int, int]] = set()
    for p in tiles:
        row, col = p.row, p.col
        if not layout.on_board(row, col):
            raise OffBoardError(row, col, layout.rows, layout.cols)
        if (row, col) in seen:
            raise DuplicateSquareError(row, col)
        seen.add((row, col))
        if board.get(row, col) != EMPTY:
            raise SquareOccupiedError(row, col)
        if p.tile == BLANK:
            raise BlankNotDesignatedError(row, col)
    _check_swaps(board, placement, rules)
    first = board.is_empty
    if first or not rules.multi_line_moves:
        _check_line(board, placement, seen)
    if first:
        if layout.start not in seen:
            raise MissesStartError(*layout.start)
        if len(tiles) < rules.first_play_min_tiles:
            raise FirstWordTooShortError(rules.first_play_min_tiles)
    else:
        _check_connected(board, seen)
    _check_supply(board, placement, rules)


def _check_swaps(board: Board, placement: Placement, rules: Ruleset) -> None:
    if not placement.swaps:
        return
    if not rules.star_swap:
        raise SwapNotAllowedError()
    for s in placement.swaps:
        if not rules.layout.on_board(s.row, s.col):
            raise OffBoardError(s.row, s.col, rules.layout.rows, rules.layout.cols)
        here = board.get(s.row, s.col)
        if not here & BLANK_BIT:
            raise SwapNotStarError(s.row, s.col)
        if (here & ~BLANK_BIT) != (s.tile & ~BLANK_BIT):
            alpha = rules.alphabet
            raise SwapWrongLetterError(
                s.row, s.col, alpha.label(here & ~BLANK_BIT), alpha.label(s.tile & ~BLANK_BIT)
            )
    played = sum(1 for p in placement.tiles if p.tile & BLANK_BIT)
    if played < len(placement.swaps):
        raise StarNotReplayedError(len(placement.swaps), played)


_row_col = operator.attrgetter("row", "col")


def _check_line(board: Board, placement: Placement, new: set[tuple[int, int]]) -> None:
    """One line, no gaps; ``new`` holds the placement's squares."""
    tiles = sorted(placement.tiles, key=_row_col)
    first = tiles[0]
    across = len(tiles) == 1 or tiles[1].row == first.row
    for p in tiles[1:]:
        if (p.row != first.row) if across else (p.col != first.col):
            raise NotInLineError(p.row, p.col)
    occupied = board.occupied
    if across:
        row = first.row
        for col in range(first.col, tiles[-1].col + 1):
            if (row, col) not in new and not occupied(row, col):
                raise GapError(row, col)
    else:
        col = first.col
        for row in range(first.row, tiles[-1].row + 1):
            if (row, col) not in new and not occupied(row, col):
                raise GapError(row, col)


_NEIGHBOURS = ((0, 1), (0, -1), (1, 0), (-1, 0))


def _check_connected(board: Board, new: set[tuple[int, int]]) -> None:
    """Every group of new tiles joined by the words they form touches an old tile.

    For a one-line play this is the usual "touches the board" rule; for a
    several-line move (Erudite) each group must touch on its own (a group may
    lie in several rows and columns: an L of new tiles is one group).
    ``new`` holds the placement's squares.
    """
    cells, rows, cols = board.cells, board.rows, board.cols

    def occupied(r: int, c: int) -> bool:
        return 0 <= r < rows and 0 <= c < cols and cells[r * cols + c] != EMPTY

    remaining = set(new)
    while remaining:
        start = min(remaining)
        group = {start}
        stack = [start]
        touches = False
        while stack:
            r, c = stack.pop()
            for dr, dc in _NEIGHBOURS:
                nr, nc = r + dr, c + dc
                if (nr, nc) in new:
                    if (nr, nc) not in group:
                        group.add((nr, nc))
                        stack.append((nr, nc))
                elif occupied(nr, nc):
                    touches = True
                    # Tiles on the far side of an old tile belong to the same word.
                    fr, fc = nr, nc
                    while occupied(fr, fc):
                        fr, fc = fr + dr, fc + dc
                    if (fr, fc) in new and (fr, fc) not in group:
                        group.add((fr, fc))
                        stack.append((fr, fc))
        if not touches:
            raise NotConnectedError(*start)
        remaining -= group


def _check_supply(board: Board, placement: Placement, rules: Ruleset) -> None:
    """No tile used more often than the set holds: the board's tiles, with the
    swapped stars' letters in their place, and the placed ones (blanks counted
    together)."""
    alphabet = rules.alphabet
    cells = bytearray(board.cells)
    for s in placement.swaps:
        cells[s.row * board.cols + s.col] = s.tile & ~BLANK_BIT
    used = cells.replace(bytes([EMPTY]), b"")  # the tiles on the board
    used.extend(p.tile for p in placement.tiles)
    counts = count_tiles(used)
    over = [tile for tile, n in counts.items() if n > alphabet.count(tile)]
    if over:  # name the first: the blanks, else the lowest letter
        tile = min(over)
        raise TileSupplyError(alphabet.label(tile), counts[tile], alphabet.count(tile))
