"""The round's time for the pages' countdown: how long ago the draw in play was made."""

from __future__ import annotations

import datetime as dt

from adjudicator.services import duplicate

API = "/api/v1/duplicates"


def test_the_round_time_runs_from_the_draw(client, monkeypatch):
    r = client.post(API, json={"ruleset": "scrabble-fr", "players": ["Ann"], "seed": "clock"})
    id_, headers = r.json["id"], {"X-Game-Token": r.json["token"]}
    assert r.json["round_age_ms"] is None  # nothing drawn yet
    drawn = client.post(f"{API}/{id_}/draw", json={}, headers=headers).json
    assert drawn["phase"] == "play" and drawn["round_age_ms"] >= 0
    # The server's clock 95.5 s later: the page counts down from what is left.
    later = duplicate.now() + dt.timedelta(seconds=95.5)
    monkeypatch.setattr(duplicate, "now", lambda: later)
    age = client.get(f"{API}/{id_}").json["round_age_ms"]
    assert 95_500 <= age < 95_500 + 60_000, age
    closed = client.post(f"{API}/{id_}/close", json={}, headers=headers).json
    assert closed["phase"] == "draw" and closed["round_age_ms"] is None
