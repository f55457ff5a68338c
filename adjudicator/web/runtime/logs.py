"""Request ids and JSON logs: one JSON line per log record, one per request.

Each request gets an id (the client's ``X-Request-ID`` when it is short and
plain), sent back in ``X-Request-ID`` and written on every line it logs.  A line
is one ``write(2)`` on stderr, so lines of several gunicorn workers never mix.
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
from flask import Flask, Response, g, has_request_context, request

from adjudicator.web.runtime.metrics import route_labels

# A request id the client sends is kept if it is short and plain; otherwise we make one.
_REQUEST_ID = re.compile(r"[A-Za-z0-9._:@+=/-]{1,64}")

access_log = logging.getLogger("adjudicator.access")


# A log line: UTF-8 JSON, anything unusual as its ``str``, and the newline.
_LINE = orjson.OPT_NON_STR_KEYS | orjson.OPT_APPEND_NEWLINE


# --- logs -------------------------------------------------------------------------


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message, request id, fields."""

    def format(self, record: logging.LogRecord) -> str:
        return self.line(record)[:-1].decode()

    def line(self, record: logging.LogRecord) -> bytes:
        """:meth:`format` as the UTF-8 bytes of a line, newline included, without
        decoding the encoder's bytes to text and encoding them again."""
        return orjson.dumps(self._fields(record), default=str, option=_LINE)

    def _fields(self, record: logging.LogRecord) -> dict[str, t.Any]:
        out: dict[str, t.Any] = {
            "time": dt.datetime.fromtimestamp(record.created, dt.UTC).isoformat(
                "T", "milliseconds"
            ),
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


class StderrHandler(logging.Handler):
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
    if not any(isinstance(h, StderrHandler) for h in log.handlers):
        handler = StderrHandler()
        handler.setFormatter(JsonFormatter())
        log.addHandler(handler)
    log.propagate = False


# --- per-request hooks ------------------------------------------------------------


def _request_id() -> None:
    given = request.headers.get("X-Request-ID")
    g.request_id = given if given and _REQUEST_ID.fullmatch(given) else os.urandom(16).hex()


def _access(response: Response) -> Response:
    rid = g.get("request_id")
    if rid:
        response.headers["X-Request-ID"] = rid
    if access_log.isEnabledFor(logging.INFO):
        elapsed = time.perf_counter() - g.get("started", time.perf_counter())
        method, endpoint = route_labels()
        # Never headers or the query string: keys travel in headers.
        access_log.info(
            "request",
            extra={
                "fields": {
                    "request_id": rid,
                    "method": method,
                    "path": request.path,
                    "endpoint": endpoint,
                    "status": response.status_code,
                    "duration_ms": round(elapsed * 1000, 3),
                    "client": request.remote_addr,
                }
            },
        )
    return response


def init_app(app: Flask, level: str) -> None:
    """JSON logs at ``level``; every request gets an id before any other hook but
    the metrics' timer, so that every later hook and error has one."""
    configure_logging(level)
    app.before_request(_request_id)
    app.after_request(_access)
