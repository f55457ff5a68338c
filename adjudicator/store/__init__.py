"""Persistence: SQLAlchemy Core over SQLite (default, WAL) or PostgreSQL.

One schema serves both; Alembic migrations bring a database up to date at
start-up (Alembic is not even loaded when it is up to date already).
:func:`open_store` gives the :class:`Store`: the club games, the audit trail
and a readiness probe over one engine.
"""

from __future__ import annotations

import logging
import typing as t
from dataclasses import dataclass
from pathlib import Path

import sqlalchemy as sa
from sqlalchemy import event

from adjudicator.store.audit import AuditTrail
from adjudicator.store.games import GameStore

MIGRATIONS = Path(__file__).with_name("migrations")
log = logging.getLogger("adjudicator.store")


@dataclass(frozen=True, slots=True)
class Store:
    """The database: club games and the audit trail, on one engine."""

    engine: sa.Engine
    games: GameStore
    audit: AuditTrail

    def ping(self) -> bool:
        """One round trip (``SELECT 1``); False, logged, when the database does not answer."""
        try:
            with self.engine.connect() as conn:
                conn.execute(sa.text("SELECT 1"))
        except (sa.exc.SQLAlchemyError, OSError) as exc:
            log.warning("database unreachable: %s", type(exc).__name__)
            return False
        return True

    def dispose(self) -> None:
        """Close pooled connections (before a fork, and at the end of tests)."""
        self.engine.dispose()


def open_store(url: str) -> Store:
    """Open the database at ``url`` and bring its schema up to date."""
    engine = open_engine(url)
    migrate(engine)
    return Store(engine, GameStore(engine), AuditTrail(engine))


def open_engine(url: str) -> sa.Engine:
    """Create the engine; SQLite gets WAL, a busy timeout and foreign keys."""
    if url.startswith("sqlite"):
        file = url.split("///", 1)[1] if "///" in url else ""
        if file and file != ":memory:":
            Path(file).parent.mkdir(parents=True, exist_ok=True)
        engine = sa.create_engine(url, connect_args={"timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: t.Any, _record: t.Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    # A server that does not answer must not hang /readyz or a request forever.
    return sa.create_engine(url, pool_pre_ping=True, connect_args={"connect_timeout": 5})


# The newest revision under migrations/versions (a test holds it to Alembic's head).
HEAD_REVISION = "0002"


def schema_revision(engine: sa.Engine) -> str | None:
    """The database's Alembic revision; None before the first migration (or when
    it records several)."""
    with engine.connect() as conn:
        if not sa.inspect(conn).has_table("alembic_version"):
            return None
        rows = conn.execute(sa.text("SELECT version_num FROM alembic_version")).all()
    return rows[0][0] if len(rows) == 1 else None


def migrate(engine: sa.Engine) -> None:
    """Bring the schema to the newest Alembic revision.

    A database already there (every start but the first) is only read: Alembic,
    with the template and highlighting packages it imports, is loaded only to
    upgrade.  That keeps about 10 MiB out of a server's master process, and so
    out of every worker it forks.
    """
    if schema_revision(engine) == HEAD_REVISION:
        return
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")
