"""`adjudicator serve`, the README's first command: it names its URL only once that
URL answers, and a configuration it cannot serve is an error, not a URL."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.request

import pytest

from tests.conftest import ROOT, free_port, running_gunicorn, stop_gunicorn

pytestmark = pytest.mark.e2e


def _serve(tmp_path, port, out, err, **env):
    return subprocess.Popen(
        [sys.executable, "-m", "adjudicator", "serve", "--port", str(port), "--workers", "1"],
        cwd=ROOT,
        env={
            **os.environ,
            "ADJUDICATOR_DATA_DIR": str(tmp_path / "data"),
            "HOME": str(tmp_path / "home"),
            "XDG_RUNTIME_DIR": "",
            **env,
        },
        stdout=out,
        stderr=err,
        text=True,
    )


def _started(log, workers: int) -> None:
    """Wait until gunicorn's master has booted its workers, and a little more: it
    would open its control socket right after that."""
    deadline = time.monotonic() + 30
    while log.read_text().count("Booting worker") < workers:
        assert time.monotonic() < deadline, log.read_text()[-2000:]
        time.sleep(0.05)
    time.sleep(0.5)


def test_a_database_it_cannot_open_is_an_error_not_a_url(tmp_path):
    proc = _serve(
        tmp_path,
        free_port(),
        subprocess.PIPE,
        subprocess.PIPE,
        ADJUDICATOR_DATABASE_URL="mysql://u@127.0.0.1/db",
    )
    try:
        out, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        stop_gunicorn(proc)
        raise
    assert proc.returncode == 1
    assert "config-error: ADJUDICATOR_DATABASE_URL: mysql is not supported" in err
    assert "listening on" not in out


def test_the_url_it_prints_answers(tmp_path):
    port = free_port()
    out_path, err_path = tmp_path / "serve.out", tmp_path / "serve.err"
    with out_path.open("w") as out, err_path.open("w") as err:
        proc = _serve(tmp_path, port, out, err)
    try:
        deadline = time.monotonic() + 60
        # A whole line: the URL is not cut short by a write caught half-way.
        while not any(
            "listening on" in s and s.endswith("\n") for s in out_path.read_text().splitlines(True)
        ):
            if time.monotonic() > deadline or proc.poll() is not None:
                raise AssertionError("no URL printed: " + err_path.read_text()[-2000:])
            time.sleep(0.05)
        line = next(s for s in out_path.read_text().splitlines() if "listening on" in s)
        url = line.split("listening on ", 1)[1].split()[0]
        assert url == f"http://127.0.0.1:{port}/"
        # Bound before the line is printed: the connection waits for the worker.
        with urllib.request.urlopen(url + "healthz", timeout=30) as resp:
            assert resp.status == 200
        _started(err_path, 1)
        assert not (tmp_path / "home" / ".gunicorn").exists()  # no gunicornc socket
    finally:
        stop_gunicorn(proc)


def test_plain_gunicorn_makes_no_control_socket(tmp_path):
    """With the Dockerfile's config module, as with `serve`: no gunicornc socket in
    $XDG_RUNTIME_DIR (nor in $HOME), which a read-only root file system refuses."""
    home, run = tmp_path / "home", tmp_path / "run"
    run.mkdir()  # gunicorn would put it here: it prefers an existing $XDG_RUNTIME_DIR
    with running_gunicorn(tmp_path, HOME=str(home), XDG_RUNTIME_DIR=str(run)) as (url, log):
        with urllib.request.urlopen(url + "/healthz", timeout=30) as resp:
            assert resp.status == 200
        _started(log, 2)  # the conftest's gunicorn runs 2 workers
        assert list(run.iterdir()) == []  # while it runs: gunicorn removes it at exit
        assert "Control socket" not in log.read_text()
    assert not (home / ".gunicorn").exists()
    for line in log.read_text().splitlines():  # gunicorn's lines too, as the Dockerfile runs it
        assert isinstance(json.loads(line), dict), line


def test_every_line_on_stderr_is_one_json_object(tmp_path):
    """gunicorn's own lines (start, workers, shutdown) are JSON lines as the app's
    are; the lines for the person at the terminal are on stdout, without the key."""
    port = free_port()
    out_path, err_path = tmp_path / "serve.out", tmp_path / "serve.err"
    with out_path.open("w") as out, err_path.open("w") as err:
        proc = _serve(tmp_path, port, out, err)
    try:
        _started(err_path, 1)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=30) as resp:
            assert resp.status == 200
    finally:
        stop_gunicorn(proc)
    lines = err_path.read_text().splitlines()
    records = [json.loads(line) for line in lines]  # raises on a line that is not JSON
    assert all(
        isinstance(r, dict) and {"time", "level", "logger", "message"} <= set(r) for r in records
    )
    said = [(r["logger"], r["message"]) for r in records]
    assert any(
        logger == "gunicorn.error" and m.startswith("Starting gunicorn") for logger, m in said
    )
    assert any(logger == "gunicorn.error" and m.startswith("Booting worker") for logger, m in said)
    assert any(logger == "gunicorn.error" and m.startswith("Shutting down") for logger, m in said)
    assert ("adjudicator.access", "request") in said
    key = (tmp_path / "data" / "admin-key").read_text("ascii").strip()
    assert key not in err_path.read_text() and key not in out_path.read_text()
    assert "adjudicator admin-key" in out_path.read_text()
