"""Behind a trusted reverse proxy the client's address comes from X-Forwarded-For."""

from __future__ import annotations

import pytest

from adjudicator.web.runtime.extension import runtime
from tests.conftest import make_app


def _app(tmp_path, **config):
    app = make_app(
        tmp_path / "t.db", RATELIMIT_ENABLED=True, ratelimit_default="2/minute", **config
    )
    return app


def _statuses(app, forwarded_for: str, n: int = 3) -> list[int]:
    client = app.test_client()
    headers = {"X-Forwarded-For": forwarded_for}
    return [client.get("/api/v1/rulesets", headers=headers).status_code for _ in range(n)]


@pytest.mark.parametrize("hops", [1, 2])
def test_each_forwarded_client_has_its_own_budget(tmp_path, hops):
    app = _app(tmp_path, proxy_hops=hops)
    # Each proxy appends the address it was sent from: the client's comes first.
    chain = ", 10.0.0.9" * (hops - 1)
    assert _statuses(app, "203.0.113.1" + chain) == [200, 200, 429]
    assert _statuses(app, "203.0.113.2" + chain) == [200, 200, 429]
    runtime(app).store.dispose()


def test_without_trusted_proxies_the_header_is_ignored(tmp_path):
    app = _app(tmp_path)
    assert _statuses(app, "203.0.113.1", 2) == [200, 200]
    # Another forged address does not buy a new budget: the peer is the client.
    assert _statuses(app, "203.0.113.2", 1) == [429]
    runtime(app).store.dispose()
