"""Request ids, JSON logs and Prometheus metrics (``GET /metrics``).

Under gunicorn the metrics are shared by the workers through
``PROMETHEUS_MULTIPROC_DIR`` (prometheus-client's multiprocess mode); it must
be set before this module is imported, which ``adjudicator serve`` does (see
``web/server.py`` and docs/api.md).  Everything a request needs is built here
once; the hooks only look things up, and their metric updates are handed to
prometheus-client in batches (``web/metricbatch.py``).
"""

from __future__ import annotations

import datetime as dt
import logging
import os
import re
import time
import traceback
import typing as t

import orjson
from flask import Blueprint, Flask, Response, current_app, g, has_request_context
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
)

from adjudicator.web.context import current_g, current_request
from adjudicator.web.metricbatch import BATCHES
from adjudicator.web.warmup import is_warmup

bp = Blueprint("metrics", __name__)

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
    "Loaded lexicons: 1 per name, version and checksum.",
    ["lexicon", "version", "checksum"],
    multiprocess_mode="max",
)

# Per-request updates are gathered in process memory and handed to prometheus-client
# once a second (see metricbatch): its multiprocess mode writes a file on each one.
_VALID_COUNT = BATCHES.count(WORD_VERDICTS.labels("true"))
_INVALID_COUNT = BATCHES.count(WORD_VERDICTS.labels("false"))
_VALID_TICK, _INVALID_TICK = _VALID_COUNT.tick, _INVALID_COUNT.tick
REGISTRY_KEY = "adjudicator.metrics"
UNMATCHED = "(unmatched)"
# A request id the client sends is kept if it is short and plain; otherwise we make one.
_REQUEST_ID = re.compile(r"[A-Za-z0-9._:@+=/-]{1,64}")

access_log = logging.getLogger("adjudicator.access")


# A log line: UTF-8 JSON, anything unusual as its ``str``, and the newline.
_LINE = orjson.OPT_NON_STR_KEYS | orjson.OPT_APPEND_NEWLINE


# --- metrics helpers for views --------------------------------------------------


def count_words(results: t.Sequence[t.Mapping[str, t.Any]]) -> None:
    """Count word verdicts (two increments, whatever the batch size)."""
    valid = sum(1 for r in results if r["valid"])
    if valid:
        _VALID_COUNT.add(valid)
    if len(results) - valid:
        _INVALID_COUNT.add(len(results) - valid)


def count_word(valid: bool) -> None:
    """Count one word verdict."""
    (_VALID_TICK if valid else _INVALID_TICK)()


_challenge_ticks: dict[str, t.Callable[[], int]] = {}


def count_challenge(result: t.Mapping[str, t.Any]) -> None:
    verdict = str(result["verdict"])
    tick = _challenge_ticks.get(verdict)
    if tick is None:
        tick = _challenge_ticks[verdict] = BATCHES.count(CHALLENGE_VERDICTS.labels(verdict)).tick
    tick()


