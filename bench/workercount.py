"""Instructions per request of a whole gunicorn worker, counted by callgrind.

``bench/instructions.py`` counts the app's own work; a request through the
server also pays gunicorn's: reading and parsing the request, building the
environ, reading a body, writing the answer.  Here the server runs as the README
starts it (``gunicorn_conf``, preloaded app), with one worker, under
``valgrind --tool=callgrind --trace-children=yes``, and answers ``N`` requests
of one endpoint sent one after another from this process.  The worker's total,
less the total of a worker that answered none, divided by ``N``, is the
user-space cost of one request.  Kernel time (the socket calls) is not counted,
nor the cache misses that a large lexicon's pages cost; both are in the
throughput ratios of the HTTP section.

    python -m bench.workercount [--requests 200]
    bench/run --only worker               # the same, as a section of the suite

Needs ``valgrind`` (Debian package ``valgrind``).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import http.client
import os
import signal
import subprocess
import sys
import tempfile
import time
import typing as t
from pathlib import Path

from bench.httpbench import PING
from bench.instructions import _TOTAL, _valgrind_version, have_valgrind, standalone
from bench.load import Req
from bench.server import HOST, REPO_ROOT, free_port, server_env

_READY_TIMEOUT_S = 900.0  # a worker starts 50-100 times slower under callgrind


def run(
    workdir: Path, endpoints: dict[str, list[Req]], *, requests: int, ratelimit: str
) -> dict[str, t.Any]:
    """``{"requests", "tool", "endpoints": {name: {"instructions", "ratio_to_ping"}}}``
    for ``/ping`` and ``endpoints``: each server answers the first ``requests``
    of its list (cycled), after its one ``/readyz``."""
    todo = {"(none)": [], "GET /ping": [PING], **endpoints}
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        totals = dict(
            zip(
                todo,
                pool.map(
                    lambda name: _worker_total(
                        workdir, name, todo[name], requests if todo[name] else 0, ratelimit
                    ),
                    todo,
                ),
                strict=True,
            )
        )
    base = totals.pop("(none)")
    per = {name: (total - base) / requests for name, total in totals.items()}
    ping = per["GET /ping"]
    return {
        "requests": requests,
        "tool": _valgrind_version() + " --trace-children=yes",
        "endpoints": {
            name: {"instructions": round(n), "ratio_to_ping": round(ping / n, 3)}
            for name, n in per.items()
        },
    }


def _worker_total(workdir: Path, name: str, reqs: list[Req], n: int, ratelimit: str) -> int:
    """Instructions of the worker process of one server run that answered ``n``
    requests (plus its ``/readyz``)."""
    outdir = Path(tempfile.mkdtemp(prefix="worker-", dir=workdir))
    port = free_port()
    cmd = [
        "valgrind",
        "--tool=callgrind",
        "--trace-children=yes",
        f"--callgrind-out-file={outdir}/callgrind.%p",
        sys.executable,
        "-m",
        "gunicorn",
        "-c",
        "python:adjudicator.web.gunicorn_conf",
        "--workers",
        "1",
        "--preload",
        # A sync worker sleeps up to half this between requests: no idle wake-ups counted.
        "--timeout",
        str(int(_READY_TIMEOUT_S)),
        "--bind",
        f"{HOST}:{port}",
        "adjudicator.web:create_app()",
    ]
    env = {**server_env(workdir, ratelimit), "PYTHONHASHSEED": "0"}
    log = outdir / "server.log"
    with log.open("wb") as err:
        server = subprocess.Popen(
            cmd, cwd=REPO_ROOT, env=env, stdout=subprocess.DEVNULL, stderr=err
        )
        try:
            _wait_ready(port, server, log)
            for i in range(n):
                r = reqs[i % len(reqs)]
                status = _send(port, r)
                if status != 200:
                    raise RuntimeError(f"{name}: {r.method} {r.path} answered {status}")
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=300)
    workers = [f for f in outdir.glob("callgrind.*") if f.name != f"callgrind.{server.pid}"]
    if len(workers) != 1:
        raise RuntimeError(f"{name}: expected one worker's counts in {outdir}, got {workers}")
    found = _TOTAL.search(workers[0].read_bytes())
    if found is None:
        raise RuntimeError(f"{name}: no total in {workers[0]}")
    return int(found.group(1))


def _send(port: int, r: Req) -> int:
    conn = http.client.HTTPConnection(HOST, port, timeout=_READY_TIMEOUT_S)
    try:
        headers = {"Content-Type": "application/json"} if r.body is not None else {}
        conn.request(r.method, r.path, body=r.body, headers=headers)
        answer = conn.getresponse()
        answer.read()
        return answer.status
    finally:
        conn.close()


def _wait_ready(port: int, server: subprocess.Popen[bytes], log: Path) -> None:
    """Until one ``/readyz`` answers 200.  The master binds the socket before it
    forks, so the first request that connects waits for the worker: exactly one
    ``/readyz`` reaches it in every run."""
    deadline = time.monotonic() + _READY_TIMEOUT_S
    while time.monotonic() < deadline:
        if server.poll() is not None:
            tail = log.read_text(errors="replace")[-2000:]
            raise RuntimeError(f"the server under valgrind exited:\n{tail}")
        try:
            if _send(port, Req("GET", "/readyz", None)) == 200:
                return
        except OSError:
            time.sleep(0.5)  # not listening yet: nothing reached a worker
    raise RuntimeError(f"no /readyz within {_READY_TIMEOUT_S:.0f} s")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--requests", type=int, default=200, help="counted requests per endpoint")
    args = p.parse_args(argv)
    if not have_valgrind():
        p.error("valgrind is not installed (Debian: apt-get install valgrind)")
    standalone(run, args.requests, "adjudicator-worker-")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
