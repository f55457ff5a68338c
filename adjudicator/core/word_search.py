"""Word search on the move generator's graph: anagrams, patterns and hooks.

Words are tile sequences (letter ids) of the ruleset's alphabet, found by
walking the graph (:mod:`.dawg`) the way the generator does, so a search
finds exactly the words a play could form: the ruleset's filter is the
graph variant's.
"""

from __future__ import annotations

import typing as t

from adjudicator.core.dawg import ACCEPTS, CHILD_SHIFT, LABEL_MASK, LAST
from adjudicator.core.movegen import Words
from adjudicator.core.tiles import BLANK, Tile
from adjudicator.errors import SearchTooBroadError

# A pattern's pieces: a tile id, ANY_ONE ("." one tile) or ANY_RUN ("*" any run).
ANY_ONE = -1
ANY_RUN = -2
Word = tuple[Tile, ...]


def _arcs(words: Words, node: int) -> t.Iterator[tuple[Tile, int, bool]]:
    """``(tile, child, accepts)`` of each arc of ``node`` the alphabet spells."""
    arcs, tile_of = words.graph.arcs, words.tile_of
    j = node
    while j:
        arc = arcs[j]
        tile = tile_of[arc & LABEL_MASK]
        if tile:
            yield tile, arc >> CHILD_SHIFT, bool(arc & ACCEPTS)
        if arc & LAST:
            return
        j += 1


def anagrams(
    words: Words, rack: t.Sequence[Tile], *, every_length: bool, min_length: int = 2
) -> list[Word]:
    """The words made of all of ``rack``'s tiles (``BLANK``: any letter), or with
    ``every_length`` of any of them, at least ``min_length`` long."""
    counts: dict[Tile, int] = {}
    for tile in rack:
        counts[tile] = counts.get(tile, 0) + 1
    total = len(rack)
    found: set[Word] = set()
    word: list[Tile] = []

    def walk(node: int) -> None:
        for tile, child, accepts in _arcs(words, node):
            for use in (tile, BLANK):
                if counts.get(use, 0) == 0 or (use == BLANK and counts.get(tile, 0)):
                    continue  # a blank stands for a letter the rack lacks first
                counts[use] -= 1
                word.append(tile)
                n = len(word)
                if accepts and n >= min_length and (every_length or n == total):
                    found.add(tuple(word))
                if n < total:
                    walk(child)
                word.pop()
                counts[use] += 1

    walk(words.root)
    return sorted(found)


def matching(words: Words, pattern: t.Sequence[int], *, max_length: int, most: int) -> list[Word]:
    """The words of at most ``max_length`` tiles that match ``pattern`` (tile
    ids, ``ANY_ONE``, ``ANY_RUN``).

    :raises SearchTooBroadError: more than ``most`` words match.
    """
    found: set[Word] = set()
    word: list[Tile] = []

    def walk(node: int, k: int, accepted: bool) -> None:
        if k == len(pattern):
            if accepted and word and tuple(word) not in found:
                found.add(tuple(word))
                if len(found) > most:
                    raise SearchTooBroadError(most)
            return
        if len(word) >= max_length and pattern[k] != ANY_RUN:
            return
        piece = pattern[k]
        if piece == ANY_RUN:
            walk(node, k + 1, accepted)  # the run is empty
            if len(word) >= max_length:
                return
            for tile, child, accepts in _arcs(words, node):
                word.append(tile)
                walk(child, k, accepts)  # the run goes on
                word.pop()
            return
        for tile, child, accepts in _arcs(words, node):
            if piece in (ANY_ONE, tile):
                word.append(tile)
                walk(child, k + 1, accepts)
                word.pop()

    walk(words.root, 0, False)
    return sorted(found)


def hooks(words: Words, word: t.Sequence[Tile]) -> tuple[bool, list[Tile], list[Tile]]:
    """Whether ``word`` is a word, and the tiles that make a word of it put
    before it and after it."""
    front = []
    for tile, child, accepts in _arcs(words, words.root):
        if _ends(words, child, word, accepts):
            front.append(tile)
    node = words.root
    accepted = False
    for tile in word:
        step = next(((c, a) for x, c, a in _arcs(words, node) if x == tile), None)
        if step is None:
            return False, front, []
        node, accepted = step
    back = [tile for tile, _, accepts in _arcs(words, node) if accepts]
    return accepted, front, back


def _ends(words: Words, node: int, word: t.Sequence[Tile], accepted: bool) -> bool:
    """Whether spelling ``word`` from ``node`` ends a word."""
    for tile in word:
        step = next(((c, a) for x, c, a in _arcs(words, node) if x == tile), None)
        if step is None:
            return False
        node, accepted = step
    return accepted
