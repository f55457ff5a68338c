"""Limits and strictness: body size, batch, word length, nesting, numbers, types, media type."""

from __future__ import annotations

import http.client
import json
import socket
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from adjudicator.web import create_app
from adjudicator.web.runtime import openapi
from adjudicator.web.runtime.auth import Access
from adjudicator.web.runtime.extension import runtime
from tests.conftest import CONFIG, LEXICONS, admin_headers, make_app


def _problem(resp, status: int = 400, code: str = "malformed-request") -> dict:
    assert resp.status_code == status, resp.get_data(as_text=True)
    assert resp.mimetype == "application/problem+json"
    body = resp.get_json()
    assert body["code"] == code
    return body


def _post(client, path: str, body: bytes | dict, content_type: str = "application/json"):
    data = json.dumps(body).encode() if isinstance(body, dict) else body
    return client.post(path, data=data, content_type=content_type)


# --- body size ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def small_app(tmp_path_factory):
    db = tmp_path_factory.mktemp("limits") / "t.db"
    app = create_app(
        {
            "TESTING": True,
            "config_dir": str(CONFIG),
            "lexicon_dir": str(LEXICONS),
            "database_url": f"sqlite:///{db}",
            "max_body_bytes": 1000,
            "max_words": 5,
            "max_word_length": 10,
            "max_json_depth": 6,
        }
    )
    yield app
    runtime(app).store.dispose()


def test_default_limits(app):
    settings = runtime(app).settings
    assert (settings.max_body_bytes, settings.max_words, settings.max_word_length) == (
        1_048_576,
        10_000,
        64,
    )
    assert settings.max_json_depth == 32
    assert app.config["MAX_CONTENT_LENGTH"] == 1_048_576


def test_body_over_the_limit_is_413(small_app):
    body = {"ruleset": "scrabble-en", "words": ["QI"] * 300}
    resp = _post(small_app.test_client(), "/api/v1/words/check", body)
    assert _problem(resp, 413, "body-too-large")["detail"] == "the body is larger than 1000 bytes"


def test_default_body_limit_is_one_mebibyte(client):
    big = b'{"ruleset": "scrabble-en", "words": ["' + b"A" * 1_048_576 + b'"]}'
    _problem(_post(client, "/api/v1/words/check", big), 413, "body-too-large")


@pytest.mark.e2e
def test_chunked_body_over_the_limit_is_413(live_server):
    def chunks():
        yield b'{"ruleset": "scrabble-en", "words": ["'
        for _ in range(20):  # 1.25 MiB in 64 KiB chunks, no Content-Length
            yield b"A" * 65536
        yield b'"]}'

    url = urlsplit(live_server.url)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=10)
    conn.request(
        "POST",
        "/api/v1/words/check",
        body=chunks(),
        headers={"Content-Type": "application/json"},
        encode_chunked=True,
    )
    resp = conn.getresponse()
    body = json.loads(resp.read())
    conn.close()
    assert resp.status == 413 and body["code"] == "body-too-large"
    assert resp.getheader("Content-Type") == "application/problem+json"
    assert live_server.request("GET", "/healthz")[0] == 200


@pytest.mark.e2e
def test_a_body_shorter_than_its_content_length_is_400(live_server):
    url = urlsplit(live_server.url)
    body = b'{"ruleset": "scrabble-en", "words": ["QI"]}'
    with socket.create_connection((url.hostname, url.port), timeout=10) as sock:
        sock.sendall(
            b"POST /api/v1/words/check HTTP/1.1\r\nHost: x\r\n"
            b"Content-Type: application/json\r\n"
            + f"Content-Length: {len(body) + 50}\r\n\r\n".encode()
            + body
        )
        sock.shutdown(socket.SHUT_WR)  # the client sends no more
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head, _, payload = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 400"), head
    problem = json.loads(payload)
    assert problem["code"] == "malformed-request"
    assert "ended after 43 of its 93" in problem["detail"]
    assert live_server.request("GET", "/healthz")[0] == 200


# --- batch size and word length -----------------------------------------------------


def test_batch_over_max_words_is_422(client):
    body = _problem(
        _post(client, "/api/v1/words/check", {"ruleset": "scrabble-en", "words": ["QI"] * 10_001}),
        422,
        "invalid-request",
    )
    assert body["field"] == "words" and body["max_words"] == 10_000


