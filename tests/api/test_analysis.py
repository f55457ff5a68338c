"""GET /api/v1/games/{id}/analysis: each turn's best plays and points missed."""

from __future__ import annotations

import pytest

from adjudicator.services import analysis as analysis_service
from tests.conftest import GCG_DIR, make_app

ANALYSIS = "/api/v1/games/{}/analysis"


@pytest.fixture()
def gc(db_app):
    return db_app.test_client()


class Game:
    """An API game: its id, token and version, and a way to add entries."""

    def __init__(self, client, ruleset="scrabble-en"):
        body = client.post("/api/v1/games", json={"ruleset": ruleset, "players": ["Ann", "Bob"]})
        game = body.get_json()
        self.client, self.id, self.version = client, game["id"], 0
        self.auth = {"X-Game-Token": game["token"]}

    def add(self, **entry):
        r = self.client.post(
            f"/api/v1/games/{self.id}/events",
            json={"version": self.version, **entry},
            headers=self.auth,
        )
        assert r.status_code == 201, r.get_json()
        self.version = r.get_json()["version"]
        return r.get_json()


def played_out(client) -> Game:
    """Three plays (one without a rack, one whose rack cannot be), three passes (Bob's
    second ends the game), the racks."""
    game = Game(client)
    game.add(type="play", player=0, move="8D WINDY", rack="WINDYAB")
    game.add(type="play", player=1, move="9C AX", rack="AXQQQEE")  # three Qs: no such rack
    game.add(type="play", player=0, move="E7 A.")
    for player in (1, 0, 1):
        game.add(type="pass", player=player, rack="EEEIIOU" if player == 1 else None)
    game.add(type="end", player=0, racks={"0": "ABEEIOS", "1": "EEEIIOU"})
    return game


def test_in_progress_is_a_409_then_over_is_analysed(gc):
    game = Game(gc)
    game.add(type="play", player=0, move="8D WINDY", rack="WINDYAB")
    early = gc.get(ANALYSIS.format(game.id))
    assert early.status_code == 409 and early.get_json()["code"] == "game-in-progress"


def test_each_turn_with_a_rack_is_analysed_and_the_others_say_why_not(gc):
    game = played_out(gc)
    r = gc.get(ANALYSIS.format(game.id))
    assert r.status_code == 200, r.get_json()
    body = r.get_json()
    assert body["by"] == "score" and body["version"] == game.version
    turns = body["turns"]
    assert [t["kind"] for t in turns] == ["play", "play", "play", "pass", "pass", "pass"]
    first = turns[0]
    assert first["status"] == "analysed" and first["found"] and first["score"] == 32
    assert first["best"][0]["score"] >= 32 and first["missed"] == first["best"][0]["score"] - 32
    assert len(first["best"]) == 5 and first["count"] > 100
    scores = [b["score"] for b in first["best"]]
    assert scores == sorted(scores, reverse=True)
    assert turns[1]["status"] == "rack-contradicts" and "Q" in turns[1]["problem"]
    assert turns[2]["status"] == "no-rack" and turns[2]["best"] == []
    passed = turns[3]
    assert passed["status"] == "analysed" and passed["score"] == 0
    assert passed["missed"] == passed["best"][0]["score"] > 0
    ann, bob = body["players"]
    assert ann["analysed"] == 1 and bob["analysed"] == 2  # Ann's second pass gave no rack
    assert ann["missed"] == first["missed"]


def test_a_best_play_scores_as_score_says_and_draws_its_tiles(gc):
    game = played_out(gc)
    body = gc.get(ANALYSIS.format(game.id)).get_json()
    first = body["turns"][0]
    for best in first["best"]:
        scored = gc.post(
            "/api/v1/score", json={"ruleset": "scrabble-en", "move": best["move"], "validate": True}
        ).get_json()
        assert scored["all_valid"] and scored["score"] == best["score"]
        new = [(x["row"], x["col"], x["letter"]) for w in scored["words"] for x in w["letters"]]
        assert {(x["row"], x["col"], x["letter"]) for x in best["tiles"]} <= set(new)


def test_kept_once_and_worked_out_again_after_a_new_event(gc, monkeypatch):
    game = played_out(gc)
    first = gc.get(ANALYSIS.format(game.id)).get_json()

    def refuse(*_args):
        raise AssertionError("worked out again")

    monkeypatch.setattr(analysis_service, "work_out", refuse)
    assert gc.get(ANALYSIS.format(game.id)).get_json() == first  # the kept one
    monkeypatch.undo()
    game.add(type="time_penalty", player=1, points=10)  # the one entry a game over takes
    again = gc.get(ANALYSIS.format(game.id)).get_json()
    assert again["version"] == first["version"] + 1


def test_the_annotated_record_carries_notes_and_reads_back(gc):
    game = played_out(gc)
    r = gc.get(ANALYSIS.format(game.id) + ".gcg")
    assert r.status_code == 200 and r.mimetype == "application/x-gcg"
    text = r.get_data(as_text=True)
    lines = text.splitlines()
    note = lines.index(next(ln for ln in lines if ln.startswith("#note best ")))
    assert lines[note - 1].startswith(">Ann: WINDYAB 8D WINDY +32")
    assert any(ln.startswith("#note not analysed: 3 of 'Q'") for ln in lines)
    back = gc.post(
        "/api/v1/games/import?ruleset=scrabble-en",
        data=text.encode(),
        headers={"Content-Type": "application/x-gcg"},
    )
    assert back.status_code == 201, back.get_json()


