"""The word graph the move generator walks: a minimal DAWG of accepted words.

A lexicon's trie answers "is this a word?"; finding plays needs "which tiles
may follow this prefix?", a walk from letter to letter.  This is Appel and
Jacobson's structure: a directed acyclic word graph, minimized so that words
share their suffixes as well as their prefixes (see docs/architecture.md).

Format: one flat array of 32-bit arcs.  A node is a run of arcs in label order;
each arc holds

* bits 0-6: the label (1..127, an index into the graph's ``chars``: the lexicon
  key characters it spells, so a digraph tile is one label);
* bit 7: the last arc of its node;
* bit 8: a word ends after this arc;
* bits 9-31: the index of the child node's first arc (0: the child has none).

Arc 0 is a sentinel.  One graph holds several *variants* (each ruleset word
filter that the lexicon serves accepts its own words); each has a root, and
they share their nodes.  Built once with the lexicon, written after a JSON
header, memory-mapped by every worker.
"""

from __future__ import annotations

import json
import mmap
import struct
import typing as t
from array import array
from dataclasses import dataclass
from pathlib import Path

MAGIC = b"ADJDAWG1"
LABEL_MASK = 0x7F
LAST = 0x80
ACCEPTS = 0x100
CHILD_SHIFT = 9
MAX_ARCS = 1 << (32 - CHILD_SHIFT)


class GraphFormatError(ValueError):
    """A file that is not a word graph of this format."""


@dataclass(frozen=True, slots=True)
class Variant:
    """One word filter's words in a graph: its key, root arc and word count."""

    key: str
    root: int
    words: int


@dataclass(frozen=True, slots=True, eq=False)
class WordGraph:
    """A loaded graph: the header's facts and the arcs (a memory-mapped view)."""

    header: t.Mapping[str, t.Any]
    chars: str
    variants: t.Mapping[str, Variant]
    arcs: t.Sequence[int]
    size: int  # bytes on disk

    def label(self, char: str) -> int:
        """The label of a key character, 0 when the graph never spells it."""
        index = self.chars.find(char)
        return index + 1 if index >= 0 else 0

    def words(self, root: int, prefix: str = "") -> t.Iterator[str]:
        """Every word under the node at arc ``root``, in label order."""
        arcs, chars = self.arcs, self.chars
        i = root
        while i:
            arc = arcs[i]
            word = prefix + chars[(arc & LABEL_MASK) - 1]
            if arc & ACCEPTS:
                yield word
            yield from self.words(arc >> CHILD_SHIFT, word)
            if arc & LAST:
                break
            i += 1


def build_graph(
    variants: t.Sequence[tuple[str, t.Iterable[str]]], facts: t.Mapping[str, t.Any]
) -> bytes:
    """The file's bytes for these variants, each ``(key, sorted words)``; the
    words are lexicon keys (one character a tile).  ``facts`` go in the header
    (the lexicon's name and checksum).

    :raises ValueError: words out of order, or a graph too big for the format.
    """
    word_lists = [(key, list(words)) for key, words in variants]
    chars = "".join(sorted({c for _, words in word_lists for w in words for c in w}))
    if len(chars) > LABEL_MASK:
        raise ValueError(f"{len(chars)} distinct characters; a graph holds at most {LABEL_MASK}")
    labels = {c: i + 1 for i, c in enumerate(chars)}
    builder = _Builder()
    roots = []
    for key, words in word_lists:
        roots.append((key, builder.add_variant(words, labels), len(words)))
    arcs, offsets = builder.layout()
    header = {
        **facts,
        "format": 1,
        "chars": chars,
        "arcs": len(arcs),
        "variants": [{"key": k, "root": offsets[root], "words": n} for k, root, n in roots],
    }
    head = json.dumps(header, ensure_ascii=False, sort_keys=True).encode()
    head += b" " * (-(len(MAGIC) + 4 + len(head)) % 4)
    return MAGIC + struct.pack("<I", len(head)) + head + arcs.tobytes()


