"""The players' clocks, kept for spectators: PUT /api/v1/games/{id}/clock."""

from __future__ import annotations

import pytest


@pytest.fixture()
def gc(db_app):
    return db_app.test_client()


def new_game(gc):
    r = gc.post("/api/v1/games", json={"ruleset": "scrabble-en", "players": ["Ann", "Bob"]})
    body = r.get_json()
    return body["id"], {"X-Game-Token": body["token"]}


def test_the_keepers_clock_is_in_the_game_and_on_the_spectator_page(gc):
    id_, auth = new_game(gc)
    assert gc.get(f"/api/v1/games/{id_}").get_json()["clock"] is None
    assert "Time left" not in gc.get(f"/games/{id_}?lang=en").get_data(as_text=True)

    r = gc.put(
        f"/api/v1/games/{id_}/clock",
        json={"left_ms": [300000, -30000], "running": False},
        headers=auth,
    )
    assert r.status_code == 200, r.get_json()
    assert r.get_json() == {"left_ms": [300000, -30000], "running": False, "player": 0, "age_ms": 0}
    clock = gc.get(f"/api/v1/games/{id_}").get_json()["clock"]
    assert clock["left_ms"] == [300000, -30000] and clock["player"] == 0
    assert clock["running"] is False and clock["age_ms"] >= 0
    html = gc.get(f"/games/{id_}?lang=en").get_data(as_text=True)
    assert "Time left" in html and ">05:00<" in html
    assert 'class="num clock over" data-player="1">\u221200:30<' in html  # over time

    # A move's answer carries the clock too; it runs for the player to move.
    gc.put(
        f"/api/v1/games/{id_}/clock",
        json={"left_ms": [299000, 1000], "running": True},
        headers=auth,
    )
    event = {"version": 0, "type": "play", "player": 0, "move": "8G QI"}
    answer = gc.post(f"/api/v1/games/{id_}/events", json=event, headers=auth).get_json()
    assert answer["clock"]["running"] is True and answer["clock"]["player"] == 0
    r = gc.put(
        f"/api/v1/games/{id_}/clock",
        json={"left_ms": [299000, 1000], "running": True},
        headers=auth,
    )
    assert r.get_json()["player"] == 1
    assert "Осталось времени" in gc.get(f"/games/{id_}?lang=ru").get_data(as_text=True)


def test_only_the_keeper_sets_the_clock_with_one_time_per_player(gc):
    id_, auth = new_game(gc)
    url = f"/api/v1/games/{id_}/clock"
    body = {"left_ms": [1000, 1000], "running": True}
    assert gc.put(url, json=body).status_code == 403
    assert gc.put(url, json=body, headers={"X-Game-Token": "nope"}).status_code == 403
    r = gc.put(url, json={"left_ms": [1, 2, 3], "running": True}, headers=auth)
    assert r.status_code == 422 and r.get_json()["field"] == "left_ms"
    assert gc.put(url, json={"left_ms": [1, 2]}, headers=auth).status_code == 400
    assert gc.put(url, json={"left_ms": ["1", 2], "running": True}, headers=auth).status_code == 400
    assert gc.get(f"/api/v1/games/{id_}").get_json()["clock"] is None
