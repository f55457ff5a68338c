"""Prometheus metrics: what the requests are counted in (``GET /metrics``
serves them: ``web/api/operations.py``).

Under gunicorn the workers share them through prometheus-client's multiprocess
mode: ``PROMETHEUS_MULTIPROC_DIR`` must name a folder before prometheus-client
is imported, which ``adjudicator serve`` and ``gunicorn_conf`` see to (see
``server``).  Without it (tests, ``flask run``) the process's own registry
serves.
"""

from __future__ import annotations

import os
import time
import typing as t

from flask import Flask, Response, g, request
from prometheus_client import (
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    multiprocess,
)

if t.TYPE_CHECKING:
    from adjudicator.loaders import Registry
    from adjudicator.services.registry import LiveRegistry

REQUESTS = Counter(
    "adjudicator_http_requests_total",
    "HTTP requests answered, by route and status.",
    ["method", "endpoint", "status"],
)
LATENCY = Histogram(
    "adjudicator_http_request_duration_seconds",
    "Time from routing to the response, by route.",
    ["method", "endpoint"],
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
)
WORD_VERDICTS = Counter(
    "adjudicator_word_verdicts_total", "Words judged (checks and word lookups).", ["valid"]
)
CHALLENGE_VERDICTS = Counter(
    "adjudicator_challenge_verdicts_total", "Challenges ruled on.", ["verdict"]
)
LEXICONS = Gauge(
    "adjudicator_lexicon_info",
    "Loaded lexicons: 1 per name, version and checksum (0 once replaced or removed).",
    ["lexicon", "version", "checksum"],
    # The value last set by any process: the master's 1 at start-up, then the
    # 0 a worker sets when a reload takes the list away (never a max of the two).
    multiprocess_mode="mostrecent",
)
# The two verdicts' counters, labelled once: a word lookup counts one per request.
_VALID, _INVALID = WORD_VERDICTS.labels("true"), WORD_VERDICTS.labels("false")
UNMATCHED = "(unmatched)"
# Label values stay few: a client may send any method name.
_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})


def count_word(valid: bool) -> None:
    """Count one word verdict."""
    (_VALID if valid else _INVALID).inc()


def count_words(results: t.Sequence[t.Mapping[str, t.Any]]) -> None:
    """Count word verdicts."""
    valid = sum(1 for r in results if r["valid"])
    if valid:
        _VALID.inc(valid)
    if len(results) - valid:
        _INVALID.inc(len(results) - valid)


def count_challenge(verdict: str) -> None:
    CHALLENGE_VERDICTS.labels(verdict).inc()


def route_labels() -> tuple[str, str]:
    """The request's method and route as metric labels (and access-log fields)."""
    rule = request.url_rule
    method = request.method if request.method in _METHODS else "OTHER"
    return method, rule.rule if rule is not None else UNMATCHED


def _started() -> None:
    g.started = time.perf_counter()


def _observe(response: Response) -> Response:
    elapsed = time.perf_counter() - g.get("started", time.perf_counter())
    g.elapsed = elapsed
    method, endpoint = route_labels()
    REQUESTS.labels(method, endpoint, str(response.status_code)).inc()
    LATENCY.labels(method, endpoint).observe(elapsed)
    return response


class LexiconGauge:
    """Keeps ``adjudicator_lexicon_info`` to the registry in force: 1 for each
    lexicon loaded, 0 for one this process served before a reload took it away."""

    def __init__(self) -> None:
        self.shown: set[tuple[str, str, str]] = set()

    def __call__(self, registry: Registry) -> None:
        now = {(n, lex.version, lex.checksum) for n, lex in registry.lexicons.items()}
        for labels in self.shown - now:
            LEXICONS.labels(*labels).set(0)
        for labels in now:
            LEXICONS.labels(*labels).set(1)
        self.shown = now


def init_app(app: Flask, live: LiveRegistry) -> CollectorRegistry:
    """Time every request (the first before-request hook), count it after, serve
    /metrics, and follow the registry's lexicons.

    :returns: the registry /metrics reads (every worker's, under gunicorn).
    """
    app.before_request(_started)
    app.after_request(_observe)
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
    else:
        registry = REGISTRY
    live.on_replace(LexiconGauge())
    return registry
