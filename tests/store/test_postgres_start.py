"""PostgreSQL as a first-class engine: a missing driver is named at start-up,
and instances started together on an empty database all come up."""

from __future__ import annotations

import multiprocessing
import os
import sys

import pytest
import sqlalchemy as sa

from adjudicator.errors import ConfigError
from adjudicator.store import HEAD_REVISION, check_driver, open_engine, open_store, schema_revision
from tests.conftest import needs_env

PG = os.environ.get("ADJUDICATOR_TEST_POSTGRES_URL", "")
INSTANCES, ROUNDS = 4, 20


def test_a_missing_driver_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "psycopg", None)  # import psycopg fails
    named = r"driver psycopg is missing: pip install 'adjudicator\[postgres\]'"
    with pytest.raises(ConfigError, match=named):
        open_store("postgresql+psycopg://postgres@127.0.0.1:5432/test")


@pytest.mark.parametrize("url", ["mysql://u@127.0.0.1/db", "oracle+oracledb://u@h/db"])
def test_another_database_is_refused_by_name(url):
    with pytest.raises(ConfigError, match="is not supported: use sqlite:///FILE or postgresql"):
        check_driver(url)


def test_an_unknown_url_is_a_config_error():
    with pytest.raises(ConfigError, match="ADJUDICATOR_DATABASE_URL"):
        check_driver("nosuch://somewhere/db")


def _start(url: str, barrier: multiprocessing.synchronize.Barrier) -> None:
    """One instance: connect, wait for the others, then open the store as serve does."""
    open_engine(url).dispose()
    barrier.wait(timeout=60)
    open_store(url).dispose()


@pytest.mark.slow
@needs_env("ADJUDICATOR_TEST_POSTGRES_URL")
def test_four_instances_start_together_on_an_empty_database_twenty_times():
    admin = sa.create_engine(PG, isolation_level="AUTOCOMMIT")
    context = multiprocessing.get_context("fork")
    failures = []
    try:
        for round_ in range(ROUNDS):
            schema = f"start_race_{os.getpid()}_{round_}"
            with admin.connect() as conn:
                conn.execute(sa.text(f"DROP SCHEMA IF EXISTS {schema} CASCADE"))
                conn.execute(sa.text(f"CREATE SCHEMA {schema}"))
            url = f"{PG}?options=-csearch_path%3D{schema}"
            barrier = context.Barrier(INSTANCES)
            procs = [context.Process(target=_start, args=(url, barrier)) for _ in range(INSTANCES)]
            for proc in procs:
                proc.start()
            for proc in procs:
                proc.join(120)
            failures += [(round_, p.exitcode) for p in procs if p.exitcode != 0]
            engine = open_engine(url)
            assert schema_revision(engine) == HEAD_REVISION
            engine.dispose()
            with admin.connect() as conn:
                conn.execute(sa.text(f"DROP SCHEMA {schema} CASCADE"))
    finally:
        admin.dispose()
    assert failures == [], f"instances that did not start (round, exit code): {failures}"
