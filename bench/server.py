"""Start and stop the service for the HTTP, memory and cold-start benchmarks.

The server is started exactly as the README recommends (``adjudicator serve``:
gunicorn, sync workers, ``preload_app``), on 127.0.0.1 and a free port, with
its own SQLite file in a temporary folder.
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
import typing as t
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"


def gunicorn_command(app: str, port: int, workers: int, *options: str) -> list[str]:
    """gunicorn serving the WSGI app ``app`` (``module:name``) on 127.0.0.1."""
    return [
        sys.executable,
        "-m",
        "gunicorn",
        *options,
        "--workers",
        str(workers),
        "--bind",
        f"{HOST}:{port}",
        app,
    ]


def bare_flask_command(port: int, workers: int) -> list[str]:
    """gunicorn serving ``bench/bareapp.py`` (a Flask app with only ``/ping``), preloaded."""
    return gunicorn_command("bench.bareapp:app", port, workers, "--preload")


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def database_url(workdir: Path) -> str:
    return f"sqlite:///{workdir / 'bench.db'}"


def prepare_database(workdir: Path) -> None:
    """Bring the throw-away database to the newest schema before any server starts,
    so that every server measured starts as a deployment restarts (schema current,
    nothing to migrate), not the first one alone."""
    from adjudicator.store import migrate, open_engine

    engine = open_engine(database_url(workdir))
    try:
        migrate(engine)
    finally:
        engine.dispose()


def compile_modules() -> None:
    """Byte-compile the project's modules, as ``pip install`` does for a deployment.

    A source checkout run with ``PYTHONDONTWRITEBYTECODE=1`` (set on some
    machines, and in our Docker image, where pip has compiled the installed
    wheel already) would otherwise compile every module of the app again at
    each server start, and the cold start would count it."""
    import compileall

    if not compileall.compile_dir(REPO_ROOT / "adjudicator", quiet=1):
        raise RuntimeError("byte-compiling adjudicator/ failed")


def server_env(workdir: Path, ratelimit: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        {
            "ADJUDICATOR_DATABASE_URL": database_url(workdir),
            # The default limit (600/minute per client) would answer a load test
            # with 429s; a huge limit keeps the limiter's cost in the figures.
            "ADJUDICATOR_RATELIMIT_DEFAULT": ratelimit,
            "PYTHONPATH": os.pathsep.join(
                p for p in (str(REPO_ROOT), env.get("PYTHONPATH", "")) if p
            ),
        }
    )
    return env


def request(
    port: int, method: str, path: str, body: t.Any = None, timeout: float = 10.0
) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        headers = {}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        conn.request(method, path, body=data, headers=headers)
        resp = conn.getresponse()
        return resp.status, resp.read()
    finally:
        conn.close()


def ready(port: int) -> bool:
    try:
        status, _ = request(port, "GET", "/readyz", timeout=1.0)
    except OSError:
        return False
    return status == 200


class Server:
    """``python -m adjudicator serve --workers N`` (or any command) on a free port."""

    def __init__(
        self, workdir: Path, workers: int, ratelimit: str, command: list[str] | None = None
    ) -> None:
        self.workdir = workdir
        self.workers = workers
        self.port = free_port()
        self.command = command or [
            sys.executable,
            "-m",
            "adjudicator",
            "serve",
            "--host",
            HOST,
            "--port",
            str(self.port),
            "--workers",
            str(workers),
        ]
        self.env = server_env(workdir, ratelimit)
        self.log = workdir / f"server-{workers}w-{self.port}.log"
        self.proc: subprocess.Popen[bytes] | None = None
        self.started = 0.0

    def start(self) -> Server:
        with self.log.open("wb") as log:
            self.started = time.perf_counter()
            self.proc = subprocess.Popen(
                self.command,
                cwd=REPO_ROOT,
                env=self.env,
                stdout=log,
                stderr=log,
                stdin=subprocess.DEVNULL,
            )
        return self

    def wait_ready(self, timeout: float = 60.0, poll: float = 0.005) -> float:
        """Seconds from start to the first 200 from ``/readyz``; also waits for every worker."""
        assert self.proc is not None
        deadline = self.started + timeout
        while time.perf_counter() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited early; see {self.log}:\n{self.tail()}")
            if ready(self.port):
                elapsed = time.perf_counter() - self.started
                break
            time.sleep(poll)
        else:
            raise RuntimeError(f"server not ready after {timeout}s; see {self.log}")
        while len(self.worker_pids()) < self.workers and time.perf_counter() < deadline:
            time.sleep(0.05)
        return elapsed

    def tail(self, lines: int = 30) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def worker_pids(self) -> list[int]:
        return children(self.pid)

    def stop(self) -> None:
        """SIGTERM to the master we started (gunicorn stops its workers), SIGKILL if stuck."""
        if self.proc is None or self.proc.poll() is not None:
            return
        workers = self.worker_pids()
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            for pid in workers:
                with _ignore_missing():
                    os.kill(pid, signal.SIGKILL)
            self.proc.kill()
            self.proc.wait(timeout=5)

    def __enter__(self) -> Server:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


class _ignore_missing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, typ: type | None, *rest: object) -> bool:
        return typ is ProcessLookupError


def children(pid: int) -> list[int]:
    """Direct children of ``pid`` (gunicorn's workers)."""
    path = Path(f"/proc/{pid}/task/{pid}/children")
    try:
        return [int(p) for p in path.read_text().split()]
    except OSError:
        pass
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return sorted(out)
