"""GCG coordinates: ``8D`` (row number first) runs across, ``D8`` runs down."""

from __future__ import annotations

import re
from dataclasses import dataclass

from adjudicator.errors import BadCoordinateError

ACROSS = "across"
DOWN = "down"

_ROW_FIRST = re.compile(r"^(\d{1,2})([A-Za-z])$")
_COL_FIRST = re.compile(r"^([A-Za-z])(\d{1,2})$")


@dataclass(frozen=True, slots=True)
class Coord:
    row: int  # 0-based
    col: int  # 0-based
    direction: str

    @property
    def step(self) -> tuple[int, int]:
        return (0, 1) if self.direction == ACROSS else (1, 0)

    def gcg(self) -> str:
        letter = chr(ord("A") + self.col)
        if self.direction == ACROSS:
            return f"{self.row + 1}{letter}"
        return f"{letter}{self.row + 1}"


def parse_coord(text: str) -> Coord:
    """Parse ``8D`` / ``d8`` (case-insensitive).

    :raises BadCoordinateError: for anything else.
    """
    text = text.strip()
    m = _ROW_FIRST.match(text)
    if m:
        row, col, direction = int(m.group(1)) - 1, ord(m.group(2).upper()) - ord("A"), ACROSS
    else:
        m = _COL_FIRST.match(text)
        if not m:
            raise BadCoordinateError(
                f"{text!r} is not a coordinate like 8D (across) or D8 (down)", coordinate=text
            )
        col, row, direction = ord(m.group(1).upper()) - ord("A"), int(m.group(2)) - 1, DOWN
    if row < 0:
        raise BadCoordinateError(f"row 0 in {text!r}: rows start at 1", coordinate=text)
    return Coord(row, col, direction)
