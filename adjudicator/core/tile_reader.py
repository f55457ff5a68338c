"""Text to tiles: the one reader of an alphabet under a fold.

A :class:`TileReader` is compiled once from an alphabet's texts (each tile's
label, blank label and aliases, the letters that spell a digraph tile, and the
notation's ``.`` and blank label) and a fold (one character to one or more: Ё
to Е, é to e, ß to ss).  Words, racks, moves, board rows and lexicon keys are
all read the same way, in a few C-speed string passes (:meth:`TileReader._read`):

1. NFC, so an Ñ typed as N and U+0303 is Ñ;
2. the fold;
3. greedily, longest text first: each text of more than one character becomes
   one placeholder character, so that every character left is one piece;
4. each piece as the character the table of what is read gives it: a tile's
   byte for a word, a rack, a move or a board row, a key character for a
   lexicon key.  The first piece the table lacks is an
   :class:`~adjudicator.errors.UnknownTileError` naming its position in the
   folded text: an error, never a guess.

Where no text is longer than a character, folding cannot make or break a
match, so a fold pair whose target is written with tiles' texts is read in step
4 (é as E's byte, ß as two S bytes); step 2 folds only the others, and only in
text that holds one.

An alphabet holds its reader without a fold (``Alphabet.reader``), and a ruleset
the reader of its alphabet under its fold (``Ruleset.reader``); the loader
makes both, once.
"""

from __future__ import annotations

import itertools
import re
import typing as t
import unicodedata
from dataclasses import dataclass

from adjudicator.core.tiles import BLANK, BLANK_BIT, EMPTY, Tile
from adjudicator.errors import UnknownTileError

if t.TYPE_CHECKING:
    from adjudicator.core.alphabet import Alphabet

# A lexicon key is one code point per tile: its label, or for a longer label the
# private-use character PRIVATE_USE_BASE + tile, so that [CH] never keys as C+H.
PRIVATE_USE_BASE = 0xE000
DOT = "."  # an empty square; in a move, a tile played through
# Texts of more than one character read as one placeholder each, from this range.
# Such a character typed in reads as the range's last one, which no table holds.
_PLACEHOLDERS = PRIVATE_USE_BASE + 0x100
_UNREADABLE = chr(_PLACEHOLDERS + 0xFF)
_RESERVED = re.compile(f"[{chr(_PLACEHOLDERS)}-{_UNREADABLE}]")
# A symbol that reads as other than a tile (a move's "." as None) reads as a
# character past the bytes first: chr(_SYMBOLS + i) for the i-th symbol.
_SYMBOLS = 0x100


