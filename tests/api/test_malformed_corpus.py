"""A corpus of malformed requests: each gets a 4xx problem document naming the fault.

Each case: (id, method, path, body bytes or None, content type, status, code, hint), where
``hint`` must appear in the problem's ``detail`` or be its ``field``.  The service must
keep answering after all of them.
"""

from __future__ import annotations

import http.client
import json
from urllib.parse import urlsplit

import pytest

from tests.conftest import admin_headers

J = "application/json"
SCORE, CHECK, CHALLENGE = "/api/v1/score", "/api/v1/words/check", "/api/v1/challenges"
WORD = "/api/v1/words/"


def js(value) -> bytes:
    return json.dumps(value, ensure_ascii=False).encode()


def board(rows: int = 15, width: int = 15) -> list[str]:
    return ["." * width for _ in range(rows)]


def tile(row=7, col=7, letter="A", **more):
    return {"row": row, "col": col, "letter": letter, **more}


EN = {"ruleset": "scrabble-en"}

# fmt: off
CORPUS = [
    # --- not JSON at all, or not an object
    ("empty-body", "POST", CHECK, b"", J, 400, "malformed-request", "empty"),
    ("whitespace-body", "POST", CHECK, b"  \n ", J, 400, "malformed-request", "empty"),
    ("null", "POST", CHECK, b"null", J, 400, "malformed-request", "object"),
    ("array", "POST", SCORE, b"[]", J, 400, "malformed-request", "object"),
    ("string", "POST", CHALLENGE, b'"QI"', J, 400, "malformed-request", "object"),
    ("number", "POST", CHECK, b"42", J, 400, "malformed-request", "object"),
    ("truncated", "POST", CHECK, b'{"ruleset": "scrabble-en", "words": [',
     J, 400, "malformed-request", "Invalid JSON"),
    ("trailing-comma", "POST", CHECK, b'{"ruleset": "scrabble-en", "words": ["QI"],}',
     J, 400, "malformed-request", "trailing comma"),
    ("single-quotes", "POST", CHECK, b"{'ruleset': 'scrabble-en'}",
     J, 400, "malformed-request", "Invalid JSON"),
    ("trailing-garbage", "POST", SCORE, js({**EN, "move": "8D WINDY"}) + b" x",
     J, 400, "malformed-request", "trailing characters"),
    ("comment", "POST", CHECK, b'{"ruleset": "scrabble-en", "words": ["QI"]} // c',
     J, 400, "malformed-request", "Invalid JSON"),
    ("byte-order-mark", "POST", CHECK, b"\xef\xbb\xbf" + js({**EN, "words": ["QI"]}),
     J, 400, "malformed-request", "Invalid JSON"),
    ("nan", "POST", SCORE,
     b'{"ruleset": "scrabble-en", "placement": [{"row": NaN, "col": 7, "letter": "A"}]}',
     J, 400, "malformed-request", "NaN"),
    ("infinity", "POST", SCORE, b'{"ruleset": "scrabble-en", "move": "8D WINDY", "x": Infinity}',
     J, 400, "malformed-request", "Infinity"),
    ("invalid-utf8", "POST", CHECK, b'{"ruleset": "scrabble-en", "words": ["Q\xc0I"]}',
     J, 400, "malformed-request", "UTF-8"),
    ("latin1-body", "POST", CHECK,
     '{"ruleset": "scrabble-en", "words": ["CAFÉ"]}'.encode("latin-1"),
     J, 400, "malformed-request", "UTF-8"),
    ("lone-surrogate", "POST", CHECK, b'{"ruleset": "scrabble-en", "words": ["\\udc00"]}',
     J, 400, "malformed-request", "Invalid JSON"),
    ("control-character", "POST", CHECK, b'{"ruleset": "scrabble-en", "words": ["Q\x01I"]}',
     J, 400, "malformed-request", "control character"),
    ("deep-nesting", "POST", CHALLENGE,
     b'{"ruleset": "scrabble-en", "players": ' + b'{"a": ' * 40 + b"1" + b"}" * 41,
     J, 400, "malformed-request", "nested deeper"),
    # --- wrong fields and types
    ("unknown-field", "POST", CHECK, js({**EN, "words": ["QI"], "dictionary": "x"}),
     J, 400, "malformed-request", "dictionary"),
    ("missing-ruleset", "POST", SCORE, js({"move": "8D WINDY"}),
     J, 400, "malformed-request", "ruleset"),
    ("ruleset-number", "POST", CHECK, js({"ruleset": 1, "words": ["QI"]}),
     J, 400, "malformed-request", "ruleset"),
    ("ruleset-empty", "POST", CHECK, js({"ruleset": "", "words": ["QI"]}),
     J, 400, "malformed-request", "ruleset"),
    ("unknown-ruleset", "POST", CHECK, js({"ruleset": "scrabble-xx", "words": ["QI"]}),
     J, 404, "unknown-ruleset", "scrabble-xx"),
    ("no-lexicon", "POST", CHECK,
     js({"ruleset": "scrabble-pl", "lexicon": "osps", "words": ["ŻÓŁW"]}),
     J, 404, "unknown-lexicon", "osps"),
    ("words-string", "POST", CHECK, js({**EN, "words": "QI ZA"}),
     J, 400, "malformed-request", "words"),
    ("words-empty", "POST", CHECK, js({**EN, "words": []}), J, 400, "malformed-request", "words"),
    ("word-empty", "POST", CHECK, js({**EN, "words": ["QI", " "]}),
     J, 422, "invalid-request", "empty word"),
    ("word-null", "POST", CHECK, js({**EN, "words": [None]}),
     J, 400, "malformed-request", "words.0"),
    ("word-unknown-tile", "POST", CHECK, js({**EN, "words": ["QI", "ЯK"]}),
     J, 422, "unknown-tile", "words[1]"),
    ("word-too-long", "POST", CHECK, js({**EN, "words": ["A" * 65]}),
     J, 422, "word-too-long", "at most 64"),
    ("too-many-words", "POST", CHECK, js({**EN, "words": ["QI"] * 10_001}),
     J, 422, "invalid-request", "at most 10000"),
    # --- placements
    ("placement-and-move", "POST", SCORE, js({**EN, "move": "8D WINDY", "placement": [tile()]}),
     J, 400, "malformed-request", "exactly one"),
    ("neither-placement-nor-move", "POST", SCORE, js(EN),
     J, 400, "malformed-request", "exactly one"),
    ("row-as-string", "POST", SCORE, js({**EN, "placement": [tile(row="7")]}),
     J, 400, "malformed-request", "placement.0.row"),
    ("row-negative", "POST", SCORE, js({**EN, "placement": [tile(row=-1)]}),
     J, 400, "malformed-request", "placement.0.row"),
    ("row-huge", "POST", SCORE, js({**EN, "placement": [tile(row=10**30)]}),
     J, 400, "malformed-request", "placement.0.row"),
    ("off-board", "POST", SCORE, js({**EN, "placement": [tile(row=7, col=7), tile(row=7, col=20)]}),
     J, 422, "off-board", "off the 15x15 board"),
    ("letter-two-tiles", "POST", SCORE, js({**EN, "placement": [tile(letter="AB")]}),
     J, 422, "invalid-request", "placement[0].letter"),
    ("letter-empty", "POST", SCORE, js({**EN, "placement": [tile(letter="")]}),
     J, 400, "malformed-request", "placement.0.letter"),
    ("blank-as-string", "POST", SCORE, js({**EN, "placement": [tile(blank="yes")]}),
     J, 400, "malformed-request", "placement.0.blank"),
    ("too-many-tiles", "POST", SCORE,
     js({**EN, "placement": [tile(col=i % 15, row=i // 15) for i in range(65)]}),
     J, 400, "malformed-request", "placement"),
    ("duplicate-square", "POST", SCORE, js({**EN, "placement": [tile(), tile()]}),
     J, 422, "duplicate-square", "two tiles"),
    ("misses-start", "POST", SCORE, js({**EN, "move": "1A QI"}),
     J, 422, "misses-start", "start square"),
    ("bad-coordinate", "POST", SCORE, js({**EN, "move": "8D8 QI"}),
     J, 422, "bad-coordinate", "8D8"),
    ("coordinate-off-board", "POST", SCORE, js({**EN, "move": "Z99 QI"}),
     J, 422, "off-board", "off the 15x15 board"),
    ("move-without-word", "POST", SCORE, js({**EN, "move": "8D"}),
     J, 422, "invalid-request", "move"),
    ("board-too-small", "POST", SCORE, js({**EN, "board": board(3), "move": "8D WINDY"}),
     J, 422, "bad-board", "row"),
    ("board-row-too-short", "POST", SCORE, js({**EN, "board": board(15, 9), "move": "8D QI"}),
     J, 422, "bad-board", "row"),
    ("board-row-number", "POST", SCORE, js({**EN, "board": [1] * 15, "move": "8D QI"}),
     J, 400, "malformed-request", "board.0"),
    ("validate-as-string", "POST", SCORE, js({**EN, "move": "8D WINDY", "validate": "yes"}),
     J, 400, "malformed-request", "validate"),
    # --- challenges
    ("unknown-challenge-rule", "POST", CHALLENGE,
     js({**EN, "words": ["QI"], "challenge_rule": "quadruple"}),
     J, 400, "malformed-request", "challenge_rule"),
    ("void-rule", "POST", CHALLENGE, js({**EN, "words": ["QI"], "challenge_rule": "void"}),
     J, 409, "challenge-not-allowed", "void"),
    ("reveal-as-string", "POST", CHALLENGE, js({**EN, "words": ["QI"], "reveal": "true"}),
     J, 400, "malformed-request", "reveal"),
    ("players-list", "POST", CHALLENGE, js({**EN, "words": ["QI"], "players": ["A", "B"]}),
     J, 400, "malformed-request", "players"),
    ("board-without-play", "POST", CHALLENGE, js({**EN, "board": board(), "words": ["QI"]}),
     J, 400, "malformed-request", "needs a 'placement' or 'move'"),
    ("word-not-formed", "POST", CHALLENGE, js({**EN, "move": "8D WINDY", "words": ["QI"]}),
     J, 422, "invalid-request", "does not form"),
    # --- media types, methods, routes, query strings
    ("text-plain", "POST", CHECK, b"QI ZA",
     "text/plain", 415, "unsupported-media-type", "application/json"),
    ("form", "POST", SCORE, b"ruleset=scrabble-en",
     "application/x-www-form-urlencoded", 415, "unsupported-media-type", "application/json"),
    ("no-content-type", "POST", CHALLENGE, js({**EN, "words": ["QI"]}),
     None, 415, "unsupported-media-type", "none"),
    ("put", "PUT", SCORE, js({**EN, "move": "8D WINDY"}), J, 405, "method-not-allowed", "POST"),
    ("no-route", "GET", "/api/v2/score", None, None, 404, "not-found", "/api/v2/score"),
    ("word-without-ruleset", "GET", WORD + "QI", None, None, 400, "malformed-request", "ruleset"),
    ("word-repeated-ruleset", "GET", WORD + "QI?ruleset=scrabble-en&ruleset=scrabble-ru", None,
     None, 400, "malformed-request", "ruleset"),
    ("word-extra-parameter", "GET", WORD + "QI?ruleset=scrabble-en&debug=1", None,
     None, 400, "malformed-request", "debug"),
    ("word-nul", "GET", WORD + "%00?ruleset=scrabble-en", None,
     None, 422, "unknown-tile", "character 1 of"),
    ("word-bad-percent-utf8", "GET", WORD + "Q%FFI?ruleset=scrabble-en", None,
     None, 422, "unknown-tile", "character 2 of"),
    ("unknown-adjudication", "GET", "/api/v1/adjudications/nope", None,
     None, 404, "unknown-adjudication", "nope"),
    ("reveal-not-boolean", "GET", "/api/v1/adjudications/nope?reveal=yes", None,
     None, 400, "malformed-request", "reveal"),
    ("since-not-a-time", "GET", "/api/v1/adjudications?since=yesterday", None,
     None, 400, "malformed-request", "since"),
    ("unknown-ruleset-page", "GET", "/api/v1/rulesets/..%2F..%2Fetc", None,
     None, 404, "not-found", "no route"),
]
# fmt: on


def _assert_problem(status: int, content_type: str, body: dict, case) -> None:
    _, _, _, _, _, want_status, code, hint = case
    assert status == want_status, body
    assert 400 <= status < 500
    assert content_type.startswith("application/problem+json")
    assert body["code"] == code and body["status"] == status
    assert hint in body["detail"] or hint == body.get("field"), body


def test_the_corpus_is_big_enough():
    assert len(CORPUS) >= 40
    assert len({c[0] for c in CORPUS}) == len(CORPUS)


@pytest.mark.parametrize("case", CORPUS, ids=[c[0] for c in CORPUS])
def test_malformed_request(client, case):
    _, method, path, body, content_type, *_ = case
    # As the admin: authentication comes first, and the corpus is about what follows.
    headers = admin_headers(client.application)
    if content_type:
        headers["Content-Type"] = content_type
    resp = client.open(path, method=method, data=body, headers=headers)
    _assert_problem(resp.status_code, resp.headers["Content-Type"], resp.get_json(), case)


def test_the_service_still_answers_after_the_corpus(client):
    for case in CORPUS:
        _, method, path, body, content_type, *_ = case
        headers = {"Content-Type": content_type} if content_type else {}
        client.open(path, method=method, data=body, headers=headers)
    resp = client.post(SCORE, json={**EN, "move": "8D WINDY"})
    assert resp.status_code == 200 and resp.get_json()["score"] == 32


LIVE = [
    "truncated",
    "invalid-utf8",
    "deep-nesting",
    "nan",
    "row-huge",
    "off-board",
    "text-plain",
    "word-bad-percent-utf8",
    "too-many-words",
    "put",
]


@pytest.mark.e2e
def test_corpus_against_gunicorn(live_server):
    url = urlsplit(live_server.url)
    for case in (c for c in CORPUS if c[0] in LIVE):
        _, method, path, body, content_type, *_ = case
        conn = http.client.HTTPConnection(url.hostname, url.port, timeout=10)
        headers = {"Content-Type": content_type} if content_type else {}
        conn.request(method, path, body=body, headers=headers)
        resp = conn.getresponse()
        _assert_problem(resp.status, resp.getheader("Content-Type"), json.loads(resp.read()), case)
        conn.close()
    status, _, body = live_server.request("POST", SCORE, {**EN, "move": "8D WINDY"})
    assert status == 200 and body["score"] == 32
    assert live_server.request("GET", "/readyz")[0] == 200
