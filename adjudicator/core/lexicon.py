"""Lexicons: a memory-mapped marisa ``RecordTrie`` per language.

Format (written by :mod:`adjudicator.builders`):

* ``NAME.marisa`` -- a ``RecordTrie("<HH")``.  Keys are canonical tile strings
  (:meth:`Alphabet.key`: one code point per tile).  Each record is one
  morphological reading: ``(tag bits, lemma rule)``; see :mod:`.wordfilter`.
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

RECORD_FORMAT = "<HH"


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

    @classmethod
    def open(
        cls,
        name: str,
        path: Path,
        manifest: t.Mapping[str, t.Any],
        lemma_rules: t.Sequence[tuple[int, str]] = ((0, ""),),
    ) -> Lexicon:
        """Memory-map ``path``; the manifest was read and checked by the caller."""
        trie = marisa_trie.RecordTrie(RECORD_FORMAT).mmap(str(path))
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
        trie = marisa_trie.RecordTrie(RECORD_FORMAT, list(records))
        return cls(name, manifest, trie, tuple(lemma_rules))

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

    def describe(self) -> dict[str, str]:
        return {"name": self.name, "version": self.version, "checksum": self.checksum}

    # -- lookups ------------------------------------------------------------

    def readings(self, key: str) -> list[Reading]:
        return [Reading(tags, rule) for tags, rule in self.trie.get(key, ())]

    def records(self, key: str) -> t.Sequence[tuple[int, int]]:
        """The raw ``(tags, lemma rule)`` records of ``key``; empty when it is absent."""
        return self.trie.get(key, ())  # type: ignore[no-any-return]

    def __contains__(self, key: str) -> bool:
        return key in self.trie

    def lemma(self, key: str, rule: int) -> str:
        cut, append = self.lemma_rules[rule]
        return (key[: len(key) - cut] if cut else key) + append
