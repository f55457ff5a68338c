"""A board holds tiles only: a flat, row-major tuple of tile integers."""

from __future__ import annotations

import codecs
import typing as t
import unicodedata
from dataclasses import dataclass

from adjudicator.core.alphabet import Alphabet
from adjudicator.core.tiles import BLANK_BIT, EMPTY, Tile
from adjudicator.errors import BadBoardError, UnknownTileError

_UNPACKED = object()  # Board.packed() not worked out yet


@dataclass(frozen=True, init=False)
class Board:
    rows: int
    cols: int
    cells: tuple[Tile, ...]

    # One dict update instead of the frozen dataclass's object.__setattr__ per field.
    def __init__(self, rows: int, cols: int, cells: tuple[Tile, ...]) -> None:
        self.__dict__.update({"rows": rows, "cols": cols, "cells": cells})

    @classmethod
    def empty(cls, rows: int, cols: int) -> Board:
        return cls(rows, cols, (EMPTY,) * (rows * cols))

    @classmethod
    def from_packed(
        cls, rows: int, cols: int, packed: bytes, cells: tuple[Tile, ...] | None = None
    ) -> Board:
        """A board of the cells given as bytes (one a cell), kept for :meth:`packed`;
        ``cells`` is the same cells as a tuple, when the caller has it."""
        board = cls(rows, cols, tuple(packed) if cells is None else cells)
        board.__dict__["_packed"] = packed
        return board

    def packed(self) -> bytes | None:
        """The cells as bytes, one a cell, for C-speed scans; None when a cell is
        not a byte.  Worked out once per board (outside the dataclass fields, so
        equality, hashing and repr are the cells' alone)."""
        got = self.__dict__.get("_packed", _UNPACKED)
        if got is _UNPACKED:
            try:
                got = bytes(self.cells)
            except (ValueError, TypeError):
                got = None
            self.__dict__["_packed"] = got
        return got  # type: ignore[no-any-return]

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
        cols = self.cols
        text = self._text(alphabet)
        if text is not None and cols:  # one label character per cell
            return [text[i : i + cols] for i in range(0, len(text), cols)]
        flat = self._labels(alphabet)
        return ["".join(flat[r * cols : (r + 1) * cols]) for r in range(self.rows)]

    def _text(self, alphabet: Alphabet) -> str | None:
        """Every cell's label, row-major, as one string decoded at C speed; None when
        this alphabet has no board codec or a cell is not one of its tiles."""
        codec = board_codec(alphabet)
        packed = self.packed()
        if codec is None or packed is None or len(packed) != self.rows * self.cols:
            return None
        try:
            return codecs.charmap_decode(packed, "strict", codec.labels)[0]
        except UnicodeDecodeError:  # a cell that is no tile: _labels() says why
            return None

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
    fast = _parse_rows(rows, alphabet, n_cols)
    if fast is not None:
        return Board.from_packed(n_rows, n_cols, fast)
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


def _parse_rows(
    rows: t.Sequence[str | t.Sequence[str]], alphabet: Alphabet, n_cols: int
) -> bytes | None:
    """:func:`parse_board`'s cells, one byte each, for row strings of known
    characters, encoded at C speed; None for anything else (rows of cells, a wrong
    length, an unknown character), which the general loop reads and names."""
    codec = board_codec(alphabet)
    if codec is None:
        return None
    try:
        text = "".join(rows)  # type: ignore[arg-type]
    except TypeError:  # a row given as a list of cells
        return None
    if not text.isascii():  # NFC changes no ASCII text
        rows = [unicodedata.normalize("NFC", row) for row in rows]  # type: ignore[arg-type]
        text = "".join(rows)  # type: ignore[arg-type]
    if set(map(len, rows)) != {n_cols}:
        return None
    try:
        codes = codecs.charmap_encode(text, "strict", codec.encoding)[0]
    except UnicodeEncodeError:
        return None
    cells = codes.translate(codec.tiles)
    return None if _UNKNOWN in cells else cells


# No label is the blank of letter 0, so this byte marks an unknown character.
_UNKNOWN = BLANK_BIT


@dataclass(frozen=True)
class BoardCodec:
    """Board text to cells and back with the C charmap codec, for an alphabet whose
    labels (and ``.``) are one code point and whose tiles fit a byte."""

    encoding: t.Any  # codecs.charmap_build: each known character -> a code 1..n
    tiles: bytes  # bytes.translate table: code -> tile; _UNKNOWN for code 0 (NUL)
    labels: str  # charmap_decode table: tile -> its label, "." for EMPTY


def board_codec(alphabet: Alphabet) -> BoardCodec | None:
    """The alphabet's :class:`BoardCodec`, made once; None when it has none."""
    return alphabet.derived("board codec", _make_codec)


def _make_codec(alphabet: Alphabet) -> BoardCodec | None:
    table = alphabet.char_table(_DOT_EMPTY)
    if table is None:
        return None
    chars = sorted(table)
    codes = [table[ch] for ch in chars]
    # The charmap codec keeps code 0 for NUL, and U+FFFE means "no character".
    if len(chars) > 255 or not all(
        "\0" < ch < "\ufffe" and isinstance(code, int) and 0 <= code < 256
        for ch, code in zip(chars, codes, strict=True)
    ):
        return None
    labels = ["\ufffe"] * 256
    for tile, label in alphabet.label_table(".").items():
        if not (isinstance(tile, int) and 0 <= tile < 256 and len(label) == 1):
            return None
        labels[tile] = label
    return BoardCodec(
        codecs.charmap_build("\0" + "".join(chars)),
        bytes([_UNKNOWN, *codes]).ljust(256, bytes([_UNKNOWN])),
        "".join(labels),
    )


def blank_count(board: Board) -> int:
    return sum(1 for c in board.cells if c & BLANK_BIT)
