"""Alphabets as data: labels, explicit blank labels, aliases, counts, scores.

Strings become tile integers only here (``tokenize``) and go back to strings
only here (``render``).  Multi-character tiles are matched greedily, longest
label first.
"""

from __future__ import annotations

import hashlib
import typing as t
import unicodedata
from dataclasses import dataclass, field

from adjudicator.core.tiles import BLANK, BLANK_BIT, Tile
from adjudicator.errors import UnknownTileError

PRIVATE_USE_BASE = 0xE000


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

    def __post_init__(self) -> None:
        table: dict[str, Tile] = {}
        for tile, spec in enumerate(self.letters, start=1):
            for text in (spec.label, *spec.aliases):
                table[unicodedata.normalize("NFC", text)] = tile
            for text in (spec.blank_label, *spec.blank_aliases):
                table[unicodedata.normalize("NFC", text)] = tile | BLANK_BIT
        object.__setattr__(self, "_table", table)
        object.__setattr__(self, "_longest", max(len(k) for k in table))

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
            norm = "".join(fold.get(ch, ch) for ch in norm)
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

    def word_tiles(self, text: str, fold: t.Mapping[str, str] | None = None) -> list[Tile]:
        """Tiles of a word to look up: case-insensitive, blanks undesignated."""
        return [t_ & ~BLANK_BIT for t_ in self.tokenize(text, fold=fold) if t_ is not None]

    def rack(self, text: str) -> list[Tile]:
        """Tiles of a rack: letters plus the blank label for blanks."""
        tiles = self.tokenize(text, extra={self.blank_label: BLANK})
        return [BLANK if t_ is None else t_ for t_ in tiles]

    # -- tiles -> strings ---------------------------------------------------

    def label(self, tile: Tile) -> str:
        if tile == BLANK:
            return self.blank_label
        spec = self.letters[(tile & ~BLANK_BIT) - 1]
        return spec.blank_label if tile & BLANK_BIT else spec.label

    def render(self, tiles: t.Iterable[Tile]) -> str:
        return "".join(self.label(t_) for t_ in tiles)

    def labels(self, tiles: t.Iterable[Tile]) -> list[str]:
        return [self.label(t_) for t_ in tiles]

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
