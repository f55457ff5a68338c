"""What the house lists' operations answer: a list with its entries and
history, an edit, the lists there are."""

from __future__ import annotations

import typing as t

from pydantic import Field

from adjudicator.core.house import HouseEventKind
from adjudicator.services.answer import Answer

if t.TYPE_CHECKING:
    from adjudicator.core.house import HouseEvent, HouseLog
    from adjudicator.core.lexicon import Lexicon


class HouseEventInfo(Answer):
    """One event of a house list: an entry (``add``, ``remove``), an ``undo`` of
    one, or the list's ``create``."""

    entry: int = Field(description="Its number in the list's history; an undo names it")
    kind: HouseEventKind
    by: str = Field(description="Who made it: the client key's name (`admin` for the admin key)")
    at: str = Field(description="When, ISO 8601, UTC")
    why: str = Field(description="Why: a dictionary reference, free text")
    version: str = Field(description="The list's version after it (its number)")
    checksum: str = Field(description="The list's version checksum after it")
    word: str | None = Field(default=None, description="An entry's word")
    ruleset: str | None = Field(default=None, description="The ruleset that read an entry's word")
    undoes: int | None = Field(default=None, description="An undo: the entry it takes back")
    undone_by: int | None = Field(default=None, description="An entry taken back: by which undo")
    base: str | None = Field(default=None, description="A create: the base lexicon")


class HouseBase(Answer):
    name: str
    version: str
    checksum: str


class HouseListInfo(Answer):
    """A house list as served: its base, its version, the entries in force
    (newest first) and its whole history (newest first)."""

    name: str
    base: HouseBase
    version: str = Field(description="The number of its last event")
    checksum: str = Field(description="Changes with every edit and every build of the base")
    additions: int
    removals: int
    entries: list[HouseEventInfo] = Field(description="The entries in force, newest first")
    history: list[HouseEventInfo] = Field(description="Every event, newest first")


class HouseEdit(Answer):
    """One edit made: the event, and the list's version after it."""

    name: str
    version: str
    checksum: str
    event: HouseEventInfo


class HouseLists(Answer):
    house_lists: list[HouseListInfo]


def event_info(event: HouseEvent, undone: t.Mapping[int, HouseEvent]) -> HouseEventInfo:
    """One event as answered; ``undone``: entry -> the undo that took it back."""
    extra: dict[str, t.Any] = {}
    if event.word:
        extra.update(word=event.word, ruleset=event.ruleset or None)
    if event.kind == HouseEventKind.UNDO:
        extra["undoes"] = event.entry
    if event.seq in undone:
        extra["undone_by"] = undone[event.seq].seq
    if event.base:
        extra["base"] = event.base
    return HouseEventInfo(
        entry=event.seq,
        kind=event.kind,
        by=event.by,
        at=event.at,
        why=event.why,
        version=str(event.seq),
        checksum=event.checksum,
        **extra,
    )


def house_info(log: HouseLog, base: Lexicon, *, history: bool = True) -> HouseListInfo:
    """A house list (its ``log``) on ``base`` as it is loaded, described."""
    undone = log.undone()
    live = sorted(log.live().values(), key=lambda e: -e.seq)
    return HouseListInfo(
        name=log.name,
        base=HouseBase(name=base.name, version=base.version, checksum=base.checksum),
        version=str(log.version),
        checksum=log.checksum(base.checksum),
        additions=sum(e.kind == HouseEventKind.ADD for e in live),
        removals=sum(e.kind == HouseEventKind.REMOVE for e in live),
        entries=[event_info(e, undone) for e in live],
        history=[event_info(e, undone) for e in reversed(log.events)] if history else [],
    )


def edit_info(log: HouseLog) -> HouseEdit:
    """The edit that made the last event of ``log``."""
    last = log.events[-1]
    return HouseEdit(
        name=log.name,
        version=str(last.seq),
        checksum=last.checksum,
        event=event_info(last, log.undone()),
    )
