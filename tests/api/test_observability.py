"""Request ids, JSON logs, /metrics and /readyz."""

from __future__ import annotations

import dataclasses
import json
import logging
import time
import urllib.request

import pytest
import sqlalchemy as sa
from prometheus_client import REGISTRY

from adjudicator.store import Store
from adjudicator.store.analyses import AnalysisStore
from adjudicator.store.audit import AuditTrail
from adjudicator.store.duplicates import DuplicateStore
from adjudicator.store.games import GameStore
from adjudicator.web import create_app
from adjudicator.web.runtime.extension import install, runtime
from adjudicator.web.runtime.logs import JsonFormatter
from tests.conftest import CONFIG, LEXICONS, admin_headers, running_gunicorn


class _Capture(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.setFormatter(JsonFormatter())
        self.lines: list[dict] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(json.loads(self.format(record)))


@pytest.fixture()
def logs():
    """What ``adjudicator.*`` logs at INFO.  The level is the process's: another
    test's app may have set it (``log_level="CRITICAL"``) after this module's."""
    capture = _Capture()
    log = logging.getLogger("adjudicator")
    level = log.level
    log.setLevel(logging.INFO)
    log.addHandler(capture)
    yield capture.lines
    log.removeHandler(capture)
    log.setLevel(level)


# --- request ids -------------------------------------------------------------------


def test_a_plain_request_id_is_echoed(client):
    resp = client.get("/healthz", headers={"X-Request-ID": "table-7.round-3:42"})
    assert resp.headers["X-Request-ID"] == "table-7.round-3:42"


@pytest.mark.parametrize("given", ["a" * 65, "has space", "tab\tid", "<script>", "", "ü"])
def test_an_unsafe_request_id_is_replaced(client, given):
    resp = client.get("/healthz", headers={"X-Request-ID": given})
    rid = resp.headers["X-Request-ID"]
    assert rid != given and len(rid) == 32 and rid.isalnum()


def test_a_request_id_is_made_when_none_is_sent(client):
    first = client.get("/healthz").headers["X-Request-ID"]
    second = client.get("/healthz").headers["X-Request-ID"]
    assert first != second


def test_problem_documents_carry_the_request_id(client):
    resp = client.get("/api/v1/rulesets/nope", headers={"X-Request-ID": "abc-123"})
    assert resp.get_json()["request_id"] == "abc-123" == resp.headers["X-Request-ID"]


# --- logs ---------------------------------------------------------------------------


def test_access_log_is_one_json_object_per_request(client, logs):
    client.get("/api/v1/words/QI?ruleset=scrabble-en", headers={"X-Request-ID": "r-1"})
    line = next(x for x in logs if x["logger"] == "adjudicator.access")
    assert line["request_id"] == "r-1"
    assert line["method"] == "GET" and line["status"] == 200
    assert line["path"] == "/api/v1/words/QI"
    assert line["endpoint"] == "/api/v1/words/<path:word>"
    assert line["duration_ms"] >= 0 and line["level"] == "INFO" and "time" in line
    assert "ruleset" not in json.dumps(line)  # never the query string


def test_an_unhandled_error_is_logged_with_its_request_id(tmp_path, logs):
    app = create_app(
        {
            "TESTING": True,
            "config_dir": str(CONFIG),
            "lexicon_dir": str(LEXICONS),
            "database_url": f"sqlite:///{tmp_path / 't.db'}",
        }
    )

    def crash():
        raise RuntimeError("boom")

    app.add_url_rule("/_test/crash", view_func=crash)
    resp = app.test_client().get("/_test/crash", headers={"X-Request-ID": "crash-1"})
    assert resp.status_code == 500
    error = next(x for x in logs if x["logger"] == "adjudicator.errors")
    assert error["level"] == "ERROR" and error["request_id"] == "crash-1"
    assert "RuntimeError: boom" in error["exception"]
    assert "boom" not in resp.get_data(as_text=True)
    runtime(app).store.dispose()


# --- metrics ------------------------------------------------------------------------


def _value(name: str, **labels) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


def test_requests_are_counted_per_route_not_per_path(client):
    labels = {"method": "GET", "endpoint": "/api/v1/words/<path:word>", "status": "200"}
    before = _value("adjudicator_http_requests_total", **labels)
    hist = {"method": "GET", "endpoint": "/api/v1/words/<path:word>"}
    seen = _value("adjudicator_http_request_duration_seconds_count", **hist)
    for word in ("QI", "ZA", "XU"):
        client.get(f"/api/v1/words/{word}?ruleset=scrabble-en")
    assert _value("adjudicator_http_requests_total", **labels) == before + 3
    assert _value("adjudicator_http_request_duration_seconds_count", **hist) == seen + 3


def test_unmatched_paths_share_one_label(client):
    labels = {"method": "GET", "endpoint": "(unmatched)", "status": "404"}
    before = _value("adjudicator_http_requests_total", **labels)
    client.get("/no/such/a")
    client.get("/no/such/b")
    assert _value("adjudicator_http_requests_total", **labels) == before + 2


def test_word_and_challenge_verdicts_are_counted(client):
    valid = _value("adjudicator_word_verdicts_total", valid="true")
    invalid = _value("adjudicator_word_verdicts_total", valid="false")
    client.post("/api/v1/words/check", json={"ruleset": "scrabble-en", "words": ["QI", "QX", "ZA"]})
    client.get("/api/v1/words/QQ?ruleset=scrabble-en")
    client.get("/api/v1/words/QI?ruleset=scrabble-en")
    assert _value("adjudicator_word_verdicts_total", valid="true") == valid + 3
    assert _value("adjudicator_word_verdicts_total", valid="false") == invalid + 2
    bad = _value("adjudicator_challenge_verdicts_total", verdict="unacceptable")
    client.post("/api/v1/challenges", json={"ruleset": "scrabble-en", "words": ["QX"]})
    assert _value("adjudicator_challenge_verdicts_total", verdict="unacceptable") == bad + 1


def test_metrics_endpoint(client, app):
    resp = client.get("/metrics")
    assert resp.status_code == 200 and resp.mimetype == "text/plain"
    text = resp.get_data(as_text=True)
    for name in (
        "adjudicator_http_requests_total",
        "adjudicator_http_request_duration_seconds",
        "adjudicator_word_verdicts_total",
        "adjudicator_lexicon_info",
    ):
        assert f"# TYPE {name}" in text
    for name, lexicon in runtime(app).registry.lexicons.items():
        assert f'lexicon="{name}"' in text and f'version="{lexicon.version}"' in text


# --- readiness ----------------------------------------------------------------------


def test_ready(client):
    body = client.get("/readyz").get_json()
    assert body["status"] == "ready" and body["checks"] == {"lexicons": "ok", "database": "ok"}


def test_only_the_admin_is_told_where_the_data_is(app, client):
    """A prober learns that the service is ready, not where its files are."""
    data_dir = str(runtime(app).settings.data_dir)
    anyone = client.get("/readyz")
    assert "data_dir" not in anyone.get_json() and data_dir not in anyone.get_data(as_text=True)
    wrong = client.get("/readyz", headers={"Authorization": "Bearer not-the-key"})
    assert wrong.status_code == 200 and "data_dir" not in wrong.get_json()
    assert client.get("/readyz", headers=admin_headers(app)).get_json()["data_dir"] == data_dir


def test_not_ready_without_the_database(tmp_path):
    app = create_app(
        {
            "TESTING": True,
            "config_dir": str(CONFIG),
            "lexicon_dir": str(LEXICONS),
            "database_url": f"sqlite:///{tmp_path / 't.db'}",
        }
    )
    runtime(app).store.dispose()
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'missing' / 'dir' / 'x.db'}")
    store = Store(
        engine,
        GameStore(engine),
        AuditTrail(engine),
        AnalysisStore(engine),
        DuplicateStore(engine),
    )
    install(app, dataclasses.replace(runtime(app), store=store))
    resp = app.test_client().get("/readyz")
    assert resp.status_code == 503 and resp.mimetype == "application/problem+json"
    body = resp.get_json()
    assert body["code"] == "not-ready" and body["checks"]["database"] == "unreachable"
    assert app.test_client().get("/healthz").status_code == 200  # alive, just not ready


