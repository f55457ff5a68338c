"""Who may do what: client keys, the admin key, security headers of pages."""

from __future__ import annotations

import logging

import pytest

from adjudicator.errors import ConfigError
from adjudicator.web import create_app
from adjudicator.web.runtime import auth
from adjudicator.web.runtime.extension import runtime
from tests.conftest import CONFIG, LEXICONS, make_app

KEYS = "club:club-key-1,director:dir-key-2"
ADMIN = "admin-key-3"
SECRETS = ("club-key-1", "dir-key-2", ADMIN)


@pytest.fixture(scope="module")
def keyed(tmp_path_factory):
    db = tmp_path_factory.mktemp("auth") / "t.db"
    app = create_app(
        {
            "TESTING": True,
            "config_dir": str(CONFIG),
            "lexicon_dir": str(LEXICONS),
            "database_url": f"sqlite:///{db}",
            "api_keys": KEYS,
            "admin_key": ADMIN,
        }
    )
    yield app
    runtime(app).store.dispose()


READS = [
    ("GET", "/api/v1/words/QI?ruleset=scrabble-en", None),
    ("POST", "/api/v1/words/check", {"ruleset": "scrabble-en", "words": ["QI"]}),
    ("GET", "/api/v1/lexicons", None),
    ("GET", "/api/v1/rulesets", None),
    ("GET", "/api/v1/rulesets/scrabble-en", None),
    ("POST", "/api/v1/score", {"ruleset": "scrabble-en", "move": "8D WINDY"}),
    ("POST", "/api/v1/challenges", {"ruleset": "scrabble-en", "words": ["QI"]}),
]


@pytest.mark.parametrize("method,path,body", READS, ids=[r[1] for r in READS])
def test_reads_need_a_client_key_when_keys_are_set(keyed, method, path, body):
    client = keyed.test_client()
    missing = client.open(path, method=method, json=body)
    assert missing.status_code == 401 and missing.get_json()["code"] == "unauthorized"
    assert missing.headers["WWW-Authenticate"].lower().startswith("bearer")
    wrong = client.open(path, method=method, json=body, headers={"X-API-Key": "club-key-2"})
    assert wrong.status_code == 403 and wrong.get_json()["code"] == "forbidden"
    for headers in (
        {"Authorization": "Bearer club-key-1"},
        {"authorization": "bearer dir-key-2"},
        {"X-API-Key": "club-key-1"},
        {"Authorization": f"Bearer {ADMIN}"},  # the admin key reads too
    ):
        ok = client.open(path, method=method, json=body, headers=headers)
        assert ok.status_code in (200, 201), (headers, ok.get_data(as_text=True))


@pytest.mark.parametrize("method,path,body", READS, ids=[r[1] for r in READS])
def test_reads_are_open_without_keys(client, method, path, body):
    assert client.open(path, method=method, json=body).status_code in (200, 201)


@pytest.mark.parametrize(
    "path", ["/healthz", "/readyz", "/metrics", "/ping", "/api/v1/openapi.json", "/docs", "/judge"]
)
def test_operations_and_pages_stay_open(keyed, path):
    assert keyed.test_client().get(path).status_code == 200


GCG = "#character-encoding UTF-8\n#player1 A A\n#player2 B B\n>A: ABC 8H CAB +14 14\n"


@pytest.mark.parametrize(
    "path, body",
    [
        ("/api/v1/games", "{not json"),
        ("/api/v1/games/import?ruleset=scrabble-en", "{not json"),
    ],
)
def test_with_keys_set_game_writes_need_a_key_before_the_body_is_read(keyed, path, body):
    c = keyed.test_client()
    headers = {"Content-Type": "application/json"}
    assert c.post(path, data=body, headers=headers).status_code == 401
    wrong = c.post(path, data=body, headers={**headers, "X-API-Key": "nope"})
    assert wrong.status_code == 403
    keyed_bad = c.post(path, data=body, headers={**headers, "X-API-Key": "club-key-1"})
    assert keyed_bad.status_code == 400  # now the body is read, and refused


def test_with_keys_set_an_event_needs_the_key_and_the_games_token(keyed):
    c = keyed.test_client()
    club = {"X-API-Key": "club-key-1"}
    made = c.post("/api/v1/games", json={"ruleset": "scrabble-en", "players": ["A", "B"]})
    assert made.status_code == 401
    made = c.post(
        "/api/v1/games", json={"ruleset": "scrabble-en", "players": ["A", "B"]}, headers=club
    )
    assert made.status_code == 201, made.get_json()
    game = made.get_json()
    url = f"/api/v1/games/{game['id']}/events"
    event = {"version": 0, "type": "pass", "player": 0}
    token = {"X-Game-Token": game["token"]}
    assert c.post(url, json=event, headers=token).status_code == 401  # no client key
    assert c.post(url, json=event, headers=club).status_code == 403  # no game token
    assert (
        c.post(url, data="{bad", headers={**token, "Content-Type": "application/json"}).status_code
        == 401
    )
    done = c.post(url, json=event, headers={**club, **token})
    assert done.status_code == 201, done.get_json()
    imported = c.post(
        "/api/v1/games/import?ruleset=scrabble-en",
        data=GCG,
        headers={**club, "Content-Type": "text/plain"},
    )
    assert imported.status_code == 201, imported.get_json()
    assert c.get(f"/api/v1/games/{game['id']}").status_code == 200  # a spectator reads freely


