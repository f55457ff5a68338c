"""Duplicate's pages as the server makes them: linked from the front page,
the new game offering only rulesets with Duplicate rules, the game's own
ruleset and words in the reader's language, a 404 for an unknown game, a
room display that carries no token and no slip, and the replay alone's page."""

from __future__ import annotations

import json
import re
import typing as t

API = "/api/v1/duplicates"
ICON = '<link rel="icon" type="image/svg+xml" href="/static/favicon.svg">'


def embedded(page: str, id_: str) -> t.Any:
    found = re.search(rf'<script type="application/json" id="{id_}">(.*?)</script>', page, re.S)
    assert found, id_
    return json.loads(found.group(1))


def make_game(client) -> tuple[str, str]:
    r = client.post(API, json={"ruleset": "scrabble-nl", "players": ["Jan", "Els"], "seed": "a"})
    assert r.status_code == 201, r.json
    return r.json["id"], r.json["token"]


def test_the_front_page_links_duplicate(client):
    page = client.get("/", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert 'href="/duplicate"' in page and "Arbitrer une partie de Duplicate" in page


def test_a_new_game_offers_the_rulesets_that_play_duplicate(client):
    resp = client.get("/duplicate", headers={"Accept-Language": "fr"})
    assert resp.status_code == 200 and resp.mimetype == "text/html"
    assert resp.headers["Content-Security-Policy"].startswith("default-src 'self'")
    page = resp.get_data(as_text=True)
    assert ICON in page and "Nouvelle partie de Duplicate" in page
    offered = re.findall(r'<option value="([^"]+)" data-language', page)
    assert sorted(offered) == ["scrabble-fr", "scrabble-nl"]
    assert all(r["duplicate"] for r in embedded(page, "rulesets").values())
    strings = embedded(page, "strings")
    assert strings["rulings"]["null"]["invalid-word"] == "mot non valable"
    assert strings["problems"]["draw-short"].startswith("Le coup {round} demande")


def test_the_arbiters_page_and_the_room_display_of_a_game(client):
    id_, token = make_game(client)
    client.post(f"{API}/{id_}/draw", json={}, headers={"X-Game-Token": token})
    client.post(
        f"{API}/{id_}/slips",
        json={"player": 0, "word": "", "reference": None},
        headers={"X-Game-Token": token},
    )
    arbiter = client.get(f"/duplicate/{id_}/arbiter?lang=nl").get_data(as_text=True)
    assert ICON in arbiter and 'data-ruleset="scrabble-nl"' in arbiter
    assert embedded(arbiter, "strings")["move"] == "Zet {round}"
    room = client.get(f"/duplicate/{id_}?lang=nl")
    assert room.status_code == 200
    page = room.get_data(as_text=True)
    assert ICON in page and "Nederlands Scrabble" in page
    assert list(embedded(page, "rulesets")) == ["scrabble-nl"]
    assert token not in page and "blank-slip" not in page  # no token, no ruling
    assert f'data-api-url="{API}/{id_}"' in page
    alone = client.get(f"/duplicate/{id_}/alone?lang=nl").get_data(as_text=True)
    assert ICON in alone and "Duplicate alleen" in alone and token not in alone
    assert list(embedded(alone, "rulesets")) == ["scrabble-nl"]
    assert embedded(alone, "strings")["rulings"]["null"]["blank-slip"] == "leeg briefje"


def test_an_unknown_game_has_no_page(client):
    for path in (
        f"/duplicate/{'0' * 32}",
        f"/duplicate/{'0' * 32}/arbiter",
        f"/duplicate/{'0' * 32}/alone",
    ):
        assert client.get(path).status_code == 404, path
    assert client.get("/duplicate/not-a-game").status_code == 404


def test_every_ruling_and_refusal_has_the_pages_words(client):
    """Each nullity, warning and penalty the API rules, each reason a draw is
    refused for and each problem an arbiter meets: never a bare code on a page."""
    from adjudicator.core.duplicate import Nullity, Penalty, SlipWarning

    strings = embedded(client.get("/duplicate?lang=fr").get_data(as_text=True), "strings")
    rulings = strings["rulings"]
    assert set(rulings["null"]) == {n.value for n in Nullity}
    assert set(rulings["warnings"]) == {w.value for w in SlipWarning}
    assert set(rulings["penalties"]) == {p.value for p in Penalty}
    assert rulings["null"]["ambiguous-reference"].startswith("référence ambiguë")
    assert rulings["penalties"]["final-letter"] == "dernière lettre omise ou erronée"
    reasons = ("size", "not-in-bag", "short", "typed", "replay", "not-typed")  # docs/problems.md
    codes = ("duplicate-phase", "duplicate-over", "unknown-duplicate-player")
    codes += ("unknown-duplicate-slip", "invalid-duplicate-record", "duplicate-not-over")
    assert {f"draw-{r}" for r in reasons} | set(codes) <= set(strings["problems"])
