"""Check words against a ruleset's lexicon and filter.

The word answers are typed dicts, not models: a check answers thousands of
them, and pydantic serializes and documents a typed dict as it does a model,
without making an object of each (``Answer`` explains the choice).
"""

from __future__ import annotations

import typing as t

from pydantic import ConfigDict, Field, with_config
from typing_extensions import TypedDict

from adjudicator.core.verdict import MAX_WORD_LENGTH, CheckedWord
from adjudicator.errors import UnknownTileError

if t.TYPE_CHECKING:
    from adjudicator.core.ruleset import Ruleset
    from adjudicator.core.verdict import WordChecker
    from adjudicator.loaders import Registry


# Unknown members are refused, so that the published contract stays exact.
_EXACT = ConfigDict(extra="forbid")


@with_config(_EXACT)
class LexiconRef(TypedDict):
    name: str
    version: str
    checksum: str
    stand_in: t.Annotated[
        bool,
        Field(
            description="True when it answers in place of the ruleset's own list, "
            "which is not loaded (ENABLE for NWL2023, say)"
        ),
    ]


@with_config(_EXACT)
class WordVerdict(CheckedWord):
    """The verdict on one word: ``word`` is its canonical spelling; ``tiles`` its
    tile labels, absent when the word has no tile spelling; ``reason`` why it is
    not valid, absent when it is."""


@with_config(_EXACT)
class WordResponse(WordVerdict):
    ruleset: str
    lexicon: LexiconRef


@with_config(_EXACT)
class CheckResponse(TypedDict):
    ruleset: str
    lexicon: LexiconRef
    results: t.Annotated[list[WordVerdict], Field(description="In the order the words were sent")]


def lexicon_ref(rules: Ruleset | None, name: str, version: str, checksum: str) -> LexiconRef:
    """The lexicon a ruling used under ``rules`` (None: a ruleset no longer
    configured), as answers name it."""
    return {
        "name": name,
        "version": version,
        "checksum": checksum,
        "stand_in": rules is not None and rules.stands_in(name),
    }


def checker_lexicon(checker: WordChecker) -> LexiconRef:
    lexicon = checker.lexicon
    return lexicon_ref(checker.rules, lexicon.name, lexicon.version, lexicon.checksum)


def check_word(
    registry: Registry,
    ruleset: str,
    word: str,
    max_length: int = MAX_WORD_LENGTH,
    lexicon_name: str | None = None,
) -> WordResponse:
    """The verdict on one word as typed.

    :raises NotFoundError: unknown ruleset or lexicon.
    :raises LexiconMismatchError: ``lexicon_name`` cannot serve this ruleset.
    :raises InputError: a character outside the alphabet, an empty or overlong word.
    """
    checker = registry.checker(ruleset, lexicon_name)
    return {
        **checker.check(word, max_length),
        "ruleset": checker.rules.name,
        "lexicon": checker_lexicon(checker),
    }


def check_words(
    registry: Registry,
    ruleset: str,
    words: t.Sequence[str],
    max_length: int = MAX_WORD_LENGTH,
    lexicon_name: str | None = None,
) -> CheckResponse:
    """Verdicts in input order.

    :raises UnknownTileError: naming the word's index and the position in it.
    """
    checker = registry.checker(ruleset, lexicon_name)
    results: list[WordVerdict] = []
    for i, word in enumerate(words):
        try:
            results.append(checker.check(word, max_length))
        except UnknownTileError as exc:
            exc.fields["index"] = i
            exc.detail = f"words[{i}]: {exc.detail}"
            raise
    return {
        "ruleset": checker.rules.name,
        "lexicon": checker_lexicon(checker),
        "results": results,
    }
