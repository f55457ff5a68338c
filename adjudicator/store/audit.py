"""The audit trail: append-only records of adjudications."""

from __future__ import annotations

import datetime as dt
import typing as t
import uuid

import sqlalchemy as sa

from adjudicator.errors import AdjudicationNotFoundError
from adjudicator.store.schema import adjudications


class AuditTrail:
    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine

    def append(self, record: dict[str, t.Any]) -> dict[str, t.Any]:
        """Store one adjudication; returns it with ``id`` and ``created_at``."""
        # Times are stored as naive UTC, the same on SQLite and PostgreSQL.
        now = dt.datetime.now(dt.UTC).replace(tzinfo=None)
        row = dict(record, id=uuid.uuid4().hex, created_at=now)
        with self.engine.begin() as conn:
            conn.execute(adjudications.insert().values(**row))
        return _out(row)

    def get(self, id_: str) -> dict[str, t.Any]:
        with self.engine.connect() as conn:
            row = (
                conn.execute(sa.select(adjudications).where(adjudications.c.id == id_))
                .mappings()
                .first()
            )
        if row is None:
            raise AdjudicationNotFoundError(id_)
        return _out(dict(row))

    def since(
        self, when: dt.datetime | None, *, after: int | None = None, limit: int = 500
    ) -> tuple[list[dict[str, t.Any]], int | None]:
        """Up to ``limit`` records from ``when`` on, oldest first, after the
        record whose position is ``after``; and the position to read the next
        page after (None: this page is the last)."""
        query = sa.select(adjudications).order_by(adjudications.c.seq).limit(limit + 1)
        if when is not None:
            if when.tzinfo is not None:
                when = when.astimezone(dt.UTC).replace(tzinfo=None)
            query = query.where(adjudications.c.created_at >= when)
        if after is not None:
            query = query.where(adjudications.c.seq > after)
        with self.engine.connect() as conn:
            rows = [dict(r) for r in conn.execute(query).mappings()]
        more = len(rows) > limit
        rows = rows[:limit]
        last = int(rows[-1]["seq"]) if more else None
        return [_out(r) for r in rows], last


def _out(row: dict[str, t.Any]) -> dict[str, t.Any]:
    row.pop("seq", None)
    row["created_at"] = row["created_at"].replace(tzinfo=dt.UTC).isoformat()
    return row
