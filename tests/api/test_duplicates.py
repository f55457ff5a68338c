"""Duplicate games through the API: made games in French and Dutch, 300 slips
whose standings are recomputed here, the seed, and the refusals."""

from __future__ import annotations

import pytest

from adjudicator.core.coords import parse_coord
from adjudicator.core.references import write_reference

API = "/api/v1/duplicates"


def create(client, ruleset="scrabble-fr", players=("Ann", "Bob"), **kw):
    r = client.post(API, json={"ruleset": ruleset, "players": list(players), **kw})
    assert r.status_code == 201, r.json
    assert r.headers["Location"] == f"{API}/{r.json['id']}"
    return r.json["id"], {"X-Game-Token": r.json["token"]}


def draw(client, id_, headers, letters=None):
    body = {} if letters is None else {"letters": letters}
    r = client.post(f"{API}/{id_}/draw", json=body, headers=headers)
    assert r.status_code == 200, r.json
    return r.json


def slip(client, id_, headers, player, word, reference, score=None, **kw):
    body = {"player": player, "word": word, "reference": reference, "score": score, **kw}
    r = client.post(f"{API}/{id_}/slips", json=body, headers=headers)
    assert r.status_code == 201, r.json
    return r.json["slip"]


def close(client, id_, headers):
    r = client.post(f"{API}/{id_}/close", json={}, headers=headers)
    assert r.status_code == 200, r.json
    return r.json


def plays(client, ruleset, game, limit=20):
    """The best plays of the round's draw, from the finder (the test's own source)."""
    r = client.post(
        "/api/v1/plays",
        json={"ruleset": ruleset, "rack": game["draw"], "board": game["board"], "limit": limit},
    )
    assert r.status_code == 200, r.json
    return r.json["plays"]


def fisf(move):
    """A finder move (GCG, ``8D WORD``) as a slip writes it: FISF reference, word."""
    coord, word = move.split()
    return write_reference(parse_coord(coord)), word


def test_a_made_game_in_french(client):
    id_, h = create(client, seed="vichy")
    game = draw(client, id_, h)
    assert (game["phase"], game["round"], game["bag"]) == ("play", 1, 102 - 7)
    best = plays(client, "scrabble-fr", game)
    ref, word = fisf(best[0]["move"])
    top = slip(client, id_, h, 0, word, ref, best[0]["score"])
    assert (top["valid"], top["score"], top["warnings"], top["points"]) == (
        True,
        best[0]["score"],
        [],
        best[0]["score"],
    )
    assert top["reference"] == ref
    # Bob writes a lesser play with the wrong score: a warning, the real score.
    ref2, word2 = fisf(best[-1]["move"])
    other = slip(client, id_, h, 1, word2, ref2, best[-1]["score"] + 1)
    assert other["warnings"] == ["wrong-score"] and other["score"] == best[-1]["score"]
    game = close(client, id_, h)
    assert game["rounds"][0]["top"]["score"] == best[0]["score"]
    assert game["phase"] == "draw" and game["round"] == 2
    assert sum(row.count(".") for row in game["board"]) == 225 - len(word.replace(".", ""))
    standings = {s["name"]: s for s in game["standings"]}
    assert standings["Ann"]["negatif"] == 0 and standings["Ann"]["percent"] == 100.0
    assert standings["Bob"]["negatif"] == best[0]["score"] - best[-1]["score"]
    # Round 2 on the board the top left: the finder and the service agree again.
    game = draw(client, id_, h)
    best = plays(client, "scrabble-fr", game)
    ref, word = fisf(best[0]["move"])
    assert slip(client, id_, h, 1, word, ref, best[0]["score"])["points"] == best[0]["score"]
    game = close(client, id_, h)
    assert game["top_total"] == sum(r["top"]["score"] for r in game["rounds"])
    shown = client.get(f"{API}/{id_}").json
    assert shown["rounds"] == game["rounds"] and shown["standings"] == game["standings"]
    assert shown["seed"] is None and shown["seeded"] is True


def test_a_made_game_in_dutch_with_gcg_references(client):
    id_, h = create(client, "scrabble-nl", ("Jan", "Els", "Piet"), seed="gent")
    for _ in range(3):
        game = draw(client, id_, h)
        best = plays(client, "scrabble-nl", game)
        coord, word = best[0]["move"].split()
        ruled = slip(client, id_, h, 0, word, coord, best[0]["score"], notation="gcg")
        assert ruled["valid"] and ruled["gcg"] == coord
        slip(client, id_, h, 1, "", None)  # a blank slip
        game = close(client, id_, h)
    table = {s["name"]: s for s in game["standings"]}
    assert table["Jan"]["total"] == game["top_total"] > 0
    assert table["Els"]["total"] == 0 and table["Els"]["negatif"] == game["top_total"]
    assert table["Piet"]["percent"] == 0.0
    assert [s["name"] for s in game["standings"]][0] == "Jan"


