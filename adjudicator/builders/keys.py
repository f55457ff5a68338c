"""Word text -> lexicon key, and the checks that decide why an entry is unusable.

A key is :meth:`Alphabet.key` of the word's undesignated tiles, spelled by a
:class:`~adjudicator.core.tile_reader.TileReader` as word checks spell, so an
entry is keyed exactly as a player's word is looked up.
"""

from __future__ import annotations

import typing as t

from adjudicator.core.alphabet import Alphabet
from adjudicator.core.tile_reader import TileReader
from adjudicator.errors import LexiconBuildError, UnknownTileError

HYPHENS = "-\u2010\u2011\u2012\u2013\u2014\u2212"
APOSTROPHES = "'\u2019\u02bc\u2018`\u00b4"
# The junk that is a letter to str.isalpha() (the modifier letter apostrophe).
_ALPHABETIC_JUNK = frozenset(ch for ch in HYPHENS + APOSTROPHES + "." if ch.isalpha())


def junk_reason(text: str, tiles: t.Collection[str] = ()) -> str | None:
    """Why an entry can never be a playable word, before looking at its letters.

    :param tiles: characters that are tiles of the alphabet, never junk (the
        Ukrainian apostrophe).
    """
    if text.isalpha() and _ALPHABETIC_JUNK.isdisjoint(text):
        return None  # letters only: no digit, space, hyphen, apostrophe or full stop
    rest = [ch for ch in text if ch not in tiles] if tiles else text
    if any(ch.isdigit() for ch in rest):
        return "digit"
    if any(ch in HYPHENS for ch in rest):
        return "hyphen"
    if any(ch in APOSTROPHES for ch in rest):
        return "apostrophe"
    if any(ch.isspace() for ch in rest):
        return "space"
    if "." in rest:
        return "full_stop"
    return None


def tile_chars(alphabet: Alphabet) -> frozenset[str]:
    """The characters that are tiles of ``alphabet`` on their own (label, blank label
    or alias of one character)."""
    return frozenset(
        text
        for spec in alphabet.letters
        for text in (spec.label, spec.blank_label, *spec.aliases, *spec.blank_aliases)
        if len(text) == 1
    )


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
    check reads it (:meth:`TileReader.spell`), folded by
    ``fold`` first when one is given (Ё to Е for an alphabet without Ё).

    :raises UnknownTileError: a character that is no tile of the alphabet.
    """

    def __init__(self, alphabet: Alphabet, fold: t.Mapping[str, str] | None = None) -> None:
        self.alphabet = alphabet
        self._reader = TileReader.compile(alphabet, fold)

    def __call__(self, text: str) -> str:
        return self._reader.key(text)

    def try_key(self, text: str) -> str | None:
        """The key, or ``None`` when a character is not in the alphabet."""
        try:
            return self(text)
        except UnknownTileError:
            return None


def split_fold(
    alphabet: Alphabet, fold: t.Mapping[str, str]
) -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    """A fold, in the two ways a lexicon can honour it, plus what its manifest records.

    A pair whose source is a tile of the alphabet (Ё of the russian alphabet) is
    stored as a variant: the word under both spellings, the folded one tagged
    ``folded`` (:func:`fold_table`).  A pair whose source is no tile (Ё for the
    erudite alphabet, which has none) folds the entry as it is read, so ПЁС is
    stored as ПЕС.  The manifest's ``fold_variants`` records both, one pair per
    tile (Ё: Е), which is what a ruleset's ``fold`` is checked against.

    :return: ``(variants, on_input, recorded)``.
    :raises LexiconBuildError: a target that is not exactly one tile.
    """
    make = KeyMaker(alphabet)
    variants: dict[str, str] = {}
    on_input: dict[str, str] = {}
    recorded: dict[str, str] = {}
    for src, dst in fold.items():
        src, dst = str(src), str(dst)
        dst_key = make.try_key(dst)
        src_key = make.try_key(src)
        # A letter with no tile may fold to several (ß to SS); a tile folds to one.
        if dst_key is None or not dst_key or (src_key is not None and len(dst_key) != 1):
            raise LexiconBuildError(
                f"fold_variants {src}->{dst} must map to one tile of the {alphabet.name} alphabet"
                + ("" if src_key is not None else " (or to several, as ß to SS)"),
                fold={src: dst},
            )
        if src_key is None:
            on_input[src] = dst
            upper = src.upper()
            recorded[upper if len(upper) == 1 else src] = alphabet.spell_key(dst_key)
        else:
            variants[src] = dst
            recorded[alphabet.spell_key(src_key)] = alphabet.spell_key(dst_key)
    return variants, on_input, recorded


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
