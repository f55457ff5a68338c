"""Alphabets as data: labels, explicit blank labels, aliases, counts, scores.

Strings become tile integers only here (:meth:`Alphabet.tokenize`) and go back
to strings only here (:meth:`Alphabet.render`).  Multi-character tiles are
matched greedily, longest label first.
"""

from __future__ import annotations

import hashlib
import re
import typing as t
import unicodedata
from dataclasses import dataclass, field

from adjudicator.core.tiles import BLANK, BLANK_BIT, EMPTY, Tile
from adjudicator.errors import UnknownTileError

PRIVATE_USE_BASE = 0xE000
# Notation symbols that :meth:`Alphabet.tokenize` can read when the caller says
# what they stand for (``extra``): a square or played-through tile, and the blank.
DOT = "."
# A board row's longer labels (digraph tiles) read as one private character each.
_PRIVATE_CELLS = PRIVATE_USE_BASE + 0x100
_PRIVATE_CELL = re.compile(f"[{chr(_PRIVATE_CELLS)}-{chr(_PRIVATE_CELLS + 0xFF)}]")


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
    # Made from the letters when the alphabet is made, and never changed: what each
    # label, blank label and alias reads as; how text splits into them; and each
    # tile's label and lexicon key character.
    _tiles: t.Mapping[str, Tile] = field(init=False, repr=False, compare=False)
    _cells: t.Mapping[str, Tile] = field(init=False, repr=False, compare=False)
    _cell_labels: t.Mapping[Tile, str] = field(init=False, repr=False, compare=False)
    _split: t.Callable[[str], list[str]] = field(init=False, repr=False, compare=False)
    _labels: t.Mapping[Tile, str] = field(init=False, repr=False, compare=False)
    _keys: t.Mapping[Tile, str] = field(init=False, repr=False, compare=False)
    _values: t.Mapping[Tile, int] = field(init=False, repr=False, compare=False)
    _counts: t.Mapping[Tile, int] = field(init=False, repr=False, compare=False)
    # Board rows read in C-speed string passes: longer labels to one private
    # character each, a check that every character is known, then each to its tile.
    _longer_cells: re.Pattern[str] | None = field(init=False, repr=False, compare=False)
    _not_cell: re.Pattern[str] = field(init=False, repr=False, compare=False)
    _private_cells: t.Mapping[str, str] = field(init=False, repr=False, compare=False)
    _cell_bytes: t.Mapping[int, str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.letters) >= BLANK_BIT:  # a tile, blank or not, is one byte on a board
            raise ValueError(f"the {self.name} alphabet has more than {BLANK_BIT - 1} letters")
        tiles: dict[str, Tile] = {}
        labels: dict[Tile, str] = {BLANK: self.blank_label}
        keys: dict[Tile, str] = {}
        values: dict[Tile, int] = {}
        counts: dict[Tile, int] = {BLANK: self.blank_count}
        for tile, spec in enumerate(self.letters, start=1):
            values[tile] = values[tile | BLANK_BIT] = spec.score
            counts[tile] = counts[tile | BLANK_BIT] = spec.count
            for text in (spec.label, *spec.aliases):
                tiles[unicodedata.normalize("NFC", text)] = tile
            for text in (spec.blank_label, *spec.blank_aliases):
                tiles[unicodedata.normalize("NFC", text)] = tile | BLANK_BIT
            labels[tile], labels[tile | BLANK_BIT] = spec.label, spec.blank_label
            # One code point per tile, so a digraph tile never collides with its letters.
            key = spec.label if len(spec.label) == 1 else chr(PRIVATE_USE_BASE + tile)
            keys[tile] = keys[tile | BLANK_BIT] = key
        # Text splits into labels greedily, longest first.  A single character needs no
        # alternative of its own ("." takes it), so text without longer labels splits
        # into its characters.
        longer = sorted((s for s in {*tiles, DOT, self.blank_label} if len(s) > 1), key=len)
        alternatives = "".join(re.escape(s) + "|" for s in reversed(longer))
        split = re.compile(alternatives + ".", re.DOTALL).findall if longer else list
        object.__setattr__(self, "_tiles", tiles)
        # A board square is a tile or "." (EMPTY, which is also the blank's id on a rack).
        object.__setattr__(self, "_cells", {**tiles, DOT: EMPTY})
        object.__setattr__(self, "_cell_labels", {**labels, EMPTY: DOT})
        object.__setattr__(self, "_split", split)
        object.__setattr__(self, "_labels", labels)
        object.__setattr__(self, "_keys", keys)
        object.__setattr__(self, "_values", values)
        object.__setattr__(self, "_counts", counts)
        # Board rows: each longer label stands in for one private character first.
        cells = {**tiles, DOT: EMPTY}
        longer_cells = sorted((text for text in cells if len(text) > 1), key=len, reverse=True)
        private = {text: chr(_PRIVATE_CELLS + cells[text]) for text in longer_cells}
        read = {ord(c): chr(tile) for c, tile in cells.items() if len(c) == 1}
        read.update({ord(char): chr(cells[text]) for text, char in private.items()})
        pattern = "|".join(map(re.escape, longer_cells))
        object.__setattr__(self, "_longer_cells", re.compile(pattern) if longer_cells else None)
        object.__setattr__(self, "_private_cells", private)
        known = "".join(chr(code) for code in read)
        object.__setattr__(self, "_not_cell", re.compile(f"[^{re.escape(known)}]"))
        object.__setattr__(self, "_cell_bytes", read)

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
            return self._values[tile]
        except KeyError:
            raise ValueError(f"{tile} is not a tile of the {self.name} alphabet") from None

    def count(self, tile: Tile) -> int:
        """How many of this tile the set holds; ``BLANK`` gives the blanks.

        :raises ValueError: a tile id outside this alphabet.
        """
        try:
            return self._counts[tile]
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
        """Turn text into tiles.

        The text is NFC-normalized and folded (``fold`` maps one character to
        another, Ё to Е say), then read greedily, longest label first.  Uppercase
        labels are letters, blank labels are designated blanks.  ``extra`` says
        what the notation symbols stand for where the caller allows them: ``.``
        (an empty or played-through square) and the blank label (an undesignated
        blank).

        :raises UnknownTileError: naming the 0-based position in the normalized text.
        """
        table = self._tiles if not extra else {**self._tiles, **extra}
        return self._read(text, fold, table)

    def board_cells(self, text: str) -> bytes:
        """The squares of a board row, one byte each: a tile's label, or ``.`` for an
        empty square.

        :raises UnknownTileError: as :meth:`tokenize`.
        """
        norm = unicodedata.normalize("NFC", text)
        if self._longer_cells is not None:
            if _PRIVATE_CELL.search(norm):  # would read as a longer label
                self._read(text, None, self._cells)
            norm = self._longer_cells.sub(lambda m: self._private_cells[m[0]], norm)
        if self._not_cell.search(norm):  # name the first unknown piece, as tokenize does
            self._read(text, None, self._cells)
            raise AssertionError(f"{text!r}: a character the tables do not know")
        return norm.translate(self._cell_bytes).encode("latin-1")

    def _normalize(self, text: str, fold: t.Mapping[str, str] | None) -> str:
        norm = unicodedata.normalize("NFC", text)
        if fold:  # one character to another, never to one that folds again (see ruleset)
            for source, target in fold.items():
                norm = norm.replace(source, target)
        return norm

    def _read(
        self, text: str, fold: t.Mapping[str, str] | None, table: t.Mapping[str, Tile | None]
    ) -> list[Tile | None]:
        pieces = self._split(self._normalize(text, fold))
        try:
            return list(map(table.__getitem__, pieces))
        except KeyError:
            self._raise_unknown(text, pieces, table)

    def _raise_unknown(
        self, text: str, pieces: list[str], table: t.Mapping[str, t.Any]
    ) -> t.NoReturn:
        """Name the first piece that is no tile and no allowed symbol."""
        position = 0
        for piece in pieces:
            if piece not in table:
                raise UnknownTileError(text, position, piece, self.name)
            position += len(piece)
        raise AssertionError("every piece is known")

    def one_tile(self, text: str, *, fold: t.Mapping[str, str] | None = None) -> Tile | None:
        """The tile a field that holds one tile names: as :meth:`tokenize` reads it,
        or a bracketed label without its brackets (``CH`` for ``[CH]``, ``ch`` for
        its blank ``[ch]``); None when the text is not exactly one tile.

        :raises UnknownTileError: as :meth:`tokenize`.
        """
        tiles = self.tokenize(text, fold=fold)
        if len(tiles) == 1:
            return tiles[0]
        bare = self._normalize(text, fold)
        for tile, label in self._labels.items():
            if len(label) > 2 and label[0] == "[" and label[-1] == "]" and label[1:-1] == bare:
                return tile
        return None

    def rack(self, text: str) -> list[Tile]:
        """Tiles of a rack: letters plus the blank label for blanks."""
        tiles = self.tokenize(text, extra={self.blank_label: BLANK})
        return [BLANK if tile is None else tile for tile in tiles]

    # -- tiles -> strings ---------------------------------------------------

    def label(self, tile: Tile) -> str:
        """A letter's label, a blank's blank label (``BLANK``: the blank label).

        :raises ValueError: a tile id outside this alphabet.
        """
        try:
            return self._labels[tile]
        except KeyError:
            raise ValueError(f"{tile} is not a tile of the {self.name} alphabet") from None

    def labels(self, tiles: t.Iterable[Tile]) -> list[str]:
        """:meth:`label` of each tile."""
        try:
            return list(map(self._labels.__getitem__, tiles))
        except KeyError as exc:
            raise ValueError(f"{exc.args[0]} is not a tile of the {self.name} alphabet") from None

    def row_text(self, cells: bytes) -> str:
        """A board row's squares as text, each square's byte read as one character
        and translated to its label (``.`` for an empty square).  Board cells are
        tiles of this alphabet by construction (parsed or placed), so none is unknown."""
        return cells.decode("latin-1").translate(self._cell_labels)

    def render(self, tiles: t.Iterable[Tile]) -> str:
        return "".join(self.labels(tiles))

    # -- lexicon keys -------------------------------------------------------

    def key_char(self, tile: Tile) -> str:
        """One code point per tile, so a digraph tile never collides with its letters;
        a blank keys as the letter it stands for.

        :raises ValueError: a tile id outside this alphabet.
        """
        try:
            return self._keys[tile]
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
            return "".join(map(self._keys.__getitem__, tiles))
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
