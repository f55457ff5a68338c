from __future__ import annotations

import pytest

pytestmark = pytest.mark.e2e


def test_healthz(live_server):
    status, _, body = live_server.request("GET", "/healthz")
    assert (status, body) == (200, {"status": "ok"})


def test_score_readme_example(live_server):
    status, _, body = live_server.request(
        "POST", "/api/v1/score", {"ruleset": "scrabble-en", "move": "8D WINDY"}
    )
    assert status == 200 and body["score"] == 32


def test_illegal_play_is_problem_json(live_server):
    status, headers, body = live_server.request(
        "POST", "/api/v1/score", {"ruleset": "scrabble-en", "move": "8A QI"}
    )
    assert status == 422 and body["code"] == "misses-start"
    assert headers["Content-Type"].startswith("application/problem+json")


def test_word_check_through_the_real_server(live_server):
    status, _, body = live_server.request(
        "POST", "/api/v1/words/check", {"ruleset": "erudite-ru", "words": ["ёлка", "столы"]}
    )
    assert status == 200
    assert [r["valid"] for r in body["results"]] == [True, False]
