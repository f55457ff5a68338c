from __future__ import annotations

import json

import pytest

from adjudicator.web import create_app
from tests.conftest import CONFIG, LEXICONS, admin_headers, board_rows, make_app


def challenge(client, headers=None, **body):
    body.setdefault("ruleset", "scrabble-en")
    return client.post("/api/v1/challenges", json=body, headers=headers or {})


@pytest.mark.parametrize(
    "rule,words,verdict,check",
    [
        ("double", ["QI", "ZA"], "acceptable", {"challenger_loses_turn": True, "play": "stands"}),
        (
            "double",
            ["QI", "ZQX"],
            "unacceptable",
            {"play": "withdrawn", "score_removed": True, "challenged_turn_over": True},
        ),
        (
            "single",
            ["QI"],
            "acceptable",
            {"challenger_loses_turn": False, "points_to_challenged": 0},
        ),
        ("single", ["ZQX"], "unacceptable", {"play": "withdrawn"}),
        ("five_point", ["QI"], "acceptable", {"points_to_challenged": 5}),
        ("five_point", ["QI", "ZA"], "acceptable", {"points_to_challenged": 10}),
        ("five_point", ["QI", "ZA", "JO"], "acceptable", {"points_to_challenged": 15}),
        (
            "five_point",
            ["QI", "ZA", "XQZ"],
            "unacceptable",
            {"points_to_challenged": 0, "play": "withdrawn"},
        ),
        ("ten_point", ["QI", "ZA"], "acceptable", {"points_to_challenged": 20}),
        ("triple", ["QI"], "acceptable", {"loses_game": "challenger"}),
        ("triple", ["ZQX"], "unacceptable", {"loses_game": "challenged"}),
    ],
)
def test_rule_consequences(client, rule, words, verdict, check):
    r = challenge(client, words=words, challenge_rule=rule)
    assert r.status_code == 201, r.get_json()
    body = r.get_json()
    assert body["verdict"] == verdict and body["rule"] == rule
    assert body["words_checked"] == len(words)
    for key, value in check.items():
        assert body["consequence"][key] == value


def test_default_rule_comes_from_the_ruleset(client):
    assert challenge(client, words=["QI"]).get_json()["rule"] == "double"
    r = challenge(client, ruleset="erudite-ru", words=["кошка"])
    assert r.get_json()["rule"] == "single"


def test_void_is_409(client):
    r = challenge(client, words=["QI"], challenge_rule="void")
    assert r.status_code == 409 and r.get_json()["code"] == "challenge-not-allowed"


def test_hidden_verdict_names_no_failing_word(client):
    r = challenge(client, words=["QI", "ZQX", "ZA"])
    body = r.get_json()
    assert body["verdict"] == "unacceptable"
    assert body["words"] == ["QI", "ZQX", "ZA"]
    text = json.dumps(body)
    assert '"valid"' not in text and "reason" not in text and "not-in-lexicon" not in text
    admin = admin_headers(client.application)
    revealed = challenge(client, admin, words=["QI", "ZQX", "ZA"], reveal=True).get_json()
    assert [w["valid"] for w in revealed["words"]] == [True, False, True]
    assert revealed["words"][1]["reason"]["code"] == "not-in-lexicon"


def test_play_forms_are_challenged_whole(client):
    board = board_rows(r7="...WINDY")
    r = challenge(client, board=board, move="9D OX")  # OX, WO, IX: IX is no ENABLE word
    body = r.get_json()
    assert body["words"] == ["OX", "WO", "IX"] and body["verdict"] == "unacceptable"
    sub = challenge(client, board=board, move="9D OX", words=["wo"]).get_json()
    assert sub["words"] == ["WO"] and sub["words_checked"] == 1
    assert sub["verdict"] == "acceptable"
    good = challenge(client, board=board, move="9H AX").get_json()
    assert good["words"] == ["AX", "YA"] and good["verdict"] == "acceptable"
    bad = challenge(client, board=board, move="9D OX", words=["CAT"])
    assert bad.status_code == 422 and bad.get_json()["field"] == "words[0]"


