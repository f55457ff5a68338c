"""Alphabets as data: labels, explicit blank labels, aliases, counts, scores.

Strings become tile integers only through an alphabet's reader
(:class:`~adjudicator.core.tile_reader.TileReader`: :meth:`Alphabet.tokenize`,
or a ruleset's ``reader`` under its fold) and go back to strings only here
(:meth:`Alphabet.render`).  Multi-character tiles are matched greedily, longest
label first.
"""

from __future__ import annotations

import hashlib
import typing as t
from dataclasses import dataclass, field

from adjudicator.core.tile_reader import PRIVATE_USE_BASE, TileReader
from adjudicator.core.tiles import BLANK_BIT, Tile


@dataclass(frozen=True, slots=True)
class TileSpec:
    """One letter of an alphabet."""

    label: str
    blank_label: str
    count: int
    score: int
    aliases: tuple[str, ...] = ()
    blank_aliases: tuple[str, ...] = ()
    # How running text writes a digraph tile with letters that are tiles too
    # (Spanish [CH] as CH or ch): a word check reads such text both ways.
    spelled: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Alphabet:
    """A tile set: the letters (ids 1..n in order) plus the blank."""

    name: str
    letters: tuple[TileSpec, ...]
    blank_label: str = "?"
    blank_count: int = 2
    # The alphabet compiled without a fold when it is made: how text reads as
    # tiles, and each tile's label, lexicon key character, score and count.
    reader: TileReader = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.letters) >= BLANK_BIT:  # a tile, blank or not, is one byte on a board
            raise ValueError(f"the {self.name} alphabet has more than {BLANK_BIT - 1} letters")
        # The one value an alphabet derives.  An alphabet is made from its data alone
        # (by the loader, by tests, by library users: Alphabet(name, letters)), so its
        # reader cannot be handed in; a frozen dataclass takes a value derived from its
        # own fields only here, once, before anyone holds the alphabet.
        object.__setattr__(self, "reader", TileReader.compile(self))

    # -- facts --------------------------------------------------------------

    @property
    def size(self) -> int:
        return len(self.letters)

    def spec(self, tile: Tile) -> TileSpec:
        """The letter a tile shows, whether it is a real tile or a blank.

        :raises ValueError: a tile id outside this alphabet.
        """
        letter = tile & ~BLANK_BIT
        if not 1 <= letter <= len(self.letters):
            raise ValueError(f"{tile} is not a tile of the {self.name} alphabet")
        return self.letters[letter - 1]

    def score(self, tile: Tile) -> int:
        """Face value of the letter a tile shows (blanks are the ruleset's call).

        :raises ValueError: a tile id outside this alphabet.
        """
        try:
            return self.reader.score_of[tile]
        except KeyError:
            raise ValueError(f"{tile} is not a tile of the {self.name} alphabet") from None

    def count(self, tile: Tile) -> int:
        """How many of this tile the set holds; ``BLANK`` gives the blanks.

        :raises ValueError: a tile id outside this alphabet.
        """
        try:
            return self.reader.count_of[tile]
        except KeyError:
            raise ValueError(f"{tile} is not a tile of the {self.name} alphabet") from None

    @property
    def total_tiles(self) -> int:
        return self.blank_count + sum(s.count for s in self.letters)

    def fingerprint(self, fold: t.Mapping[str, str] | None = None) -> str:
        """Hash of the labels (and a fold), recorded in lexicon manifests."""
        parts = [s.label for s in self.letters]
        if fold:
            parts.append("fold:" + ",".join(f"{k}>{v}" for k, v in sorted(fold.items())))
        return "sha256:" + hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]

    # -- strings -> tiles ---------------------------------------------------

    def tokenize(
        self,
        text: str,
        *,
        fold: t.Mapping[str, str] | None = None,
        extra: t.Mapping[str, Tile | None] | None = None,
    ) -> list[Tile | None]:
        """Turn text into tiles, as :meth:`TileReader.read` reads them.

        The text is NFC-normalized and folded (``fold`` maps one character to
        another, Ё to Е say), then read greedily, longest label first.  Uppercase
        labels are letters, blank labels are designated blanks.  ``extra`` says
        what the notation symbols stand for where the caller allows them: ``.``
        (an empty or played-through square) and the blank label (an undesignated
        blank).  A ruleset reads under its fold with its own ``reader``, compiled
        once; a ``fold`` given here is compiled for this call.

        :raises UnknownTileError: naming the 0-based position in the normalized text.
        """
        reader = self.reader if not fold else TileReader.compile(self, fold)
        return reader.read(text, extra)

    def board_cells(self, text: str) -> bytes:
        """The squares of a board row, one byte each: a tile's label, or ``.`` for an
        empty square.

        :raises UnknownTileError: as :meth:`tokenize`.
        """
        return self.reader.cells(text)

    def one_tile(self, text: str, *, fold: t.Mapping[str, str] | None = None) -> Tile | None:
        """The tile a field that holds one tile names: as :meth:`tokenize` reads it,
        or a bracketed label without its brackets (``CH`` for ``[CH]``, ``ch`` for
        its blank ``[ch]``); None when the text is not exactly one tile.

        :raises UnknownTileError: as :meth:`tokenize`.
        """
        reader = self.reader if not fold else TileReader.compile(self, fold)
        return reader.one_tile(text)

    def rack(self, text: str) -> list[Tile]:
        """Tiles of a rack: letters plus the blank label for blanks."""
        return self.reader.rack(text)

    # -- tiles -> strings ---------------------------------------------------

    def label(self, tile: Tile) -> str:
        """A letter's label, a blank's blank label (``BLANK``: the blank label).

        :raises ValueError: a tile id outside this alphabet.
        """
        try:
            return self.reader.label_of[tile]
        except KeyError:
            raise ValueError(f"{tile} is not a tile of the {self.name} alphabet") from None

    def labels(self, tiles: t.Iterable[Tile]) -> list[str]:
        """:meth:`label` of each tile."""
        try:
            return list(map(self.reader.label_of.__getitem__, tiles))
        except KeyError as exc:
            raise ValueError(f"{exc.args[0]} is not a tile of the {self.name} alphabet") from None

    def row_text(self, cells: bytes) -> str:
        """A board row's squares as text, each square's byte read as one character
        and translated to its label (``.`` for an empty square).  Board cells are
        tiles of this alphabet by construction (parsed or placed), so none is unknown."""
        return self.reader.row_text(cells)

    def render(self, tiles: t.Iterable[Tile]) -> str:
        return "".join(self.labels(tiles))

    # -- lexicon keys -------------------------------------------------------

    def key_char(self, tile: Tile) -> str:
        """One code point per tile, so a digraph tile never collides with its letters;
        a blank keys as the letter it stands for.

        :raises ValueError: a tile id outside this alphabet.
        """
        try:
            return self.reader.key_of[tile]
        except KeyError:
            raise ValueError(f"{tile} is not a tile of the {self.name} alphabet") from None

    def spell_key(self, key: str) -> str:
        """The labels a lexicon key spells: the way back from :meth:`key`."""
        return "".join(
            self.letters[ord(c) - PRIVATE_USE_BASE - 1].label if ord(c) > PRIVATE_USE_BASE else c
            for c in key
        )

    def key(self, tiles: t.Iterable[Tile]) -> str:
        """The lexicon key of a word: :meth:`key_char` of each tile."""
        try:
            return "".join(map(self.reader.key_of.__getitem__, tiles))
        except KeyError as exc:
            raise ValueError(f"{exc.args[0]} is not a tile of the {self.name} alphabet") from None

    def ambiguous_labels(self) -> list[str]:
        """Multi-character labels that could also be read as other tiles.

        Such labels must be bracketed (``[CH]``); the loader refuses them otherwise.
        """
        singles = {s.label for s in self.letters if len(s.label) == 1}
        bad = []
        for spec in self.letters:
            lab = spec.label
            if len(lab) > 1 and not (lab.startswith("[") and lab.endswith("]")):
                if _splits(lab, {s.label for s in self.letters if s.label != lab} | singles):
                    bad.append(lab)
        return bad


def _splits(text: str, labels: set[str]) -> bool:
    if not text:
        return True
    return any(text.startswith(lab) and _splits(text[len(lab) :], labels) for lab in labels)
