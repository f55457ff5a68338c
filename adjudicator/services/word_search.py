"""Word search: anagrams, patterns and hooks of a ruleset's words, sorted and paged."""

from __future__ import annotations

import typing as t
from typing import NotRequired

from pydantic import ConfigDict, Field, with_config
from typing_extensions import TypedDict

from adjudicator.core import word_search as search
from adjudicator.core.tiles import BLANK, BLANK_BIT
from adjudicator.errors import InvalidRequestError
from adjudicator.services.moves import finder_words
from adjudicator.services.words import LexiconRef

if t.TYPE_CHECKING:
    from adjudicator.core.ruleset import Ruleset
    from adjudicator.loaders import Registry

# Most words a pattern may match before the search asks to be narrowed: a page
# is sorted from all of them, and "*" alone would list a whole lexicon.
MOST_MATCHES = 100_000
_EXACT = ConfigDict(extra="forbid")


@with_config(_EXACT)
class Hooks(TypedDict):
    word: str
    valid: t.Annotated[bool, Field(description="The word itself is accepted")]
    front: t.Annotated[list[str], Field(description="Tiles that make a word put before it")]
    back: t.Annotated[list[str], Field(description="Tiles that make a word put after it")]


@with_config(_EXACT)
class SearchResponse(TypedDict):
    ruleset: str
    lexicon: LexiconRef
    count: t.Annotated[int, Field(description="Every word found, not only this page")]
    words: t.Annotated[list[str], Field(description="In the alphabet's order")]
    next_after: NotRequired[
        t.Annotated[str, Field(description="Pass as `after` for the next page")]
    ]
    hooks: NotRequired[Hooks]


def search_words(
    registry: Registry,
    ruleset: str,
    *,
    anagram: str | None = None,
    every_length: bool = False,
    pattern: str | None = None,
    hooks_of: str | None = None,
    min_length: int = 2,
    max_length: int = 64,
    after: str | None = None,
    limit: int = 100,
    lexicon_name: str | None = None,
) -> SearchResponse:
    """The words from ``anagram``'s tiles, matching ``pattern``, or the hooks of
    ``hooks_of`` (exactly one of them), ``min_length`` to ``max_length`` tiles;
    a page of ``limit`` words after the word ``after``.

    :raises InvalidRequestError: none or several of the three, or bad lengths.
    :raises UnknownTileError: a character that is no tile.
    :raises SearchTooBroadError: a pattern that matches too many words.
    """
    asked = (("anagram", anagram), ("pattern", pattern), ("hooks", hooks_of))
    given = [name for name, value in asked if value]
    if len(given) != 1:
        raise InvalidRequestError(
            "give exactly one of anagram, pattern and hooks", field="anagram", given=given
        )
    if min_length > max_length:
        raise InvalidRequestError(
            f"min_length {min_length} is more than max_length {max_length}", field="min_length"
        )
    rules = registry.ruleset(ruleset)
    words, lexicon = finder_words(registry, rules, lexicon_name)
    alphabet = rules.alphabet
    answer: dict[str, t.Any] = {"ruleset": rules.name, "lexicon": lexicon}
    if hooks_of is not None:
        tiles = _tiles(rules, hooks_of)
        valid, front, back = search.hooks(words, tiles)
        answer["hooks"] = {
            "word": alphabet.render(tiles),
            "valid": valid,
            "front": alphabet.labels(front),
            "back": alphabet.labels(back),
        }
        answer["count"], answer["words"] = 0, []
        return t.cast(SearchResponse, answer)
    if anagram is not None:
        rack = _anagram_tiles(rules, anagram)
        found = search.anagrams(words, rack, every_length=every_length, min_length=min_length)
    else:
        assert pattern is not None
        pieces = _pattern(rules, pattern)
        found = search.matching(
            words, pieces, min_length=min_length, max_length=max_length, most=MOST_MATCHES
        )
    found = [w for w in found if min_length <= len(w) <= max_length]
    start = 0
    if after:
        mark = tuple(_tiles(rules, after))
        start = next((i for i, w in enumerate(found) if w > mark), len(found))
    page = found[start : start + limit]
    answer["count"] = len(found)
    answer["words"] = [alphabet.render(w) for w in page]
    if start + limit < len(found):
        answer["next_after"] = answer["words"][-1]
    return t.cast(SearchResponse, answer)


def _anagram_tiles(rules: Ruleset, text: str) -> list[int]:
    """An anagram's tiles in rack notation, at most a board's length, with no more
    blanks than the set holds (a word study's question, not a rack: no supply check).

    :raises InvalidRequestError: too many tiles or blanks.
    """
    rack = rules.alphabet.rack(text)
    longest = max(rules.layout.rows, rules.layout.cols)
    if len(rack) > longest:
        raise InvalidRequestError(
            f"{len(rack)} tiles; an anagram has at most {longest}", field="anagram"
        )
    blanks = rack.count(BLANK)
    if blanks > rules.alphabet.blank_count:
        raise InvalidRequestError(
            f"{blanks} blanks; the set has {rules.alphabet.blank_count}", field="anagram"
        )
    return [tile & ~BLANK_BIT for tile in rack]


def _tiles(rules: Ruleset, text: str) -> list[int]:
    """Letter ids of ``text`` as tiles (either case, folded by the ruleset)."""
    return [tile & ~BLANK_BIT for tile in rules.reader.tiles(text)]


def _pattern(rules: Ruleset, text: str) -> list[int]:
    """A pattern's pieces: letter ids, ``ANY_ONE`` for ``.``, ``ANY_RUN`` for ``*``."""
    extra: dict[str, int | None] = {".": search.ANY_ONE, "*": search.ANY_RUN}
    tiles = rules.reader.read(text, extra)
    return [tile if tile < 0 else tile & ~BLANK_BIT for tile in tiles if tile is not None]
