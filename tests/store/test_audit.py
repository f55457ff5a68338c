"""The audit trail on SQLite (always) and PostgreSQL (when ADJUDICATOR_TEST_POSTGRES_URL is set)."""

from __future__ import annotations

import datetime as dt
import os
import uuid

import pytest
import sqlalchemy as sa

from adjudicator.errors import AdjudicationNotFoundError
from adjudicator.store import migrate, open_engine
from adjudicator.store.audit import AuditTrail

PG = os.environ.get("ADJUDICATOR_TEST_POSTGRES_URL")


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def engine(request, tmp_path):
    if request.param == "sqlite":
        engine = open_engine(f"sqlite:///{tmp_path / 'audit.db'}")
        yield engine
        engine.dispose()
        return
    if not PG:
        pytest.skip("ADJUDICATOR_TEST_POSTGRES_URL not set")
    schema = "t_" + uuid.uuid4().hex[:12]
    admin = sa.create_engine(PG)
    with admin.begin() as conn:
        conn.execute(sa.text(f"CREATE SCHEMA {schema}"))
    sep = "&" if "?" in PG else "?"
    engine = open_engine(f"{PG}{sep}options=-csearch_path%3D{schema}")
    yield engine
    engine.dispose()
    with admin.begin() as conn:
        conn.execute(sa.text(f"DROP SCHEMA {schema} CASCADE"))
    admin.dispose()


RECORD = {
    "ruleset": "scrabble-en",
    "lexicon_name": "en-enable",
    "lexicon_version": "1",
    "lexicon_checksum": "sha256:abc",
    "rule": "double",
    "verdict": "unacceptable",
    "words": [{"word": "QI", "valid": True}, {"word": "ZQX", "valid": False}],
    "consequence": {"play": "withdrawn"},
    "players": None,
    "asked_by": "api",
}


def test_append_get_since(engine):
    migrate(engine)
    migrate(engine)  # idempotent
    trail = AuditTrail(engine)
    first = trail.append(RECORD)
    later = trail.append(dict(RECORD, verdict="acceptable"))
    got = trail.get(first["id"])
    assert got["words"] == RECORD["words"] and got["lexicon_checksum"] == "sha256:abc"
    assert dt.datetime.fromisoformat(got["created_at"]).tzinfo is not None
    records, after = trail.since(None)
    assert [r["id"] for r in records] == [first["id"], later["id"]] and after is None
    future = dt.datetime.now(dt.UTC) + dt.timedelta(hours=1)
    assert trail.since(future) == ([], None)


def test_since_reads_page_by_page_and_says_where_the_next_starts(engine):
    migrate(engine)
    trail = AuditTrail(engine)
    ids = [trail.append(RECORD)["id"] for _ in range(5)]
    seen, after, pages = [], None, 0
    while True:
        records, after = trail.since(None, after=after, limit=2)
        seen += [r["id"] for r in records]
        pages += 1
        if after is None:
            break
    assert seen == ids and pages == 3  # 2, 2 and the last 1; nothing lost or repeated
    with pytest.raises(AdjudicationNotFoundError):
        trail.get("missing")


def test_schema_matches_the_migrations(engine):
    migrate(engine)
    from adjudicator.store.schema import metadata

    inspector = sa.inspect(engine)
    for table in metadata.tables.values():
        cols = {c["name"] for c in inspector.get_columns(table.name)}
        assert cols == {c.name for c in table.columns}


def test_sqlite_uses_wal(tmp_path):
    engine = open_engine(f"sqlite:///{tmp_path / 'wal.db'}")
    with engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    engine.dispose()


def test_a_new_sqlite_database_is_readable_by_its_owner_alone(tmp_path):
    import stat

    from adjudicator.store import open_store

    store = open_store(f"sqlite:///{tmp_path / 'new.db'}")
    try:
        assert stat.S_IMODE((tmp_path / "new.db").stat().st_mode) == 0o600
    finally:
        store.dispose()
