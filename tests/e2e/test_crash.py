"""Crash test: parallel scorekeepers, the whole server SIGKILLed mid-way, a restart.

Every event acknowledged with a 2xx must still be there, in order, and every
game must still load.  Runs on SQLite and, when configured, PostgreSQL.
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import threading
import time
import urllib.error
import urllib.request

import pytest

from tests.conftest import free_port, spawn_gunicorn, wait_until_responds

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.serial]

GAMES = 4
LETTERS = "AEIOUNRSTLAEIOUNRSTLAEIOUNRSTLGDEEAIORSTBCMP"


def moves():
    """A long run of legal one-tile plays: columns D..H grown downwards from WINDY."""
    yield "8D WINDY"
    i = 0
    for col in "DEFGH":
        for length in range(1, 8):
            yield f"{col}8 {'.' * length}{LETTERS[i % len(LETTERS)]}"
            i += 1


def call(url, method="GET", body=None, headers=None, timeout=5.0):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(
        url,
        data=data,
        method=method,
        headers={"Content-Type": "application/json", **(headers or {})},
    )
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status, json.loads(resp.read())


def start(database_url, port, log):
    # Its own session, so that one SIGKILL can take down the master and the workers.
    return spawn_gunicorn(
        port,
        {"ADJUDICATOR_DATABASE_URL": database_url, "ADJUDICATOR_RATELIMIT_DEFAULT": "off"},
        log,
        new_session=True,
    )


def kill_all(proc):
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.wait(timeout=10)


def test_acknowledged_events_survive_sigkill(database_url, tmp_path):
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = (tmp_path / "gunicorn.log").open("wb")
    proc = start(database_url, port, log)
    try:
        wait_until_responds(base + "/healthz", proc)
        games = []
        for g in range(GAMES):
            _, body = call(
                base + "/api/v1/games",
                "POST",
                {"ruleset": "scrabble-en-naspa", "players": [f"P{g}a", f"P{g}b"]},
            )
            games.append((body["id"], {"Authorization": f"Bearer {body['token']}"}))
        acked: dict[str, list[str]] = {id_: [] for id_, _ in games}
        stop = threading.Event()

        def scorekeeper(id_, auth):
            for version, move in enumerate(moves()):
                if stop.is_set():
                    return
                event = {"version": version, "type": "play", "player": version % 2, "move": move}
                try:
                    status, _ = call(f"{base}/api/v1/games/{id_}/events", "POST", event, auth)
                except (urllib.error.URLError, http.client.HTTPException, OSError):
                    return  # the server is gone: this event was not acknowledged
                assert status == 201
                acked[id_].append(move)

        threads = [threading.Thread(target=scorekeeper, args=g) for g in games]
        for th in threads:
            th.start()
        # Kill once about a third of the planned events are in, so the kill
        # lands mid-way whatever the machine's speed.
        planned = GAMES * len(list(moves()))
        deadline = time.monotonic() + 60
        while sum(map(len, acked.values())) < planned // 3 and time.monotonic() < deadline:
            time.sleep(0.01)
        kill_all(proc)  # SIGKILL master and workers, mid-way
        stop.set()
        for th in threads:
            th.join(timeout=30)
        assert any(acked.values()), "no event was acknowledged before the kill"
        assert not all(len(v) == len(list(moves())) for v in acked.values()), (
            "the kill came too late"
        )

        proc = start(database_url, port, log)  # restart on the same database
        wait_until_responds(base + "/healthz", proc)
        for id_, auth in games:
            status, game = call(f"{base}/api/v1/games/{id_}")
            assert status == 200
            stored = [h.get("move") for h in game["history"]]
            assert stored[: len(acked[id_])] == acked[id_]
            assert len(stored) - len(acked[id_]) <= 1  # at most the one in flight
            # The game goes on from where the database says it is.
            nxt = list(moves())[game["version"]]
            status, _ = call(
                f"{base}/api/v1/games/{id_}/events",
                "POST",
                {
                    "version": game["version"],
                    "type": "play",
                    "player": game["version"] % 2,
                    "move": nxt,
                },
                auth,
            )
            assert status == 201
    finally:
        kill_all(proc)
        log.close()
