"""Digraph tiles named in moves and one-tile fields of games and challenges
(issue 32, item 9): a move whose letters also write a digraph tile is refused
with its tilings when more than one makes a legal play."""

from __future__ import annotations

ES = {"ruleset": "scrabble-es"}


def new_game(client):
    r = client.post("/api/v1/games", json={**ES, "players": ["Ann", "Bob"]})
    assert r.status_code == 201, r.get_json()
    game = r.get_json()
    return game["id"], {"Authorization": f"Bearer {game['token']}"}


def test_game_move_with_two_tilings_is_refused_and_not_recorded(client):
    id_, auth = new_game(client)
    url = f"/api/v1/games/{id_}/events"
    play = {"version": 0, "type": "play", "player": 0}
    r = client.post(url, json={**play, "move": "8E CHICO"}, headers=auth)
    assert r.status_code == 422 and r.get_json()["code"] == "ambiguous-move"
    assert r.get_json()["tilings"] == ["8E [CH]ICO", "8E CHICO"]
    assert client.get(f"/api/v1/games/{id_}").get_json()["version"] == 0
    # The digraph's label without brackets names the tile in a placement.
    cells = [{"row": 7, "col": 4 + i, "letter": x} for i, x in enumerate(["CH", "I", "C", "O"])]
    r = client.post(url, json={**play, "placement": cells}, headers=auth)
    assert r.status_code == 201, r.get_json()
    game = client.get(f"/api/v1/games/{id_}").get_json()
    assert game["scores"] == [20, 0]
    assert game["history"][0]["words"] == ["[CH]ICO"]


def test_challenge_of_an_ambiguous_move_is_refused(client):
    r = client.post("/api/v1/challenges", json={**ES, "move": "8E CHICO"})
    assert r.status_code == 422 and r.get_json()["code"] == "ambiguous-move"
    r = client.post("/api/v1/challenges", json={**ES, "move": "8E [CH]ICO"})
    assert r.status_code == 201 and r.get_json()["verdict"] == "acceptable"
