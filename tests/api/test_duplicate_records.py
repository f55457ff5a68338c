"""A Duplicate game's record exported and imported back, the standings as CSV,
and a finished game played again alone."""

from __future__ import annotations

import csv
import io

import pytest

from tests.api.test_duplicates import API, close, create, draw, fisf, plays, slip

SAME = ("ruleset", "players", "round_seconds", "seeded", "seed", "phase", "round", "draw")
SAME += ("bag", "board", "rounds", "top_total", "standings", "replay_of", "version")


def play_to_the_end(client, id_, h, players=2):
    """Every round: the top for player 0, a lesser play with a wrong score for
    player 1, a few nullities and corrections on the way."""
    for _ in range(60):
        game = draw(client, id_, h)
        if game["phase"] == "over":
            return game
        best = plays(client, "scrabble-fr", game, limit=5)
        ref, word = fisf(best[0]["move"])
        slip(client, id_, h, 0, word, ref, best[0]["score"])
        if players > 1:
            ref2, word2 = fisf(best[-1]["move"])
            slip(client, id_, h, 1, word2, ref2, best[-1]["score"] + 1)
            if game["round"] % 3 == 0:  # entered twice by mistake, then withdrawn
                again = slip(client, id_, h, 1, word2, ref2, best[-1]["score"])
                r = client.delete(
                    f"{API}/{id_}/rounds/{game['round']}/slips/{again['number']}", headers=h
                )
                assert r.status_code == 200
            if game["round"] % 4 == 0:
                slip(client, id_, h, 1, "", None)  # a blank slip
        game = close(client, id_, h)
        if game["phase"] == "over":
            return game
    raise AssertionError("the game did not end")


@pytest.fixture(scope="module")
def finished(app):
    client = app.test_client()
    id_, h = create(client, seed="record")
    play_to_the_end(client, id_, h)
    return id_, h


def test_the_record_round_trips(client, finished):
    id_, _ = finished
    original = client.get(f"{API}/{id_}").json
    assert original["phase"] == "over" and original["seed"] == "record"
    record = client.get(f"{API}/{id_}/record").json
    assert record["format"] == "adjudicator-duplicate" and record["version"] == 1
    kinds = {e["kind"] for e in record["events"]}
    assert {"draw", "slip", "slip-fix", "close"} <= kinds
    r = client.post(f"{API}/import", json=record)
    assert r.status_code == 201, r.json
    assert r.headers["Location"] == f"{API}/{r.json['id']}" and r.json["token"]
    copy = client.get(f"{API}/{r.json['id']}").json
    assert copy["id"] != id_
    for key in SAME:
        assert copy[key] == original[key], key
    assert client.get(f"{API}/{r.json['id']}/record").json == record


def test_an_unfinished_game_round_trips_and_goes_on(client):
    id_, h = create(client, typed=True)
    draw(client, id_, h, "MEEISAN")
    slip(client, id_, h, 0, "SEMAINE", "H2", 70)
    slip(client, id_, h, 1, "MINEES", "H4", 18)
    close(client, id_, h)
    record = client.get(f"{API}/{id_}/record", headers=h).json
    assert record["seed"] is None
    r = client.post(f"{API}/import", json=record)
    new, token = r.json["id"], {"X-Game-Token": r.json["token"]}
    assert r.json["standings"] == client.get(f"{API}/{id_}").json["standings"]
    kept = client.get(f"{API}/{new}").json
    assert kept["phase"] == "draw" and kept["round"] == 2
    assert draw(client, new, token, "ALERTIS")["round"] == 2  # typed in, as the original's


def test_a_seeded_game_keeps_its_seed_secret_until_the_end(client):
    id_, h = create(client, seed="secret")
    draw(client, id_, h)
    assert client.get(f"{API}/{id_}/record", headers=h).json["seed"] is None


def bad(record, index, **data):
    events = [dict(e) for e in record["events"]]
    events[index] = {**events[index], "data": {**events[index]["data"], **data}}
    return {**record, "events": events}