def test_the_finder_setting_covers_the_analysis(tmp_path):
    app = make_app(tmp_path / "a.db", finder="off")
    client = app.test_client()
    game = played_out(client)
    r = client.get(ANALYSIS.format(game.id))
    assert r.status_code == 403 and r.get_json()["code"] == "finder-disabled"


@pytest.mark.skipif(not (GCG_DIR / "SOURCES.tsv").is_file(), reason="no game records")
def test_an_imported_record_is_analysed_with_the_plays_it_made(client):
    data = (GCG_DIR / "domino14__macondo/gcgio__testdata__doug_v_emely.gcg").read_bytes()
    r = client.post(
        "/api/v1/games/import?ruleset=scrabble-en",
        data=data,
        headers={"Content-Type": "application/x-gcg"},
    )
    assert r.status_code == 201, r.get_json()
    body = client.get(ANALYSIS.format(r.get_json()["id"])).get_json()
    plays = [t for t in body["turns"] if t["kind"] == "play" and t["status"] == "analysed"]
    assert len(plays) > 10
    assert all(t["best"][0]["score"] >= t["score"] or not t["found"] for t in plays)
    assert sum(t["found"] for t in plays) >= len(plays) - 3  # a few words ENABLE lacks


def test_a_lower_case_rack_reads_as_its_letters(gc):
    game = Game(gc)
    game.add(type="play", player=0, move="8D WINDY", rack="WINDYAB")
    game.add(type="pass", player=1, rack="aeinrst")
    game.add(type="pass", player=0)
    game.add(type="pass", player=1)
    game.add(type="end", player=0, racks={"0": "ABEEIOS", "1": "AEINRST"})
    turns = gc.get(ANALYSIS.format(game.id)).get_json()["turns"]
    assert turns[1]["status"] == "analysed" and turns[1]["best"][0]["bingo"]


def test_indices_follow_the_history_after_a_correction(gc):
    game = Game(gc)
    game.add(type="play", player=0, move="8D WINDY", rack="WINDYAB")
    game.add(type="correction", player=0)
    game.add(type="play", player=0, move="8D WINDY", rack="WINDYAB")
    for player in (1, 0, 1):
        game.add(type="pass", player=player)
    game.add(type="end", player=0, racks={"0": "ABEEIOS", "1": "AEINRST"})
    turns = gc.get(ANALYSIS.format(game.id)).get_json()["turns"]
    assert turns[0]["index"] == 2 and turns[0]["move"] == "8D WINDY"
    text = gc.get(ANALYSIS.format(game.id) + ".gcg").get_data(as_text=True).splitlines()
    note = next(i for i, ln in enumerate(text) if ln.startswith("#note best"))
    assert text[note - 1].startswith(">Ann: WINDYAB 8D WINDY")


def test_racks_stay_hidden_while_the_game_is_played(gc):
    game = Game(gc)
    game.add(type="play", player=0, move="8D WINDY", rack="WINDYAB")
    during = gc.get(f"/api/v1/games/{game.id}").get_json()
    assert "rack" not in during["history"][0]  # Bob would see Ann's A and B
    for player in (1, 0, 1):
        game.add(type="pass", player=player)
    game.add(type="end", player=0, racks={"0": "ABEEIOS", "1": "AEINRST"})
    after = gc.get(f"/api/v1/games/{game.id}").get_json()
    assert after["history"][0]["rack"] == "WINDYAB"


def test_an_erudite_best_play_in_several_lines(gc):
    """Erudite's analysis weighs the moves in several lines: here the best, with
    its parts, and its tiles as /score takes them score what it says."""
    game = Game(gc, "erudite-ru")
    game.add(type="play", player=0, move="8F КОШКА", rack="КОШКАЕИ")
    for player in (1, 0, 1, 0):
        game.add(type="pass", player=player, rack="ОРТЪЫЬЭ" if player == 1 else None)
    game.add(type="end", player=0, racks={"0": "ЕИЕИЕИЕ", "1": "ОРТЪЫЬЭ"})
    body = gc.get(ANALYSIS.format(game.id)).get_json()
    passed = body["turns"][1]
    assert passed["status"] == "analysed" and passed["count_exact"] and passed["best_exact"]
    best = passed["best"][0]
    assert len(best["parts"]) > 1 and passed["missed"] == best["score"]
    board = gc.get(f"/api/v1/games/{game.id}").get_json()["board"]
    scored = gc.post(
        "/api/v1/score",
        json={
            "ruleset": "erudite-ru",
            "board": board,
            "placement": best["tiles"],
            "validate": True,
        },
    ).get_json()
    assert scored["all_valid"] and scored["score"] == best["score"]
    notes = gc.get(ANALYSIS.format(game.id) + ".gcg").get_data(as_text=True)
    assert f"#note best {' + '.join(p['move'] for p in best['parts'])} {best['score']}" in notes
