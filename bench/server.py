"""Start the service as the README does (``adjudicator serve``) and stop it again.

Every server listens on 127.0.0.1 on a free port and uses a throw-away SQLite
file in the run's temporary folder; the rate limiter stays on with a limit
no load here can reach, so its cost is counted but it never answers 429.
"""

from __future__ import annotations

import compileall
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
RATELIMIT = "1000000000/minute"


def server_env(workdir: Path) -> dict[str, str]:
    return {
        **os.environ,
        "ADJUDICATOR_DATABASE_URL": f"sqlite:///{workdir / 'bench.db'}",
        "ADJUDICATOR_RATELIMIT_DEFAULT": RATELIMIT,
    }


def prepare(workdir: Path) -> None:
    """Byte-compile the package (as ``pip install`` does) and bring the database to
    the newest schema, so that every server starts as a deployment restarts."""
    from adjudicator.store import open_store

    if not compileall.compile_dir(REPO_ROOT / "adjudicator", quiet=1):
        raise RuntimeError("byte-compiling adjudicator/ failed")
    open_store(server_env(workdir)["ADJUDICATOR_DATABASE_URL"]).dispose()


def request(
    port: int, method: str, path: str, body: t.Any = None, headers: dict[str, str] | None = None
) -> tuple[int, bytes]:
    """One request; ``body`` is sent as JSON."""
    conn = http.client.HTTPConnection(HOST, port, timeout=10)
    try:
        data = None if body is None else json.dumps(body, ensure_ascii=False).encode()
        conn.request(method, path, data, {"Content-Type": "application/json", **(headers or {})})
        resp = conn.getresponse()
        return resp.status, resp.read()
    finally:
        conn.close()


class Server:
    """``python -m adjudicator serve --workers N`` on a free port, as a context manager."""

    def __init__(self, workdir: Path, workers: int, **env: str) -> None:
        with socket.socket() as s:
            s.bind((HOST, 0))
            self.port = s.getsockname()[1]
        self.workers = workers
        self.command = [sys.executable, "-m", "adjudicator", "serve"]
        self.command += ["--host", HOST, "--port", str(self.port), "--workers", str(workers)]
        self.env = {**server_env(workdir), **env}
        self.log = workdir / f"server-{self.port}.log"

    def __enter__(self) -> Server:
        self.started = time.perf_counter()
        with self.log.open("wb") as log:
            self.proc = subprocess.Popen(
                self.command, cwd=REPO_ROOT, env=self.env, stdout=log, stderr=log
            )
        return self

    def wait_ready(self, timeout: float = 60.0) -> float:
        """Seconds from the start to the first 200 from ``/readyz``; then waits until
        every worker is up."""
        deadline = self.started + timeout
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited; see {self.log}")
            if time.perf_counter() > deadline:
                raise RuntimeError(f"the server is not ready after {timeout} s; see {self.log}")
            try:
                if request(self.port, "GET", "/readyz")[0] == 200:
                    break
            except OSError:
                pass
            time.sleep(0.005)
        ready = time.perf_counter() - self.started
        while len(self.pids()) < 1 + self.workers and time.perf_counter() < deadline:
            time.sleep(0.05)
        return ready

    def pids(self) -> list[int]:
        """The gunicorn master and its workers."""
        children = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children")
        try:
            return [self.proc.pid, *map(int, children.read_text().split())]
        except OSError:
            return [self.proc.pid]

    def __exit__(self, *exc: object) -> None:
        """SIGTERM to the master (gunicorn stops its workers), SIGKILL if it hangs."""
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
