"""References as Duplicate slips write them, and GCG's on request.

The FISF's references (Règlement du Scrabble Duplicate, art. 2.5,
https://scrabbleson.net/02_03/scrabble/regle.htm) name rows by letters (A at
the top) and columns by numbers: a horizontal word is its row letter then its
column number (``H4``), a vertical one its column number then its row letter
(``4H``).  GCG is the other way round (``8D`` across, ``D8`` down), so the same
text means different squares: the caller says which notation it reads.
"""

from __future__ import annotations

import re
from enum import StrEnum

from adjudicator.core.coords import ACROSS, DOWN, Coord, parse_coord
from adjudicator.errors import BadCoordinateError

_LETTER_FIRST = re.compile(r"^([A-Za-z])(\d{1,2})$")
_NUMBER_FIRST = re.compile(r"^(\d{1,2})([A-Za-z])$")


class Notation(StrEnum):
    FISF = "fisf"
    GCG = "gcg"


def parse_reference(text: str, notation: Notation = Notation.FISF) -> Coord:
    """The first square and direction of a reference.

    :raises BadCoordinateError: anything but a letter and a number.
    """
    if notation == Notation.GCG:
        return parse_coord(text)
    text = text.strip()
    m = _LETTER_FIRST.match(text)
    if m:
        row, col, direction = _row(m.group(1)), int(m.group(2)) - 1, ACROSS
    else:
        m = _NUMBER_FIRST.match(text)
        if not m:
            raise BadCoordinateError(
                f"{text!r} is not a reference like H4 (across) or 4H (down)", coordinate=text
            )
        col, row, direction = int(m.group(1)) - 1, _row(m.group(2)), DOWN
    if col < 0:
        raise BadCoordinateError(f"column 0 in {text!r}: columns start at 1", coordinate=text)
    return Coord(row, col, direction)


def write_reference(coord: Coord, notation: Notation = Notation.FISF) -> str:
    """``H4`` / ``4H`` (FISF), or ``8D`` / ``D8`` (GCG)."""
    if notation == Notation.GCG:
        return coord.gcg()
    row = chr(ord("A") + coord.row)
    if coord.direction == ACROSS:
        return f"{row}{coord.col + 1}"
    return f"{coord.col + 1}{row}"


def _row(letter: str) -> int:
    return ord(letter.upper()) - ord("A")