@pytest.mark.slow
def test_300_slips_and_the_standings_recomputed(client):
    players = [f"P{i:02}" for i in range(20)]
    id_, h = create(client, players=players, seed="festival")
    expected = [0] * 20
    warnings = [0] * 20
    top_total = 0
    for _ in range(15):
        game = draw(client, id_, h)
        best = plays(client, "scrabble-fr", game, limit=20)
        top_total += best[0]["score"]
        for p in range(20):
            play = best[p % len(best)]
            ref, word = fisf(play["move"])
            kind = (p + game["round"]) % 5
            if kind == 4:  # a word the draw cannot make: null
                slip(client, id_, h, p, "ZZZZZZZ", "H8", 50)
                continue
            announced = play["score"] + (1 if kind == 3 else 0)
            ruled = slip(client, id_, h, p, word, ref, announced)
            assert ruled["valid"] and ruled["score"] == play["score"]
            points = play["score"]
            if kind == 3:  # a wrong score: a warning, 5 points from the fourth on
                warnings[p] += 1
                if warnings[p] > 3:
                    points -= 5
            assert ruled["points"] == points
            expected[p] += points
        game = close(client, id_, h)
        assert game["rounds"][-1]["top"]["score"] == best[0]["score"]
        if game["phase"] == "over":
            break
    game = client.get(f"{API}/{id_}").json
    assert sum(len(r["slips"]) for r in game["rounds"]) == 300
    assert game["top_total"] == top_total
    got = {s["player"]: s for s in game["standings"]}
    for p in range(20):
        assert got[p]["total"] == expected[p]
        assert got[p]["negatif"] == top_total - expected[p]
        assert got[p]["percent"] == round(100 * expected[p] / top_total, 2)
    totals = [s["total"] for s in game["standings"]]
    assert totals == sorted(totals, reverse=True)


def draws_of(client, seed, rounds=6):
    id_, h = create(client, seed=seed)
    out = []
    for _ in range(rounds):
        out.append(draw(client, id_, h)["draw"])
        close(client, id_, h)
    return out


def test_the_seed_reproduces_the_draws(client):
    assert draws_of(client, "same") == draws_of(client, "same")
    assert draws_of(client, "same") != draws_of(client, "other")


def test_typed_draws(client):
    id_, h = create(client, typed=True)
    r = client.post(f"{API}/{id_}/draw", json={}, headers=h)
    assert (r.status_code, r.json["code"], r.json["reason"]) == (422, "invalid-draw", "typed")
    for letters, reason in [("AEIOUS?", "short"), ("MEEISA", "size"), ("ZZZZZZZ", "not-in-bag")]:
        r = client.post(f"{API}/{id_}/draw", json={"letters": letters}, headers=h)
        assert (r.status_code, r.json["reason"]) == (422, reason), r.json
    game = draw(client, id_, h, "MEEISAN")
    assert game["draw"] == "AEEIMNS" and game["rounds"][0]["typed"] is True
    # The rules' own example: the top of MEEISAN on an empty board scores 70.
    assert slip(client, id_, h, 0, "SEMAINE", "H2", 70)["points"] == 70
    assert slip(client, id_, h, 1, "MINEES", "H4", 18)["points"] == 18
    again = slip(client, id_, h, 1, "MINEES", "H4", 18)
    assert again["null"] == "several-slips"
    game = close(client, id_, h)
    assert game["rounds"][0]["top"]["score"] == 70
    bob = next(s for s in game["standings"] if s["name"] == "Bob")
    assert bob["total"] == 0  # two slips for one move: the move is null
    # The next draw must keep the rack left by the top.
    left = sorted("AEEIMNS")
    for letter in game["rounds"][0]["top"]["word"]:
        if letter in left:
            left.remove(letter)
    r = client.post(f"{API}/{id_}/draw", json={"letters": "BCDFGHJ"}, headers=h)
    assert r.status_code == 422 and (r.json["reason"] == "not-in-bag" or not left)


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("post", "/draw", {}),
        ("post", "/slips", {"player": 0, "word": "A", "reference": "H8"}),
        ("post", "/close", {}),
    ],
)
def test_writes_need_the_token(client, method, path, body):
    id_, _ = create(client, seed="x")
    r = getattr(client, method)(f"{API}/{id_}{path}", json=body, headers={"X-Game-Token": "no"})
    assert (r.status_code, r.json["code"]) == (403, "forbidden")


