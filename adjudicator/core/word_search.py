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
# Most arcs one search may follow (a pattern that matches little but leaves
# every prefix open, such as "*Q" on 3 M forms, would walk the whole graph).
MOST_STEPS = 2_000_000


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

    steps = 0

    def walk(node: int) -> None:
        nonlocal steps
        for tile, child, accepts in _arcs(words, node):
            steps += 1
            if steps > MOST_STEPS:
                raise SearchTooBroadError(MOST_STEPS)
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


def matching(
    words: Words, pattern: t.Sequence[int], *, min_length: int, max_length: int, most: int
) -> list[Word]:
    """The words of ``min_length`` to ``max_length`` tiles that match ``pattern``
    (tile ids, ``ANY_ONE``, ``ANY_RUN``).

    The pattern is run as a small automaton beside the graph walk: each prefix
    carries the set of pattern positions it can be at, so each prefix of the
    graph is walked once however many runs the pattern has.

    :raises SearchTooBroadError: more than ``most`` words match, or the walk
        would visit more than :data:`MOST_STEPS` arcs.
    """
    # Runs side by side match what one run matches.
    pattern = [
        p for k, p in enumerate(pattern) if not (p == ANY_RUN and pattern[k - 1 : k] == [ANY_RUN])
    ]
    n = len(pattern)

    def closed(states: set[int]) -> frozenset[int]:
        """With every position a run may skip to by matching nothing."""
        out = set(states)
        stack = list(states)
        while stack:
            k = stack.pop()
            if k < n and pattern[k] == ANY_RUN and k + 1 not in out:
                out.add(k + 1)
                stack.append(k + 1)
        return frozenset(out)

    found: list[Word] = []
    word: list[Tile] = []
    steps = 0

    def walk(node: int, states: frozenset[int]) -> None:
        nonlocal steps
        for tile, child, accepts in _arcs(words, node):
            steps += 1
            if steps > MOST_STEPS:
                raise SearchTooBroadError(MOST_STEPS)
            after = set()
            for k in states:
                if k < n:
                    piece = pattern[k]
                    if piece == ANY_RUN:
                        after.add(k)
                    elif piece in (ANY_ONE, tile):
                        after.add(k + 1)
            if not after:
                continue
            nxt = closed(after)
            word.append(tile)
            if accepts and n in nxt and len(word) >= min_length:
                found.append(tuple(word))
                if len(found) > most:
                    raise SearchTooBroadError(most)
            if len(word) < max_length:
                walk(child, nxt)
            word.pop()

    walk(words.root, closed({0}))
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
