"""Duplicate games and their events (append-only), with optimistic concurrency."""

from __future__ import annotations

import datetime as dt
import hmac
import secrets
import typing as t
import uuid
from dataclasses import dataclass, field

import sqlalchemy as sa

from adjudicator.errors import DuplicateNotFoundError, StaleVersionError
from adjudicator.store.games import _hash, _now
from adjudicator.store.schema import duplicate_events, duplicates


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


class DuplicateStore:
    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine

    def create(
        self,
        ruleset: str,
        players: t.Sequence[str],
        *,
        round_seconds: int,
        seed: str | None,
        lexicon: str | None,
    ) -> tuple[str, str]:
        """Store a new game; returns (id, write token): the games' token scheme,
        a random token kept as its SHA-256."""
        id_, token = uuid.uuid4().hex, secrets.token_urlsafe(24)
        with self.engine.begin() as conn:
            conn.execute(
                duplicates.insert().values(
                    id=id_,
                    created_at=_now(),
                    ruleset=ruleset,
                    players=list(players),
                    round_seconds=round_seconds,
                    seed=seed,
                    lexicon=lexicon,
                    token_hash=_hash(token),
                )
            )
        return id_, token

    def load(self, id_: str) -> tuple[DuplicateRecord, list[tuple[str, dict[str, t.Any]]]]:
        """The game's record and its events as ``(kind, data)``.

        :raises DuplicateNotFoundError: no such game.
        """
        with self.engine.connect() as conn:
            row = (
                conn.execute(sa.select(duplicates).where(duplicates.c.id == id_)).mappings().first()
            )
            if row is None:
                raise DuplicateNotFoundError(id_)
            rows = conn.execute(
                sa.select(duplicate_events.c.kind, duplicate_events.c.data)
                .where(duplicate_events.c.duplicate_id == id_)
                .order_by(duplicate_events.c.seq)
            ).all()
        record = DuplicateRecord(
            id=row["id"],
            created_at=row["created_at"],
            ruleset=row["ruleset"],
            players=tuple(row["players"]),
            round_seconds=row["round_seconds"],
            seed=row["seed"],
            lexicon=row["lexicon"],
            token_hash=row["token_hash"],
        )
        return record, [(r.kind, dict(r.data)) for r in rows]

    def token_ok(self, record: DuplicateRecord, token: str | None) -> bool:
        return bool(token) and hmac.compare_digest(_hash(token or ""), record.token_hash)

    def append(
        self, id_: str, version: int, events: t.Sequence[tuple[str, dict[str, t.Any]]]
    ) -> int:
        """Append events after ``version`` (the number of events read); returns
        the new version.

        :raises StaleVersionError: another writer got there first.
        """
        now = _now()
        try:
            with self.engine.begin() as conn:
                current = conn.execute(
                    sa.select(sa.func.count())
                    .select_from(duplicate_events)
                    .where(duplicate_events.c.duplicate_id == id_)
                ).scalar_one()
                if current != version:
                    raise StaleVersionError(version, current)
                conn.execute(
                    duplicate_events.insert(),
                    [
                        {
                            "duplicate_id": id_,
                            "seq": version + i + 1,
                            "kind": kind,
                            "data": data,
                            "created_at": now,
                        }
                        for i, (kind, data) in enumerate(events)
                    ],
                )
        except sa.exc.IntegrityError:
            raise StaleVersionError(version, version + 1) from None
        return version + len(events)

    def drawn_at(self, id_: str) -> dt.datetime | None:
        """When the game's latest draw was made (naive UTC), None before the first."""
        with self.engine.connect() as conn:
            return conn.execute(
                sa.select(sa.func.max(duplicate_events.c.created_at)).where(
                    duplicate_events.c.duplicate_id == id_, duplicate_events.c.kind == "draw"
                )
            ).scalar_one_or_none()
