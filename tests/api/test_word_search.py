"""GET /api/v1/words/search: anagrams, patterns and hooks, sorted and paged."""

from __future__ import annotations

import pytest

SEARCH = "/api/v1/words/search"


def get(client, **query):
    r = client.get(SEARCH, query_string={"ruleset": "scrabble-en", **query})
    return r.status_code, r.get_json()


def test_anagrams_of_all_the_tiles(client):
    status, body = get(client, anagram="AEINRST")
    assert status == 200
    assert body["words"] == sorted(body["words"])
    assert {"RETAINS", "NASTIER", "STAINER", "RETINAS"} <= set(body["words"])
    assert body["count"] == len(body["words"]) and all(len(w) == 7 for w in body["words"])
    assert "next_after" not in body


def test_sub_anagrams_and_blanks(client):
    _, some = get(client, anagram="CAT", all="true")
    assert set(some["words"]) == {"ACT", "AT", "CAT", "TA"}
    _, blank = get(client, anagram="QI?", all="true", max_length=3)
    assert "QI" in blank["words"] and "QIS" in blank["words"]
    assert all(len(w) <= 3 for w in blank["words"])


def test_a_pattern(client):
    _, body = get(client, pattern="Q..E*", max_length=6)
    assert body["words"] == ["QUAERE", "QUEEN", "QUEENS", "QUEER", "QUEERS", "QUIET", "QUIETS"]
    _, exact = get(client, pattern="..Z")
    assert set(exact["words"]) >= {"ADZ", "BIZ", "COZ", "FEZ", "WIZ"}
    assert all(len(w) == 3 and w.endswith("Z") for w in exact["words"])


def test_hooks(client):
    _, body = get(client, hooks="CARE")
    assert body["hooks"] == {"word": "CARE", "valid": True, "front": ["S"], "back": list("DRSTX")}
    _, phony = get(client, hooks="XQZ")
    assert phony["hooks"]["valid"] is False and phony["hooks"]["back"] == []


def test_pages_follow_each_other(client):
    _, whole = get(client, pattern="..", limit=1000)
    pages, after = [], None
    while True:
        query = {"pattern": "..", "limit": 25, **({"after": after} if after else {})}
        _, page = get(client, **query)
        pages += page["words"]
        assert page["count"] == whole["count"]
        after = page.get("next_after")
        if after is None:
            break
    assert pages == whole["words"] and len(pages) == whole["count"] > 25


def test_the_ruleset_filter_applies(client):
    """Erudite finds only the nouns it accepts: КОШКА, never the plural КОШКИ."""
    r = client.get(SEARCH, query_string={"ruleset": "erudite-ru", "pattern": "КОШК."})
    words = r.get_json()["words"]
    assert "КОШКА" in words and "КОШКИ" not in words
    r = client.get(SEARCH, query_string={"ruleset": "scrabble-es", "pattern": "[CH]ICO"})
    assert r.get_json()["words"] == ["[CH]ICO"]


@pytest.mark.parametrize(
    ("query", "status", "code"),
    [
        ({}, 422, "invalid-request"),
        ({"anagram": "AB", "pattern": "A."}, 422, "invalid-request"),
        ({"pattern": "*"}, 422, "search-too-broad"),
        ({"anagram": "AB1"}, 422, "unknown-tile"),
        ({"anagram": "A???"}, 422, "invalid-request"),
        ({"pattern": "A.", "min_length": 5, "max_length": 3}, 422, "invalid-request"),
        ({"pattern": "A.", "limit": 0}, 400, "malformed-request"),
        ({"pattern": "A.", "colour": "red"}, 400, "malformed-request"),
    ],
)
def test_bad_searches_are_problems(client, query, status, code):
    got, body = get(client, **query)
    assert (got, body["code"]) == (status, code)


def test_many_runs_are_walked_once(client):
    """Runs side by side are one run, and each prefix is walked once: a pattern
    of thirty runs answers like one of a single run."""
    _, many = get(client, pattern="*" * 30 + "Q")
    _, one = get(client, pattern="*Q")
    assert many["words"] == one["words"] and "TRANQ" in one["words"]


def test_only_words_of_the_lengths_count_toward_the_cap(client):
    _, body = get(client, pattern="*", min_length=15, max_length=15)
    _, dots = get(client, pattern="." * 15)
    assert body["count"] == dots["count"] > 1000
