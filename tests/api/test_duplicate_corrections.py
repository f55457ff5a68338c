"""Corrections of a Duplicate game: slips replaced or withdrawn in any round,
the open round's typed draw replaced; the standings follow, the history stays."""

from __future__ import annotations

import pytest

from tests.api.test_duplicates import API, close, create, draw, fisf, plays, slip


def slips_of(game, round_no):
    return {s["number"]: s for s in game["rounds"][round_no - 1]["slips"]}


def total(game, name):
    return next(s["total"] for s in game["standings"] if s["name"] == name)


def put_slip(client, id_, h, round_no, number, **body):
    body = {"reference": None, "score": None, **body}
    return client.put(f"{API}/{id_}/rounds/{round_no}/slips/{number}", json=body, headers=h)


def test_a_slip_replaced_after_its_round_closed(client):
    id_, h = create(client, seed="corr")
    game = draw(client, id_, h)
    best = plays(client, "scrabble-fr", game)
    ref, word = fisf(best[0]["move"])
    wrong = slip(client, id_, h, 0, "ZZZZZZZ", ref, best[0]["score"])  # typed in wrongly
    assert wrong["valid"] is False and wrong["number"] == 0
    slip(client, id_, h, 1, word, ref, best[0]["score"])
    game = close(client, id_, h)
    version = game["version"]
    assert total(game, "Ann") == 0
    r = put_slip(client, id_, h, 1, 0, player=0, word=word, reference=ref, score=best[0]["score"])
    assert r.status_code == 200, r.json
    fixed = r.json["slip"]
    assert fixed["valid"] and fixed["corrected"] and fixed["written"]["word"] == word
    game = client.get(f"{API}/{id_}").json
    assert total(game, "Ann") == best[0]["score"] == total(game, "Bob")
    assert game["version"] == version + 1  # one more event: the wrong slip stays in the record
    assert slips_of(game, 1)[0]["corrected"] is True


def test_a_slip_given_to_the_wrong_player(client):
    id_, h = create(client, seed="who")
    game = draw(client, id_, h)
    best = plays(client, "scrabble-fr", game)
    ref, word = fisf(best[0]["move"])
    slip(client, id_, h, 0, word, ref, best[0]["score"])  # was Bob's
    r = put_slip(client, id_, h, 1, 0, player=1, word=word, reference=ref, score=best[0]["score"])
    assert r.json["slip"]["name"] == "Bob"
    game = close(client, id_, h)
    assert (total(game, "Ann"), total(game, "Bob")) == (0, best[0]["score"])


def test_a_second_slip_entered_by_mistake_is_withdrawn(client):
    id_, h = create(client, seed="twice")
    game = draw(client, id_, h)
    best = plays(client, "scrabble-fr", game)
    ref, word = fisf(best[0]["move"])
    slip(client, id_, h, 0, word, ref, best[0]["score"])
    again = slip(client, id_, h, 0, word, ref, best[0]["score"])
    assert again["null"] == "several-slips" and again["number"] == 1
    game = client.get(f"{API}/{id_}", headers=h).json
    assert [s["null"] for s in game["rounds"][0]["slips"]] == ["several-slips"] * 2
    r = client.delete(f"{API}/{id_}/rounds/1/slips/1", headers=h)
    assert r.status_code == 200, r.json
    assert [s["number"] for s in r.json["rounds"][0]["slips"]] == [0]
    assert r.json["rounds"][0]["slips"][0]["valid"] is True
    assert total(close(client, id_, h), "Ann") == best[0]["score"]
    r = client.delete(f"{API}/{id_}/rounds/1/slips/1", headers=h)  # already withdrawn
    assert (r.status_code, r.json["code"]) == (404, "unknown-duplicate-slip")


def test_an_early_correction_changes_what_later_warnings_cost(client):
    id_, h = create(client, players=("Ann",), seed="warn")
    for _ in range(4):  # four wrong scores: the fourth costs 5 points
        game = draw(client, id_, h)
        best = plays(client, "scrabble-fr", game)
        ref, word = fisf(best[0]["move"])
        last = slip(client, id_, h, 0, word, ref, best[0]["score"] + 1)
        close(client, id_, h)
    assert last["penalties"] == [{"code": "warnings", "points": 5}]
    game = client.get(f"{API}/{id_}").json
    first = slips_of(game, 1)[0]["written"]
    r = put_slip(
        client,
        id_,
        h,
        1,
        0,
        player=0,
        word=first["word"],
        reference=first["reference"],
        score=game["rounds"][0]["top"]["score"],
    )
    assert r.json["slip"]["warnings"] == []
    game = client.get(f"{API}/{id_}").json
    assert slips_of(game, 4)[0]["penalties"] == []
    assert total(game, "Ann") == game["top_total"]


def test_a_typed_draw_corrected_rules_its_slips_again(client):
    id_, h = create(client, typed=True)
    draw(client, id_, h, "MEEISAS")  # the arbiter meant MEEISAN
    assert slip(client, id_, h, 0, "SEMAINE", "H2", 70)["null"] == "not-from-draw"
    r = client.put(f"{API}/{id_}/draw", json={"letters": "MEEISAN"}, headers=h)
    assert r.status_code == 200, r.json
    game = r.json
    assert game["draw"] == "AEEIMNS" and game["rounds"][0]["redrawn"] is True
    assert slips_of(game, 1)[0]["points"] == 70
    r = client.put(f"{API}/{id_}/draw", json={"letters": "AEIOUS?"}, headers=h)
    assert (r.status_code, r.json["reason"]) == (422, "short")
    close(client, id_, h)
    r = client.put(f"{API}/{id_}/draw", json={"letters": "MEEISAN"}, headers=h)
    assert (r.status_code, r.json["code"]) == (409, "duplicate-phase")


def test_the_services_own_draw_is_not_corrected(client):
    id_, h = create(client, seed="own")
    draw(client, id_, h)
    r = client.put(f"{API}/{id_}/draw", json={"letters": "MEEISAN"}, headers=h)
    assert (r.status_code, r.json["reason"]) == (422, "not-typed")


@pytest.mark.parametrize(("round_no", "number"), [(1, 0), (2, 0), (0, 0), (1, 99)])
def test_unknown_slips(client, round_no, number):
    id_, h = create(client, seed="none")
    draw(client, id_, h)
    r = put_slip(client, id_, h, round_no, number, player=0, word="A", reference="H8")
    assert (r.status_code, r.json["code"]) == (404, "unknown-duplicate-slip")


def test_corrections_need_the_token(client):
    id_, h = create(client, seed="tok")
    draw(client, id_, h)
    slip(client, id_, h, 0, "", None)
    bad = {"X-Game-Token": "no"}
    assert put_slip(client, id_, bad, 1, 0, player=0, word="A").status_code == 403
    assert client.delete(f"{API}/{id_}/rounds/1/slips/0", headers=bad).status_code == 403
    r = client.put(f"{API}/{id_}/draw", json={"letters": "MEEISAN"}, headers=bad)
    assert r.status_code == 403
