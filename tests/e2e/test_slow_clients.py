"""Slow clients against a real `adjudicator serve` (its default 2 workers of 4 threads):
as many trickling clients as there are threads but one do not keep a normal
request waiting, and a client that trickles is cut off.

Only loopback; every loop is bounded and stops by itself.
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request

import pytest

from tests.conftest import ROOT, free_port, stop_gunicorn, wait_until_responds

pytestmark = [pytest.mark.e2e, pytest.mark.serial]  # it counts on free threads

WORKERS, THREADS = 2, 4  # `serve`'s defaults
SLOW = WORKERS * THREADS - 1
PROMPT = 5.0  # a generous bound for GET /ping, not a timing


@contextlib.contextmanager
def serving(tmp_path, *args: str, **env: str):
    port = free_port()
    log = tmp_path / "serve.log"
    with log.open("w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "adjudicator", "serve", "--port", str(port), *args],
            cwd=ROOT,
            env={
                **os.environ,
                "ADJUDICATOR_DATA_DIR": str(tmp_path / "data"),
                "ADJUDICATOR_RATELIMIT_DEFAULT": "off",
                "HOME": str(tmp_path / "home"),
                "XDG_RUNTIME_DIR": "",
                **env,
            },
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_responds(url + "/ping", proc, timeout=60)
        yield port, url
    finally:
        stop_gunicorn(proc)


HEAD = b"GET /ping HTTP/1.1\r\nHost: 127.0.0.1\r\n"
BODY_HEAD = (
    b"POST /api/v1/score HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    b"Content-Type: application/json\r\nContent-Length: 4000\r\n\r\n{"
)


def trickle(port: int, first: bytes, stop: threading.Event, seconds: float = 20.0) -> bytes:
    """Send ``first``, then one more byte every 0.2 s (a header or body that never
    ends) until ``stop``, ``seconds`` or the server's answer; what it answered."""
    with socket.create_connection(("127.0.0.1", port), timeout=seconds) as sock:
        sock.sendall(first)
        sock.settimeout(0.2)
        deadline = time.monotonic() + seconds
        while not stop.is_set() and time.monotonic() < deadline:
            try:
                answer = sock.recv(4096)
            except TimeoutError:
                try:
                    sock.sendall(b"X" if first.endswith(b"\r\n") else b" ")
                except OSError:  # the server closed the connection
                    return b""
                continue
            except OSError:
                return b""
            return answer
    return b""


@contextlib.contextmanager
def slow_clients(port: int, first: bytes, count: int):
    stop = threading.Event()
    answers: list[bytes] = []
    threads = [
        threading.Thread(target=lambda: answers.append(trickle(port, first, stop)))
        for _ in range(count)
    ]
    for th in threads:
        th.start()
    time.sleep(1.0)  # let them connect and start trickling
    try:
        yield answers
    finally:
        stop.set()
        for th in threads:
            th.join(timeout=30)


def ping(url: str) -> int:
    with urllib.request.urlopen(url + "/ping", timeout=PROMPT) as resp:
        return resp.status


@pytest.mark.parametrize("first", [HEAD, BODY_HEAD], ids=["slow-headers", "slow-body"])
def test_slow_clients_do_not_starve_a_normal_request(tmp_path, first):
    with serving(tmp_path) as (port, url), slow_clients(port, first, SLOW):
        for _ in range(5):  # each answered within PROMPT, or urlopen times out
            assert ping(url) == 200


def test_a_client_that_trickles_is_cut_off(tmp_path):
    with serving(
        tmp_path, "--workers", "1", "--threads", "2", ADJUDICATOR_REQUEST_READ_SECONDS="1"
    ) as (port, url):
        stop = threading.Event()
        assert trickle(port, HEAD, stop).startswith(b"HTTP/1.1 408 ")
        body = trickle(port, BODY_HEAD, stop)
        assert body.startswith(b"HTTP/1.1 400 "), body[:200]
        assert ping(url) == 200
