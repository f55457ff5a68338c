"""Word text -> lexicon key, and the checks that decide why an entry is unusable.

A key is :meth:`Alphabet.key` of the word's undesignated tiles, read by the
same :class:`~adjudicator.core.spelling.Speller` that word checks use, so an
entry is keyed exactly as a player's word is looked up.
"""

from __future__ import annotations

import typing as t

from adjudicator.core.alphabet import Alphabet
from adjudicator.core.spelling import Speller
from adjudicator.errors import LexiconBuildError, UnknownTileError

HYPHENS = "-\u2010\u2011\u2012\u2013\u2014\u2212"
APOSTROPHES = "'\u2019\u02bc\u2018`\u00b4"


def junk_reason(text: str) -> str | None:
    """Why an entry can never be a playable word, before looking at its letters."""
    if any(ch.isdigit() for ch in text):
        return "digit"
    if any(ch in HYPHENS for ch in text):
        return "hyphen"
    if any(ch in APOSTROPHES for ch in text):
        return "apostrophe"
    if any(ch.isspace() for ch in text):
        return "space"
    return None


def case_of(text: str) -> str:
    """``upper``, ``lower``, ``mixed`` or ``none`` (no cased letter at all)."""
    if text.isupper():
        return "upper"
    if text.islower():
        return "lower"
    if any(ch.isupper() or ch.islower() for ch in text):
        return "mixed"
    return "none"


class KeyMaker:
    """Callable turning a word (either case) into its lexicon key, as a word
    check reads it (:class:`~adjudicator.core.spelling.Speller`).

    :raises UnknownTileError: a character that is no tile of the alphabet.
    """

    def __init__(self, alphabet: Alphabet) -> None:
        self.alphabet = alphabet
        self._speller = Speller(alphabet)

    def __call__(self, text: str) -> str:
        return self._speller.spell(text)[0]

    def try_key(self, text: str) -> str | None:
        """The key, or ``None`` when a character is not in the alphabet."""
        try:
            return self(text)
        except UnknownTileError:
            return None


def fold_table(alphabet: Alphabet, fold: t.Mapping[str, str]) -> dict[int, str]:
    """``{Ё: Е}`` in labels -> a ``str.translate`` table over lexicon keys.

    :raises LexiconBuildError: a side of the fold that is not exactly one tile.
    """
    make = KeyMaker(alphabet)
    table: dict[int, str] = {}
    for src, dst in fold.items():
        try:
            src_key, dst_key = make(str(src)), make(str(dst))
        except UnknownTileError as exc:
            raise LexiconBuildError(
                f"fold_variants {src}->{dst}: {exc.detail}", fold={src: dst}
            ) from exc
        if len(src_key) != 1 or len(dst_key) != 1:
            raise LexiconBuildError(
                f"fold_variants {src}->{dst} must map one tile to one tile "
                f"of the {alphabet.name} alphabet",
                fold={src: dst},
            )
        table[ord(src_key)] = dst_key
    return table
