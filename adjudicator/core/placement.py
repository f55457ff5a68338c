"""Placements and their geometric legality.

Each broken rule raises its own :class:`~adjudicator.errors.PlacementError`
subclass naming the square.  Which rules apply (one line or several, star
swaps, the first play's minimum) comes from the ruleset, never from a
language name.
"""

from __future__ import annotations

import itertools
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


@dataclass(frozen=True, init=False)
class PlacedTile:
    row: int
    col: int
    tile: Tile  # a letter id, or a letter id | BLANK_BIT for a blank

    # One dict update instead of the frozen dataclass's object.__setattr__ per
    # field: a tile is made for every letter of every request.
    def __init__(self, row: int, col: int, tile: Tile) -> None:
        self.__dict__.update({"row": row, "col": col, "tile": tile})


@dataclass(frozen=True)
class Swap:
    """A letter from the rack put in place of a star on the board (Erudite)."""

    row: int
    col: int
    tile: Tile


@dataclass(frozen=True)
class Placement:
    tiles: tuple[PlacedTile, ...]
    swaps: tuple[Swap, ...] = ()

    def squares(self) -> set[tuple[int, int]]:
        return {(p.row, p.col) for p in self.tiles}


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
    n_rows, n_cols = layout.rows, layout.cols
    cells, cols = board.cells, board.cols
    seen: set[tuple[int, int]] = set()
    for p in tiles:
        row, col = p.row, p.col
        if not (0 <= row < n_rows and 0 <= col < n_cols):
            raise OffBoardError(row, col, n_rows, n_cols)
        square = (row, col)
        if square in seen:
            raise DuplicateSquareError(row, col)
        seen.add(square)
        if cells[row * cols + col] != EMPTY:
            raise SquareOccupiedError(row, col)
        if p.tile == BLANK:
            raise BlankNotDesignatedError(row, col)
    _check_swaps(board, placement, rules)
    packed = board.packed()
    first = board.is_empty if packed is None else packed.count(EMPTY) == len(packed)
    if first or not rules.multi_line_moves:
        _check_line(board, placement, seen)
    if first:
        start = layout.start
        if start not in seen:
            raise MissesStartError(*start)
        if len(tiles) < rules.first_play_min_tiles:
            raise FirstWordTooShortError(rules.first_play_min_tiles)
    elif not rules.multi_line_moves:
        _check_touches(board, seen)
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


def _check_touches(board: Board, new: set[tuple[int, int]]) -> None:
    """:func:`_check_connected` for a play already known to be one gap-free line.

    Such a play is a single group (old tiles fill its gaps), so it is connected
    exactly when one of its squares has an old tile beside it.
    """
    cells, rows, cols = board.cells, board.rows, board.cols
    for r, c in new:
        i = r * cols + c
        if (
            (c + 1 < cols and cells[i + 1])
            or (c > 0 and cells[i - 1])
            or (r + 1 < rows and cells[i + cols])
            or (r > 0 and cells[i - cols])
        ):
            return
    raise NotConnectedError(*min(new))


def _check_connected(board: Board, new: set[tuple[int, int]]) -> None:
    """Every group of new tiles joined by the words they form touches an old tile.

    For a one-line play this is the usual "touches the board" rule; for a
    several-line move (Erudite) each new word must touch on its own.
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
    """No tile used more often than the set holds (blanks counted together)."""
    alphabet = rules.alphabet
    cells: t.Sequence[Tile] = board.cells
    packed = board.packed()
    if placement.swaps:
        cells = list(cells)
        for s in placement.swaps:
            cells[s.row * board.cols + s.col] = s.tile & ~BLANK_BIT
        packed = None
    placed = [p.tile for p in placement.tiles]
    # [blanks, id 1, id 2, ...]: indexed like alphabet.counts, in the order of
    # sorted(count_tiles(...)).
    used = [0] * (alphabet.size + 1)
    try:
        for i in _supply_indices(alphabet, cells if packed is None else packed, placed):
            used[i] += 1
    except IndexError:
        used = []
    if not used:
        # A tile id outside the alphabet: the general count, which names it.
        tiles = [c for c in cells if c != EMPTY] + placed
        for tile, n in sorted(count_tiles(tiles).items()):
            available = alphabet.count(tile)
            if n > available:
                raise TileSupplyError(alphabet.label(tile), n, available)
        return
    counts = alphabet.counts
    if any(map(operator.gt, used, counts)):  # a tile used up: name the first
        for tile, (n, available) in enumerate(zip(used, counts, strict=True)):
            if n and n > available:
                raise TileSupplyError(alphabet.label(tile), n, available)


def _supply_indices(
    alphabet: Alphabet, cells: t.Sequence[Tile] | bytes, placed: list[Tile]
) -> t.Iterable[int]:
    """Each tile's index in the used counts, EMPTY squares skipped; a tile id
    outside the alphabet gets one past their end.  At C speed when every tile is
    a byte; else one at a time (a negative id without BLANK_BIT is below -128, so
    it is past the end too: letter ids stay below BLANK_BIT)."""
    try:
        kinds = alphabet.derived("supply kinds", _supply_kinds)
        return bytes(cells).translate(kinds, b"\0") + bytes(placed).translate(kinds)
    except (ValueError, TypeError):  # a tile that is not a byte
        on_board = (BLANK if c & BLANK_BIT else c for c in cells if c != EMPTY)
        in_play = (BLANK if c & BLANK_BIT or c == BLANK else c for c in placed)
        return itertools.chain(on_board, in_play)


def _supply_kinds(alphabet: Alphabet) -> bytes:
    """``bytes.translate`` table: a tile byte to its index in the used counts."""
    size = alphabet.size
    return bytes(
        BLANK if tile & BLANK_BIT or tile == BLANK else tile if tile <= size else 0xFF
        for tile in range(256)
    )
