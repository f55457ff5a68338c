"""Duplicate games and their events (append-only), with optimistic concurrency."""

from __future__ import annotations

import dataclasses
import datetime as dt
import typing as t
from dataclasses import dataclass, field

import sqlalchemy as sa

from adjudicator.errors import DuplicateNotFoundError
from adjudicator.store.event_log import EventLog, token_ok
from adjudicator.store.schema import duplicate_events, duplicates

# A Duplicate event as core/duplicate_game.py reads and writes it: (kind, data).
Stored = tuple[str, dict[str, t.Any]]


@dataclass(frozen=True, slots=True)
class DuplicateRecord:
    id: str
    created_at: dt.datetime
    ruleset: str
    players: tuple[str, ...]
    round_seconds: int
    seed: str | None
    lexicon: str | None
    token_hash: str = field(repr=False)

    @classmethod
    def read(cls, row: t.Mapping[str, t.Any]) -> DuplicateRecord:
        values = {f.name: row[f.name] for f in dataclasses.fields(cls)}
        return cls(**{**values, "players": tuple(row["players"])})


class DuplicateStore:
    def __init__(self, engine: sa.Engine) -> None:
        self.log = EventLog(
            engine, duplicates, duplicate_events, "duplicate_id", DuplicateNotFoundError
        )

    def create(
        self,
        ruleset: str,
        players: t.Sequence[str],
        *,
        round_seconds: int,
        seed: str | None,
        lexicon: str | None,
        events: t.Sequence[Stored] = (),
    ) -> tuple[str, str]:
        """Store a new game (and its first events); returns (id, write token)."""
        values = {
            "ruleset": ruleset,
            "players": list(players),
            "round_seconds": round_seconds,
            "seed": seed,
            "lexicon": lexicon,
        }
        return self.log.create(values, _items(events))

    def load(self, id_: str) -> tuple[DuplicateRecord, list[Stored]]:
        """The game's record and its events as ``(kind, data)``.

        :raises DuplicateNotFoundError: no such game.
        """
        row, rows = self.log.load(id_)
        return DuplicateRecord.read(row), [(r["kind"], dict(r["data"])) for r in rows]

    def token_ok(self, id_: str, token: str | None) -> bool:
        """:raises DuplicateNotFoundError: no such game."""
        return token_ok(DuplicateRecord.read(self.log.row(id_)).token_hash, token)

    def append(self, id_: str, version: int, events: t.Sequence[Stored]) -> int:
        """Append events after ``version`` (the number of events read); returns
        the new version.

        :raises StaleVersionError: another writer got there first.
        """
        return self.log.append(id_, version, _items(events))

    def drawn_at(self, id_: str) -> dt.datetime | None:
        """When the game's latest draw was made (naive UTC), None before the first."""
        with self.log.engine.connect() as conn:
            return conn.execute(
                sa.select(sa.func.max(duplicate_events.c.created_at)).where(
                    duplicate_events.c.duplicate_id == id_, duplicate_events.c.kind == "draw"
                )
            ).scalar_one_or_none()


def _items(events: t.Sequence[Stored]) -> list[dict[str, t.Any]]:
    return [{"kind": kind, "data": data} for kind, data in events]
