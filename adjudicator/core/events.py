"""A game's events: one frozen class per kind, and their stored form.

Events record what happened at the table, in the vocabulary of GCG records:
:class:`Play`, :class:`Pass`, :class:`Exchange`, :class:`Withdrawal` (a play
taken back after a challenge), :class:`ChallengeBonus`, :class:`RackPoints`
(end-of-game adjustments), :class:`TimePenalty`, plus :class:`Challenge` (a
ruling with no effect on the score), :class:`End` (the game closed with no rack
known) and :class:`Correction` (the last events taken back: they stay in the
record, voided).  The referee (:mod:`.referee`) folds them into a game's state.

The store keeps an event as its kind, its player and a JSON object of its other
fields (``data``); :meth:`EventBase.to_data` and :func:`from_stored` are the one
place that writes and reads that object.  A field at its default is left out of
it, so events read from older rows and written again are the same object.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing as t
from dataclasses import dataclass
from enum import StrEnum

from adjudicator.core.challenge import ChallengeRule, Verdict
from adjudicator.errors import EventDataError


class EventKind(StrEnum):
    """Every kind of stored event: the one list the API, the store and the pages use."""

    PLAY = "play"
    PASS = "pass"
    EXCHANGE = "exchange"
    WITHDRAWAL = "withdrawal"
    CHALLENGE_BONUS = "challenge_bonus"
    RACK_POINTS = "rack_points"
    TIME_PENALTY = "time_penalty"
    CHALLENGE = "challenge"
    END = "end"
    CORRECTION = "correction"


TURN_KINDS = frozenset({EventKind.PLAY, EventKind.PASS, EventKind.EXCHANGE})

Cell = tuple[int, int, str]  # row, column (from 0) and the tile's label (lowercase: a blank)


@dataclass(frozen=True, slots=True, kw_only=True)
class EventBase:
    """What every event has: its player, and the write it came in (the game's
    version then, the store's bookkeeping: a correction takes back a whole write;
    None for imported events and those of older games)."""

    kind: t.ClassVar[EventKind]
    player: int
    write: int | None = None

    def to_data(self) -> dict[str, t.Any]:
        """The stored JSON object: every field but the player, those at their
        default left out."""
        out = {}
        for f in sorted(dataclasses.fields(self), key=lambda f: f.name == "write"):
            value = getattr(self, f.name)
            if f.name != "player" and value != f.default:
                out[f.name] = _stored(value)
        return out


@dataclass(frozen=True, slots=True, kw_only=True)
class LineEvent(EventBase):
    """An event a GCG line can say, with the rack that line gives (if any)."""

    rack: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Play(LineEvent):
    """Tiles laid: their squares and labels, the stars they swapped, the move as
    it was written (``8D WIND.``), and the score a record gave it."""

    kind = EventKind.PLAY
    placement: tuple[Cell, ...]
    swaps: tuple[Cell, ...] = ()
    move: str | None = None
    recorded: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Pass(LineEvent):
    """A pass, or (``lost_turn``) the turn a failed challenge cost, with the
    adjudication behind it."""

    kind = EventKind.PASS
    adjudication_id: str | None = None
    verdict: Verdict | None = None
    rule: ChallengeRule | None = None
    lost_turn: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Exchange(LineEvent):
    """Tiles swapped with the bag: which (when known) and how many."""

    kind = EventKind.EXCHANGE
    tiles: str
    count: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Withdrawal(LineEvent):
    """The last play taken back after a challenge, with the adjudication."""

    kind = EventKind.WITHDRAWAL
    adjudication_id: str | None = None
    verdict: Verdict | None = None
    rule: ChallengeRule | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ChallengeBonus(LineEvent):
    """Points to the challenged player for a play that stood."""

    kind = EventKind.CHALLENGE_BONUS
    adjudication_id: str | None = None
    verdict: Verdict | None = None
    rule: ChallengeRule | None = None
    points: int


@dataclass(frozen=True, slots=True, kw_only=True)
class RackPoints(LineEvent):
    """An end-of-game adjustment for the ``tiles`` left on racks, and the players
    whose racks were worked out from the unseen tiles."""

    kind = EventKind.RACK_POINTS
    tiles: str
    points: int
    worked_out: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class TimePenalty(LineEvent):
    kind = EventKind.TIME_PENALTY
    points: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Challenge(EventBase):
    """A ruling that moved no score; it may cost the challenger the next turn
    that comes to them, or lose a player the game."""

    kind = EventKind.CHALLENGE
    adjudication_id: str | None = None
    verdict: Verdict | None = None
    rule: ChallengeRule | None = None
    loses_game: int | None = None
    loses_next_turn: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class End(EventBase):
    """The game closed with no rack known."""

    kind = EventKind.END


@dataclass(frozen=True, slots=True, kw_only=True)
class Correction(EventBase):
    """The events (by index) of the last write taken back."""

    kind = EventKind.CORRECTION
    voids: tuple[int, ...]


Event: t.TypeAlias = (
    Play
    | Pass
    | Exchange
    | Withdrawal
    | ChallengeBonus
    | RackPoints
    | TimePenalty
    | Challenge
    | End
    | Correction
)

# An event that says what a challenge ruled.
Ruled: t.TypeAlias = Pass | Withdrawal | ChallengeBonus | Challenge


def from_stored(kind: str, player: int, data: t.Mapping[str, t.Any]) -> Event:
    """The event of a stored row (or of a GCG pragma's fields).

    :raises EventDataError: an unknown kind, an unknown or missing field, or a
        value of the wrong type.
    """
    try:
        cls = _CLASSES[EventKind(kind)]
    except ValueError:
        raise EventDataError(kind, None, "is no kind of event") from None
    readers = _READERS[cls]
    for key in data:
        if key not in readers:
            raise EventDataError(kind, key, "is unknown")
    fields: dict[str, t.Any] = {}
    for name, (read, required) in readers.items():
        if name not in data:
            if required:
                raise EventDataError(kind, name, "is missing")
            continue
        try:
            fields[name] = read(data[name])
        except ValueError as exc:
            raise EventDataError(kind, name, str(exc)) from None
    return cls(player=player, **fields)


def with_stored(event: Event, data: t.Mapping[str, t.Any]) -> Event:
    """The event with more stored fields; where both give one, the event's wins.

    :raises EventDataError: as :func:`from_stored`.
    """
    if not data:
        return event
    return from_stored(event.kind, event.player, {**data, **event.to_data()})


def _stored(value: object) -> object:
    if isinstance(value, tuple):
        return [_stored(v) for v in value]
    if isinstance(value, StrEnum):
        return value.value
    return value


Reader = t.Callable[[object], object]
_T = t.TypeVar("_T")


def _reader(hint: object) -> Reader:
    """What reads a stored value of a field's type (JSON gives lists for tuples);
    raises ValueError for a value of another type."""
    args = t.get_args(hint)
    if t.get_origin(hint) is types.UnionType:  # X | None
        inner = _reader(next(a for a in args if a is not type(None)))
        return lambda v: None if v is None else inner(v)
    if t.get_origin(hint) is tuple:
        if args[-1] is Ellipsis:
            item = _reader(args[0])
            return lambda v: tuple(item(x) for x in _list(v, hint))
        items = [_reader(a) for a in args]
        return lambda v: tuple(r(x) for r, x in zip(items, _list(v, hint, len(items)), strict=True))
    if isinstance(hint, type) and issubclass(hint, StrEnum):
        return functools.partial(_member, hint)
    if isinstance(hint, type):
        kind = hint
        return lambda v: _typed(v, kind)
    raise TypeError(f"no reader for {hint!r}")  # pragma: no cover - a new field's type


def _typed(value: object, kind: type[_T]) -> _T:
    # In Python True is an int, but a stored true is no number.
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        name = kind.__name__
        raise ValueError(f"is {value!r}, not {'an' if name[0] in 'aeiou' else 'a'} {name}")
    return value


def _member(enum: type[StrEnum], value: object) -> StrEnum:
    if not isinstance(value, str) or value not in set(enum):
        raise ValueError(f"is {value!r}, not one of {', '.join(enum)}")
    return enum(value)


def _list(value: object, hint: object, length: int | None = None) -> list[object]:
    if not isinstance(value, list | tuple) or length not in (None, len(value)):
        raise ValueError(f"is {value!r}, not a list like {hint}")
    return list(value)


_CLASSES: dict[EventKind, type[Event]] = {cls.kind: cls for cls in t.get_args(Event)}

# Each kind's stored fields: how to read each, and whether a row must have it.
_READERS: dict[type[Event], dict[str, tuple[Reader, bool]]] = {
    cls: {
        f.name: (_reader(t.get_type_hints(cls)[f.name]), f.default is dataclasses.MISSING)
        for f in dataclasses.fields(cls)
        if f.name != "player"
    }
    for cls in _CLASSES.values()
}
