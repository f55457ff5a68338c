from __future__ import annotations

import urllib.parse

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


def test_a_url_too_long_for_gunicorn_is_a_problem_document(live_server):
    """Gunicorn refuses a request line over 8,190 bytes before the app sees it; its
    worker answers with a problem document all the same (a 5,000-letter word)."""
    word = urllib.parse.quote("Щ" * 5000)
    status, headers, body = live_server.request("GET", f"/api/v1/words/{word}?ruleset=scrabble-ru")
    assert status == 414 and body["code"] == "uri-too-long" and body["status"] == 414
    assert headers["Content-Type"] == "application/problem+json"
    assert live_server.request("GET", "/healthz")[0] == 200  # and the worker serves on