def test_batch_limit_is_a_setting(small_app):
    resp = _post(
        small_app.test_client(),
        "/api/v1/words/check",
        {"ruleset": "scrabble-en", "words": ["QI"] * 6},
    )
    assert _problem(resp, 422, "invalid-request")["max_words"] == 5


def test_word_length(client):
    ok = client.get("/api/v1/words/" + "A" * 64 + "?ruleset=scrabble-en")
    assert ok.status_code == 200 and ok.get_json()["valid"] is False
    resp = client.get("/api/v1/words/" + "A" * 65 + "?ruleset=scrabble-en")
    assert _problem(resp, 422, "word-too-long")["max_length"] == 64


def test_word_length_is_a_setting(small_app):
    resp = _post(
        small_app.test_client(),
        "/api/v1/words/check",
        {"ruleset": "scrabble-en", "words": ["A" * 11]},
    )
    _problem(resp, 422, "word-too-long")


# --- JSON itself ---------------------------------------------------------------------


def test_nesting_deeper_than_the_limit(client):
    deep = b'{"ruleset": "scrabble-en", "words": ' + b"[" * 40 + b"]" * 40 + b"}"
    body = _problem(_post(client, "/api/v1/words/check", deep))
    assert body["detail"] == "JSON nested deeper than 32 levels" and body["max_depth"] == 32


def test_nesting_limit_is_a_setting_and_ignores_brackets_in_strings(small_app):
    client = small_app.test_client()
    fine = {"ruleset": "scrabble-en", "words": ["[[[[[[[[[[[[{{{{{{{{"]}
    assert _post(client, "/api/v1/words/check", fine).status_code == 422  # a bad tile, not depth
    assert "nested" not in _post(client, "/api/v1/words/check", fine).get_json()["detail"]
    deep = b'{"ruleset": "scrabble-en", "words": [[[[[[["QI"]]]]]]]}'
    assert "nested deeper than 6" in _problem(_post(client, "/api/v1/words/check", deep))["detail"]


@pytest.mark.parametrize("literal", [b"NaN", b"Infinity", b"-Infinity"])
def test_nan_and_infinity_are_400(client, literal):
    raw = (
        b'{"ruleset": "scrabble-en", "placement": [{"row": ' + literal + b', "col": 7, '
        b'"letter": "A"}]}'
    )
    body = _problem(_post(client, "/api/v1/score", raw))
    assert body["detail"] == "NaN and Infinity are not JSON numbers"


def test_nan_in_an_unknown_field_is_still_named(client):
    raw = b'{"ruleset": "scrabble-en", "words": ["QI"], "x": NaN}'
    assert "NaN" in _problem(_post(client, "/api/v1/words/check", raw))["detail"]


def test_the_word_nan_is_fine(client):
    resp = _post(client, "/api/v1/words/check", {"ruleset": "scrabble-en", "words": ["NaN"]})
    assert resp.status_code == 200


@pytest.mark.parametrize(
    "raw",
    [
        b'{"ruleset": "scrabble-en", "words": ["\xff\xfe"]}',
        b'{"ruleset": "scrabble-en", "words": ["\xc3"]}',
        b'{"ruleset": "scrabble-en", "words": ["\xed\xa0\x80"]}',  # an encoded surrogate
    ],
)
def test_invalid_utf8_is_400(client, raw):
    body = _problem(_post(client, "/api/v1/words/check", raw))
    assert "not valid UTF-8" in body["detail"] and isinstance(body["position"], int)


def test_escaped_lone_surrogate_is_400(client):
    raw = b'{"ruleset": "scrabble-en", "words": ["\\ud800"]}'
    assert "Invalid JSON" in _problem(_post(client, "/api/v1/words/check", raw))["detail"]


# --- strict types: a string is not a number or a boolean ----------------------------

