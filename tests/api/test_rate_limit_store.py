"""The rate-limit store: a bad URL stops start-up, a shared store counts across
processes (Redis, when ``ADJUDICATOR_TEST_REDIS_URL`` is set), and a store that
is down lets requests through."""

from __future__ import annotations

import os
import uuid

import pytest

from adjudicator.errors import ConfigError
from adjudicator.web.runtime.extension import runtime
from tests.conftest import make_app


def _app(tmp_path, name: str, **settings):
    return make_app(
        tmp_path / f"{name}.db", RATELIMIT_ENABLED=True, log_level="CRITICAL", **settings
    )


def test_an_unknown_store_fails_at_start_up(tmp_path):
    with pytest.raises(ConfigError, match="RATELIMIT_STORAGE_URL"):
        _app(tmp_path, "bad", ratelimit_storage_url="nosuchstore://here")


def test_an_async_store_is_refused(tmp_path):
    with pytest.raises(ConfigError, match="synchronous"):
        _app(tmp_path, "async", ratelimit_storage_url="async+memory://")


@pytest.fixture()
def redis_url():
    url = os.environ.get("ADJUDICATOR_TEST_REDIS_URL")
    if not url:
        pytest.skip("ADJUDICATOR_TEST_REDIS_URL not set")
    pytest.importorskip("redis")
    return url


def test_a_redis_store_counts_across_workers(tmp_path, redis_url):
    # Two apps stand for two gunicorn workers; a fresh key name keeps runs apart.
    key = uuid.uuid4().hex
    settings = {
        "ratelimit_default": "3/minute",
        "ratelimit_storage_url": redis_url,
        "api_keys": f"club-{key}:secret-{key}",
    }
    one, two = _app(tmp_path, "one", **settings), _app(tmp_path, "two", **settings)
    headers = {"X-API-Key": f"secret-{key}"}
    try:
        assert one.test_client().get("/api/v1/rulesets", headers=headers).status_code == 200
        assert two.test_client().get("/api/v1/rulesets", headers=headers).status_code == 200
        assert one.test_client().get("/api/v1/rulesets", headers=headers).status_code == 200
        resp = two.test_client().get("/api/v1/rulesets", headers=headers)
        assert resp.status_code == 429
        assert 1 <= int(resp.headers["Retry-After"]) <= 60
    finally:
        for app in (one, two):
            runtime(app).store.dispose()


def test_a_store_that_is_down_lets_requests_through(tmp_path, caplog):
    pytest.importorskip("redis")
    # Nothing listens on port 1 of the loopback: every hit fails to connect.
    app = _app(
        tmp_path,
        "down",
        ratelimit_default="1/minute",
        ratelimit_storage_url="redis://127.0.0.1:1",
    )
    try:
        client = app.test_client()
        with caplog.at_level("WARNING", logger="adjudicator.limits"):
            assert all(client.get("/ping").status_code == 200 for _ in range(3))
        assert "rate limit store unavailable" in caplog.text
    finally:
        runtime(app).store.dispose()


# --- memory://: fixed windows counted in the process ----------------------------------


def test_process_windows_count_per_client_and_reset_with_the_window(monkeypatch):
    from limits import parse_many

    from adjudicator.web.runtime import limits

    now = [1_000_020.0]  # a multiple of 60: a minute window starts here
    monkeypatch.setattr(limits.time, "time", lambda: now[0])
    item = parse_many("3/minute")[0]
    windows = limits.ProcessWindows()
    assert [windows.hit(item, "addr:a") for _ in range(4)] == [True, True, True, False]
    assert windows.hit(item, "addr:b")  # another client has its own count
    now[0] += 45
    stats = windows.get_window_stats(item, "addr:a")
    assert stats.reset_time == 1_000_080 and stats.remaining == 0
    now[0] += 15  # the next minute
    assert windows.hit(item, "addr:a")
    assert windows.get_window_stats(item, "addr:a").remaining == 2


# How many counts a process keeps, in bytes: tests/api/test_memory_bounds.py.


def test_several_limits_each_count(tmp_path, monkeypatch):
    from adjudicator.web.runtime import limits

    now = [1_000_020.0]  # the start of a minute window
    monkeypatch.setattr(limits.time, "time", lambda: now[0])
    app = _app(tmp_path, "several", ratelimit_default="2/second;3/minute")
    try:
        client = app.test_client()
        assert [client.get("/ping").status_code for _ in range(3)] == [200, 200, 429]
        assert client.get("/ping").headers.get("Retry-After") == "1"  # the second's limit
        now[0] += 1
        assert client.get("/ping").status_code == 200  # the minute's third request
        resp = client.get("/ping")
        assert resp.status_code == 429 and resp.headers["Retry-After"] == "59"
        assert "3 per 1 minute" in resp.get_json()["detail"]
    finally:
        runtime(app).store.dispose()


def test_a_store_that_is_down_is_told_once_a_minute_not_per_request(tmp_path):
    pytest.importorskip("redis")
    import logging

    app = _app(tmp_path, "down", ratelimit_storage_url="redis://127.0.0.1:1")
    told: list[logging.LogRecord] = []
    handler = logging.Handler(logging.WARNING)
    # Records kept as they are, not formatted: the test reads their arguments.
    handler.emit = told.append  # type: ignore[method-assign]
    logger = logging.getLogger("adjudicator.limits")
    level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.WARNING)
    try:
        client = app.test_client()
        assert all(client.get("/ping").status_code == 200 for _ in range(5))
        assert len([r for r in told if "store unavailable" in r.getMessage()]) == 1
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
        runtime(app).store.dispose()


def test_sometimes_counts_what_it_kept_quiet():
    from adjudicator.web.runtime.limits import Sometimes

    now = [0.0]
    once = Sometimes(60, clock=lambda: now[0])
    assert once.now() == 0 and once.now() is None and once.now() is None
    now[0] = 61
    assert once.now() == 2
