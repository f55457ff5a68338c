"""A board holds tiles only: a flat, row-major tuple of tile integers."""

from __future__ import annotations

import typing as t
from dataclasses import dataclass

from adjudicator.core.alphabet import Alphabet
from adjudicator.core.tiles import BLANK_BIT, EMPTY, Tile
from adjudicator.errors import BadBoardError, UnknownTileError


@dataclass(frozen=True)
class Board:
    rows: int
    cols: int
    cells: tuple[Tile, ...]

    @classmethod
    def empty(cls, rows: int, cols: int) -> Board:
        return cls(rows, cols, (EMPTY,) * (rows * cols))

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
        cells = list(self.cells)
        for row, col, tile in tiles:
            cells[row * self.cols + col] = tile
        return Board(self.rows, self.cols, tuple(cells))

    def to_rows(self, alphabet: Alphabet) -> list[list[str]]:
        """Rows of cell labels; ``.`` for an empty square, blanks in their blank label."""
        return [
            [
                alphabet.label(self.cells[r * self.cols + c])
                if self.cells[r * self.cols + c]
                else "."
                for c in range(self.cols)
            ]
            for r in range(self.rows)
        ]

    def to_strings(self, alphabet: Alphabet) -> list[str]:
        return ["".join(row) for row in self.to_rows(alphabet)]


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
    cells: list[Tile] = []
    for r, row in enumerate(rows):
        try:
            if isinstance(row, str):
                tiles = alphabet.tokenize(row, extra={".": None})
            else:
                tiles = []
                for c, cell in enumerate(row):
                    got = alphabet.tokenize(cell, extra={".": None, "": None})
                    if len(got) > 1:
                        raise BadBoardError(
                            f"row {r}, col {c}: {cell!r} is more than one tile",
                            position={"row": r, "col": c},
                        )
                    tiles.append(got[0] if got else None)
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
        cells.extend(EMPTY if tile is None else tile for tile in tiles)
    return Board(n_rows, n_cols, tuple(cells))


def blank_count(board: Board) -> int:
    return sum(1 for c in board.cells if c & BLANK_BIT)
