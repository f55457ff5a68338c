"""Persistence: SQLAlchemy Core over SQLite (default, WAL) or PostgreSQL.

One schema serves both; Alembic migrations bring a database up to date at
start-up (Alembic is not even loaded when it is up to date already).
``init_app`` attaches the engine to a Flask app (flaskr's db.py pattern)
without importing Flask here.
"""

from __future__ import annotations

import typing as t
from pathlib import Path

import sqlalchemy as sa
from sqlalchemy import event

MIGRATIONS = Path(__file__).with_name("migrations")


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
