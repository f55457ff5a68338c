"""Our pragmas: what a GCG record of ours says that plain GCG cannot.

GCG has no notation for the rules a game was played under, for a move laid in
several lines or a star swap (Erudite), or for what a challenge decided.  We
write these as pragmas, which GCG readers skip (a reader that does not know
them still reads every event line, its scores and running totals):

* header, before the first event::

      #ruleset erudite-ru
      #lexicon ru-opencorpora
      #lexicon-version 2.4.417150.4580142
      #lexicon-checksum sha256:f675ef...
      #challenge-rule single
      #first-player ann
      #draw ann А        (the tiles a player drew for first turn, one per round)

* ``#placement 8H=Ш 8I=у 9J=К swap:7H=А`` before a play: its new tiles by square
  (row number, column letter; a lowercase label is a blank or star) and the stars
  it swapped.  The play's line then gives its main word in plain GCG notation, for
  other readers; we read the tiles from the pragma.
* ``#data {"lost_turn": true}`` before an event line: the event's fields the line
  cannot hold (a turn lost to a challenge, the adjudication behind a withdrawal).
* ``#event challenge ann {"verdict": "acceptable", ...}``: an event that has no
  GCG line at all (a challenge that changed no score, a game ended without racks).

This module turns them into text and back; it needs no alphabet.
"""

from __future__ import annotations

import json
import re
import typing as t
from dataclasses import dataclass, field

from adjudicator.core.coords import ACROSS, Coord
from adjudicator.core.events import Cell
from adjudicator.core.gcg.model import GcgRecord, Pragma
from adjudicator.errors import GcgPragmaError

RULESET = "ruleset"
LEXICON = "lexicon"
LEXICON_VERSION = "lexicon-version"
LEXICON_CHECKSUM = "lexicon-checksum"
CHALLENGE_RULE = "challenge-rule"
FIRST_PLAYER = "first-player"
DRAW = "draw"
PLACEMENT = "placement"
DATA = "data"
EVENT = "event"
_SQUARE = re.compile(r"(\d{1,2})([A-Z])=(.+)$")


@dataclass(frozen=True, slots=True)
class Header:
    """What a record says about the rules it was played under (all optional)."""

    ruleset: str | None = None
    lexicon: str | None = None
    lexicon_version: str | None = None
    lexicon_checksum: str | None = None
    challenge_rule: str | None = None
    first_player: str | None = None  # a nickname
    draws: t.Mapping[str, str] = field(default_factory=dict)  # nickname -> tiles drawn

    def pragmas(self) -> list[Pragma]:
        """The header pragmas, in the order they are written."""
        out = [
            Pragma(name, value)
            for name, value in (
                (RULESET, self.ruleset),
                (LEXICON, self.lexicon),
                (LEXICON_VERSION, self.lexicon_version),
                (LEXICON_CHECKSUM, self.lexicon_checksum),
                (CHALLENGE_RULE, self.challenge_rule),
                (FIRST_PLAYER, self.first_player),
            )
            if value
        ]
        return out + [Pragma(DRAW, f"{nick} {tiles}") for nick, tiles in self.draws.items()]


def read_header(record: GcgRecord) -> Header:
    draws = {}
    for pragma in record.pragmas:
        if pragma.name == DRAW:
            nick, _, tiles = pragma.value.partition(" ")
            draws[nick] = tiles.strip()
    return Header(
        ruleset=record.pragma(RULESET),
        lexicon=record.pragma(LEXICON),
        lexicon_version=record.pragma(LEXICON_VERSION),
        lexicon_checksum=record.pragma(LEXICON_CHECKSUM),
        challenge_rule=record.pragma(CHALLENGE_RULE),
        first_player=record.pragma(FIRST_PLAYER),
        draws=draws,
    )


def placement_pragma(cells: t.Sequence[Cell], swaps: t.Sequence[Cell], after: int) -> Pragma:
    squares = [f"{_square(r, c)}={label}" for r, c, label in cells]
    squares += [f"swap:{_square(r, c)}={label}" for r, c, label in swaps]
    return Pragma(PLACEMENT, " ".join(squares), after)


def read_placement(pragma: Pragma) -> tuple[list[Cell], list[Cell]]:
    """``(cells, swaps)`` of a ``#placement`` pragma.

    :raises GcgPragmaError: a square that is not ``8H=X`` (or ``swap:8H=X``).
    """
    cells: list[Cell] = []
    swaps: list[Cell] = []
    for item in pragma.value.split():
        swap = item.startswith("swap:")
        m = _SQUARE.match(item.removeprefix("swap:"))
        if not m:
            raise GcgPragmaError(pragma.line, pragma.raw, f"{item!r} is not a square like 8H=A")
        cell = (int(m[1]) - 1, ord(m[2]) - ord("A"), m[3])
        (swaps if swap else cells).append(cell)
    return cells, swaps


def data_pragma(data: t.Mapping[str, t.Any], after: int) -> Pragma:
    return Pragma(DATA, _json(data), after)


def event_pragma(kind: str, nick: str, data: t.Mapping[str, t.Any], after: int) -> Pragma:
    return Pragma(EVENT, f"{kind} {nick} {_json(data)}", after)


def read_data(pragma: Pragma) -> dict[str, t.Any]:
    """The fields of a ``#data`` pragma.

    :raises GcgPragmaError: not a JSON object.
    """
    return _object(pragma, pragma.value)


def read_event(pragma: Pragma) -> tuple[str, str, dict[str, t.Any]]:
    """``(kind, nick, data)`` of an ``#event`` pragma.

    :raises GcgPragmaError: not ``kind nick {...}``.
    """
    parts = pragma.value.split(" ", 2)
    if len(parts) != 3:
        raise GcgPragmaError(pragma.line, pragma.raw, "an #event is 'kind nick {json}'")
    return parts[0], parts[1], _object(pragma, parts[2])


def _square(row: int, col: int) -> str:
    return Coord(row, col, ACROSS).gcg()


def _json(data: t.Mapping[str, t.Any]) -> str:
    return json.dumps(dict(data), ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _object(pragma: Pragma, text: str) -> dict[str, t.Any]:
    try:
        value = json.loads(text)
    except ValueError:
        value = None
    if not isinstance(value, dict):
        raise GcgPragmaError(pragma.line, pragma.raw, "expected a JSON object")
    return value