def test_admin_actions_need_the_admin_key_not_a_client_key(keyed):
    client = keyed.test_client()
    assert client.get("/api/v1/adjudications").status_code == 401
    as_client = client.get("/api/v1/adjudications", headers={"X-API-Key": "club-key-1"})
    assert as_client.status_code == 403
    as_admin = client.get("/api/v1/adjudications", headers={"X-API-Key": ADMIN})
    assert as_admin.status_code == 200 and as_admin.get_json()["admin"] is True


def test_no_client_key_may_be_named_admin(tmp_path):
    """``admin`` is the admin key's name in records: a client key cannot take it."""
    with pytest.raises(ConfigError) as info:
        make_app(tmp_path / "t.db", api_keys="admin:not-the-admin", admin_key=ADMIN)
    assert "ADJUDICATOR_API_KEYS: admin" in str(info.value)
    assert "not-the-admin" not in str(info.value)


def test_revealing_needs_the_admin_key_before_the_body_is_validated(keyed):
    """Access comes before validation: a reveal without the admin key is a 403
    even when the rest of the body is wrong (no ruleset, an unknown field)."""
    client = keyed.test_client()
    resp = client.post(
        "/api/v1/challenges",
        json={"words": ["QI"], "reveal": True, "bogus": 1},
        headers={"Authorization": "Bearer dir-key-2"},
    )
    assert resp.status_code == 403, resp.get_json()
    without = client.post(
        "/api/v1/challenges",
        json={"words": ["QI"], "bogus": 1},
        headers={"Authorization": "Bearer dir-key-2"},
    )
    assert without.status_code == 400  # the same body, not revealing: its own problem
    escaped = client.post(
        "/api/v1/challenges",
        data=b'{"ruleset": "scrabble-en", "words": ["QI"], "\\u0072eveal": true}',
        content_type="application/json",
        headers={"Authorization": "Bearer dir-key-2"},
    )
    assert escaped.status_code == 403  # "reveal" spelled with an escape is still reveal


def test_challenges_record_the_key_name_not_the_key(keyed):
    client = keyed.test_client()
    resp = client.post(
        "/api/v1/challenges",
        json={"ruleset": "scrabble-en", "words": ["QI"], "station": "T4"},
        headers={"Authorization": "Bearer dir-key-2"},
    )
    assert resp.status_code == 201
    assert resp.get_json()["asked_by"] == "key:director station:T4"
    listed = client.get("/api/v1/adjudications", headers={"X-API-Key": ADMIN}).get_data(
        as_text=True
    )
    assert "key:director" in listed and not any(s in listed for s in SECRETS)


def test_without_keys_the_station_is_recorded(client):
    resp = client.post(
        "/api/v1/challenges", json={"ruleset": "scrabble-en", "words": ["QI"], "station": "T9"}
    )
    assert resp.get_json()["asked_by"] == "station:T9"


class _Capture(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


def test_keys_never_reach_the_logs(keyed):
    from adjudicator.web.runtime.logs import JsonFormatter

    capture = _Capture()
    capture.setFormatter(JsonFormatter())
    log = logging.getLogger("adjudicator")
    log.addHandler(capture)
    try:
        client = keyed.test_client()
        for secret in SECRETS:
            client.get("/api/v1/rulesets", headers={"Authorization": f"Bearer {secret}"})
            client.get("/api/v1/adjudications", headers={"X-API-Key": secret + "x"})
            client.get(f"/api/v1/rulesets?key={secret}", headers={"X-API-Key": secret})
    finally:
        log.removeHandler(capture)
    assert len(capture.lines) >= 9
    text = "\n".join(capture.lines)
    assert not any(s in text for s in SECRETS)


@pytest.mark.parametrize(
    "spec", ["club", "club:", ":s3cr3t", "a:s3cr3t,a:s3cr3t2", "a:s3cr3t,,b:s3cr3t2"]
)
def test_bad_key_lists_fail_at_start_up_without_showing_keys(spec):
    with pytest.raises(ConfigError) as err:
        auth.parse_keys(spec)
    assert "s3cr3t" not in str(err.value)


def test_key_list_parsing():
    assert auth.parse_keys(" a:x , b:y:z ") == (("a", b"x"), ("b", b"y:z"))
    assert auth.parse_keys(None) == () == auth.parse_keys("")


@pytest.mark.parametrize("path", ["/judge", "/docs"])
def test_pages_send_security_headers(client, path):
    resp = client.get(path)
    assert resp.status_code == 200
    csp = resp.headers["Content-Security-Policy"]
    assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp
    assert resp.headers["X-Content-Type-Options"] == "nosniff"
    assert resp.headers["X-Frame-Options"] == "DENY"
    assert resp.headers["Referrer-Policy"] == "no-referrer"


def test_any_html_answer_gets_the_headers(app):
    from flask import Response

    with app.test_request_context("/"):
        resp = auth._html_headers(Response("<p>hi</p>", mimetype="text/html"))
    assert resp.headers["X-Frame-Options"] == "DENY"
    assert "default-src 'none'" in resp.headers["Content-Security-Policy"]


def test_a_key_with_an_equals_sign_is_read_as_sent(tmp_path):
    """werkzeug reads ``Bearer ab=cd`` as parameters; the key is still ``ab=cd``."""
    app = make_app(tmp_path / "t.db", api_keys="ci:ab=cd")
    client = app.test_client()
    url = "/api/v1/words/QI?ruleset=scrabble-en"
    assert client.get(url, headers={"Authorization": "Bearer ab=cd"}).status_code == 200
    assert client.get(url, headers={"X-API-Key": "ab=cd"}).status_code == 200
    assert client.get(url, headers={"Authorization": "Bearer ab=ce"}).status_code == 403
    runtime(app).store.dispose()
