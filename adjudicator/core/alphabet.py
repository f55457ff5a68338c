"""Alphabets as data: labels, explicit blank labels, aliases, counts, scores.

Strings become tile integers only here (``tokenize``) and go back to strings
only here (``render``).  Multi-character tiles are matched greedily, longest
label first.
"""

from __future__ import annotations

import hashlib
import re
import typing as t
import unicodedata
from dataclasses import dataclass, field

from adjudicator.core.tiles import BLANK, BLANK_BIT, Tile
from adjudicator.errors import UnknownTileError

PRIVATE_USE_BASE = 0xE000
_MISSING = object()
_T = t.TypeVar("_T")


@dataclass(frozen=True)
class TileSpec:
    """One letter of an alphabet."""

    label: str
    blank_label: str
    count: int
    score: int
    aliases: tuple[str, ...] = ()
    blank_aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class Alphabet:
    """A tile set: the letters (ids 1..n in order) plus the blank."""

    name: str
    letters: tuple[TileSpec, ...]
    blank_label: str = "?"
    blank_count: int = 2
    _table: dict[str, Tile] = field(init=False, repr=False, compare=False)
    _longest: int = field(init=False, repr=False, compare=False)
    # Derived once for the hot paths: labels and scores by tile id, and a cache of
    # tables built per ``extra`` / ``fold`` (keyed by their contents; few and small).
    _labels: tuple[str, ...] = field(init=False, repr=False, compare=False)
    _label_of: dict[Tile, str] = field(init=False, repr=False, compare=False)
    _scores: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _counts: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _cache: dict[t.Any, t.Any] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        table: dict[str, Tile] = {}
        for tile, spec in enumerate(self.letters, start=1):
            for text in (spec.label, *spec.aliases):
                table[unicodedata.normalize("NFC", text)] = tile
            for text in (spec.blank_label, *spec.blank_aliases):
                table[unicodedata.normalize("NFC", text)] = tile | BLANK_BIT
        object.__setattr__(self, "_table", table)
        object.__setattr__(self, "_longest", max(len(k) for k in table))
        # Indexed by letter id.  Index 0 of _scores mirrors ``letters[-1]``, which is
        # what score() has always read for a bare BLANK_BIT.
        object.__setattr__(self, "_labels", ("",) + tuple(s.label for s in self.letters))
        label_of = {BLANK: self.blank_label}
        for tile, spec in enumerate(self.letters, start=1):
            label_of[tile] = spec.label
            label_of[tile | BLANK_BIT] = spec.blank_label
        object.__setattr__(self, "_label_of", label_of)
        object.__setattr__(
            self, "_scores", (self.letters[-1].score,) + tuple(s.score for s in self.letters)
        )
        object.__setattr__(
            self, "_counts", (self.blank_count,) + tuple(s.count for s in self.letters)
        )
        object.__setattr__(self, "_cache", {})

    # -- facts --------------------------------------------------------------

    @property
    def size(self) -> int:
        return len(self.letters)

    def spec(self, tile: Tile) -> TileSpec:
        return self.letters[(tile & ~BLANK_BIT) - 1]

    def score(self, tile: Tile) -> int:
        """Face value of the letter a tile shows (blanks are the ruleset's call)."""
        return self.letters[(tile & ~BLANK_BIT) - 1].score

    def count(self, tile: Tile) -> int:
        """How many of this tile the set holds; ``BLANK`` gives the blanks."""
        if tile == BLANK:
            return self.blank_count
        return self.letters[(tile & ~BLANK_BIT) - 1].count

    @property
    def scores(self) -> tuple[int, ...]:
        """Face value by letter id, so ``scores[tile & ~BLANK_BIT]`` is :meth:`score`."""
        return self._scores

    @property
    def counts(self) -> tuple[int, ...]:
        """How many of each tile by id; index 0 (``BLANK``) is the blanks."""
        return self._counts

    def derived(self, key: t.Hashable, build: t.Callable[[Alphabet], _T]) -> _T:
        """``build(self)``, made once per ``key``: tables that other modules derive
        from this alphabet for their hot paths."""
        got = self._cache.get(key, _MISSING)
        if got is _MISSING:
            got = self._cache[key] = build(self)
        return got  # type: ignore[no-any-return]

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

        Uppercase labels are letters, blank labels are designated blanks.
        ``extra`` maps further symbols (``.`` for an empty or played-through
        square, ``?`` for an undesignated blank) to what they stand for.

        :raises UnknownTileError: naming the 0-based position in ``text``.
        """
        norm = unicodedata.normalize("NFC", text)
        if fold:
            norm = norm.translate(self._fold_table(fold))
        if self._longest == 1:
            # Every label and alias is one code point: one dictionary look-up per
            # character, the same greedy match as below when no match is longer.
            table = self._char_table(extra)
            try:
                return [table[ch] for ch in norm]
            except KeyError:
                pass  # an unknown character: the loop below names it
        out: list[Tile | None] = []
        i = 0
        while i < len(norm):
            for width in range(min(self._longest, len(norm) - i), 0, -1):
                piece = norm[i : i + width]
                if piece in self._table:
                    out.append(self._table[piece])
                    break
                if extra is not None and piece in extra:
                    out.append(extra[piece])
                    break
            else:
                raise UnknownTileError(text, i, norm[i], self.name)
            i += width
        return out

    def _fold_table(self, fold: t.Mapping[str, str]) -> dict[int, str]:
        """``str.translate`` table of a fold: the same per-character replacement."""
        key = ("fold", tuple(fold.items()))
        got = self._cache.get(key)
        if got is None:
            got = {ord(k): v for k, v in fold.items() if len(k) == 1}
            self._cache[key] = got
        return got  # type: ignore[no-any-return]

    def char_table(
        self, extra: t.Mapping[str, Tile | None] | None = None
    ) -> t.Mapping[str, Tile | None] | None:
        """For an alphabet whose labels and aliases are all one code point: what each
        character of NFC text stands for (``extra`` included), so that
        ``[table[ch] for ch in text]`` is :meth:`tokenize` without ``fold``; None
        for other alphabets.  A character missing from it is unknown: call
        :meth:`tokenize` then, which names it."""
        return self._char_table(extra) if self._longest == 1 else None

    def _char_table(self, extra: t.Mapping[str, Tile | None] | None) -> dict[str, Tile | None]:
        """Labels and aliases, then ``extra``'s one-character symbols (labels win)."""
        if not extra:
            return self._table  # type: ignore[return-value]
        key = ("extra", tuple(extra.items()))
        got = self._cache.get(key)
        if got is None:
            got = {k: v for k, v in extra.items() if len(k) == 1}
            got.update(self._table)
            self._cache[key] = got
        return got  # type: ignore[no-any-return]

    def word_tiles(self, text: str, fold: t.Mapping[str, str] | None = None) -> list[Tile]:
        """Tiles of a word to look up: case-insensitive, blanks undesignated."""
        return [t_ & ~BLANK_BIT for t_ in self.tokenize(text, fold=fold) if t_ is not None]

    def word_key(self, text: str, fold: t.Mapping[str, str] | None = None) -> str | None:
        """``key(word_tiles(text, fold))`` in one C-speed pass, or None.

        None when the fast pass does not apply (a label or alias longer than one
        code point, a fold to several characters) or ``text`` holds a character
        outside the alphabet: call :meth:`word_tiles` then, which names it.
        For a one-code-point alphabet the key is also the rendered word, and its
        characters are the tiles' labels.
        """
        keyer = self.word_keyer(fold)
        return None if keyer is None else keyer(unicodedata.normalize("NFC", text))

    def word_keyer(
        self, fold: t.Mapping[str, str] | None = None
    ) -> t.Callable[[str], str | None] | None:
        """:meth:`word_key` for text that is already NFC, as a function made once
        per fold (None when the fast pass never applies to this alphabet and fold)."""
        if self._longest != 1:
            return None
        cache_key = ("word_keyer", tuple(fold.items()) if fold else ())
        keyer = self._cache.get(cache_key)
        if keyer is None:
            keyer = self._make_word_keyer(fold or {})
            self._cache[cache_key] = keyer
        return keyer or None

    def _make_word_keyer(self, fold: t.Mapping[str, str]) -> t.Any:
        if any(len(k) == 1 and len(v) != 1 for k, v in fold.items()):
            return False
        translate: dict[int, str] = {}
        for ch in [*self._table, *(k for k in fold if len(k) == 1)]:
            folded = fold.get(ch, ch)
            tile = self._table.get(folded)
            # A character that folds to an unknown one keeps that unknown one.
            translate[ord(ch)] = folded if tile is None else self._labels[tile & ~BLANK_BIT]
        allowed = "".join(re.escape(label) for label in self._labels[1:])
        unknown = re.compile(f"[^{allowed}]").search

        def keyer(text: str) -> str | None:
            key = text.translate(translate)
            return None if unknown(key) else key

        return keyer

    def rack(self, text: str) -> list[Tile]:
        """Tiles of a rack: letters plus the blank label for blanks."""
        tiles = self.tokenize(text, extra={self.blank_label: BLANK})
        return [BLANK if t_ is None else t_ for t_ in tiles]

    # -- tiles -> strings ---------------------------------------------------

    def label(self, tile: Tile) -> str:
        try:
            return self._label_of[tile]
        except (KeyError, TypeError):
            return self._label(tile)

    def _label(self, tile: Tile) -> str:
        if tile == BLANK:
            return self.blank_label
        spec = self.letters[(tile & ~BLANK_BIT) - 1]
        return spec.blank_label if tile & BLANK_BIT else spec.label

    def label_table(self, empty: str | None = None) -> t.Mapping[Tile, str]:
        """:meth:`label` of every tile of this alphabet as a mapping; with ``empty``,
        tile 0 shows as ``empty`` (an empty square) instead of the blank label.

        A tile missing from it is not in this alphabet: :meth:`label` says why.
        """
        if empty is None:
            return self._label_of
        key = ("label_table", empty)
        got = self._cache.get(key)
        if got is None:
            got = {**self._label_of, BLANK: empty}
            self._cache[key] = got
        return got  # type: ignore[no-any-return]

    def render(self, tiles: t.Iterable[Tile]) -> str:
        return "".join(self.labels(tiles))

    def labels(self, tiles: t.Iterable[Tile]) -> list[str]:
        tiles = tiles if isinstance(tiles, list | tuple) else list(tiles)
        label_of = self._label_of
        try:
            return [label_of[t_] for t_ in tiles]
        except (KeyError, TypeError):
            return [self._label(t_) for t_ in tiles]

    # -- lexicon keys -------------------------------------------------------

    def key_char(self, tile: Tile) -> str:
        """One code point per tile, so a digraph tile never collides with its letters."""
        spec = self.letters[(tile & ~BLANK_BIT) - 1]
        if len(spec.label) == 1:
            return spec.label
        return chr(PRIVATE_USE_BASE + (tile & ~BLANK_BIT))

    def key(self, tiles: t.Iterable[Tile]) -> str:
        return "".join(self.key_char(t_) for t_ in tiles)

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
