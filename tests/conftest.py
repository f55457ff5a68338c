from __future__ import annotations

import contextlib
import gc
import json
import os
import socket
import subprocess
import sys
import time
import typing as t
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from flask import Flask

from adjudicator.loaders import Registry, load_config
from adjudicator.services.registry import open_registry
from adjudicator.settings import Settings
from adjudicator.web import create_app
from adjudicator.web.runtime.extension import runtime

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "config"
LEXICONS = ROOT / "lexicons"
GCG_DIR = ROOT.parent / "shared" / "data" / "gcg"


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: three workers per two cores.  Part of a run is waiting (servers
    starting, downloads), which the extra worker fills; a fourth on two cores made
    the browsers compete for the CPU (the browser tests alone took a quarter more
    CPU time on four workers than on two)."""
    return max(1, 3 * (os.cpu_count() or 1) // 2)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """``serial`` tests (load, memory, kill -9) go to one xdist worker, one at a time,
    so that two of them never compete with each other for the machine; ``slow``
    tests are handed out first."""
    for item in items:
        if item.get_closest_marker("serial"):
            item.add_marker(pytest.mark.xdist_group("serial"))
    # The slow tests first: xdist hands tests out in this order, so none of the
    # minute-long ones starts last while the other workers have nothing left.
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.fixture(autouse=True, scope="session")
def _own_data_dir(tmp_path_factory) -> t.Iterator[Path]:
    """No test reads or writes this machine's real data folder: the session's own,
    for the app and every server the tests start (they inherit the environment)."""
    patch = pytest.MonkeyPatch()
    folder = tmp_path_factory.mktemp("data")
    patch.setenv("ADJUDICATOR_DATA_DIR", str(folder))
    yield folder
    patch.undo()


@pytest.fixture(autouse=True)
def _no_process_state_leaks() -> t.Iterator[None]:
    """A test leaves the process as it found it in what every later app of the
    session depends on: the metrics' mode (``PROMETHEUS_MULTIPROC_DIR``, read by
    each new app, while prometheus-client chose its mode when first imported)
    and the garbage collector.  Importing ``gunicorn_conf`` changes both; a test
    that needs it does so in a subprocess."""
    metrics, collecting = os.environ.get("PROMETHEUS_MULTIPROC_DIR"), gc.isenabled()
    yield
    assert os.environ.get("PROMETHEUS_MULTIPROC_DIR") == metrics, (
        "this test set PROMETHEUS_MULTIPROC_DIR for the rest of the session"
    )
    assert gc.isenabled() == collecting, "this test left the garbage collector switched"


@pytest.fixture(scope="session")
def registry() -> Registry:
    """Rules only (no lexicons): fast, for core tests."""
    return load_config(CONFIG)


@pytest.fixture(scope="session")
def full_registry() -> Registry:
    """Rules plus the bundled, memory-mapped lexicons."""
    env = {"ADJUDICATOR_DATA_DIR": os.environ["ADJUDICATOR_DATA_DIR"]}  # not the machine's
    return open_registry(Settings.from_env(env=env, config_dir=CONFIG, lexicon_dir=LEXICONS))


def make_app(db: Path, **config: t.Any) -> Flask:
    """A test app on the bundled config and lexicons with its own SQLite file;
    ``config`` adds settings (lower-case) and Flask keys (upper-case)."""
    return create_app(
        {
            "TESTING": True,
            "config_dir": str(CONFIG),
            "lexicon_dir": str(LEXICONS),
            "database_url": f"sqlite:///{db}",
            **config,
        }
    )


@pytest.fixture(scope="session")
def app(tmp_path_factory):
    app = make_app(tmp_path_factory.mktemp("db") / "test.db")
    yield app
    runtime(app).store.dispose()


@pytest.fixture()
def client(app):
    return app.test_client()


@pytest.fixture()
def runner():
    from click.testing import CliRunner

    return CliRunner()


def board_rows(**rows: str) -> list[str]:
    """A 15x15 board from ``r7="...CAT"`` style keyword rows (0-based), padded with dots."""
    out = ["." * 15 for _ in range(15)]
    for key, text in rows.items():
        r = int(key[1:])
        out[r] = (text + "." * 15)[:15]
    return out


def needs_env(name: str) -> pytest.MarkDecorator:
    return pytest.mark.skipif(not os.environ.get(name), reason=f"{name} not set")


# --- a real gunicorn on 127.0.0.1, once per session (datasette style) ---


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, url: str) -> None:
        self.url = url

    def request(
        self, method: str, path: str, body: dict | None = None, headers: dict | None = None
    ) -> tuple[int, dict, dict]:
        data = None if body is None else json.dumps(body).encode()
        hdrs = {"Content-Type": "application/json"} if body is not None else {}
        hdrs.update(headers or {})
        req = urllib.request.Request(self.url + path, data=data, method=method, headers=hdrs)
        try:
            with urllib.request.urlopen(req, timeout=10) as resp:
                return resp.status, dict(resp.headers), json.loads(resp.read() or b"null")
        except urllib.error.HTTPError as err:
            return err.code, dict(err.headers), json.loads(err.read() or b"null")


def wait_until_responds(url: str, proc: subprocess.Popen, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"gunicorn exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"{url} did not answer within {timeout} s")


def spawn_gunicorn(port: int, env: dict[str, str], log, *, new_session: bool = False):
    """Start gunicorn the way the Dockerfile does (the config module: preload, metrics)."""
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "-c",
            "python:adjudicator.serving.gunicorn_conf",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            "2",
            "adjudicator.web:create_app()",
        ],
        cwd=ROOT,
        env={**os.environ, **env},
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=new_session,
    )


def stop_gunicorn(proc: subprocess.Popen, timeout: float = 15) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


@contextlib.contextmanager
def running_gunicorn(tmp: Path, **env: str):
    """A real gunicorn on a free port of 127.0.0.1: yields (url, log path); stops it after."""
    port = free_port()
    log_path = tmp / "gunicorn.log"
    env.setdefault("ADJUDICATOR_DATABASE_URL", f"sqlite:///{tmp / 'server.db'}")
    env.setdefault("PROMETHEUS_MULTIPROC_DIR", str(tmp / "metrics"))
    with log_path.open("wb") as log:
        proc = spawn_gunicorn(port, env, log)
        url = f"http://127.0.0.1:{port}"
        try:
            wait_until_responds(url + "/healthz", proc)
            yield url, log_path
            assert proc.poll() is None, "gunicorn died while in use"
        finally:
            stop_gunicorn(proc)


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    with running_gunicorn(tmp_path_factory.mktemp("e2e")) as (url, _):
        yield Server(url)


# --- databases: SQLite always, PostgreSQL when ADJUDICATOR_TEST_POSTGRES_URL is set ---


BACKENDS = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]


@contextlib.contextmanager
def fresh_database(backend: str, folder: Path) -> t.Iterator[str]:
    """A fresh database URL: an SQLite file in ``folder``, or a throw-away
    PostgreSQL schema (skipped without ADJUDICATOR_TEST_POSTGRES_URL)."""
    if backend == "sqlite":
        yield f"sqlite:///{folder / 'test.db'}"
        return
    base = os.environ.get("ADJUDICATOR_TEST_POSTGRES_URL")
    if not base:
        pytest.skip("ADJUDICATOR_TEST_POSTGRES_URL not set")
    import uuid

    import sqlalchemy as sa

    schema = "t_" + uuid.uuid4().hex[:12]
    admin = sa.create_engine(base)
    with admin.begin() as conn:
        conn.execute(sa.text(f"CREATE SCHEMA {schema}"))
    sep = "&" if "?" in base else "?"
    try:
        yield f"{base}{sep}options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as conn:
            conn.execute(sa.text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


@pytest.fixture(params=BACKENDS)
def database_url(request, tmp_path):
    """A fresh database URL for this test: SQLite, or PostgreSQL when available."""
    with fresh_database(request.param, tmp_path) as url:
        yield url


@pytest.fixture(scope="module", params=BACKENDS)
def db_app(request, tmp_path_factory):
    """An app on the bundled config and lexicons, over SQLite and over PostgreSQL,
    shared by a module's tests: each makes its own games, with ids of their own."""
    with fresh_database(request.param, tmp_path_factory.mktemp("db")) as url:
        app = create_app(
            {
                "TESTING": True,
                "config_dir": str(CONFIG),
                "lexicon_dir": str(LEXICONS),
                "database_url": url,
            }
        )
        yield app
        runtime(app).store.dispose()


def url_reachable(url: str) -> bool:
    """A HEAD request to ``url`` answers within 20 s (tests that fetch a source)."""
    import urllib.request

    try:
        with urllib.request.urlopen(urllib.request.Request(url, method="HEAD"), timeout=20):
            return True
    except OSError:
        return False


def admin_headers(app: Flask) -> dict[str, str]:
    """The app's admin key (given, or generated into its data folder) as a header."""
    from adjudicator.web.runtime.extension import runtime

    return {"Authorization": f"Bearer {runtime(app).settings.admin_key}"}