def test_illegal_play_in_a_challenge_is_422(client):
    r = challenge(client, move="8A QI")
    assert r.status_code == 422 and r.get_json()["code"] == "misses-start"


def test_audit_trail_records_and_survives_restart(tmp_path):
    db = tmp_path / "audit.db"
    cfg = {
        "config_dir": str(CONFIG),
        "lexicon_dir": str(LEXICONS),
        "database_url": f"sqlite:///{db}",
    }
    first = create_app(cfg).test_client()
    made = challenge(
        first, words=["QI", "ZQX"], players={"challenger": "Ann", "challenged": "Bob"}, station="T7"
    )
    assert made.status_code == 201
    id_ = made.get_json()["id"]
    assert made.headers["Location"] == f"/api/v1/adjudications/{id_}"
    second = create_app(cfg).test_client()  # a restart: a new app on the same file
    admin = admin_headers(second.application)
    second.environ_base["HTTP_AUTHORIZATION"] = admin["Authorization"]
    got = second.get(f"/api/v1/adjudications/{id_}").get_json()
    assert got["verdict"] == "unacceptable" and got["asked_by"] == "station:T7"
    assert got["lexicon"]["checksum"].startswith("sha256:")
    assert got["players"] == {"challenger": "Ann", "challenged": "Bob"}
    assert got["words"] == ["QI", "ZQX"]
    listed = second.get("/api/v1/adjudications?since=2000-01-01T00:00:00Z").get_json()
    assert [a["id"] for a in listed["adjudications"]] == [id_]
    assert listed["adjudications"][0]["words"][1]["valid"] is False
    assert second.get("/api/v1/adjudications/nope").status_code == 404
    assert second.get("/api/v1/adjudications?since=yesterday").status_code == 400


def test_the_audit_trail_is_read_a_page_at_a_time_by_its_next_link(tmp_path):
    """More records than a page holds are all reached through the Link header
    (the trail used to stop at 500 without saying so)."""
    c = make_app(tmp_path / "a.db", admin_key="s3cret-key").test_client()
    made = [challenge(c, words=["QI"]).get_json()["id"] for _ in range(5)]
    auth = {"Authorization": "Bearer s3cret-key"}
    url, seen, pages = "/api/v1/adjudications?since=2000-01-01T00:00:00Z&limit=2", [], []
    while url:
        resp = c.get(url, headers=auth)
        assert resp.status_code == 200, resp.get_json()
        body = resp.get_json()
        seen += [a["id"] for a in body["adjudications"]]
        pages.append(body["next_after"])
        link = resp.headers.get("Link")
        assert (link is None) == (body["next_after"] is None)
        url = link[1 : link.index(">")] if link else None
        assert url is None or "since=2000-01-01" in url and "limit=2" in url
    assert seen == made and len(pages) == 3 and pages[-1] is None
    assert c.get("/api/v1/adjudications?limit=0", headers=auth).status_code == 400
    assert c.get("/api/v1/adjudications?after=x1", headers=auth).status_code == 400


def test_admin_key_protects_listing_and_reveal(tmp_path):
    app = create_app(
        {
            "config_dir": str(CONFIG),
            "lexicon_dir": str(LEXICONS),
            "database_url": f"sqlite:///{tmp_path / 'a.db'}",
            "admin_key": "s3cret-key",
        }
    )
    c = app.test_client()
    assert c.get("/api/v1/adjudications").status_code == 401
    bad = c.get("/api/v1/adjudications", headers={"Authorization": "Bearer nope"})
    assert bad.status_code == 403 and bad.mimetype == "application/problem+json"
    ok = c.get("/api/v1/adjudications", headers={"Authorization": "Bearer s3cret-key"})
    assert ok.status_code == 200
    assert challenge(c, words=["QI"], reveal=True).status_code == 401
    assert challenge(c, words=["QI"]).status_code == 201