# --- logs -------------------------------------------------------------------------


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message, request id, fields."""

    _second: tuple[int, str] = (-1, "")

    def _time(self, created: float) -> str:
        """ISO 8601 UTC with milliseconds; the part up to the second is made once a second."""
        second = int(created)
        if second != self._second[0]:
            stamp = dt.datetime.fromtimestamp(second, dt.UTC).strftime("%Y-%m-%dT%H:%M:%S")
            self._second = (second, stamp)
        return f"{self._second[1]}.{int((created - second) * 1000):03d}+00:00"

    def format(self, record: logging.LogRecord) -> str:
        return self.line(record)[:-1].decode()

    def line(self, record: logging.LogRecord) -> bytes:
        """:meth:`format` as the UTF-8 bytes of a line, newline included, without
        decoding the encoder's bytes to text and encoding them again."""
        return orjson.dumps(self._fields(record), default=str, option=_LINE)

    def _fields(self, record: logging.LogRecord) -> dict[str, t.Any]:
        out: dict[str, t.Any] = {
            "time": self._time(record.created),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        fields = getattr(record, "fields", None)
        if fields:
            out.update(fields)
        if "request_id" not in out and has_request_context() and g.get("request_id"):
            out["request_id"] = g.request_id
        if record.exc_info:
            out["exception"] = "".join(traceback.format_exception(*record.exc_info))
        return out


class _Stderr(logging.Handler):
    """One ``write(2)`` per line on file descriptor 2.

    A line under the pipe buffer size is written whole even when several gunicorn
    workers share the descriptor, and there is no per-line flush of a text stream.
    """

    def emit(self, record: logging.LogRecord) -> None:
        try:
            fmt = self.formatter
            if isinstance(fmt, JsonFormatter):
                os.write(2, fmt.line(record))
            else:
                os.write(2, (self.format(record) + "\n").encode("utf-8", "replace"))
        except Exception:  # logging must never break a request
            self.handleError(record)


def configure_logging(level: str) -> None:
    """JSON lines on stderr for every ``adjudicator.*`` logger (idempotent)."""
    log = logging.getLogger("adjudicator")
    log.setLevel(level.upper())
    if not any(isinstance(h, _Stderr) for h in log.handlers):
        handler = _Stderr()
        handler.setFormatter(JsonFormatter())
        log.addHandler(handler)
    log.propagate = False


# --- per-request hooks ------------------------------------------------------------


def _before() -> None:
    store = current_g()
    store.started = time.perf_counter()
    given = current_request().headers.get("X-Request-ID")
    store.request_id = given if given and _REQUEST_ID.fullmatch(given) else os.urandom(16).hex()


# Label values stay few: a client may send any method name.
_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
# Each metric child's hot path (see metricbatch) by label values, so a request does
# one dict lookup per metric.
_counters: dict[tuple[str, str, int], t.Callable[[], int]] = {}
_timers: dict[tuple[str, str], t.Callable[[float], None]] = {}


def _observe(method: str, endpoint: str, status: int, elapsed: float) -> None:
    tick = _counters.get((method, endpoint, status))
    if tick is None:
        child = REQUESTS.labels(method, endpoint, str(status))
        tick = _counters[method, endpoint, status] = BATCHES.count(child).tick
    add = _timers.get((method, endpoint))
    if add is None:
        add = _timers[method, endpoint] = BATCHES.samples(LATENCY.labels(method, endpoint)).add
    tick()
    add(elapsed)
    if not BATCHES.running:  # the first request this process counts
        BATCHES.start()


def _after(response: Response) -> Response:
    store, req = current_g(), current_request()
    elapsed = time.perf_counter() - store.get("started", time.perf_counter())
    rid = store.get("request_id")
    if rid:
        response.headers["X-Request-ID"] = rid
    if is_warmup(req.environ):
        return response  # the master's own warm-up: neither counted nor logged
    rule = req.url_rule
    endpoint = rule.rule if rule is not None else UNMATCHED
    method = req.method if req.method in _METHODS else "OTHER"
    status = response.status_code
    _observe(method, endpoint, status, elapsed)
    if access_log.isEnabledFor(logging.INFO):
        # Never headers or the query string: keys travel in headers.
        access_log.info(
            "request",
            extra={
                "fields": {
                    "request_id": rid,
                    "method": method,
                    "path": req.path,
                    "endpoint": endpoint,
                    "status": status,
                    "duration_ms": round(elapsed * 1000, 3),
                    "client": req.remote_addr,
                }
            },
        )
    return response


@bp.get("/metrics")
def metrics() -> Response:
    BATCHES.flush()  # this process's own counts, up to this request
    data = generate_latest(current_app.extensions[REGISTRY_KEY])
    return Response(data, headers={"Content-Type": CONTENT_TYPE_LATEST})


def init_app(app: Flask) -> None:
    """Hooks first (so every later hook and error has a request id), then metrics."""
    settings = app.config["ADJUDICATOR_SETTINGS"]
    configure_logging(settings.log_level)
    app.before_request_funcs.setdefault(None, []).insert(0, _before)
    app.after_request(_after)
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
    else:
        registry = REGISTRY
    app.extensions[REGISTRY_KEY] = registry
    for name, lexicon in app.extensions["adjudicator"].lexicons.items():
        LEXICONS.labels(name, lexicon.version, lexicon.checksum).set(1)
    app.register_blueprint(bp)
