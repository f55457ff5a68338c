"""A database the release made (7a2d2aa, schema revision 0002) reads back exactly
as the release read it once migrated to the head: its own SQLite file, and its
rows in a PostgreSQL schema made at 0002.  The downgrade gives the release its
``meta`` back.

``tests/store/fixtures/release-0002.*`` come from ``scripts/make-release-db.py``
(the database, and what the release answered for every game and adjudication).
A later change that means to change an answer regenerates neither: it says here
which answer changes and why, and adjusts it before comparing.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import typing as t
import uuid
from pathlib import Path

import pytest
import sqlalchemy as sa

from adjudicator.store import HEAD_REVISION, MIGRATIONS, migrate, open_engine, schema_revision
from adjudicator.web import create_app
from adjudicator.web.runtime.extension import runtime
from tests.conftest import CONFIG, LEXICONS

FIXTURES = Path(__file__).with_name("fixtures")
RELEASE_DB = FIXTURES / "release-0002.sqlite"
EXPECTED = json.loads((FIXTURES / "release-0002.json").read_text(encoding="utf-8"))
TABLES = ("games", "game_events", "adjudications")  # in the order they are filled
COLUMNS_AT_0002 = {
    *("id", "created_at", "ruleset", "players", "challenge_rule", "target"),
    *("token_hash", "source", "meta"),
}
# An export's lexicon version and checksum are the registry's (the lexicon files
# in lexicons/), not the database's: a rebuilt list changes them, not a migration.
_REGISTRY_LINE = re.compile(r"^#lexicon-(version|checksum) .*\n", re.M)


def _spec() -> t.Any:
    path = MIGRATIONS / "versions" / "0003_game_columns.py"
    spec = importlib.util.spec_from_file_location("migration_0003", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _alembic(conn: sa.Connection, action: str, revision: str) -> None:
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = conn
    getattr(command, action)(cfg, revision)


def _copy(tmp_path: Path) -> str:
    """A copy of the release's database (the store sets WAL mode on what it opens)."""
    shutil.copy(RELEASE_DB, tmp_path / "release.sqlite")
    return f"sqlite:///{tmp_path / 'release.sqlite'}"


def _copy_rows(source: sa.Engine, target: sa.Engine) -> None:
    """The release's rows, as they are, into a database at revision 0002."""
    old, new = sa.MetaData(), sa.MetaData()
    old.reflect(source, only=TABLES)
    new.reflect(target, only=TABLES)
    with source.connect() as read, target.begin() as write:
        for name in TABLES:
            rows = [dict(r) for r in read.execute(sa.select(old.tables[name])).mappings()]
            write.execute(new.tables[name].insert(), rows)
        # Explicit positions leave the sequence behind; the next record follows them.
        write.execute(
            sa.text(
                "SELECT setval(pg_get_serial_sequence('adjudications', 'seq'), "
                "(SELECT max(seq) FROM adjudications))"
            )
        )


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def release_url(request, tmp_path) -> t.Iterator[str]:
    """A database holding what the release wrote, at revision 0002."""
    if request.param == "sqlite":
        yield _copy(tmp_path)
        return
    base = os.environ.get("ADJUDICATOR_TEST_POSTGRES_URL")
    if not base:
        pytest.skip("ADJUDICATOR_TEST_POSTGRES_URL not set")
    schema = "release_" + uuid.uuid4().hex[:12]
    admin = sa.create_engine(base)
    with admin.begin() as conn:
        conn.execute(sa.text(f"CREATE SCHEMA {schema}"))
    url = f"{base}{'&' if '?' in base else '?'}options=-csearch_path%3D{schema}"
    engine, source = open_engine(url), open_engine(_copy(tmp_path))
    try:
        with engine.begin() as conn:
            _alembic(conn, "upgrade", "0002")
        _copy_rows(source, engine)
    finally:
        engine.dispose()
        source.dispose()
    yield url
    with admin.begin() as conn:
        conn.execute(sa.text(f"DROP SCHEMA {schema} CASCADE"))
    admin.dispose()


