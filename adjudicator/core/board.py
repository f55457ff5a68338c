"""A board holds tiles only: a flat, row-major tuple of tile integers."""

from __future__ import annotations

import typing as t
import unicodedata
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
        flat = self._labels(alphabet)
        cols = self.cols
        return [flat[r * cols : (r + 1) * cols] for r in range(self.rows)]

    def to_strings(self, alphabet: Alphabet) -> list[str]:
        flat = self._labels(alphabet)
        cols = self.cols
        return ["".join(flat[r * cols : (r + 1) * cols]) for r in range(self.rows)]

    def _labels(self, alphabet: Alphabet) -> list[str]:
        """Every cell's label, row-major, for ``rows * cols`` cells."""
        size = self.rows * self.cols
        if len(self.cells) < size:
            raise IndexError("tuple index out of range")
        cells = self.cells[:size]
        table = alphabet.label_table(".")
        try:
            return [table[c] for c in cells]
        except (KeyError, TypeError):  # not a tile of this alphabet: label() says why
            return [alphabet.label(c) if c else "." for c in cells]


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
    table = alphabet.char_table(_DOT_EMPTY)
    for r, row in enumerate(rows):
        if table is not None and isinstance(row, str):
            try:
                tiles = [table[ch] for ch in unicodedata.normalize("NFC", row)]
            except KeyError:
                pass  # tokenize() below names the unknown character
            else:
                if len(tiles) == n_cols:
                    cells.extend(tiles)  # type: ignore[arg-type]
                    continue
        try:
            if isinstance(row, str):
                # "." straight to EMPTY: no label is a tile 0, so nothing else becomes 0.
                tiles = alphabet.tokenize(row, extra=_DOT_EMPTY)
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
        if isinstance(row, str):
            cells.extend(tiles)  # type: ignore[arg-type]
        else:
            cells.extend(EMPTY if tile is None else tile for tile in tiles)
    return Board(n_rows, n_cols, tuple(cells))


_DOT_EMPTY: dict[str, Tile | None] = {".": EMPTY}


def blank_count(board: Board) -> int:
    return sum(1 for c in board.cells if c & BLANK_BIT)