@dataclass(frozen=True, slots=True, eq=False)
class TileReader:
    """An alphabet's texts under one fold, compiled, with what each tile is (its
    label, key character, score and count): made by :meth:`compile`."""

    name: str  # the alphabet's, for errors
    fold: t.Mapping[str, str]
    folds: re.Pattern[str] | None  # finds a character the fold folds
    label_of: t.Mapping[Tile, str]  # a tile's label, a blank's blank label; BLANK's
    key_of: t.Mapping[Tile, str]  # a tile's key character; a blank's is its letter's
    score_of: t.Mapping[Tile, int]  # a letter's face value, a designated blank's too
    count_of: t.Mapping[Tile, int]  # how many the set holds; BLANK: the blanks
    digraphs: bool  # some tile is written with other tiles' letters (Spanish CH)
    longest: int  # characters in the longest text of one tile
    _fold: t.Mapping[int, str]  # the whole fold, a str.translate table
    _fold_first: t.Mapping[int, str]  # the pairs that step 2 folds
    _folds_first: re.Pattern[str] | None  # finds one of their sources
    _inside: t.Mapping[str, str]  # the pairs that step 4 reads
    # A piece that stands for other than one character of the folded text: a
    # placeholder for its longer text, a source read in step 4 for its target.
    _stands: t.Mapping[str, str]
    _longer: re.Pattern[str] | None  # the tiles' and symbols' longer texts
    _longer_spelled: re.Pattern[str] | None  # and the digraphs written with letters
    _spelled: frozenset[str]  # those digraph spellings
    _placeholder: t.Mapping[str, str]  # longer text -> its placeholder
    _piece_tiles: t.Mapping[str, str]  # piece -> its tile's byte, as a character
    _tiles: _Chars
    _rack: _Chars  # and the blank label, an undesignated blank
    _move: _Chars  # and ".", a tile played through (a symbol: None)
    _cells: _Chars  # and ".", an empty square
    _keys: _Chars  # a key character; a digraph's spelling too
    _letter_keys: _Chars  # a key character; such spellings as their letters
    _key_labels: t.Mapping[str, str] | None  # None: every key character is its label
    _bracketed: t.Mapping[str, Tile]  # a bracketed label without its brackets
    _row_labels: t.Mapping[int, str]  # a square's byte -> its label, "." if empty

    @classmethod
    def compile(cls, alphabet: Alphabet, fold: t.Mapping[str, str] | None = None) -> TileReader:
        """The reader of ``alphabet``'s texts after ``fold``.

        :raises ValueError: a fold source of more than one character; a text in
            the placeholders' private-use range, or more than 254 longer texts.
        """
        fold = dict(fold or {})
        texts: dict[str, Tile] = {}  # each text of a tile (NFC) -> the tile
        spelled: dict[str, Tile] = {}  # each spelling of a digraph with letters
        label_of: dict[Tile, str] = {BLANK: alphabet.blank_label}
        key_of: dict[Tile, str] = {}
        score_of: dict[Tile, int] = {}
        count_of: dict[Tile, int] = {BLANK: alphabet.blank_count}
        for tile, spec in enumerate(alphabet.letters, start=1):
            blank = tile | BLANK_BIT
            score_of[tile] = score_of[blank] = spec.score
            count_of[tile] = count_of[blank] = spec.count
            for text in (spec.label, *spec.aliases):
                texts[_nfc(text)] = tile
            for text in (spec.blank_label, *spec.blank_aliases):
                texts[_nfc(text)] = blank
            for text in spec.spelled:
                spelled[_nfc(text)] = tile
            label_of[tile], label_of[blank] = spec.label, spec.blank_label
            key = spec.label if len(spec.label) == 1 else chr(PRIVATE_USE_BASE + tile)
            key_of[tile] = key_of[blank] = key
        symbols = (DOT, alphabet.blank_label)
        every = (*texts, *spelled, *symbols)
        longer = sorted({text for text in every if len(text) > 1}, key=len, reverse=True)
        if _RESERVED.search("".join(every)) or len(longer) >= 0xFF:
            raise ValueError(f"the {alphabet.name} alphabet's texts cannot be read as placeholders")
        placeholder = {text: chr(_PLACEHOLDERS + i) for i, text in enumerate(longer)}

        def piece(text: str) -> str:
            return placeholder.get(text, text)

        # Where no text is longer than a character, step 4 reads each fold pair whose
        # target is written with tiles' texts (see above); step 2 folds the rest.
        inside = {} if longer else {s: d for s, d in fold.items() if all(c in texts for c in d)}
        first = {s: d for s, d in fold.items() if s not in inside}
        stands = {char: text for text, char in placeholder.items()}
        stands.update({s: d for s, d in inside.items() if len(d) != 1})
        tiles = {piece(text): chr(tile) for text, tile in texts.items()}
        letter_keys = {piece(text): key_of[tile] for text, tile in texts.items()}
        spelled_keys = {piece(text): key_of[tile] for text, tile in spelled.items()}
        key_labels = {key_of[tile]: label_of[tile] for tile in range(1, len(alphabet.letters) + 1)}
        bracketed: dict[str, Tile] = {}
        for tile, label in label_of.items():
            if len(label) > 2 and label[0] == "[" and label[-1] == "]":
                bracketed.setdefault(label[1:-1], tile)
        return cls(
            name=alphabet.name,
            fold=fold,
            folds=_sources(fold),
            label_of=label_of,
            key_of=key_of,
            score_of=score_of,
            count_of=count_of,
            digraphs=any(spec.spelled for spec in alphabet.letters),
            longest=max(map(len, (*texts, *spelled)), default=0),
            _fold=str.maketrans(fold),
            _fold_first=str.maketrans(first),
            _folds_first=_sources(first),
            _inside=inside,
            _stands=stands,
            _longer=_alternatives([s for s in longer if s in texts or s in symbols]),
            _longer_spelled=_alternatives(longer),
            _spelled=frozenset(spelled),
            _placeholder=placeholder,
            _piece_tiles=tiles,
            _tiles=_Chars.of(tiles, inside),
            _rack=_Chars.of({**tiles, piece(alphabet.blank_label): chr(BLANK)}, inside),
            _move=_Chars.of({**tiles, piece(DOT): chr(_SYMBOLS)}, inside),
            _cells=_Chars.of({**tiles, piece(DOT): chr(EMPTY)}, inside),
            _keys=_Chars.of({**letter_keys, **spelled_keys}, inside),
            _letter_keys=_Chars.of(letter_keys, inside),
            _key_labels=None if all(k == v for k, v in key_labels.items()) else key_labels,
            _bracketed=bracketed,
            _row_labels={**label_of, EMPTY: DOT},
        )

    # -- text -> tiles ------------------------------------------------------

    def tiles(self, text: str) -> list[Tile]:
        """A word's tiles: a label is a letter, a blank label a designated blank.

        :raises UnknownTileError: naming the 0-based position in the folded text.
        """
        return list(self._read(text, self._tiles, self._longer).encode("latin-1"))

    def rack(self, text: str) -> list[Tile]:
        """A rack's tiles: :meth:`tiles`, with the blank label for a blank (BLANK).

        :raises UnknownTileError: as :meth:`tiles`.
        """
        return list(self._read(text, self._rack, self._longer).encode("latin-1"))

    def move(self, text: str) -> list[Tile | None]:
        """A move's word: :meth:`tiles`, with ``.`` (None) for a tile played through.

        :raises UnknownTileError: as :meth:`tiles`.
        """
        return _decode(self._read(text, self._move, self._longer), (None,))

    def read(self, text: str, extra: t.Mapping[str, int | None] | None = None) -> list[int | None]:
        """:meth:`tiles`, where ``extra`` says what the notation's symbols stand for
        (``.`` and the blank label; a tile's own text too, if named): anything a
        caller's notation needs (None, a pattern's wildcard).  It is compiled for
        the call.

        :raises UnknownTileError: as :meth:`tiles`.
        """
        if not extra:
            return list(self._read(text, self._tiles, self._longer).encode("latin-1"))
        pieces = [self._placeholder.get(k, k) for k in extra]  # a longer one never reads
        symbols = {p: chr(_SYMBOLS + i) for i, p in enumerate(pieces) if len(p) == 1}
        chars = _Chars.of({**self._piece_tiles, **symbols}, self._inside)
        return _decode(self._read(text, chars, self._longer), tuple(extra.values()))

    def cells(self, text: str) -> bytes:
        """A board row's squares, one byte each: a tile, or ``.`` for EMPTY.

        :raises UnknownTileError: as :meth:`tiles`.
        """
        return self._read(text, self._cells, self._longer).encode("latin-1")

    def one_tile(self, text: str) -> Tile | None:
        """The tile that a field holding one tile names: the text read as
        :meth:`tiles`, or a bracketed label without its brackets (``CH`` for
        ``[CH]``, ``ch`` for its blank); None when it is not exactly one tile.

        :raises UnknownTileError: as :meth:`tiles`.
        """
        tiles = self.tiles(text)
        if len(tiles) == 1:
            return tiles[0]
        return self._bracketed.get(self._normal(text))

    def row_text(self, cells: bytes) -> str:
        """The way back from :meth:`cells`: each square's label, ``.`` if empty."""
        return cells.decode("latin-1").translate(self._row_labels)

    # -- text -> lexicon keys -----------------------------------------------

    def spell(self, text: str) -> tuple[str, list[str]]:
        """The lexicon key and the tile labels of a word as typed, in either case
        (blanks undesignated); letters that write a digraph tile (Spanish CH) read
        as the digraph, as the language spells.

        :raises UnknownTileError: as :meth:`tiles`.
        """
        key = self.key(text)
        labels = self._key_labels
        return key, list(key) if labels is None else list(map(labels.__getitem__, key))

    def key(self, text: str) -> str:
        """:meth:`spell`'s lexicon key alone (a lexicon build keys millions of words).

        :raises UnknownTileError: as :meth:`tiles`.
        """
        return self._read(text, self._keys, self._longer_spelled)

    def readings(self, text: str, limit: int = 64) -> list[tuple[str, list[str]]]:
        """Every tiling of a word as typed, :meth:`spell`'s first: each place the
        text writes a digraph with letters (CH) is read as the digraph and as its
        letters.  At most ``limit`` tilings, digraphs first.

        :raises UnknownTileError: as :meth:`tiles`.
        """
        first = self.spell(text)
        if self._longer_spelled is None or not self._spelled:
            return [first]
        norm = self._normal(text)
        # Read as spell() reads, longest text first, so [CH] is one tile, not [ + CH + ].
        spots = [m for m in self._longer_spelled.finditer(norm) if m[0] in self._spelled]
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
                    self._letters(norm[start:head]) if head > start else ("", [])
                )
                key.append(part_key)
                labels.extend(part_labels)
                if as_digraph:
                    one_key, one_label = self.spell(spot[0])
                    key.append(one_key)
                    labels.extend(one_label)
                start = tail
            rest_key, rest_labels = self._letters(norm[start:]) if start < len(norm) else ("", [])
            found.append(("".join(key) + rest_key, labels + rest_labels))
        return found

    # -- the reading itself -------------------------------------------------

    def _letters(self, text: str) -> tuple[str, list[str]]:
        """:meth:`spell` with each digraph spelling read as its letters."""
        key = self._read(text, self._letter_keys, self._longer)
        labels = self._key_labels
        return key, list(key) if labels is None else list(map(labels.__getitem__, key))

    def _read(self, text: str, chars: _Chars, longer: re.Pattern[str] | None) -> str:
        """Steps 1-4 above: each piece of ``text`` as the character ``chars`` gives it.

        :raises UnknownTileError: a piece ``chars`` lacks.
        """
        pieces = unicodedata.normalize("NFC", text)
        if self._folds_first is not None and self._folds_first.search(pieces):
            pieces = pieces.translate(self._fold_first)
        if longer is not None:
            if _RESERVED.search(pieces):
                pieces = _RESERVED.sub(_UNREADABLE, pieces)
            placeholder = self._placeholder
            pieces = longer.sub(lambda m: placeholder[m[0]], pieces)
        missing = chars.missing.search(pieces)
        if missing is not None:
            raise self._unknown(text, pieces, missing.start())
        return pieces.translate(chars.table)

    def _normal(self, text: str) -> str:
        """``text`` NFC and folded, as every position names it."""
        norm = unicodedata.normalize("NFC", text)
        return norm.translate(self._fold) if self._fold else norm

    def _unknown(self, text: str, pieces: str, index: int) -> UnknownTileError:
        """The error naming the piece at ``index``: its text (a placeholder's longer
        text, else the character) and its position in the folded text."""
        stands = self._stands
        position = index + sum(len(stands[c]) - 1 for c in pieces[:index] if c in stands)
        piece = stands.get(pieces[index]) or self._normal(text)[position]
        return UnknownTileError(text, position, piece, self.name)