def _client(url: str) -> t.Any:
    app = create_app(
        {
            "TESTING": True,
            "config_dir": str(CONFIG),
            "lexicon_dir": str(LEXICONS),
            "database_url": url,
        }
    )
    return app.test_client()


def _sources() -> dict[str, str]:
    """Each game's ``source`` (api or gcg), as the release stored it."""
    engine = sa.create_engine(f"sqlite:///{RELEASE_DB}")
    try:
        with engine.connect() as conn:
            return dict(conn.execute(sa.text("SELECT id, source FROM games")).all())
    finally:
        engine.dispose()


def _as_answered_now(game: dict[str, t.Any], source: str) -> dict[str, t.Any]:
    """The release's answer with the changes since made on purpose: an API game
    still being played no longer shows the racks entered with its turns (they
    showed the others the tiles a player kept; shown again once it is over)."""
    if game["status"] == "over" or source != "api":
        return game
    history = [{k: v for k, v in item.items() if k != "rack"} for item in game["history"]]
    return {**game, "history": history}


def _assert_reads_as_the_release(client: t.Any, sources: dict[str, str]) -> None:
    for id_, expected in EXPECTED["games"].items():
        game = client.get(f"/api/v1/games/{id_}").get_json()
        if game.get("clock"):
            assert game["clock"].pop("age_ms") >= 0
        assert game == _as_answered_now(expected["game"], sources[id_]), id_
        gcg = client.get(f"/api/v1/games/{id_}.gcg").get_data(as_text=True)
        assert _REGISTRY_LINE.sub("", gcg) == _REGISTRY_LINE.sub("", expected["gcg"]), id_
        page = client.get(f"/games/{id_}?lang=en").get_data(as_text=True)
        assert re.search(r"<h1>(.*?)</h1>", page, re.S)[1].strip() == expected["title"], id_
    for id_, expected in EXPECTED["adjudications"].items():
        assert client.get(f"/api/v1/adjudications/{id_}").get_json() == expected, id_


def _release_meta(engine: sa.Engine) -> dict[str, tuple[t.Any, ...]]:
    """Each game's ``meta`` as the release read it (its GameMeta and its clock)."""
    with engine.connect() as conn:
        rows = conn.execute(sa.text("SELECT id, meta FROM games")).all()
    out = {}
    for id_, stored in rows:
        m = (json.loads(stored) if isinstance(stored, str) else stored) or {}
        out[id_] = (
            m.get("lexicon"),
            m.get("title"),
            tuple(m.get("flags") or ()),
            int(m.get("first_player") or 0),
            tuple(m.get("draws") or ()),
            m.get("clock") or None,
        )
    return out


def _columns(engine: sa.Engine) -> set[str]:
    return {c["name"] for c in sa.inspect(engine).get_columns("games")}


def _events(engine: sa.Engine) -> int:
    with engine.connect() as conn:
        return int(conn.execute(sa.text("SELECT count(*) FROM game_events")).scalar_one())


def test_the_fixture_is_the_releases(tmp_path):
    engine = open_engine(_copy(tmp_path))
    try:
        assert schema_revision(engine) == "0002" and "meta" in _columns(engine)
        assert len(EXPECTED["games"]) == 10 and _events(engine) > 30
    finally:
        engine.dispose()
    assert RELEASE_DB.stat().st_size < 64 * 1024


def test_every_game_reads_back_as_the_release_read_it(release_url):
    client = _client(release_url)
    store = runtime(client.application).store
    try:
        assert schema_revision(store.engine) == HEAD_REVISION
        assert "meta" not in _columns(store.engine)
        _assert_reads_as_the_release(client, _sources())
    finally:
        store.dispose()


