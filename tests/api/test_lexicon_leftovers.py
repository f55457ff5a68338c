"""Scratch files of interrupted uploads and builds do not stay forever
(issue 38, 4): removed at start-up and before the next upload, once no build
can still be writing them."""

from __future__ import annotations

import os
import time

from adjudicator.services.lexicon_files import SCRATCH, STALE_SECONDS
from adjudicator.web.runtime.extension import runtime
from tests.conftest import make_app

ADMIN = "director-key"


def _leftovers(folder, age: float):
    (folder / SCRATCH / "tmpabc").mkdir(parents=True)
    copy = folder / SCRATCH / "tmpabc" / "club.txt"
    copy.write_text("cat\n" * 1000)
    half = folder / ".club.x1y2.tmp"
    half.write_bytes(b"\0" * 1000)
    old = time.time() - age
    for path in (copy, copy.parent, half):
        os.utime(path, (old, old))
    return copy.parent, half


def test_start_up_removes_stale_leftovers_and_spares_fresh_ones(tmp_path):
    folder = tmp_path / "data" / "lexicons"
    stale = _leftovers(folder, STALE_SECONDS + 60)
    (folder / SCRATCH / "tmpnew").mkdir()
    fresh = folder / ".other.tmp"
    fresh.write_bytes(b"being written")
    app = make_app(tmp_path / "t.db", data_dir=str(tmp_path / "data"), admin_key=ADMIN)
    try:
        assert not any(p.exists() for p in stale)
        assert fresh.exists() and (folder / SCRATCH / "tmpnew").exists()
    finally:
        runtime(app).store.dispose()


def test_an_upload_removes_the_leftovers_of_an_interrupted_one(tmp_path):
    app = make_app(tmp_path / "t.db", data_dir=str(tmp_path / "data"), admin_key=ADMIN)
    try:
        stale = _leftovers(tmp_path / "data" / "lexicons", STALE_SECONDS + 60)
        resp = app.test_client().post(
            "/api/v1/lexicons?name=club&ruleset=scrabble-en",
            data=b"cat\ndog\n",
            content_type="text/plain",
            headers={"Authorization": f"Bearer {ADMIN}"},
        )
        assert resp.status_code == 201, resp.get_json()
        assert not any(p.exists() for p in stale)
        assert list((tmp_path / "data" / "lexicons" / SCRATCH).iterdir()) == []
    finally:
        runtime(app).store.dispose()
