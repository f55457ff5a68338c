"""Tiles are small integers.

* ``1..n`` are the letters of an alphabet, in the order of its file.
* ``BLANK_BIT`` set on a letter id means a blank (or star) designated as that
  letter on the board.
* ``0`` is an empty square on a board and an undesignated blank on a rack; the
  two never meet, so the overload is safe.  A played-through square inside a
  placement is ``None``, never 0.
"""

from __future__ import annotations

import typing as t

Tile = int

EMPTY: Tile = 0
BLANK: Tile = 0
BLANK_BIT: Tile = 0x80


def is_blank(tile: Tile) -> bool:
    """True for a designated blank on the board."""
    return bool(tile & BLANK_BIT)


def unblank(tile: Tile) -> Tile:
    """The letter a tile shows, whether it is a real tile or a blank."""
    return tile & ~BLANK_BIT


def as_blank(tile: Tile) -> Tile:
    return tile | BLANK_BIT


def count_tiles(tiles: t.Iterable[Tile]) -> dict[Tile, int]:
    """Multiset of tiles, blanks counted under ``BLANK``."""
    counts: dict[Tile, int] = {}
    for tile in tiles:
        key = BLANK if tile & BLANK_BIT else tile
        counts[key] = counts.get(key, 0) + 1
    return counts