def test_refusals(client):
    r = client.get(f"{API}/{'0' * 32}")
    assert (r.status_code, r.json["code"]) == (404, "unknown-duplicate")
    r = client.post(API, json={"ruleset": "scrabble-en", "players": ["A"]})
    assert (r.status_code, r.json["code"]) == (422, "no-duplicate-rules")
    id_, h = create(client, seed="x")
    r = client.post(f"{API}/{id_}/close", json={}, headers=h)
    assert (r.status_code, r.json["code"]) == (409, "duplicate-phase")
    draw(client, id_, h)
    r = client.post(f"{API}/{id_}/draw", json={}, headers=h)
    assert (r.status_code, r.json["code"]) == (409, "duplicate-phase")
    r = client.post(
        f"{API}/{id_}/slips", json={"player": 7, "word": "A", "reference": "H8"}, headers=h
    )
    assert (r.status_code, r.json["code"]) == (422, "unknown-duplicate-player")
    r = client.post(
        f"{API}/{id_}/slips", json={"player": 0, "word": "A", "reference": "88"}, headers=h
    )
    assert r.status_code == 422
    assert client.get(f"{API}/{id_}").json["round_seconds"] == 180


def test_a_game_to_its_end(client):
    id_, h = create(client, seed="fin")
    for _ in range(60):
        game = draw(client, id_, h)
        if game["phase"] == "over":
            break
        game = close(client, id_, h)
        if game["phase"] == "over":
            break
    assert game["phase"] == "over" and game["seed"] == "fin"
    r = client.post(f"{API}/{id_}/draw", json={}, headers=h)
    assert (r.status_code, r.json["code"]) == (409, "duplicate-over")


def test_the_ruleset_shows_its_duplicate_rules(client):
    rules = client.get("/api/v1/rulesets/scrabble-fr").json["duplicate"]
    assert rules["round_seconds"] == 180
    assert rules["draw_minimums"][0] == {"until": 15, "vowels": 2, "consonants": 2}
    assert rules["either"] == ["Y"]
    assert client.get("/api/v1/rulesets/scrabble-en").json["duplicate"] is None


def test_a_draw_short_of_the_minimum_goes_back_with_the_rack_left(client):
    """Art. 2.2 as Eliot applies it: the rejected draw goes back to the bag in full,
    the rack left too; the new one need not hold it, if the arbiter says so."""
    id_, h = create(client, typed=True)
    draw(client, id_, h, "KWZAEIO")
    game = close(client, id_, h)
    left = sorted("AEIKOWZ")
    for letter in game["rounds"][0]["top"]["word"]:
        if letter in left:
            left.remove(letter)
    fresh = "BOUCLER"
    assert set(left) - set(fresh)  # the top keeps letters the new draw lacks
    r = client.post(f"{API}/{id_}/draw", json={"letters": fresh}, headers=h)
    assert (r.status_code, r.json["reason"]) == (422, "not-in-bag")
    r = client.post(f"{API}/{id_}/draw", json={"letters": fresh, "rejected": True}, headers=h)
    assert r.status_code == 200, r.json
    assert r.json["rounds"][1]["rejected"] is True


def test_the_round_in_plays_slips_are_the_arbiters_until_the_close(client):
    """A player in the room reading the game on a phone sees no slip of the round
    in play; the arbiter (the write token) does; everyone does once it is closed."""
    id_, h = create(client, seed="hidden")
    game = draw(client, id_, h)
    best = plays(client, "scrabble-fr", game, limit=1)[0]
    ref, word = fisf(best["move"])
    slip(client, id_, h, 0, word, ref, best["score"])
    assert client.get(f"{API}/{id_}").json["rounds"][0]["slips"] == []
    wrong = {"X-Game-Token": "not-the-token"}
    assert client.get(f"{API}/{id_}", headers=wrong).json["rounds"][0]["slips"] == []
    seen = client.get(f"{API}/{id_}", headers=h).json["rounds"][0]["slips"]
    assert [s["player"] for s in seen] == [0]
    r = client.get(f"{API}/{id_}/record")
    assert (r.status_code, r.json["code"]) == (403, "forbidden")
    assert client.get(f"{API}/{id_}/record", headers=h).status_code == 200
    close(client, id_, h)
    assert [s["player"] for s in client.get(f"{API}/{id_}").json["rounds"][0]["slips"]] == [0]
