from __future__ import annotations


def test_list(client):
    names = [r["name"] for r in client.get("/api/v1/rulesets").get_json()["rulesets"]]
    assert {"scrabble-en", "scrabble-en-9", "scrabble-ru", "erudite-ru"} <= set(names)


def test_show_erudite(client):
    body = client.get("/api/v1/rulesets/erudite-ru").get_json()
    assert body["rack_size"] == 7 and body["bingo_bonus"] == 15
    assert body["multi_line_moves"] and body["star_swap"] and body["blank_scores"] == "letter"
    assert body["tiles"]["blank"] == {"label": "*", "count": 3}
    assert body["tiles"]["total"] == 106
    assert {p["colour"] for p in body["layout"]["legend"]} == {"green", "yellow", "blue", "red"}
    assert body["fold"] == {"Ё": "Е", "ё": "е"}


def test_show_unknown(client):
    r = client.get("/api/v1/rulesets/nope")
    assert r.status_code == 404 and r.mimetype == "application/problem+json"


def test_health(client):
    assert client.get("/healthz").get_json() == {"status": "ok"}


def test_routing_errors_are_problems(client):
    r = client.get("/api/v1/nothing-here")
    assert r.status_code == 404 and r.mimetype == "application/problem+json"
    r = client.delete("/api/v1/score")
    assert r.status_code == 405 and r.mimetype == "application/problem+json"
    assert "POST" in r.headers["Allow"]