def test_a_record_that_is_no_game_is_refused(client, finished):
    id_, _ = finished
    record = client.get(f"{API}/{id_}/record").json
    cases = [
        (bad(record, 0, tiles=["Z", "Z", "Z", "Z", "Z", "Z", "Z"]), 0),  # one Z in the bag
        (bad(record, 1, player=7), 1),  # no player 7
        (bad(record, 1, score="many"), 1),
        ({**record, "events": record["events"][1:]}, 0),  # a slip before any draw
        ({**record, "events": [record["events"][0], record["events"][0]]}, 1),
    ]
    for doc, index in cases:
        r = client.post(f"{API}/import", json=doc)
        assert (r.status_code, r.json["code"]) == (422, "invalid-duplicate-record"), r.json
        assert r.json["event"] == index
    r = client.post(f"{API}/import", json={**record, "events": [{"kind": "bet", "data": {}}]})
    assert r.status_code == 400
    # JSON Schema's integers include 180.0; "180" is no number.
    assert client.post(f"{API}/import", json={**record, "round_seconds": 180.0}).status_code == 201
    assert client.post(f"{API}/import", json={**record, "round_seconds": "180"}).status_code == 400
    r = client.post(f"{API}/import", json={**record, "ruleset": "scrabble-en"})
    assert (r.status_code, r.json["code"]) == (422, "no-duplicate-rules")


def test_the_standings_as_csv(client, finished):
    id_, _ = finished
    r = client.get(f"{API}/{id_}/standings.csv")
    assert r.status_code == 200 and r.mimetype == "text/csv"
    rows = list(csv.reader(io.StringIO(r.get_data(as_text=True))))
    assert rows[0] == ["rank", "name", "total", "negatif", "percent"]
    game = client.get(f"{API}/{id_}").json
    expected = [
        [str(s["rank"]), s["name"], str(s["total"]), str(s["negatif"]), f"{s['percent']:.2f}"]
        for s in game["standings"]
    ]
    assert rows[1:] == expected and rows[1][:2] == ["1", "Ann"]


def test_csv_ranks_ties_and_quotes_formulas(client):
    id_, h = create(client, players=("=SUM(A1)", "Bob", "Cy"), typed=True)
    draw(client, id_, h, "MEEISAN")
    slip(client, id_, h, 0, "SEMAINE", "H2", 70)
    slip(client, id_, h, 1, "SEMAINE", "H2", 70)
    close(client, id_, h)
    text = client.get(f"{API}/{id_}/standings.csv").get_data(as_text=True)
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[1:] == [
        ["1", "'=SUM(A1)", "70", "0", "100.00"],
        ["1", "Bob", "70", "0", "100.00"],
        ["3", "Cy", "0", "70", "0.00"],
    ]


def test_a_finished_game_played_again_alone(client, finished):
    id_, _ = finished
    source = client.get(f"{API}/{id_}").json
    r = client.post(f"{API}/{id_}/replays", json={"player": "Zoé"})
    assert r.status_code == 201, r.json
    new, h = r.json["id"], {"X-Game-Token": r.json["token"]}
    assert r.json["replay_of"] == id_ and r.json["players"] == ["Zoé"]
    assert r.json["seeded"] is False and r.json["rounds"] == []
    r = client.post(f"{API}/{new}/draw", json={"letters": "MEEISAN"}, headers=h)
    assert (r.status_code, r.json["reason"]) == (422, "replay")
    points = 0
    for round_ in source["rounds"]:
        game = draw(client, new, h)
        assert game["draw"] == round_["draw"]
        assert client.get(f"{API}/{new}").json["rounds"][-1]["top"] is None  # not shown before
        if round_["number"] % 2:  # the top on odd rounds, nothing on even ones
            top = round_["top"]
            ruled = slip(client, new, h, 0, top["word"], top["reference"], top["score"])
            assert ruled["valid"] and ruled["score"] == top["score"]
            points += top["score"]
        game = close(client, new, h)
        assert game["rounds"][-1]["top"] == round_["top"]
    assert game["phase"] == "over" and game["board"] == source["board"]
    assert game["top_total"] == source["top_total"]
    (alone,) = game["standings"]
    assert (alone["total"], alone["negatif"]) == (points, source["top_total"] - points)
    record = client.get(f"{API}/{new}/record").json
    assert record["events"][0]["kind"] == "replay"
    assert client.post(f"{API}/import", json=record).status_code == 201


def test_only_a_finished_game_is_played_again(client):
    id_, h = create(client, seed="open")
    draw(client, id_, h)
    r = client.post(f"{API}/{id_}/replays", json={"player": "Zoé"})
    assert (r.status_code, r.json["code"]) == (409, "duplicate-not-over")
    r = client.post(f"{API}/{'0' * 32}/replays", json={"player": "Zoé"})
    assert (r.status_code, r.json["code"]) == (404, "unknown-duplicate")
