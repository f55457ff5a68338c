"""The tilings of a move's word, where its letters also write a digraph tile.

Spanish writes its [CH] tile with the letters C and H, which are tiles too, so a
move written ``8E CHICO`` may mean four tiles or five.  :func:`move_tilings`
gives every reading and :func:`fitting_moves` those that make a legal play; the
caller decides (a request must say which, a record's score may).
"""

from __future__ import annotations

import itertools
import typing as t

from adjudicator.core.placement import Placement, Swap, check_placement, from_move
from adjudicator.core.tiles import BLANK_BIT, Tile
from adjudicator.errors import PlacementError

if t.TYPE_CHECKING:
    from adjudicator.core.alphabet import Alphabet
    from adjudicator.core.board import Board
    from adjudicator.core.coords import Coord
    from adjudicator.core.ruleset import Ruleset

# Most tilings of one move's word that are tried (as many as a word check reads).
MAX_TILINGS = 64


def move_tilings(alphabet: Alphabet, tiles: t.Sequence[Tile | None]) -> list[list[Tile | None]]:
    """Every tiling of a move's word read as ``tiles``: where its letters write a
    digraph tile the way the language spells it (Spanish ``CH`` for ``[CH]``,
    ``ch`` for the blank ``[ch]``), the word reads both as the digraph and as the
    letters.  Every such place as the digraph first, the letters as written last;
    at most :data:`MAX_TILINGS`.  A word without such places has one tiling."""
    spelled: dict[tuple[Tile | None, ...], Tile] = {}
    for tile, spec in enumerate(alphabet.letters, start=1):
        for text in spec.spelled:
            letters = tuple(alphabet.tokenize(text))
            if all(x is not None and not x & BLANK_BIT for x in letters):
                spelled[letters] = tile
            elif all(x is not None and x & BLANK_BIT for x in letters):
                spelled[letters] = tile | BLANK_BIT  # blanks standing for a blank digraph
    sizes = sorted({len(letters) for letters in spelled}, reverse=True)
    spots: list[tuple[int, int, Tile]] = []  # (start, length, digraph), left to right
    i = 0
    while i < len(tiles):
        found = next((n for n in sizes if tuple(tiles[i : i + n]) in spelled), 0)
        if found:
            spots.append((i, found, spelled[tuple(tiles[i : i + found])]))
        i += found or 1
    if not spots:
        return [list(tiles)]
    out = []
    for choice in itertools.islice(
        itertools.product((True, False), repeat=len(spots)), MAX_TILINGS
    ):
        tiling: list[Tile | None] = []
        start = 0
        for as_digraph, (at, n, digraph) in zip(choice, spots, strict=True):
            if as_digraph:
                tiling += [*tiles[start:at], digraph]
                start = at + n
        out.append(tiling + list(tiles[start:]))
    if len(out) == MAX_TILINGS:  # the letters as written are always among them
        out[-1] = list(tiles)
    return out


def notation(alphabet: Alphabet, tiles: t.Iterable[Tile | None]) -> str:
    """A move's word in bracket notation (``[CH]ICO``; ``.`` for a played-through tile)."""
    return "".join("." if tile is None else alphabet.label(tile) for tile in tiles)


def fitting_moves(
    board: Board,
    coord: Coord,
    tilings: t.Sequence[t.Sequence[Tile | None]],
    rules: Ruleset,
    swaps: tuple[Swap, ...] = (),
) -> list[tuple[t.Sequence[Tile | None], Placement]]:
    """The tilings of a move that make a legal play here, each with its placement,
    in the order given.

    :raises PlacementError: none does (the last tiling's reason: that of the
        letters as written, from :func:`move_tilings`).
    """
    fitting = []
    refused: PlacementError | None = None
    for tiles in tilings:
        try:
            placement = Placement(from_move(board, coord, tiles).tiles, swaps)
            check_placement(board, placement, rules)
        except PlacementError as exc:
            refused = exc
            continue
        fitting.append((tiles, placement))
    if not fitting and refused is not None:
        raise refused
    return fitting
