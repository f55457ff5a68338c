"""Migrations at start-up: Alembic upgrades a new or older database, and a database
already at the newest revision is only read (Alembic is not even imported)."""

from __future__ import annotations

import subprocess
import sys

import sqlalchemy as sa

from adjudicator.store import HEAD_REVISION, MIGRATIONS, migrate, open_engine, schema_revision


def _alembic_config(conn):
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = conn
    return cfg


def test_head_revision_is_alembics_head():
    from alembic.script import ScriptDirectory

    script = ScriptDirectory(str(MIGRATIONS))
    assert script.get_heads() == [HEAD_REVISION], "update HEAD_REVISION with a new migration"


def test_a_new_database_is_brought_to_the_head(database_url):
    engine = open_engine(database_url)
    try:
        assert schema_revision(engine) is None
        migrate(engine)
        assert schema_revision(engine) == HEAD_REVISION
        assert sa.inspect(engine).has_table("games")
    finally:
        engine.dispose()


def test_an_older_database_is_upgraded(database_url):
    from alembic import command

    engine = open_engine(database_url)
    try:
        with engine.begin() as conn:
            command.upgrade(_alembic_config(conn), "0001")
        assert schema_revision(engine) == "0001"
        assert not sa.inspect(engine).has_table("games")
        migrate(engine)
        assert schema_revision(engine) == HEAD_REVISION
        assert sa.inspect(engine).has_table("games")
    finally:
        engine.dispose()


_MIGRATE_AND_REPORT = """
import sys
from adjudicator.store import migrate, open_engine
engine = open_engine(sys.argv[1])
migrate(engine)
engine.dispose()
print(sorted(m for m in sys.modules if m.split(".")[0] in ("alembic", "mako")))
"""


def test_a_current_database_does_not_load_alembic(tmp_path):
    url = f"sqlite:///{tmp_path / 'current.db'}"

    def loaded() -> str:
        out = subprocess.run(
            [sys.executable, "-c", _MIGRATE_AND_REPORT, url],
            capture_output=True,
            text=True,
            check=True,
            timeout=120,
        )
        return out.stdout.strip()

    assert "alembic" in loaded()  # the first start upgrades
    assert loaded() == "[]"  # a restart only reads the revision


def test_every_game_is_copied_out_of_meta_page_by_page(database_url):
    """More games than one page of the copy (0003 copies 500 at a time)."""
    import datetime as dt

    from alembic import command

    count = 1_234
    engine = open_engine(database_url)
    try:
        with engine.begin() as conn:
            command.upgrade(_alembic_config(conn), "0002")
        old = sa.table(
            "games",
            *(sa.column(c) for c in ("id", "created_at", "ruleset", "token_hash", "source")),
            sa.column("players", sa.JSON),
            sa.column("meta", sa.JSON),
        )
        rows = [
            {
                "id": f"{i:032x}",
                "created_at": dt.datetime(2025, 1, 1),
                "ruleset": "scrabble-en",
                "players": ["A", "B"],
                "token_hash": "0" * 64,
                "source": "api",
                "meta": {"first_player": i % 2, "title": f"game {i}"} if i % 3 else None,
            }
            for i in range(count)
        ]
        with engine.begin() as conn:
            conn.execute(old.insert(), rows)
        migrate(engine)
        query = sa.text("SELECT id, first_player, title FROM games ORDER BY id")
        with engine.connect() as conn:
            got = conn.execute(query).all()
        assert [tuple(r) for r in got] == [
            (f"{i:032x}", i % 2, f"game {i}") if i % 3 else (f"{i:032x}", 0, None)
            for i in range(count)
        ]
    finally:
        engine.dispose()
