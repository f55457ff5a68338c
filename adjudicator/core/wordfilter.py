"""Per-reading tags and the ruleset filters that accept or reject them.

A lexicon stores one record per morphological reading of a word form: a tag
bit set plus a lemma rule.  A ruleset's filter accepts a word when at least one
reading carries every tag of one ``accept`` set and no tag of ``reject``, so the
tags of two different readings never combine into a false match.

A lexicon records only some tags (its manifest's ``tags``: a plain word list
has ``word``, and ``folded`` when it stores fold variants).  A filter applies
through the tags the lexicon records (:meth:`WordFilter.within`): a tag it never
records cannot be asked of its readings, so a plain list's words are accepted as
listed.  A ruleset that cannot do without some tags names them in ``needs``.
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
EVERY_TAG = sum(TAGS.values())


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


def recorded_tags(names: t.Iterable[str] | None) -> int:
    """The tags a lexicon records, from its manifest's ``tags``; a manifest
    without that list (built before it existed) records every tag.  A name this
    version does not know is ignored: no filter asks for it."""
    if names is None:
        return EVERY_TAG
    return sum(TAGS[name] for name in set(map(str, names)) if name in TAGS)


@dataclass(frozen=True, slots=True)
class WordFilter:
    """Accept-any-of sets of required tags, tags that always reject, and the tags
    a lexicon must record to serve the ruleset at all (``needs``)."""

    accept: tuple[int, ...] = (0,)  # the default accepts every reading
    reject: int = 0
    needs: int = 0

    def within(self, recorded: int) -> WordFilter:
        """This filter on a lexicon that records only the tags ``recorded``: each
        accept set asks only for the tags such a lexicon can have (a plain word
        list's entries are accepted as listed).  The reject tags it never records
        reject nothing either way."""
        if recorded & EVERY_TAG == EVERY_TAG:
            return self
        accept = tuple(dict.fromkeys(need & recorded for need in self.accept))
        return WordFilter(accept, self.reject & recorded, self.needs)

    def missing(self, recorded: int) -> int:
        """The tags of ``needs`` that a lexicon recording ``recorded`` lacks."""
        return self.needs & ~recorded

    def key(self) -> str:
        """What this filter accepts, as text: the name of its words in a word
        graph (:mod:`.dawg`).  ``needs`` accepts nothing, so it is left out."""
        accept = ",".join(f"{bits:x}" for bits in self.accept)
        return f"accept={accept};reject={self.reject:x}"

    def accepts(self, tags: int) -> bool:
        if tags & self.reject:
            return False
        for need in self.accept:
            if tags & need == need:
                return True
        return False


def word_filter_from_mapping(data: t.Mapping[str, t.Any]) -> WordFilter:
    """``{"accept": [[tag, ...], ...], "reject": [tag, ...], "needs": [tag, ...]}``
    -> :class:`WordFilter`.

    :raises ValueError: unknown keys or tags.
    """
    unknown = set(data) - {"accept", "reject", "needs"}
    if unknown:
        raise ValueError(f"unknown key(s) {sorted(unknown)}; known: accept, needs, reject")
    accept_sets = data.get("accept", [[]])
    if not isinstance(accept_sets, list) or not all(isinstance(s, list) for s in accept_sets):
        raise ValueError("accept must be a list of lists of tags")
    reject = data.get("reject", [])
    if not isinstance(reject, list):
        raise ValueError("reject must be a list of tags")
    needs = data.get("needs", [])
    if not isinstance(needs, list):
        raise ValueError("needs must be a list of tags")
    return WordFilter(tuple(tag_bits(s) for s in accept_sets), tag_bits(reject), tag_bits(needs))