def test_not_ready_when_the_probe_query_fails(app, monkeypatch):
    import sqlite3

    def failing_connect():
        raise sa.exc.OperationalError("SELECT 1", {}, sqlite3.OperationalError("disk I/O error"))

    monkeypatch.setattr(runtime(app).store.engine, "connect", failing_connect)
    resp = app.test_client().get("/readyz")
    assert resp.status_code == 503
    assert resp.get_json()["checks"]["database"] == "unreachable"


def test_not_ready_without_lexicons(tmp_path):
    empty = tmp_path / "lexicons"
    empty.mkdir()
    app = create_app(
        {
            "TESTING": True,
            "config_dir": str(CONFIG),
            "lexicon_dir": str(empty),
            "database_url": f"sqlite:///{tmp_path / 't.db'}",
        }
    )
    resp = app.test_client().get("/readyz")
    assert resp.status_code == 503
    assert resp.get_json()["checks"] == {"lexicons": "none loaded", "database": "ok"}
    runtime(app).store.dispose()


# --- several gunicorn workers share their metrics -----------------------------------


def _sample(text: str, prefix: str) -> float:
    line = next((x for x in text.splitlines() if x.startswith(prefix)), None)
    return 0.0 if line is None else float(line.split()[-1])


@pytest.mark.e2e
def test_metrics_add_up_across_gunicorn_workers(tmp_path):
    n = 40
    requests = (
        'adjudicator_http_requests_total{endpoint="/api/v1/words/<path:word>",'
        'method="GET",status="200"}'
    )
    verdicts = 'adjudicator_word_verdicts_total{valid="true"}'
    with running_gunicorn(tmp_path, ADJUDICATOR_LOG_LEVEL="WARNING") as (base, _):
        for _ in range(n):
            with urllib.request.urlopen(
                f"{base}/api/v1/words/QI?ruleset=scrabble-en", timeout=10
            ) as resp:
                assert resp.status == 200
        # Each worker hands its counts over within a second (metricbatch.INTERVAL).
        deadline = time.monotonic() + 10
        while True:
            with urllib.request.urlopen(base + "/metrics", timeout=10) as resp:
                text = resp.read().decode()
            if _sample(text, requests) >= n or time.monotonic() > deadline:
                break
            time.sleep(0.2)
    assert _sample(text, requests) == n  # every worker's count, added up, once
    assert _sample(text, verdicts) == n  # the warm-up's verdicts are not among them
    assert "adjudicator_lexicon_info{" in text
