"""Words as typed, to lexicon keys: the one way a word is looked up.

A word is read as :meth:`Alphabet.tokenize` reads it (NFC, the ruleset's fold,
greedily by label, longest first), with blanks undesignated, so either case
spells the same word.  Its key is one code point per tile
(:meth:`Alphabet.key_char`).  A :class:`Speller` is made once per alphabet and
fold (each ruleset's word checker has one, and so does the lexicon builder) and
does the reading in a few C-speed string passes: the fold, then labels of more
than one character replaced by their key, then every other character translated
to its key.

Where a digraph tile is also written with letters that are tiles themselves
(Spanish [CH] as CH), :meth:`Speller.spell` reads the letters as the digraph, as
the language spells, and :meth:`Speller.readings` gives every other tiling too.
"""

from __future__ import annotations

import itertools
import re
import typing as t
import unicodedata
from dataclasses import dataclass, field, replace

from adjudicator.core.alphabet import Alphabet
from adjudicator.core.tile_reader import PRIVATE_USE_BASE
from adjudicator.core.tiles import BLANK_BIT


@dataclass(frozen=True, slots=True)
class Speller:
    alphabet: Alphabet
    fold: t.Mapping[str, str] = field(default_factory=dict)
    # Made once from the alphabet and the fold: what each character and each longer
    # label stands for as a key, which characters a key may hold, and each key
    # character's label.
    _fold: t.Mapping[int, str] | None = field(init=False, repr=False, compare=False)
    _translate: t.Mapping[int, str] = field(init=False, repr=False, compare=False)
    _longer: re.Pattern[str] | None = field(init=False, repr=False, compare=False)
    _longer_keys: t.Mapping[str, str] = field(init=False, repr=False, compare=False)
    _not_key: re.Pattern[str] = field(init=False, repr=False, compare=False)
    _labels: t.Mapping[str, str] | None = field(init=False, repr=False, compare=False)
    # Digraphs written with other tiles' letters: their texts, and a speller that
    # reads those letters as letters.
    _spelled: frozenset[str] = field(init=False, repr=False, compare=False)
    _letters: Speller | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        alphabet = self.alphabet
        keys: dict[str, str] = {}  # label, blank label or alias -> its tile's key
        labels: dict[str, str] = {}
        for tile, spec in enumerate(alphabet.letters, start=1):
            key = alphabet.key_char(tile)
            labels[key] = spec.label
            for text in (spec.label, spec.blank_label, *spec.aliases, *spec.blank_aliases):
                keys[unicodedata.normalize("NFC", text)] = key
        spelled = {
            unicodedata.normalize("NFC", text): alphabet.key_char(tile)
            for tile, spec in enumerate(alphabet.letters, start=1)
            for text in spec.spelled
        }
        keys.update(spelled)
        translate = {ord(text): key for text, key in keys.items() if len(text) == 1}
        longer = sorted((text for text in keys if len(text) > 1), key=len, reverse=True)
        fold: dict[int, str] | None = None
        if longer:  # fold first, then look for the longer labels
            fold = str.maketrans(dict(self.fold)) if self.fold else None
        else:  # fold and key in one pass: a folded character keys as its target
            translate.update(
                {ord(s): "".join(keys.get(c, c) for c in d) for s, d in self.fold.items()}
            )
        object.__setattr__(self, "_fold", fold)
        object.__setattr__(self, "_translate", translate)
        object.__setattr__(
            self, "_longer", re.compile("|".join(map(re.escape, longer))) if longer else None
        )
        object.__setattr__(self, "_longer_keys", {text: keys[text] for text in longer})
        object.__setattr__(self, "_not_key", re.compile(f"[^{re.escape(''.join(labels))}]"))
        # When every label is its own key character, a key's characters are its labels.
        same = all(k == label for k, label in labels.items())
        object.__setattr__(self, "_labels", None if same else labels)
        object.__setattr__(self, "_spelled", frozenset(spelled))
        object.__setattr__(
            self, "_letters", Speller(_without_spelled(alphabet), self.fold) if spelled else None
        )

    def spell(self, text: str) -> tuple[str, list[str]]:
        """The lexicon key and the tile labels of a word as typed.

        :raises UnknownTileError: a character that is no tile (with its position).
        """
        norm = unicodedata.normalize("NFC", text)
        if self._longer is not None:
            if self._fold is not None:
                norm = norm.translate(self._fold)
            if _PRIVATE_USE.search(norm):  # would read as a longer label's key
                self._fail(text)
            norm = self._longer.sub(lambda m: self._longer_keys[m[0]], norm)
        key = norm.translate(self._translate)
        if self._not_key.search(key):
            self._fail(text)
        labels = self._labels
        return key, list(key) if labels is None else list(map(labels.__getitem__, key))

    def readings(self, text: str, limit: int = 64) -> list[tuple[str, list[str]]]:
        """Every tiling of a word as typed, :meth:`spell`'s first: each place the
        text writes a digraph with letters (CH) is read as the digraph and as its
        letters.  At most ``limit`` tilings, digraphs first.

        :raises UnknownTileError: as :meth:`spell`.
        """
        first = self.spell(text)
        if self._longer is None or self._letters is None:
            return [first]
        norm = unicodedata.normalize("NFC", text)
        if self._fold is not None:
            norm = norm.translate(self._fold)
        # Read as spell() reads, longest label first, so [CH] is one tile, not [ + CH + ].
        spots = [m for m in self._longer.finditer(norm) if m[0] in self._spelled]
        if not spots:
            return [first]
        found = [first]
        for choice in itertools.islice(
            itertools.product((True, False), repeat=len(spots)), 1, limit
        ):
            key: list[str] = []
            labels: list[str] = []
            start = 0
            for as_digraph, spot in zip(choice, spots, strict=True):
                head, tail = (spot.start(), spot.end()) if as_digraph else (spot.end(), spot.end())
                part_key, part_labels = (
                    self._letters.spell(norm[start:head]) if head > start else ("", [])
                )
                key.append(part_key)
                labels.extend(part_labels)
                if as_digraph:
                    one_key, one_label = self.spell(spot[0])
                    key.append(one_key)
                    labels.extend(one_label)
                start = tail
            rest_key, rest_labels = (
                self._letters.spell(norm[start:]) if start < len(norm) else ("", [])
            )
            found.append(("".join(key) + rest_key, labels + rest_labels))
        return found

    def _fail(self, text: str) -> t.NoReturn:
        """Name the first character that is no tile, as :meth:`Alphabet.tokenize` does."""
        self.alphabet.tokenize(text, fold=self.fold)
        raise AssertionError(f"{text!r} reads as tiles but does not spell as a word")


def _without_spelled(alphabet: Alphabet) -> Alphabet:
    """The alphabet with no digraph written with letters: its letters read as letters."""
    letters = tuple(replace(spec, spelled=()) for spec in alphabet.letters)
    return replace(alphabet, letters=letters)


# Key characters of tiles with longer labels are private-use code points.
_PRIVATE_USE = re.compile(f"[{chr(PRIVATE_USE_BASE)}-{chr(PRIVATE_USE_BASE + BLANK_BIT)}]")
