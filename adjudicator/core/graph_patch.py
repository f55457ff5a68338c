"""A word graph with words added and removed: a house list's, made from its base's.

Building a graph judges every key of the lexicon (50 s for a Russian one), so
a house list never builds its own.  Its graph is the base's arcs, copied as
they are (a millisecond for a megabyte), plus a copy of each node on the path
of each word that changes, appended after them: a node of a DAWG is shared by
every word that runs through it, so a changed word gets its own path from the
root, and everything it does not touch stays shared with the base.  The
generator and the word search walk the result as any graph.
"""

from __future__ import annotations

import typing as t
from array import array

from adjudicator.core.dawg import (
    ACCEPTS,
    CHILD_SHIFT,
    LABEL_MASK,
    LAST,
    MAX_ARCS,
    Variant,
    WordGraph,
)


class _Node:
    """A copied node: label -> [child, accepts]; a child is a base node's first
    arc (0: none) or another copied node."""

    __slots__ = ("arcs",)

    def __init__(self, arcs: dict[int, list[t.Any]]) -> None:
        self.arcs = arcs


def _copy(arcs: t.Sequence[int], first: int) -> _Node:
    """A copy of the base node whose arcs start at ``first``."""
    out: dict[int, list[t.Any]] = {}
    i = first
    while i:
        arc = arcs[i]
        out[arc & LABEL_MASK] = [arc >> CHILD_SHIFT, bool(arc & ACCEPTS)]
        if arc & LAST:
            break
        i += 1
    return _Node(out)


def _set(base: t.Sequence[int], root: _Node, labels: t.Sequence[int], accepts: bool) -> int:
    """Make the word of ``labels`` accepted or not under ``root``; the change in
    the variant's word count (-1, 0 or 1)."""
    node = root
    for depth, label in enumerate(labels):
        arc = node.arcs.get(label)
        if arc is None:
            if not accepts:
                return 0  # removing a word that is not there
            arc = node.arcs[label] = [_Node({}), False]
        if depth == len(labels) - 1:
            before, arc[1] = arc[1], accepts
            return int(accepts) - int(before)
        if not isinstance(arc[0], _Node):
            arc[0] = _copy(base, arc[0])
        node = arc[0]
    return 0


def patch_graph(
    graph: WordGraph,
    changes: t.Mapping[str, tuple[t.Sequence[str], t.Sequence[str]]],
    facts: t.Mapping[str, t.Any],
) -> WordGraph:
    """``graph`` with, in each variant named in ``changes``, the keys of its first
    list accepted and those of its second not; the other variants as they are.
    ``facts`` replace the header's (the house list's name and checksum).

    :raises ValueError: more distinct key characters, or arcs, than the format holds.
    """
    base = graph.arcs
    chars = graph.chars
    extra = sorted({c for add, _ in changes.values() for key in add for c in key} - set(chars))
    chars += "".join(extra)
    if len(chars) > LABEL_MASK:
        raise ValueError(f"{len(chars)} distinct characters; a graph holds at most {LABEL_MASK}")
    labels = {c: i + 1 for i, c in enumerate(chars)}
    roots: dict[str, _Node] = {}
    counts: dict[str, int] = {}
    for key, (add, remove) in changes.items():
        variant = graph.variants.get(key)
        if variant is None:
            continue
        root = roots[key] = _copy(base, variant.root)
        counts[key] = variant.words
        for word in remove:
            if all(c in labels for c in word):
                counts[key] += _set(base, root, [labels[c] for c in word], False)
        for word in add:
            counts[key] += _set(base, root, [labels[c] for c in word], True)
    arcs = array("I")
    arcs.frombytes(bytes(base))  # a memoryview or an array: their bytes as they are
    offsets = _place(roots.values(), len(arcs))
    for node, offset in offsets.items():
        if offset:
            _write(arcs, node, offsets)
    if len(arcs) >= MAX_ARCS:
        raise ValueError(f"more than {MAX_ARCS} arcs: too big for this format")
    variants = {
        key: Variant(key, offsets[roots[key]], counts[key]) if key in roots else v
        for key, v in graph.variants.items()
    }
    header = {
        **graph.header,
        **facts,
        "chars": chars,
        "arcs": len(arcs),
        "variants": [{"key": v.key, "root": v.root, "words": v.words} for v in variants.values()],
    }
    return WordGraph(header, chars, variants, arcs, len(arcs) * 4)


def _place(roots: t.Iterable[_Node], start: int) -> dict[_Node, int]:
    """Each copied node's first arc, in the order they will be written (0 for a
    node without arcs)."""
    offsets: dict[_Node, int] = {}
    stack = list(roots)
    end = start
    while stack:
        node = stack.pop()
        if node in offsets:
            continue
        offsets[node] = end if node.arcs else 0
        end += len(node.arcs)
        stack.extend(child for child, _ in node.arcs.values() if isinstance(child, _Node))
    return offsets


def _write(arcs: array[int], node: _Node, offsets: t.Mapping[_Node, int]) -> None:
    """Append ``node``'s arcs (they go where :func:`_place` put them: in its order)."""
    assert len(arcs) == offsets[node], "copied nodes are written in the order placed"
    last = len(node.arcs) - 1
    for k, (label, (child, accepts)) in enumerate(sorted(node.arcs.items())):
        target = offsets[child] if isinstance(child, _Node) else child
        arc = label | (target << CHILD_SHIFT)
        if accepts:
            arc |= ACCEPTS
        if k == last:
            arc |= LAST
        arcs.append(arc)
