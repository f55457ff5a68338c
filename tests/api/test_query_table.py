"""Query strings: validated once, then answered from a bounded table of frozen models."""

from __future__ import annotations

import pydantic
import pytest

from adjudicator.web import requests as web_requests
from adjudicator.web.models import WordQuery

WORD = "/api/v1/words/QI?"


def test_a_query_string_seen_before_gives_the_same_frozen_model(app):
    web_requests._QUERIES.clear()
    with app.test_request_context(WORD + "ruleset=scrabble-en"):
        first = web_requests.parse_query(WordQuery)
    with app.test_request_context(WORD + "ruleset=scrabble-en"):
        again = web_requests.parse_query(WordQuery)
    assert again is first and first.ruleset == "scrabble-en"
    with pytest.raises(pydantic.ValidationError):
        first.ruleset = "erudite-ru"  # shared between requests, so never changed
    with app.test_request_context(WORD + "ruleset=erudite-ru"):
        other = web_requests.parse_query(WordQuery)
    assert other.ruleset == "erudite-ru"


def test_refused_query_strings_are_refused_every_time_and_not_kept(client):
    web_requests._QUERIES.clear()
    for _ in range(2):
        twice = client.get(WORD + "ruleset=scrabble-en&ruleset=scrabble-ru")
        assert twice.status_code == 400 and "given 2 times" in twice.get_json()["detail"]
        unknown = client.get(WORD + "ruleset=scrabble-en&colour=red")
        assert unknown.status_code == 400
    assert not web_requests._QUERIES


def test_the_table_stays_bounded(client, monkeypatch):
    monkeypatch.setattr(web_requests, "_MAX_QUERIES", 8)
    web_requests._QUERIES.clear()
    for i in range(30):
        # 30 distinct query strings, one meaning: some letters percent-encoded.
        spelled = "".join(
            f"%{ord(c):02X}" if (i >> k) & 1 else c for k, c in enumerate("scrabble-en")
        )
        got = client.get(WORD + "ruleset=" + spelled)
        assert got.status_code == 200 and got.get_json()["valid"] is True
    assert 0 < len(web_requests._QUERIES) <= 8
