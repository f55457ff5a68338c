"""Per-reading tags and the ruleset filters that accept or reject them.

A lexicon stores one record per morphological reading of a word form: a tag
bit set plus a lemma rule.  A ruleset's filter accepts a word when at least one
reading carries every tag of one ``accept`` set and no tag of ``reject``, so the
tags of two different readings never combine into a false match.
"""

from __future__ import annotations

import typing as t
from dataclasses import dataclass

TAGS: dict[str, int] = {
    "word": 1 << 0,  # a plain word-list entry (no morphology known)
    "noun": 1 << 1,
    "adjective": 1 << 2,
    "verb": 1 << 3,
    "other_pos": 1 << 4,  # adverb, participle, numeral, pronoun, ...
    "nominative": 1 << 5,
    "oblique": 1 << 6,  # any case other than the nominative
    "singular": 1 << 7,
    "plural": 1 << 8,
    "plural_only": 1 << 9,  # pluralia tantum (ножницы)
    "no_singular": 1 << 10,  # the lemma has no singular form in the dictionary
    "proper": 1 << 11,
    "abbreviation": 1 << 12,
    "lemma": 1 << 13,  # the dictionary form
    "folded": 1 << 14,  # this key exists only through a letter fold (ЕЛКА for ЁЛКА)
}
POS_TAGS = ("noun", "adjective", "verb", "other_pos")


def tag_bits(names: t.Iterable[str]) -> int:
    """OR of the named tags.

    :raises ValueError: for an unknown tag name.
    """
    bits = 0
    for name in names:
        if name not in TAGS:
            raise ValueError(f"unknown tag {name!r}; known tags: {', '.join(TAGS)}")
        bits |= TAGS[name]
    return bits


def tag_names(bits: int) -> list[str]:
    return [name for name, bit in TAGS.items() if bits & bit]


@dataclass(frozen=True, slots=True)
class WordFilter:
    """Accept-any-of sets of required tags, and tags that always reject."""

    accept: tuple[int, ...] = (0,)  # the default accepts every reading
    reject: int = 0

    def accepts(self, tags: int) -> bool:
        if tags & self.reject:
            return False
        for need in self.accept:
            if tags & need == need:
                return True
        return False


def word_filter_from_mapping(data: t.Mapping[str, t.Any]) -> WordFilter:
    """``{"accept": [[tag, ...], ...], "reject": [tag, ...]}`` -> :class:`WordFilter`.

    :raises ValueError: unknown keys or tags.
    """
    unknown = set(data) - {"accept", "reject"}
    if unknown:
        raise ValueError(f"unknown key(s) {sorted(unknown)}; known: accept, reject")
    accept_sets = data.get("accept", [[]])
    if not isinstance(accept_sets, list) or not all(isinstance(s, list) for s in accept_sets):
        raise ValueError("accept must be a list of lists of tags")
    reject = data.get("reject", [])
    if not isinstance(reject, list):
        raise ValueError("reject must be a list of tags")
    return WordFilter(tuple(tag_bits(s) for s in accept_sets), tag_bits(reject))
