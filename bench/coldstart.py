"""Cold start: process start to the first 200 from ``/readyz``, gunicorn with --preload.

Also times, in a fresh interpreter, the import of the web package and
``create_app()`` (config, lexicons, database migration), to show where the
time goes.
"""

from __future__ import annotations

import json
import shlex
import statistics
import subprocess
import sys
import typing as t
from pathlib import Path

from bench.server import HOST, REPO_ROOT, Server, server_env

_STAGES = r"""
import json, sys, time
t0 = time.perf_counter()
import flask, sqlalchemy, pydantic  # third-party frameworks
t1 = time.perf_counter()
import adjudicator.web
t2 = time.perf_counter()
app = adjudicator.web.create_app()
t3 = time.perf_counter()
app.extensions["adjudicator.engine"].dispose()
print(json.dumps({"frameworks_import_s": t1 - t0, "adjudicator_import_s": t2 - t1,
                  "create_app_s": t3 - t2}))
"""


def gunicorn_command(workers: int, port: int) -> list[str]:
    """Plain gunicorn with --preload, and the project's gunicorn settings module when it
    has one (as the Dockerfile runs it)."""
    cmd = [sys.executable, "-m", "gunicorn", "--workers", str(workers), "--preload"]
    if (REPO_ROOT / "adjudicator" / "web" / "gunicorn_conf.py").exists():
        cmd += ["-c", "python:adjudicator.web.gunicorn_conf"]
    return [*cmd, "--bind", f"{HOST}:{port}", "adjudicator.web:create_app()"]


def run(workdir: Path, *, ratelimit: str, workers: int = 4, repeat: int = 3) -> dict[str, t.Any]:
    times = []
    command: list[str] = []
    for _ in range(repeat):
        srv = Server(workdir, workers, ratelimit)
        srv.command = command = gunicorn_command(workers, srv.port)
        with srv:
            times.append(srv.wait_ready(poll=0.005))
    env = server_env(workdir, ratelimit)
    stages = []
    for _ in range(repeat):
        out = subprocess.run(
            [sys.executable, "-c", _STAGES],
            cwd=REPO_ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        stages.append(json.loads(out.stdout.strip().splitlines()[-1]))
    shown = shlex.join(["python", *command[1:-2], f"{HOST}:PORT", command[-1]])
    return {
        "command": shown,
        "ready_s": round(statistics.median(times), 3),
        "ready_s_all": [round(x, 3) for x in times],
        "stages_s": {k: round(statistics.median(s[k] for s in stages), 3) for k in stages[0]},
    }
