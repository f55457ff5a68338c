"""The master's warm-up: every request it sends succeeds, and none of them is
logged, counted in the metrics or charged to the rate limit."""

from __future__ import annotations

import json
import logging

import pytest
from prometheus_client import REGISTRY

from adjudicator.web.metricbatch import BATCHES
from adjudicator.web.warmup import warm_up
from tests.conftest import make_app


class _Lines(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture()
def limited_app(tmp_path):
    app = make_app(tmp_path / "t.db", RATELIMIT_ENABLED=True, ratelimit_default="2/minute")
    yield app
    app.extensions["adjudicator.engine"].dispose()


def _requests_total() -> float:
    BATCHES.flush()  # what this process counted, handed over now
    return sum(
        s.value
        for m in REGISTRY.collect()
        if m.name == "adjudicator_http_requests"
        for s in m.samples
        if s.name == "adjudicator_http_requests_total"
    )


def test_every_warmup_request_is_answered_without_a_server_error(limited_app):
    statuses = warm_up(limited_app)
    registry = limited_app.extensions["adjudicator"]
    rulesets = [r for r in registry.rulesets.values() if r.lexicon in registry.lexicons]
    # health and ping, then a lookup, a check and a score for each ruleset with a lexicon
    assert len(statuses) == 2 + 3 * len(rulesets)
    assert all(status < 500 for _, _, status in statuses), statuses
    assert ("GET", "/readyz", 200) in statuses
    scores = [status for method, path, status in statuses if path == "/api/v1/score"]
    assert len(scores) == len(rulesets) and set(scores) == {200}


def test_warmup_is_not_logged_counted_or_rate_limited(limited_app):
    lines = _Lines()
    log = logging.getLogger("adjudicator")
    log.addHandler(lines)
    before = _requests_total()
    try:
        warm_up(limited_app)
    finally:
        log.removeHandler(lines)
    assert not [r for r in lines.records if r.name == "adjudicator.access"]
    assert _requests_total() == before
    # The limit is 2 a minute: the warm-up's many requests did not use it up.
    client = limited_app.test_client()
    assert [client.get("/ping").status_code for _ in range(3)] == [200, 200, 429]
    assert _requests_total() == before + 3


def test_a_failing_warmup_request_is_logged_not_raised(limited_app, caplog):
    def broken():
        raise RuntimeError("no")

    limited_app.view_functions["health.ping"] = broken
    with caplog.at_level("WARNING", logger="adjudicator.warmup"):
        statuses = warm_up(limited_app)
    assert ("GET", "/ping", 500) in statuses
    assert "GET /ping answered 500" in caplog.text
    assert json.dumps(statuses)  # plain data, fit for a log line


def test_with_client_keys_the_warmup_uses_one(tmp_path):
    app = make_app(tmp_path / "k.db", api_keys="club:secret-1,desk:secret-2")
    try:
        statuses = warm_up(app)
        assert {status for _, path, status in statuses if path.startswith("/api/")} == {200}
    finally:
        app.extensions["adjudicator.engine"].dispose()
