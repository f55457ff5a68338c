"""Lexicons: a memory-mapped marisa ``RecordTrie`` per language.

Format (written by :mod:`adjudicator.builders`):

* ``NAME.marisa`` -- a ``RecordTrie("<HH")``.  Keys are canonical tile strings
  (:meth:`Alphabet.key`: one code point per tile).  Each record is one
  morphological reading: ``(tag bits, lemma rule)``; see :mod:`.wordfilter`.
  A lexicon merged from several sources (its manifest lists ``sources``) is a
  ``RecordTrie("<IH")`` instead: the tag bits from :data:`SOURCE_SHIFT` up hold
  the index of the reading's source in that list (0, the first, for most).
* ``NAME.yaml`` -- the manifest (read by the loaders, handed in here as a dict).
* ``NAME.lemmas.json`` -- optional list of lemma rules that turn a form into its
  lemma: rule ``i`` is ``[cut, append]``: drop ``cut`` trailing key characters,
  then add ``append``.  Rule 0 is always ``[0, ""]`` (the form is the lemma).

Loaded with ``mmap`` so gunicorn workers share the pages.
"""

from __future__ import annotations

import typing as t
from dataclasses import dataclass
from pathlib import Path

import marisa_trie

if t.TYPE_CHECKING:
    from adjudicator.core.house_list import HouseList

RECORD_FORMAT = "<HH"
SOURCED_FORMAT = "<IH"  # a merged lexicon: the tag bits also name the source
SOURCE_SHIFT = 16  # tag bits at and above this one: the source's index


def record_format(manifest: t.Mapping[str, t.Any]) -> str:
    """The record format of a lexicon with this manifest."""
    return SOURCED_FORMAT if manifest.get("sources") else RECORD_FORMAT


@dataclass(frozen=True, slots=True)
class Reading:
    tags: int
    lemma_rule: int


@dataclass(frozen=True, slots=True, eq=False)
class Lexicon:
    """A loaded lexicon: the trie plus its manifest.  Two lexicons are the same
    only if they are the same object (a trie has no useful equality)."""

    name: str
    manifest: t.Mapping[str, t.Any]
    trie: marisa_trie.RecordTrie
    lemma_rules: t.Sequence[tuple[int, str]] = ((0, ""),)
    path: Path | None = None
    # A house list: its base's trie, with these entries consulted first.
    house: HouseList | None = None

    @classmethod
    def open(
        cls,
        name: str,
        path: Path,
        manifest: t.Mapping[str, t.Any],
        lemma_rules: t.Sequence[tuple[int, str]] = ((0, ""),),
    ) -> Lexicon:
        """Memory-map ``path``; the manifest was read and checked by the caller."""
        trie = marisa_trie.RecordTrie(record_format(manifest)).mmap(str(path))
        return cls(name, manifest, trie, tuple(lemma_rules), path)

    @classmethod
    def from_records(
        cls,
        name: str,
        records: t.Iterable[tuple[str, tuple[int, int]]],
        manifest: t.Mapping[str, t.Any],
        lemma_rules: t.Sequence[tuple[int, str]] = ((0, ""),),
    ) -> Lexicon:
        """An in-memory lexicon (tests, fixtures)."""
        trie = marisa_trie.RecordTrie(record_format(manifest), list(records))
        return cls(name, manifest, trie, tuple(lemma_rules))

    @classmethod
    def of_house(cls, manifest: t.Mapping[str, t.Any], base: Lexicon, house: HouseList) -> Lexicon:
        """A house list on ``base``: the base's trie (shared, not copied) and
        lemma rules, its own manifest and entries."""
        return cls(house.name, manifest, base.trie, base.lemma_rules, None, house)

    # -- facts --------------------------------------------------------------

    @property
    def version(self) -> str:
        return str(self.manifest.get("version", ""))

    @property
    def checksum(self) -> str:
        return str(self.manifest.get("sha256", ""))

    @property
    def alphabet(self) -> str:
        return str(self.manifest.get("alphabet", ""))

    @property
    def fold_variants(self) -> dict[str, str]:
        return dict(self.manifest.get("fold_variants", {}) or {})

    @property
    def sources(self) -> tuple[str, ...]:
        """The names of the sources a merged lexicon's readings come from, in the
        order the tag bits number them; empty for a lexicon of one source."""
        return tuple(str(s["name"]) for s in self.manifest.get("sources") or ())

    def describe(self) -> dict[str, str]:
        return {"name": self.name, "version": self.version, "checksum": self.checksum}

    # -- lookups ------------------------------------------------------------

    def readings(self, key: str) -> list[Reading]:
        return [Reading(tags, rule) for tags, rule in self.trie.get(key, ())]

    def records(self, key: str) -> t.Sequence[tuple[int, int]]:
        """The raw ``(tags, lemma rule)`` records of ``key``; empty when it is absent."""
        # marisa_trie has no types; a RecordTrie of record_format() holds these pairs.
        return self.trie.get(key, ())  # type: ignore[no-any-return]

    def __contains__(self, key: str) -> bool:
        return key in self.trie

    def lemma(self, key: str, rule: int) -> str:
        cut, append = self.lemma_rules[rule]
        return (key[: len(key) - cut] if cut else key) + append
