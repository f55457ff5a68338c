"""A board holds tiles only: one byte a square, row by row.

Tile integers fit a byte (letter ids stay below ``BLANK_BIT``, see
:class:`~adjudicator.core.alphabet.Alphabet`), so the squares are ``bytes``:
immutable, indexed as integers, and counted or sliced at C speed.
"""

from __future__ import annotations

import typing as t
from dataclasses import dataclass

from adjudicator.core.alphabet import Alphabet
from adjudicator.core.tiles import EMPTY, Tile
from adjudicator.errors import BadBoardError, UnknownTileError


@dataclass(frozen=True, slots=True)
class Board:
    rows: int
    cols: int
    cells: bytes  # cells[row * cols + col] is the tile on that square, EMPTY if none

    @classmethod
    def empty(cls, rows: int, cols: int) -> Board:
        return cls(rows, cols, bytes(rows * cols))

    def get(self, row: int, col: int) -> Tile:
        return self.cells[row * self.cols + col]

    def occupied(self, row: int, col: int) -> bool:
        return (
            0 <= row < self.rows
            and 0 <= col < self.cols
            and self.cells[row * self.cols + col] != EMPTY
        )

    @property
    def is_empty(self) -> bool:
        return not any(self.cells)

    def tiles(self) -> t.Iterator[Tile]:
        return (c for c in self.cells if c != EMPTY)

    def place(self, tiles: t.Iterable[tuple[int, int, Tile]]) -> Board:
        cells = bytearray(self.cells)
        for row, col, tile in tiles:
            cells[row * self.cols + col] = tile
        return Board(self.rows, self.cols, bytes(cells))

    def to_strings(self, alphabet: Alphabet) -> list[str]:
        """One string per row: ``.`` for an empty square, blanks in their blank label."""
        cells, cols = self.cells, self.cols
        return [alphabet.row_text(cells[i : i + cols]) for i in range(0, len(cells), cols)]


def parse_board(
    rows: t.Sequence[str | t.Sequence[str]], alphabet: Alphabet, size: tuple[int, int]
) -> Board:
    """Read a board given as row strings or rows of cell strings.

    ``.`` is an empty square, a letter label a tile, a blank label a blank
    standing for that letter.

    :raises BadBoardError: wrong size, naming the row.
    :raises UnknownTileError: an unknown character, with the row in ``position``.
    """
    n_rows, n_cols = size
    if len(rows) != n_rows:
        raise BadBoardError(
            f"the board has {len(rows)} rows; this ruleset's board has {n_rows}",
            expected_rows=n_rows,
            rows=len(rows),
        )
    cells = bytearray()
    for r, row in enumerate(rows):
        try:
            tiles = _read_row(row, r, alphabet)
        except UnknownTileError as exc:
            raise BadBoardError(
                f"board row {r}: {exc.detail}",
                position={"row": r, "col": exc.fields.get("position")},
                character=exc.fields.get("character"),
            ) from exc
        if len(tiles) != n_cols:
            raise BadBoardError(
                f"board row {r} has {len(tiles)} squares; this ruleset's board has {n_cols}",
                position={"row": r},
                expected_cols=n_cols,
            )
        cells += tiles
    return Board(n_rows, n_cols, bytes(cells))


def _read_row(row: str | t.Sequence[str], r: int, alphabet: Alphabet) -> bytes:
    """One row: a string of labels and dots, or a list of cells (a label, with or
    without its brackets, ``.`` or "")."""
    if isinstance(row, str):
        return alphabet.board_cells(row)
    tiles = bytearray()
    for c, cell in enumerate(row):
        got = alphabet.board_cells(cell)
        if len(got) > 1:  # a bracketed label without its brackets (LL for [LL])?
            tile = alphabet.one_tile(cell)
            got = bytes([tile]) if tile is not None else got
        if len(got) > 1:
            raise BadBoardError(
                f"row {r}, col {c}: {cell!r} is more than one tile", position={"row": r, "col": c}
            )
        tiles.append(got[0] if got else EMPTY)
    return bytes(tiles)
