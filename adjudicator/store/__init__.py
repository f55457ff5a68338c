"""Persistence: SQLAlchemy Core over SQLite (default, WAL) or PostgreSQL.

One schema serves both; Alembic migrations bring a database up to date at
start-up (Alembic is not even loaded when it is up to date already).
:func:`open_store` gives the :class:`Store`: the club games, the audit trail
and a readiness probe over one engine.
"""

from __future__ import annotations

import logging
import os
import typing as t
from dataclasses import dataclass
from pathlib import Path

import sqlalchemy as sa
from sqlalchemy import event

from adjudicator.errors import ConfigError
from adjudicator.store.analyses import AnalysisStore
from adjudicator.store.audit import AuditTrail
from adjudicator.store.duplicates import DuplicateStore
from adjudicator.store.games import GameStore

MIGRATIONS = Path(__file__).with_name("migrations")
# The PostgreSQL advisory lock that migrations hold ("adju"), so that instances
# started together on an empty database upgrade it one after the other.
MIGRATION_LOCK = 0x61646A75
SUPPORTED = ("sqlite", "postgresql")
log = logging.getLogger("adjudicator.store")


@dataclass(frozen=True, slots=True)
class Store:
    """The database: club games and the audit trail, on one engine."""

    engine: sa.Engine
    games: GameStore
    audit: AuditTrail
    analyses: AnalysisStore
    duplicates: DuplicateStore

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
    return Store(
        engine,
        GameStore(engine),
        AuditTrail(engine),
        AnalysisStore(engine),
        DuplicateStore(engine),
    )


def check_driver(url: str) -> None:
    """Stop early, and say what to install, when the URL's driver is missing.

    :raises ConfigError: a URL SQLAlchemy cannot read, a database other than SQLite
        and PostgreSQL (the two the migrations and tests cover), or a driver that is
        not installed.
    """
    try:
        parsed = sa.engine.make_url(url)
        if parsed.get_backend_name() not in SUPPORTED:
            raise ConfigError(
                "ADJUDICATOR_DATABASE_URL",
                None,
                f"{parsed.get_backend_name()} is not supported: use sqlite:///FILE "
                "or postgresql+psycopg://user@host/db",
            )
        parsed.get_dialect().import_dbapi()
    except ModuleNotFoundError as exc:
        hint = "pip install 'adjudicator[postgres]'"
        if exc.name != "psycopg":
            hint += " and write the URL as postgresql+psycopg://user@host/db"
        raise ConfigError(
            "ADJUDICATOR_DATABASE_URL", None, f"the database driver {exc.name} is missing: {hint}"
        ) from None
    except (sa.exc.ArgumentError, sa.exc.NoSuchModuleError) as exc:
        raise ConfigError("ADJUDICATOR_DATABASE_URL", None, str(exc)) from None


def open_engine(url: str) -> sa.Engine:
    """Create the engine; SQLite gets WAL, a busy timeout and foreign keys.

    :raises ConfigError: see :func:`check_driver`.
    """
    check_driver(url)
    if url.startswith("sqlite"):
        file = url.split("///", 1)[1] if "///" in url else ""
        if file and file != ":memory:":
            Path(file).parent.mkdir(parents=True, exist_ok=True)
            # Made here, readable by the service's user alone (games, write tokens,
            # the audit trail); SQLite gives its -wal and -shm files the same mode.
            os.close(os.open(file, os.O_CREAT | os.O_RDWR, 0o600))
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
HEAD_REVISION = "0005"


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
        if conn.dialect.name == "postgresql":
            # Held until this transaction ends: an instance that waited here
            # then finds the schema up to date, and Alembic does nothing.
            conn.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")
