"""An upload is built outside its request (issue 38, 3): a build that takes
longer than the request waits is 202 with a status URL; one build runs at a
time, in a process of its own whose memory is bounded."""

from __future__ import annotations

import fcntl
import json
import os
import signal
import time

import pytest

from adjudicator.services.lexicon_jobs import BUILDS, LOCK
from adjudicator.web.runtime.extension import runtime
from tests.conftest import make_app

ADMIN = "director-key"
AS_ADMIN = {"Authorization": f"Bearer {ADMIN}"}
ASYNC = {**AS_ADMIN, "Prefer": "respond-async"}


@pytest.fixture()
def app(tmp_path):
    app = make_app(tmp_path / "t.db", data_dir=str(tmp_path / "data"), admin_key=ADMIN)
    yield app
    runtime(app).store.dispose()


@pytest.fixture()
def client(app):
    return app.test_client()


def upload(client, text, query="name=club&ruleset=scrabble-en", headers=ASYNC):
    return client.post(
        f"/api/v1/lexicons?{query}", data=text.encode(), content_type="text/plain", headers=headers
    )


def until_ended(client, location, seconds=60):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        resp = client.get(location, headers=AS_ADMIN)
        assert resp.status_code == 200, resp.get_json()
        if resp.get_json()["state"] in ("done", "failed"):
            return resp.get_json()
        assert resp.headers["Retry-After"] == "2"
        time.sleep(0.1)
    raise AssertionError(f"{location} did not end in {seconds} s")


def test_an_async_upload_is_202_and_its_build_is_read_until_done(client, app):
    resp = upload(client, "cat\nok\nqi\n")
    assert resp.status_code == 202, resp.get_json()
    body = resp.get_json()
    assert body["state"] in ("queued", "running", "done") and body["name"] == "club"
    location = resp.headers["Location"]
    assert location == f"/api/v1/lexicons/builds/{body['id']}"
    assert resp.headers["Retry-After"] == "2"
    ended = until_ended(client, location)
    assert ended["state"] == "done", ended
    assert ended["lexicon"]["word_count"] == 3 and "scrabble-en" in ended["lexicon"]["serves"]
    assert ended["started"] <= ended["finished"] and ended["peak_memory_bytes"] > 0
    verdict = client.get("/api/v1/words/QI?ruleset=scrabble-en&lexicon=club").get_json()
    assert verdict["valid"] is True
    folder = runtime(app).settings.loaded_lexicon_dir
    assert not any((folder / ".incoming").iterdir())  # the scratch copy is gone
    assert not list((folder / BUILDS).glob("*.log"))


def test_a_refused_list_built_async_reads_as_failed_with_its_problem(client):
    resp = upload(client, "cat\nqi\nQI\nZA\n")
    ended = until_ended(client, resp.headers["Location"])
    assert ended["state"] == "failed" and ended["lexicon"] is None
    assert ended["problem"]["code"] == "wordlist-mixed-case"
    assert "--case words" in ended["problem"]["detail"]
    assert client.get("/api/v1/words/QI?ruleset=scrabble-en&lexicon=club").status_code == 404


def test_one_build_at_a_time_and_a_killed_one_is_failed_not_running_forever(client, app):
    folder = runtime(app).settings.loaded_lexicon_dir / BUILDS
    folder.mkdir(parents=True)
    with (folder / LOCK).open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another build holds the data folder
        resp = upload(client, "cat\nqi\n")
        location = resp.headers["Location"]
        time.sleep(1.0)
        assert client.get(location, headers=AS_ADMIN).get_json()["state"] == "queued"
        job = json.loads((folder / f"{resp.get_json()['id']}.json").read_text())
        os.kill(job["pid"], signal.SIGKILL)
        ended = until_ended(client, location)
    assert ended["state"] == "failed"
    assert "stopped before it ended" in ended["problem"]["detail"]
    assert "killed" in ended["problem"]["detail"]
    assert not any((folder.parent / ".incoming").iterdir())


@pytest.mark.slow
def test_a_build_past_its_memory_bound_fails_and_says_so(tmp_path):
    app = make_app(
        tmp_path / "t.db",
        data_dir=str(tmp_path / "data"),
        admin_key=ADMIN,
        build_memory_bytes=MEMORY_BOUND,
    )
    try:
        client = app.test_client()
        words = "\n".join(f"w{n:07d}".translate(DIGITS) for n in range(1_000_000))
        resp = upload(client, words)
        ended = until_ended(client, resp.headers["Location"], seconds=120)
        assert ended["state"] == "failed", ended
        assert "ADJUDICATOR_BUILD_MEMORY_BYTES" in ended["problem"]["detail"]
        # The service itself goes on: a small list builds within the request.
        small = upload(
            client, "cat\nqi\n", query="name=small&ruleset=scrabble-en", headers=AS_ADMIN
        )
        assert small.status_code == 201, small.get_json()
    finally:
        runtime(app).store.dispose()


DIGITS = str.maketrans("0123456789", "abcdefghij")
MEMORY_BOUND = 256 * 1024 * 1024  # the build of a small list peaks near 80 MB


def test_a_build_the_request_waits_for_is_answered_201(client):
    resp = upload(client, "cat\nqi\n", headers={**AS_ADMIN, "Prefer": "wait=20"})
    assert resp.status_code == 201, resp.get_json()
    assert resp.get_json()["word_count"] == 2


def test_an_unknown_build_is_404_and_reading_one_needs_the_admin_key(client):
    resp = client.get("/api/v1/lexicons/builds/" + "0" * 32, headers=AS_ADMIN)
    assert resp.status_code == 404 and resp.get_json()["code"] == "unknown-lexicon-build"
    assert client.get("/api/v1/lexicons/builds/" + "0" * 32).status_code == 401
