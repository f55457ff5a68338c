"""What club games and Duplicate games keep alike: a row with a write token, and
its events, append-only, with optimistic concurrency.

A write token is random, shown once, and kept as its SHA-256.  The events of a
row are numbered from 1 (``seq``); ``(owner, seq)`` is the events table's
primary key, so two writers that both follow version N race for N+1, and
exactly one insert wins: the other gets :class:`StaleVersionError`.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import secrets
import typing as t
import uuid
from dataclasses import dataclass

import sqlalchemy as sa

from adjudicator.errors import StaleVersionError

# An event as the log stores it: its columns other than the owner, seq and time.
Item = t.Mapping[str, t.Any]


def now() -> dt.datetime:
    """The time stored with rows and events: UTC, without a zone."""
    return dt.datetime.now(dt.UTC).replace(tzinfo=None)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def token_ok(token_hash: str, token: str | None) -> bool:
    """Whether ``token`` is the one kept as ``token_hash`` (in constant time)."""
    return bool(token) and hmac.compare_digest(hash_token(token or ""), token_hash)


@dataclass(frozen=True, slots=True)
class EventLog:
    """The rows of ``records`` (``id``, ``created_at``, ``token_hash`` and their
    own columns) and their events in ``events``, whose ``owner`` column names the row.

    :param missing: the error for an id that names no row.
    """

    engine: sa.Engine
    records: sa.Table
    events: sa.Table
    owner: str
    missing: t.Callable[[str], Exception]

    def create(
        self, values: t.Mapping[str, t.Any], items: t.Sequence[Item] = ()
    ) -> tuple[str, str]:
        """Store a new row (and its first events); returns (id, write token)."""
        id_, token = uuid.uuid4().hex, secrets.token_urlsafe(24)
        stamp = now()
        with self.engine.begin() as conn:
            conn.execute(
                self.records.insert().values(
                    id=id_, created_at=stamp, token_hash=hash_token(token), **values
                )
            )
            if items:
                conn.execute(self.events.insert(), self._rows(id_, 0, items, stamp))
        return id_, token

    def row(self, id_: str) -> t.Mapping[str, t.Any]:
        """The row alone. :raises: ``missing(id_)``: no such row."""
        with self.engine.connect() as conn:
            return self._row(conn, id_)

    def load(self, id_: str) -> tuple[t.Mapping[str, t.Any], list[t.Mapping[str, t.Any]]]:
        """The row and its events in order, each as its columns.

        :raises: ``missing(id_)``: no such row.
        """
        column = self.events.c[self.owner]
        with self.engine.connect() as conn:
            row = self._row(conn, id_)
            events = (
                conn.execute(
                    sa.select(self.events).where(column == id_).order_by(self.events.c.seq)
                )
                .mappings()
                .all()
            )
        return row, [dict(e) for e in events]

    def version(self, id_: str) -> int | None:
        """How many events the row has, or None if there is no such row."""
        count = (
            sa.select(sa.func.count())
            .select_from(self.events)
            .where(self.events.c[self.owner] == id_)
            .scalar_subquery()
        )
        with self.engine.connect() as conn:
            return conn.execute(
                sa.select(count).where(self.records.c.id == id_)
            ).scalar_one_or_none()

    def append(self, id_: str, version: int, items: t.Sequence[Item]) -> int:
        """Append events after ``version`` (the number of events read); returns
        the new version.

        :raises StaleVersionError: another writer got there first.
        """
        try:
            with self.engine.begin() as conn:
                current = conn.execute(
                    sa.select(sa.func.count())
                    .select_from(self.events)
                    .where(self.events.c[self.owner] == id_)
                ).scalar_one()
                if current != version:
                    raise StaleVersionError(version, current)
                conn.execute(self.events.insert(), self._rows(id_, version, items, now()))
        except sa.exc.IntegrityError:
            raise StaleVersionError(version, version + 1) from None
        return version + len(items)

    def _row(self, conn: sa.Connection, id_: str) -> t.Mapping[str, t.Any]:
        row = (
            conn.execute(sa.select(self.records).where(self.records.c.id == id_)).mappings().first()
        )
        if row is None:
            raise self.missing(id_)
        return dict(row)

    def _rows(
        self, id_: str, version: int, items: t.Sequence[Item], stamp: dt.datetime
    ) -> list[dict[str, t.Any]]:
        return [
            {self.owner: id_, "seq": version + i + 1, "created_at": stamp, **item}
            for i, item in enumerate(items)
        ]
