"""House lists: a club's additions to and removals from a base lexicon.

A house list is its log: an append-only list of events (:class:`HouseEvent`),
the first of which names the base; then each ``add`` or ``remove`` is an
entry (a word, who, when and why), and an ``undo`` takes one entry back.  The
log is never rewritten, so every version stays readable: version ``n`` is the
log up to event ``n``, and its checksum chains the events up to it with the
base's checksum (:meth:`HouseLog.checksum`), so it changes with every edit and
with every new build of the base.

Entries hold the lexicon keys their word spells (the service reads them once,
with the ruleset they were made under), so nothing here reads text; what a
word check consults is :mod:`.house_list`.
"""

from __future__ import annotations

import hashlib
import json
import typing as t
from dataclasses import dataclass, field
from enum import StrEnum

from adjudicator.errors import (
    HouseEntryExistsError,
    HouseEntryUndoneError,
    UnknownHouseEntryError,
    UnknownHouseVersionError,
)


class HouseEventKind(StrEnum):
    """Every kind of event of a house list's log."""

    CREATE = "create"
    ADD = "add"
    REMOVE = "remove"
    UNDO = "undo"


class HouseAction(StrEnum):
    """What an entry does to its word."""

    ADD = "add"
    REMOVE = "remove"


Key = tuple[str, bool]  # a lexicon key, and whether it is the word's folded spelling