@dataclass(frozen=True, slots=True)
class _Chars:
    """Pieces read as characters: a ``str.translate`` table, and a search for a
    piece it lacks (which translate would leave as it is)."""

    table: t.Mapping[int, str]
    missing: re.Pattern[str]

    @classmethod
    def of(cls, pieces: t.Mapping[str, str], inside: t.Mapping[str, str]) -> _Chars:
        """Each piece as its character; a fold source ``inside`` as its target's."""
        table = {ord(piece): char for piece, char in pieces.items()}
        table.update({ord(s): "".join(map(pieces.__getitem__, d)) for s, d in inside.items()})
        known = re.escape("".join(map(chr, table)))
        return cls(table, re.compile(f"[^{known}]" if known else ".", re.DOTALL))


def _decode(chars: str, values: t.Sequence[int | None]) -> list[int | None]:
    """Tiles from their characters: a byte is a tile, symbol ``i`` is ``values[i]``."""
    return [tile if tile < _SYMBOLS else values[tile - _SYMBOLS] for tile in map(ord, chars)]


def _nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def _sources(fold: t.Mapping[str, str]) -> re.Pattern[str] | None:
    """A pattern finding any of ``fold``'s sources; None for no fold."""
    return re.compile(f"[{re.escape(''.join(fold))}]") if fold else None


def _alternatives(texts: list[str]) -> re.Pattern[str] | None:
    """One pattern matching any of ``texts``, tried in their order (longest first)."""
    return re.compile("|".join(map(re.escape, texts))) if texts else None
