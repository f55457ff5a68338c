"""Two lexicons side by side: the words one adds to the other and those it drops.

Either side may be a version of a house list, ``NAME@VERSION`` (its number, or
its checksum as a ruling records it): a house list keeps every version in its
log.  Two sides on one trie (two versions of a house list, or a house list and
its base) differ only in their entries, so only those are compared; any other
two are compared key by key.
"""

from __future__ import annotations

import typing as t
from dataclasses import dataclass

from pydantic import Field

from adjudicator.core.house import HouseEventKind
from adjudicator.core.house_list import HouseList
from adjudicator.errors import LexiconsNotComparableError, NotAHouseListError, UnknownLexiconError
from adjudicator.services.answer import Answer

if t.TYPE_CHECKING:
    from adjudicator.core.lexicon import Lexicon
    from adjudicator.loaders import Registry


class LexiconDiff(Answer):
    base: str
    other: str
    added_count: int = Field(description="Words in `other` and not in `base`")
    removed_count: int = Field(description="Words in `base` and not in `other`")
    added: list[str]
    removed: list[str]
    truncated: bool = Field(description="True when `limit` cut a list short")


@dataclass(frozen=True, slots=True)
class _Side:
    lexicon: Lexicon
    house: HouseList | None  # the version compared, for a house list

    def has(self, key: str) -> bool:
        hit = self.house.keys.get(key) if self.house is not None else None
        if hit is None:
            return key in self.lexicon.trie
        return hit[0].kind == HouseEventKind.ADD

    def entries(self) -> set[str]:
        return set(self.house.keys) if self.house is not None else set()

    def keys(self) -> set[str]:
        every = set(self.lexicon.trie.keys()) | self.entries()
        return {key for key in every if self.has(key)}


def diff_lexicons(
    registry: Registry, base: str, other: str, limit: int | None = None
) -> LexiconDiff:
    """The words ``other`` adds to ``base`` and those it drops, in order; either
    may name a version of a house list (``club@3``).

    :raises UnknownLexiconError: either is not loaded.
    :raises NotAHouseListError: a version of a lexicon that is no house list.
    :raises UnknownHouseVersionError: a version the house list never had.
    :raises LexiconsNotComparableError: they spell words in different alphabets.
    """
    a, b = _side(registry, base), _side(registry, other)
    if a.lexicon.alphabet != b.lexicon.alphabet:
        raise LexiconsNotComparableError(base, other, (a.lexicon.alphabet, b.lexicon.alphabet))
    if a.lexicon.trie is b.lexicon.trie:  # the same words but for the entries
        changed = a.entries() | b.entries()
        old = {k for k in changed if a.has(k)}
        new = {k for k in changed if b.has(k)}
    else:
        old, new = a.keys(), b.keys()
    alphabet = registry.alphabets[a.lexicon.alphabet]
    added = sorted(alphabet.spell_key(k) for k in new - old)
    removed = sorted(alphabet.spell_key(k) for k in old - new)
    cut = limit is not None and (len(added) > limit or len(removed) > limit)
    return LexiconDiff(
        base=base,
        other=other,
        added_count=len(added),
        removed_count=len(removed),
        added=added[:limit],
        removed=removed[:limit],
        truncated=cut,
    )


def _side(registry: Registry, ref: str) -> _Side:
    name, at, version = ref.partition("@")
    lexicon = registry.lexicons.get(name)
    if lexicon is None:
        raise UnknownLexiconError(name)
    house = lexicon.house
    if at:
        if house is None:
            raise NotAHouseListError(name)
        base = registry.lexicons.get(house.base)
        upto = house.log.resolve(version, base.checksum if base is not None else "")
        house = HouseList.of(house.log, upto)
    return _Side(lexicon, house)