STRICT = [
    (
        "/api/v1/score",
        {"ruleset": "scrabble-en", "move": "8D WINDY", "validate": "true"},
        "validate",
    ),
    (
        "/api/v1/score",
        {"ruleset": "scrabble-en", "placement": [{"row": "7", "col": 7, "letter": "Q"}]},
        "placement.0.row",
    ),
    (
        "/api/v1/score",
        {"ruleset": "scrabble-en", "placement": [{"row": 7, "col": 7.5, "letter": "Q"}]},
        "placement.0.col",
    ),
    (
        "/api/v1/score",
        {"ruleset": "scrabble-en", "placement": [{"row": 7, "col": 7, "letter": "Q", "blank": 1}]},
        "placement.0.blank",
    ),
    (
        "/api/v1/score",
        {
            "ruleset": "scrabble-en",
            "move": "8D WINDY",
            "swaps": [{"row": "1", "col": 1, "letter": "A"}],
        },
        "swaps.0.row",
    ),
    (
        "/api/v1/challenges",
        {"ruleset": "scrabble-en", "words": ["QI"], "reveal": "false"},
        "reveal",
    ),
    ("/api/v1/challenges", {"ruleset": "scrabble-en", "words": "QI"}, "words"),
    ("/api/v1/words/check", {"ruleset": "scrabble-en", "words": [7]}, "words.0"),
    ("/api/v1/words/check", {"ruleset": 7, "words": ["QI"]}, "ruleset"),
]


@pytest.mark.parametrize("path,body,field", STRICT, ids=[s[2] for s in STRICT])
def test_strict_types_name_the_field(client, path, body, field):
    problem = _problem(_post(client, path, body))
    assert problem["field"] == field
    assert problem["detail"].startswith(field + ":")


# --- ruleset is always required ----------------------------------------------------


@pytest.mark.parametrize(
    "method,path,body",
    [
        ("POST", "/api/v1/score", {"move": "8D WINDY"}),
        ("POST", "/api/v1/words/check", {"words": ["QI"]}),
        ("POST", "/api/v1/challenges", {"words": ["QI"]}),
        ("GET", "/api/v1/words/QI", None),
    ],
)
def test_ruleset_is_required(client, method, path, body):
    resp = client.open(path, method=method, json=body)
    assert _problem(resp, 400)["field"] == "ruleset"


def test_unknown_query_parameters_are_refused(client):
    resp = client.get("/api/v1/words/QI?ruleset=scrabble-en&dictionary=other")
    assert _problem(resp, 400)["field"] == "dictionary"


# --- 415 on every JSON endpoint -----------------------------------------------------


def _json_posts() -> list[openapi.Route]:
    """The routes that take a JSON body, read from an app of the bundled config."""
    db = Path(tempfile.mkdtemp()) / "routes.db"
    app = create_app({"TESTING": True, "database_url": f"sqlite:///{db}"})
    runtime(app).store.dispose()
    return [route for route in openapi.routes(app) if route.op.body is not None]


JSON_POSTS = _json_posts()


# The GCG import also takes the record itself as text/plain (or application/x-gcg).
RAW_BODIES = {"importGame": {"text/plain"}}
CASES = [
    (route, ctype)
    for route in JSON_POSTS
    for ctype in ("text/plain", "application/x-www-form-urlencoded", "application/xml", None)
    if ctype not in RAW_BODIES.get(route.op.operation_id, set())
]


@pytest.mark.parametrize(
    "route,content_type", CASES, ids=[f"{c}-{route.op.operation_id}" for route, c in CASES]
)
def test_every_json_endpoint_answers_415(app, client, route, content_type):
    headers = {"Content-Type": content_type} if content_type else {}
    id_ = "0" * 32
    if route.op.access == Access.ADMIN:  # the admin key is checked first: hold it
        headers.update(admin_headers(app))
    if route.op.authorize is not None:  # a game's writer is checked first: be one
        if route.path.startswith("/api/v1/duplicates"):
            game = _post(client, "/api/v1/duplicates", {"ruleset": "scrabble-fr", "players": ["A"]})
        else:
            game = _post(client, "/api/v1/games", {"ruleset": "scrabble-en", "players": ["A", "B"]})
        id_ = game.get_json()["id"]
        headers["X-Game-Token"] = game.get_json()["token"]
    # Other path parameters (a round, a slip) only need to match their routes: the
    # media type is refused before anything is looked up.
    path = route.path.replace("{id}", id_).replace("{round}", "1").replace("{slip}", "0")
    resp = client.open(
        path,
        method=route.method.upper(),
        data=b'{"ruleset": "scrabble-en"}',
        headers=headers,
    )
    body = _problem(resp, 415, "unsupported-media-type")
    assert "application/json" in body["detail"]