def test_the_migrated_games_take_writes_with_their_tokens(release_url):
    client = _client(release_url)
    try:
        for id_, expected in EXPECTED["games"].items():
            if expected["game"]["status"] != "playing":
                continue
            auth = {"X-Game-Token": expected["token"]}
            game = expected["game"]
            r = client.put(
                f"/api/v1/games/{id_}/clock",
                json={"left_ms": [60_000] * len(game["players"]), "running": False},
                headers=auth,
            )
            assert r.status_code == 200, r.get_json()
            event = {"version": game["version"], "type": "pass", "player": game["turn"]}
            r = client.post(f"/api/v1/games/{id_}/events", json=event, headers=auth)
            assert r.status_code == 201, (id_, r.get_json())
            after = client.get(f"/api/v1/games/{id_}").get_json()
            assert after["version"] == game["version"] + 1
            assert after["first_player"] == game["first_player"]
            assert after["flags"] == game["flags"] and after["clock"]["left_ms"][0] == 60_000
        new = client.post("/api/v1/games", json={"ruleset": "scrabble-en", "players": ["A", "B"]})
        assert new.status_code == 201
        r = client.post("/api/v1/challenges", json={"ruleset": "scrabble-en", "words": ["QI"]})
        assert r.status_code == 201, r.get_json()
    finally:
        runtime(client.application).store.dispose()


def test_the_downgrade_gives_the_release_its_meta_back(release_url):
    engine = open_engine(release_url)
    try:
        before, events = _release_meta(engine), _events(engine)
        migrate(engine)
        with engine.begin() as conn:
            _alembic(conn, "downgrade", "0002")
        assert schema_revision(engine) == "0002"
        assert _columns(engine) == COLUMNS_AT_0002
        assert _release_meta(engine) == before and _events(engine) == events
        migrate(engine)  # and up again
    finally:
        engine.dispose()
    client = _client(release_url)
    try:
        _assert_reads_as_the_release(client, _sources())
    finally:
        runtime(client.application).store.dispose()


def test_an_sqlite_without_drop_column_keeps_meta_empty(tmp_path):
    """SQLite before 3.35 cannot drop a column in place (and a rebuilt table would
    take every event with it): ``meta`` stays, emptied; the downgrade fills it."""
    url = _copy(tmp_path)
    engine = open_engine(url)
    try:
        before, events = _release_meta(engine), _events(engine)
        engine.dialect.server_version_info = (3, 31, 1)  # after the first connect
        migrate(engine)
        assert {"meta", "first_player", "clock"} <= _columns(engine)
        assert set(_release_meta(engine).values()) == {(None, None, (), 0, (), None)}
        assert _events(engine) == events
    finally:
        engine.dispose()
    client = _client(url)
    try:
        _assert_reads_as_the_release(client, _sources())
    finally:
        runtime(client.application).store.dispose()
    engine = open_engine(url)
    try:
        engine.connect().close()  # the dialect reads the version on the first connect
        engine.dialect.server_version_info = (3, 31, 1)
        with engine.begin() as conn:
            _alembic(conn, "downgrade", "0002")
        assert _release_meta(engine) == before and "first_player" in _columns(engine)
        migrate(engine)  # up again over the columns left behind
        assert "meta" in _columns(engine)
    finally:
        engine.dispose()
    client = _client(url)
    try:
        _assert_reads_as_the_release(client, _sources())
    finally:
        runtime(client.application).store.dispose()


@pytest.mark.parametrize(
    "meta",
    [
        None,
        {},
        {"first_player": 1},
        {"draws": ["E", ""], "first_player": 0, "clock": {"left_ms": [1, 2], "at": "x"}},
        {"lexicon": "NWL2023", "title": "Final", "flags": ["line 4"], "first_player": 1},
    ],
)
def test_meta_goes_into_columns_and_comes_back(meta):
    migration = _spec()
    columns = migration.columns_of(meta)
    assert set(columns) == set(migration.NEW)
    back = migration.meta_of(columns)
    assert back == ({k: v for k, v in (meta or {}).items() if v} or None)
