"""Words as typed, to lexicon keys: the one way a word is looked up.

A word is read as :meth:`Alphabet.tokenize` reads it (NFC, the ruleset's fold,
greedily by label, longest first), with blanks undesignated, so either case
spells the same word.  Its key is one code point per tile
(:meth:`Alphabet.key_char`).  A :class:`Speller` is made once per alphabet and
fold (each ruleset's word checker has one, and so does the lexicon builder) and
does the reading in a few C-speed string passes: the fold, then labels of more
than one character replaced by their key, then every other character translated
to its key.
"""

from __future__ import annotations

import re
import typing as t
import unicodedata
from dataclasses import dataclass, field

from adjudicator.core.alphabet import PRIVATE_USE_BASE, Alphabet
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

    def __post_init__(self) -> None:
        alphabet = self.alphabet
        keys: dict[str, str] = {}  # label, blank label or alias -> its tile's key
        labels: dict[str, str] = {}
        for tile, spec in enumerate(alphabet.letters, start=1):
            key = alphabet.key_char(tile)
            labels[key] = spec.label
            for text in (spec.label, spec.blank_label, *spec.aliases, *spec.blank_aliases):
                keys[unicodedata.normalize("NFC", text)] = key
        translate = {ord(text): key for text, key in keys.items() if len(text) == 1}
        longer = sorted((text for text in keys if len(text) > 1), key=len, reverse=True)
        fold: dict[int, str] | None = None
        if longer:  # fold first, then look for the longer labels
            fold = str.maketrans(dict(self.fold)) if self.fold else None
        else:  # fold and key in one pass: a folded character keys as its target
            translate.update({ord(s): keys.get(d, d) for s, d in self.fold.items()})
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

    def _fail(self, text: str) -> t.NoReturn:
        """Name the first character that is no tile, as :meth:`Alphabet.tokenize` does."""
        self.alphabet.tokenize(text, fold=self.fold)
        raise AssertionError(f"{text!r} reads as tiles but does not spell as a word")


# Key characters of tiles with longer labels are private-use code points.
_PRIVATE_USE = re.compile(f"[{chr(PRIVATE_USE_BASE)}-{chr(PRIVATE_USE_BASE + BLANK_BIT)}]")