def test_json_with_a_charset_is_fine(client):
    resp = client.post(
        "/api/v1/score",
        data=json.dumps({"ruleset": "scrabble-en", "move": "8D WINDY"}),
        content_type="application/json; charset=utf-8",
    )
    assert resp.status_code == 200


# --- rate limits ---------------------------------------------------------------------


@pytest.fixture()
def limited(tmp_path):
    app = make_app(
        tmp_path / "t.db",
        RATELIMIT_ENABLED=True,
        ratelimit_default="3/minute",
        api_keys="a:key-a,b:key-b",
    )
    yield app
    runtime(app).store.dispose()


def test_limit_is_per_client_key_across_endpoints(limited):
    client = limited.test_client()
    a, b = {"X-API-Key": "key-a"}, {"X-API-Key": "key-b"}
    assert client.get("/api/v1/rulesets", headers=a).status_code == 200
    assert client.get("/api/v1/lexicons", headers=a).status_code == 200
    assert client.get("/api/v1/words/QI?ruleset=scrabble-en", headers=a).status_code == 200
    resp = client.get("/api/v1/rulesets", headers=a)
    assert _problem(resp, 429, "too-many-requests") and "Retry-After" in resp.headers
    assert client.get("/api/v1/rulesets", headers=b).status_code == 200  # b has its own budget


def test_expensive_writes_have_their_own_tighter_limit(tmp_path):
    app = make_app(
        tmp_path / "t.db",
        RATELIMIT_ENABLED=True,
        ratelimit_default="20/minute",
        ratelimit_writes="2/minute",
        log_level="CRITICAL",
    )
    client = app.test_client()
    game = {"ruleset": "scrabble-en", "players": ["A", "B"]}
    for _ in range(2):
        assert client.post("/api/v1/games", json=game).status_code == 201
    resp = client.post("/api/v1/games", json=game)
    assert (
        _problem(resp, 429, "too-many-requests") and "for this write" in resp.get_json()["detail"]
    )
    assert 1 <= int(resp.headers["Retry-After"]) <= 60
    imported = client.post(
        "/api/v1/games/import?ruleset=scrabble-en", data="x", content_type="text/plain"
    )
    assert imported.status_code == 429  # the same writes budget, before the record is read
    # Everything else still has the general budget.
    assert client.get("/api/v1/words/QI?ruleset=scrabble-en").status_code == 200
    runtime(app).store.dispose()


def test_the_default_limits_fit_a_tournament_behind_one_address():
    """300 players behind one NAT, each asking a few times a minute, stay far inside
    the per-address default; expensive writes get far less."""
    from limits import parse_many

    from adjudicator.settings import Settings

    settings = Settings.from_env(env={})
    (everything,) = parse_many(settings.ratelimit_default)
    (writes,) = parse_many(settings.ratelimit_writes)
    per_minute = everything.amount * 60 / everything.get_expiry()
    assert per_minute >= 300 * 15
    assert writes.amount * 60 / writes.get_expiry() < per_minute / 10


def test_health_readiness_and_metrics_are_never_limited(limited):
    client = limited.test_client()
    for _ in range(10):
        for path in ("/healthz", "/readyz", "/metrics"):
            assert client.get(path).status_code == 200


def test_limit_can_be_turned_off(tmp_path):
    app = create_app(
        {
            "TESTING": True,
            "RATELIMIT_ENABLED": True,
            "config_dir": str(CONFIG),
            "lexicon_dir": str(LEXICONS),
            "database_url": f"sqlite:///{tmp_path / 't.db'}",
            "ratelimit_default": "off",
        }
    )
    client = app.test_client()
    assert all(client.get("/ping").status_code == 200 for _ in range(20))
    runtime(app).store.dispose()


def test_a_bad_limit_fails_at_start_up(tmp_path):
    from adjudicator.errors import ConfigError

    with pytest.raises(ConfigError, match="RATELIMIT_DEFAULT"):
        create_app(
            {
                "TESTING": True,
                "config_dir": str(CONFIG),
                "lexicon_dir": str(LEXICONS),
                "database_url": f"sqlite:///{tmp_path / 't.db'}",
                "ratelimit_default": "lots",
            }
        )
