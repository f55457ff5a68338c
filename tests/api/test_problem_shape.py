"""One error shape for every error path (RFC 9457 problem+json, plus `code` and `request_id`)."""

from __future__ import annotations

import pytest

from adjudicator import errors
from adjudicator.web import create_app
from adjudicator.web.runtime import problems
from adjudicator.web.runtime.extension import runtime
from adjudicator.web.runtime.problem_doc import HTTP_PROBLEMS, Problem
from tests.conftest import CONFIG, LEXICONS, ROOT, make_app

BASE = "urn:adjudicator:problem:"
MEMBERS = {"type", "title", "status", "detail", "instance", "code", "request_id"}
SECRET = "s3cret-detail-never-sent"


def _instance(cls: type[errors.AdjudicatorError]) -> errors.AdjudicatorError:
    """A bare instance of a category class (they take a detail string)."""
    if cls is errors.ConfigError:
        return errors.ConfigError("rulesets/x.yaml", "lexicon", SECRET)
    return cls(f"a {cls.__name__} for the test")


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    db = tmp_path_factory.mktemp("shape") / "t.db"
    app = create_app(
        {
            "TESTING": True,
            "RATELIMIT_ENABLED": True,
            "config_dir": str(CONFIG),
            "lexicon_dir": str(LEXICONS),
            "database_url": f"sqlite:///{db}",
            "api_keys": "club:club-key",
            "admin_key": "admin-key",
            "ratelimit_default": "1000/minute",
            "max_body_bytes": 4096,
            "log_level": "CRITICAL",
        }
    )

    # Test-only routes: raise each category of the table, and a plain bug.
    def raise_category(name: str):
        raise _instance(next(c for c in problems.STATUS if c.__name__ == name))

    def crash():
        raise RuntimeError(SECRET)

    app.add_url_rule("/_test/raise/<name>", view_func=raise_category)
    app.add_url_rule("/_test/crash", view_func=crash)
    yield app
    runtime(app).store.dispose()


KEY = {"X-API-Key": "club-key"}

# (label, method, path, kwargs, status, code)
REAL_PATHS = [
    (
        "input",
        "POST",
        "/api/v1/score",
        {"json": {"ruleset": "scrabble-en"}},
        400,
        "malformed-request",
    ),
    ("unknown tile", "GET", "/api/v1/words/C\u042fT?ruleset=scrabble-en", {}, 422, "unknown-tile"),
    (
        "placement",
        "POST",
        "/api/v1/score",
        {"json": {"ruleset": "scrabble-en", "move": "8A QI"}},
        422,
        "misses-start",
    ),
    ("not found", "GET", "/api/v1/rulesets/nope", {}, 404, "unknown-ruleset"),
    (
        "state",
        "POST",
        "/api/v1/challenges",
        {"json": {"ruleset": "scrabble-en", "words": ["QI"], "challenge_rule": "void"}},
        409,
        "challenge-not-allowed",
    ),
    ("routing 404", "GET", "/no/such/route", {}, 404, "not-found"),
    ("routing 405", "DELETE", "/api/v1/score", {}, 405, "method-not-allowed"),
    (
        "413",
        "POST",
        "/api/v1/words/check",
        {"data": b'{"words": ["' + b"A" * 5000 + b'"]}', "content_type": "application/json"},
        413,
        "body-too-large",
    ),
    (
        "415",
        "POST",
        "/api/v1/words/check",
        {"data": "QI", "content_type": "text/plain"},
        415,
        "unsupported-media-type",
    ),
    ("401", "GET", "/api/v1/rulesets", {"headers": {}}, 401, "unauthorized"),
    ("403", "GET", "/api/v1/rulesets", {"headers": {"X-API-Key": "wrong"}}, 403, "forbidden"),
    ("403 admin", "GET", "/api/v1/adjudications", {}, 403, "forbidden"),
    ("500", "GET", "/_test/crash", {}, 500, "internal-error"),
]


def _check_shape(resp, method: str, path: str, status: int, code: str) -> dict:
    assert resp.status_code == status, resp.get_data(as_text=True)
    assert resp.mimetype == "application/problem+json"
    body = resp.get_json()
    assert MEMBERS <= set(body), set(body)
    assert body["status"] == status
    assert body["code"] == code
    assert body["type"] == BASE + code
    assert body["instance"] == path.split("?")[0]
    assert isinstance(body["title"], str) and body["title"]
    assert isinstance(body["detail"], str) and body["detail"]
    assert body["request_id"] == resp.headers["X-Request-ID"]
    Problem.model_validate(body)
    assert f"`{code}`" in (ROOT / "docs" / "problems.md").read_text("utf-8")
    return body


@pytest.mark.parametrize(
    "label,method,path,kwargs,status,code", REAL_PATHS, ids=[r[0] for r in REAL_PATHS]
)
def test_real_error_paths(app, label, method, path, kwargs, status, code):
    kwargs = dict(kwargs)
    headers = kwargs.pop("headers", KEY)
    resp = app.test_client().open(path, method=method, headers=headers, **kwargs)
    body = _check_shape(resp, method, path, status, code)
    if status == 405:
        assert "POST" in resp.headers["Allow"]
    if status == 401:
        assert resp.headers["WWW-Authenticate"].lower().startswith("bearer")
    if status == 500:
        text = resp.get_data(as_text=True)
        assert SECRET not in text and "Traceback" not in text
        assert body["detail"] == "the server failed; it is logged"


@pytest.mark.parametrize("cls", list(problems.STATUS), ids=lambda c: c.__name__)
def test_every_category_of_the_table(app, cls):
    path = f"/_test/raise/{cls.__name__}"
    status = problems.STATUS[cls]
    code = "internal-error" if status == 500 else cls.code
    resp = app.test_client().get(path, headers=KEY)
    body = _check_shape(resp, "GET", path, status, code)
    assert SECRET not in resp.get_data(as_text=True)
    if status != 500:
        assert body["title"] == cls.title


def test_429_has_retry_after(tmp_path):
    app = make_app(
        tmp_path / "t.db",
        RATELIMIT_ENABLED=True,
        ratelimit_default="2/minute",
        log_level="CRITICAL",
    )
    client = app.test_client()
    for _ in range(2):
        assert client.get("/api/v1/rulesets").status_code == 200
    resp = client.get("/api/v1/rulesets")
    body = _check_shape(resp, "GET", "/api/v1/rulesets", 429, "too-many-requests")
    assert 1 <= int(resp.headers["Retry-After"]) <= 60
    assert "2 per 1 minute" in body["detail"]
    runtime(app).store.dispose()


@pytest.mark.parametrize("code", sorted({c for c, _ in HTTP_PROBLEMS.values()} | {"http-error"}))
def test_every_http_code_is_documented(code):
    assert f"`{code}`" in (ROOT / "docs" / "problems.md").read_text("utf-8")
