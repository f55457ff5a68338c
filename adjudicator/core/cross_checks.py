"""The cross-checks of Appel and Jacobson's generator, and the two walks over
the word graph (:mod:`.dawg`) that it and the word check share.

A cross-check says, for an empty square, which letters make the word across
the line an accepted one, and what that word's old tiles are worth.
"""

from __future__ import annotations

import typing as t

from adjudicator.core.dawg import ACCEPTS, CHILD_SHIFT, LABEL_MASK, LAST
from adjudicator.core.tiles import BLANK_BIT

if t.TYPE_CHECKING:
    from adjudicator.core.movegen import Words


def cross_checks(
    words: Words, values: t.Sequence[int], cells: bytes, other: bytes, rows: int, cols: int
) -> tuple[list[int], list[int]]:
    """Per square of ``cells`` (the line direction), the letters it takes as a
    bit set (-1: any, no word across) and the old tiles' points across it
    (-1: no word across).  ``other`` is the same board transposed."""
    arcs, root = words.graph.arcs, words.root
    label_of, tile_of = words.label_of, words.tile_of
    masks = [-1] * (rows * cols)
    sums = [-1] * (rows * cols)
    for r in range(rows):
        for c in range(cols):
            i = r * cols + c
            if cells[i]:
                continue
            # In ``other`` this square is (c, r): the perpendicular line is row c.
            base = c * rows
            lo = r
            while lo > 0 and other[base + lo - 1]:
                lo -= 1
            hi = r
            while hi + 1 < rows and other[base + hi + 1]:
                hi += 1
            if lo == hi:
                continue
            before = other[base + lo : base + r]
            after = other[base + r + 1 : base + hi + 1]
            sums[i] = sum(values[x] for x in before) + sum(values[x] for x in after)
            node = walk(arcs, root, before, label_of)
            mask = 0
            j = node[0] if node else 0
            while j:
                arc = arcs[j]
                tile = tile_of[arc & LABEL_MASK]
                if tile:
                    if after:
                        end = walk(arcs, arc >> CHILD_SHIFT, after, label_of)
                        if end is not None and end[1]:
                            mask |= 1 << tile
                    elif arc & ACCEPTS:
                        mask |= 1 << tile
                if arc & LAST:
                    break
                j += 1
            masks[i] = mask
    return masks, sums


def graph_step(arcs: t.Sequence[int], node: int, label: int) -> int | None:
    """The child node after the arc with ``label``, or None."""
    j = node
    while j:
        arc = arcs[j]
        if arc & LABEL_MASK == label:
            return arc >> CHILD_SHIFT
        if arc & LAST:
            return None
        j += 1
    return None


def walk(
    arcs: t.Sequence[int], node: int, tiles: bytes, label_of: t.Sequence[int]
) -> tuple[int, int] | None:
    """The node after spelling ``tiles`` from ``node`` and whether a word ends
    there, or None when no word starts so."""
    accepts = 0
    j = node
    for tile in tiles:
        label = label_of[tile & ~BLANK_BIT]
        while True:
            if not j:
                return None
            arc = arcs[j]
            if arc & LABEL_MASK == label:
                accepts = arc & ACCEPTS
                j = arc >> CHILD_SHIFT
                break
            if arc & LAST:
                return None
            j += 1
    return j, accepts
