"""A Duplicate game's events as JSON: written and read here alone.

The store keeps each event as ``(kind, data)``; the game's record carries them
as they are (docs/duplicate.md, "The record").  Tiles are written by their
labels (a blank drawn as ``null``, a blank played as its letter with
``"blank": true``), squares as row and column from 0, and a slip's reference
also as the FISF writes it.  A slip's event holds what was written and the
ruling made, and a close the top placed, so a record reads back the same
whatever the lexicon becomes.
"""

from __future__ import annotations

import typing as t

from adjudicator.core.coords import ACROSS, DOWN, Coord
from adjudicator.core.duplicate import Nullity, Penalty, SlipIn, SlipRuling, SlipWarning
from adjudicator.core.duplicate_top import Top
from adjudicator.core.placement import PlacedTile, Placement
from adjudicator.core.references import parse_reference, write_reference
from adjudicator.core.tiles import BLANK, BLANK_BIT, Tile

if t.TYPE_CHECKING:
    from adjudicator.core.alphabet import Alphabet

Data = dict[str, t.Any]


def tiles_data(alphabet: Alphabet, tiles: t.Iterable[Tile]) -> list[str | None]:
    """Undesignated tiles as labels, a blank as None."""
    return [None if tile == BLANK else alphabet.label(tile) for tile in tiles]


def tiles_of(alphabet: Alphabet, data: t.Iterable[str | None]) -> list[Tile]:
    """:raises ValueError: a label the alphabet does not have."""
    return [BLANK if label is None else _tile(alphabet, label) for label in data]


def _tile(alphabet: Alphabet, label: t.Any) -> Tile:
    tile = alphabet.one_tile(label) if isinstance(label, str) else None
    if tile is None:
        raise ValueError(f"{label!r} is no tile of {alphabet.name}")
    return tile


def placement_of(alphabet: Alphabet, data: t.Iterable[t.Mapping[str, t.Any]]) -> Placement:
    tiles = []
    for p in data:
        tile = _tile(alphabet, p["letter"])
        tiles.append(
            PlacedTile(
                _square(p["row"]), _square(p["col"]), tile | BLANK_BIT if p["blank"] else tile
            )
        )
    return Placement(tuple(tiles))


def coord_data(coord: Coord | None) -> Data | None:
    if coord is None:
        return None
    return {
        "row": coord.row,
        "col": coord.col,
        "direction": coord.direction,
        "reference": write_reference(coord),
    }


def coord_of(data: t.Mapping[str, t.Any] | None) -> Coord | None:
    if data is None:
        return None
    if data["direction"] not in (ACROSS, DOWN):
        raise ValueError(f"direction {data['direction']!r}")
    return Coord(_square(data["row"]), _square(data["col"]), data["direction"])


def _int(value: t.Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{value!r} is no whole number")
    return value


def _square(value: t.Any) -> int:
    """A row or a column: a reference names it with one letter, so at most 26."""
    if _int(value) >= 26:
        raise ValueError(f"row or column {value} is off any board")
    return t.cast(int, value)


def written_data(slip: SlipIn) -> Data:
    """What the slip said: the word, the reference (FISF), the score, the arbiter's calls."""
    return {
        "word": slip.word,
        "reference": None if slip.coord is None else write_reference(slip.coord),
        "score": slip.announced,
        "late": slip.late,
        "illegible": slip.illegible,
    }


def written_of(player: int, data: t.Mapping[str, t.Any] | None) -> SlipIn | None:
    if data is None:
        return None
    ref = data["reference"]
    if not isinstance(data["word"], str) or not (ref is None or isinstance(ref, str)):
        raise ValueError("a slip's word and reference are text")
    score = data["score"]
    return SlipIn(
        player,
        data["word"],
        None if ref is None else parse_reference(ref),
        None if score is None else _int(score),
        bool(data["late"]),
        bool(data["illegible"]),
    )


def ruling_data(alphabet: Alphabet, r: SlipRuling) -> Data:
    return {
        "player": r.player,
        "null": r.null.value if r.null else None,
        "score": r.score,
        "warnings": [w.value for w in r.warnings],
        "penalties": [[p.value, n] for p, n in r.penalties],
        "placement": None if r.placement is None else r.placement.labelled(alphabet),
        "coord": coord_data(r.coord),
        "invalid_words": [alphabet.render(w) for w in r.invalid_words],
    }


def ruling_of(alphabet: Alphabet, d: t.Mapping[str, t.Any]) -> SlipRuling:
    return SlipRuling(
        player=_int(d["player"]),
        null=Nullity(d["null"]) if d["null"] else None,
        score=_int(d["score"]),
        warnings=tuple(SlipWarning(w) for w in d["warnings"]),
        penalties=tuple((Penalty(p), _int(n)) for p, n in d["penalties"]),
        placement=None if d["placement"] is None else placement_of(alphabet, d["placement"]),
        coord=coord_of(d["coord"]),
        invalid_words=tuple(
            tuple(x for x in alphabet.tokenize(w) if x is not None) for w in d["invalid_words"]
        ),
    )


def slip_data(alphabet: Alphabet, ruling: SlipRuling, written: SlipIn) -> Data:
    """A slip's event: its ruling, and what was written under ``written``."""
    return {**ruling_data(alphabet, ruling), "written": written_data(written)}


def slip_of(alphabet: Alphabet, d: t.Mapping[str, t.Any]) -> tuple[SlipRuling, SlipIn | None]:
    ruling = ruling_of(alphabet, d)
    return ruling, written_of(ruling.player, d.get("written"))


def top_data(alphabet: Alphabet, top: Top | None) -> Data | None:
    if top is None:
        return None
    return {
        "coord": coord_data(top.coord),
        "word": alphabet.render(top.tiles),
        "placement": top.placement.labelled(alphabet),
        "score": top.score,
    }


def top_of(alphabet: Alphabet, d: t.Mapping[str, t.Any] | None) -> Top | None:
    if d is None:
        return None
    coord = coord_of(d["coord"])
    if coord is None:
        raise ValueError("a top without a reference")
    tiles = tuple(x for x in alphabet.tokenize(d["word"]) if x is not None)
    return Top(coord, tiles, placement_of(alphabet, d["placement"]), _int(d["score"]))