@dataclass(frozen=True, slots=True)
class HouseEvent:
    """One event of the log.  ``keys`` are the lexicon keys of an entry's word:
    its own spelling first, then (``True``) the spelling a fold makes of it
    (erudite-ru reads ЁРШИК as ЕРШИК)."""

    seq: int
    kind: HouseEventKind
    by: str
    at: str  # ISO 8601, UTC
    why: str
    base_checksum: str  # the base's checksum when the event was written
    checksum: str = ""  # the house list's version checksum after it
    word: str = ""  # add, remove: the word as the entry spells it
    keys: tuple[Key, ...] = ()
    ruleset: str = ""  # add, remove: the ruleset that read the word
    entry: int = 0  # undo: the entry taken back
    base: str = ""  # create: the base lexicon's name

    @property
    def action(self) -> HouseAction | None:
        """An entry's action; None for a create or an undo."""
        if self.kind in (HouseEventKind.ADD, HouseEventKind.REMOVE):
            return HouseAction(self.kind.value)
        return None

    def to_data(self) -> dict[str, t.Any]:
        """The stored form: the fields that are set."""
        data: dict[str, t.Any] = {"seq": self.seq, "kind": self.kind.value}
        for name in ("by", "at", "why", "base_checksum", "checksum", "word", "ruleset", "base"):
            value = getattr(self, name)
            if value:
                data[name] = value
        if self.keys:
            data["keys"] = [[key, folded] for key, folded in self.keys]
        if self.entry:
            data["entry"] = self.entry
        return data

    @classmethod
    def from_data(cls, data: t.Mapping[str, t.Any]) -> HouseEvent:
        """:raises ValueError: not an event of a house list's log."""
        try:
            return cls(
                seq=int(data["seq"]),
                kind=HouseEventKind(data["kind"]),
                by=str(data.get("by", "")),
                at=str(data.get("at", "")),
                why=str(data.get("why", "")),
                base_checksum=str(data.get("base_checksum", "")),
                checksum=str(data.get("checksum", "")),
                word=str(data.get("word", "")),
                keys=tuple((str(k), bool(f)) for k, f in data.get("keys", ())),
                ruleset=str(data.get("ruleset", "")),
                entry=int(data.get("entry", 0)),
                base=str(data.get("base", "")),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a house list event: {exc!r}") from None


def _link(chain: str, event: HouseEvent) -> str:
    """The chain after ``event``: its stored form without its own checksum."""
    data = event.to_data()
    data.pop("checksum", None)
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256((chain + text).encode()).hexdigest()


def version_checksum(chain: str, base_checksum: str) -> str:
    """A version's checksum: its events' chain with the base's checksum."""
    return "sha256:" + hashlib.sha256(f"{chain}\n{base_checksum}".encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class HouseLog:
    """A house list's events, in order; version ``n`` is the log up to event ``n``."""

    name: str
    events: tuple[HouseEvent, ...]
    chains: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # The one value a log derives: each event's link of the chain, made once
        # with the log (a frozen dataclass takes it only here).
        chain, chains = "", []
        for event in self.events:
            chain = _link(chain, event)
            chains.append(chain)
        object.__setattr__(self, "chains", tuple(chains))

    @classmethod
    def parse(cls, name: str, text: str) -> HouseLog:
        """A log from its stored form, one JSON object a line.

        :raises ValueError: a line that is no event, events out of order, or a
            log that does not begin by naming its base.
        """
        events = []
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                events.append(HouseEvent.from_data(json.loads(line)))
            except ValueError as exc:
                raise ValueError(f"line {number}: {exc}") from None
        if not events or events[0].kind != HouseEventKind.CREATE or not events[0].base:
            raise ValueError("a house list's log begins with its base")
        if [e.seq for e in events] != list(range(1, len(events) + 1)):
            raise ValueError("events out of order")
        for event in events[1:]:
            if event.kind == HouseEventKind.CREATE:
                raise ValueError(f"event {event.seq}: a second create")
            if event.action is not None and not (event.word and event.keys):
                raise ValueError(f"event {event.seq}: an entry without its word and keys")
            if event.kind == HouseEventKind.UNDO and not 0 < event.entry < event.seq:
                raise ValueError(f"event {event.seq}: an undo of no earlier entry")
        return cls(name, tuple(events))

    def dump(self) -> str:
        return "".join(
            json.dumps(e.to_data(), ensure_ascii=False, sort_keys=True) + "\n" for e in self.events
        )

    @property
    def base(self) -> str:
        return self.events[0].base

    @property
    def version(self) -> int:
        return self.events[-1].seq

    def checksum(self, base_checksum: str, upto: int | None = None) -> str:
        """The checksum of version ``upto`` (the last one by default) on a base of
        this checksum."""
        return version_checksum(self.chains[(upto or self.version) - 1], base_checksum)

    def undone(self, upto: int | None = None) -> dict[int, HouseEvent]:
        """Entry -> the undo that took it back, as of version ``upto``."""
        return {e.entry: e for e in self.events[:upto] if e.kind == HouseEventKind.UNDO}

    def live(self, upto: int | None = None) -> dict[str, HouseEvent]:
        """The entries in force as of version ``upto``, by their word's own key: for
        each word, its latest entry not undone."""
        undone = self.undone(upto)
        out: dict[str, HouseEvent] = {}
        for event in self.events[:upto]:
            if event.action is not None and event.seq not in undone:
                out[event.keys[0][0]] = event
        return out

    def resolve(self, ref: str, base_checksum: str) -> int:
        """The version a reference names: its number, or its checksum (with or
        without ``sha256:``, or its first 8 or more digits) as recorded then or
        on the base as it is now.

        :raises UnknownHouseVersionError: no version of this log.
        """
        if _number(ref):
            if 1 <= int(ref) <= self.version:
                return int(ref)
            raise UnknownHouseVersionError(self.name, ref)
        digits = ref.removeprefix("sha256:").lower()
        if len(digits) >= 8:
            for event, chain in zip(self.events, self.chains, strict=True):
                for base in (event.base_checksum, base_checksum):
                    if version_checksum(chain, base).removeprefix("sha256:").startswith(digits):
                        return event.seq
        raise UnknownHouseVersionError(self.name, ref)

    def entry(self, ref: str) -> HouseEvent:
        """:raises UnknownHouseEntryError: no addition or removal of that number."""
        if _number(ref) and 1 <= int(ref) <= self.version:
            event = self.events[int(ref) - 1]
            if event.action is not None:
                return event
        raise UnknownHouseEntryError(self.name, ref)

    def append(self, event: HouseEvent) -> HouseLog:
        """The log with ``event`` next, numbered and given its version's checksum.

        :raises HouseEntryExistsError: the word is already so (added, or removed).
        :raises UnknownHouseEntryError: an undo of no entry.
        :raises HouseEntryUndoneError: an undo of an entry already undone.
        """
        if event.action is not None:
            current = self.live().get(event.keys[0][0])
            if current is not None and current.kind == event.kind:
                raise HouseEntryExistsError(self.name, event.word, event.kind, current.seq)
        elif event.kind == HouseEventKind.UNDO:
            self.entry(str(event.entry))
            undo = self.undone().get(event.entry)
            if undo is not None:
                raise HouseEntryUndoneError(self.name, event.entry, undo.seq)
        seq = self.version + 1
        numbered = _replace(event, seq=seq, checksum="")
        chain = _link(self.chains[-1], numbered)
        done = _replace(numbered, checksum=version_checksum(chain, event.base_checksum))
        return HouseLog(self.name, (*self.events, done))


def _number(ref: str) -> bool:
    """An event's number as text: a few ASCII digits."""
    return ref.isascii() and ref.isdigit() and len(ref) <= 9


def _replace(event: HouseEvent, **changes: t.Any) -> HouseEvent:
    data = {name: getattr(event, name) for name in HouseEvent.__dataclass_fields__}
    return HouseEvent(**{**data, **changes})


def new_log(name: str, base: str, base_checksum: str, by: str, at: str, why: str) -> HouseLog:
    """A house list's log with its first event, naming its base."""
    first = HouseEvent(1, HouseEventKind.CREATE, by, at, why, base_checksum, base=base)
    chain = _link("", first)
    return HouseLog(name, (_replace(first, checksum=version_checksum(chain, base_checksum)),))