class _Builder:
    """Daciuk's incremental construction: words come sorted, and each node is
    registered (merged with an equal one) as soon as no later word can change it."""

    def __init__(self) -> None:
        # A registered node: (final, ((label, child id), ...)) -> id; ids grow, so a
        # node's children always have smaller ids than the node.
        self.register: dict[tuple[bool, tuple[tuple[int, int], ...]], int] = {}
        self.nodes: list[tuple[bool, tuple[tuple[int, int], ...]]] = []

    def _freeze(self, final: bool, arcs: dict[int, int]) -> int:
        sig = (final, tuple(arcs.items()))
        found = self.register.get(sig)
        if found is None:
            found = self.register[sig] = len(self.nodes)
            self.nodes.append(sig)
        return found

    def add_variant(self, words: t.Sequence[str], labels: t.Mapping[str, int]) -> int:
        # The path of the previous word: mutable nodes as [final, {label: child id}].
        path: list[list[t.Any]] = [[False, {}]]
        previous: list[int] = []
        for word in words:
            spelled = [labels[c] for c in word]
            if spelled <= previous and previous:
                raise ValueError(f"words out of order at {word!r}")
            common = 0
            for a, b in zip(spelled, previous, strict=False):
                if a != b:
                    break
                common += 1
            self._close(path, previous, common)
            for label in spelled[common:]:
                path.append([False, {}])
                path[-2][1][label] = -1  # filled when the child is frozen
            path[-1][0] = True
            previous = spelled
        self._close(path, previous, 0)
        final, arcs = path[0]
        return self._freeze(final, arcs)

    def _close(self, path: list[list[t.Any]], previous: list[int], keep: int) -> None:
        """Freeze the previous word's nodes below depth ``keep``."""
        while len(path) > keep + 1:
            final, arcs = path.pop()
            path[-1][1][previous[len(path) - 1]] = self._freeze(final, arcs)

    def layout(self) -> tuple[array[int], list[int]]:
        """The arcs in node order, and each node's first arc (0 for a leaf)."""
        arcs = array("I", [0])
        offsets = [0] * len(self.nodes)
        finals = [final for final, _ in self.nodes]
        for node, (_, children) in enumerate(self.nodes):
            if not children:
                continue
            offsets[node] = len(arcs)
            last = len(children) - 1
            for k, (label, child) in enumerate(children):
                arc = label | (offsets[child] << CHILD_SHIFT)
                if finals[child]:
                    arc |= ACCEPTS
                if k == last:
                    arc |= LAST
                arcs.append(arc)
            if len(arcs) >= MAX_ARCS:
                raise ValueError(f"more than {MAX_ARCS} arcs: too big for this format")
        return arcs, offsets


def read_graph(data: t.Any, size: int) -> WordGraph:
    """A graph over a buffer (a memory map, or bytes in tests).

    :raises GraphFormatError: not a whole graph of this format.
    """
    view = memoryview(data)
    start = len(MAGIC) + 4
    if len(view) < start or bytes(view[: len(MAGIC)]) != MAGIC:
        raise GraphFormatError("not a word graph (bad magic)")
    (head_len,) = struct.unpack_from("<I", view, len(MAGIC))
    try:
        header = json.loads(bytes(view[start : start + head_len]))
    except ValueError as exc:
        raise GraphFormatError(f"bad header: {exc}") from None
    if not isinstance(header, dict) or header.get("format") != 1:
        raise GraphFormatError("not a word graph of format 1")
    body = view[start + head_len :]
    try:
        count = int(header["arcs"])
        variants = {
            str(v["key"]): Variant(str(v["key"]), int(v["root"]), int(v["words"]))
            for v in header["variants"]
        }
        chars = str(header["chars"])
    except (KeyError, TypeError, ValueError) as exc:
        raise GraphFormatError(f"bad header: {exc!r}") from None
    if len(body) % 4 or len(body) // 4 != count:
        raise GraphFormatError(f"{len(body)} bytes of arcs; the header says {count} arcs")
    arcs = body.cast("I")
    if any(not 0 <= v.root < len(arcs) for v in variants.values()):
        raise GraphFormatError("a variant's root is outside the arcs")
    return WordGraph(header, chars, variants, arcs, size)


def open_graph(path: Path) -> WordGraph:
    """Memory-map a graph file read-only: every process shares its pages.

    :raises GraphFormatError: not a whole graph of this format (an empty or cut file).
    """
    with path.open("rb") as f:
        try:
            mapped = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
        except ValueError as exc:  # an empty file cannot be mapped
            raise GraphFormatError(f"{path.name}: {exc}") from None
    # A refused file's map is unmapped with the last view of it, once unreferenced.
    return read_graph(mapped, len(mapped))
