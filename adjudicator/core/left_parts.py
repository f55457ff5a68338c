"""Left parts: the tiles a run of a several-line group (:mod:`.shapes`) may
start with before a stretch of tiles already laid, found once for the
stretch's letters and the tiles left, and laid wherever such a stretch stands.

What may go before a stretch from the rack does not depend on the squares,
only on the stretch's letters and the tiles left, so it is found once per
search: each prefix of the graph once (Appel and Jacobson's left parts), kept
when the stretch follows it.  The search then lays a left part on the squares
before the stretch and walks the rest of the run square by square.
"""

from __future__ import annotations

import typing as t

from adjudicator.core.dawg import CHILD_SHIFT, LABEL_MASK, LAST
from adjudicator.core.tiles import BLANK, BLANK_BIT, Tile

if t.TYPE_CHECKING:
    from adjudicator.core.movegen import Words

# A left part: its tiles, and the arc that reads the stretch's last letter
# after them (its child goes on; ACCEPTS: a word ends with the stretch).
Left = tuple[tuple[Tile, ...], int]


class LeftParts:
    """The left parts of each stretch and tiles left, as asked."""

    def __init__(self, words: Words) -> None:
        self.words = words
        self.steps = 0  # arcs followed, for the caller's budget
        self._known: dict[tuple[tuple[int, ...], tuple[int, ...], int], list[Left]] = {}

    def lefts(self, stretch: tuple[int, ...], counts: list[int], most: int) -> list[Left]:
        """Every sequence of at most ``most`` tiles of ``counts`` (``BLANK`` any
        letter; none too) that the letters ``stretch`` (graph labels) can follow
        in a word, in each way the rack's tiles can make it."""
        key = (stretch, tuple(counts), most)
        found = self._known.get(key)
        if found is None:
            found = self._known[key] = self._find(stretch, list(counts), most)
        return found

    def _find(self, stretch: tuple[int, ...], counts: list[int], most: int) -> list[Left]:
        arcs, tile_of, root = self.words.graph.arcs, self.words.tile_of, self.words.root
        out: list[Left] = []
        word: list[Tile] = []
        left = min(most, sum(counts))

        def before(node: int) -> None:
            """``word`` is a left part: the stretch next, then more left part."""
            self.steps += 1
            j, arc = node, 0
            for label in stretch:
                while j:
                    arc = arcs[j]
                    if arc & LABEL_MASK == label:
                        break
                    j = 0 if arc & LAST else j + 1
                if not j:
                    break
                j = arc >> CHILD_SHIFT
            else:
                out.append((tuple(word), arc))
            if len(word) >= left:
                return
            j = node
            while j:
                arc = arcs[j]
                letter = tile_of[arc & LABEL_MASK]
                if letter:
                    for use, tile in ((letter, letter), (BLANK, letter | BLANK_BIT)):
                        if counts[use]:
                            counts[use] -= 1
                            word.append(tile)
                            before(arc >> CHILD_SHIFT)
                            word.pop()
                            counts[use] += 1
                if arc & LAST:
                    break
                j += 1

        before(root)
        return out


def arc_labels(arcs: t.Sequence[int], node: int) -> int:
    """The labels of a node's arcs, as a bit set."""
    out = 0
    while node:
        arc = arcs[node]
        out |= 1 << (arc & LABEL_MASK)
        if arc & LAST:
            break
        node += 1
    return out
