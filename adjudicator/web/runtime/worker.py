"""The gunicorn worker: gunicorn's sync worker, except that what it refuses before
the app sees a request (a request line over gunicorn's 8,190 bytes, headers too
many or too long, a line that is no HTTP) is answered with a problem document, as
every other error is, instead of gunicorn's HTML page.

``worker_class`` names it in ``server`` and ``gunicorn_conf``; gunicorn documents
custom workers as subclasses of its own, and ``handle_error`` as their hook.
"""

from __future__ import annotations

import json
import typing as t

from gunicorn.http.errors import (
    InvalidHeader,
    InvalidHTTPVersion,
    InvalidRequestLine,
    InvalidRequestMethod,
    LimitRequestHeaders,
    LimitRequestLine,
)
from gunicorn.workers.sync import SyncWorker

# gunicorn's refusal -> (status, reason phrase, problem code, title).
Kinds = type[Exception] | tuple[type[Exception], ...]
REFUSALS: tuple[tuple[Kinds, tuple[int, str, str, str]], ...] = (
    (LimitRequestLine, (414, "URI Too Long", "uri-too-long", "URI too long")),
    (
        LimitRequestHeaders,
        (
            431,
            "Request Header Fields Too Large",
            "request-header-fields-too-large",
            "Request header fields too large",
        ),
    ),
    (
        (InvalidRequestLine, InvalidRequestMethod, InvalidHTTPVersion, InvalidHeader),
        (400, "Bad Request", "malformed-request", "Malformed request"),
    ),
)
PROBLEM_BASE = "urn:adjudicator:problem:"  # the setting's default


def refusal(exc: Exception, base: str = PROBLEM_BASE) -> bytes | None:
    """The whole HTTP answer to a request gunicorn refused, or None for another error."""
    for kinds, (status, reason, code, title) in REFUSALS:
        if isinstance(exc, kinds):
            body = json.dumps(
                {
                    "type": base + code,
                    "title": title,
                    "status": status,
                    "detail": f"{title}: {exc}"[:300],
                    "code": code,
                }
            ).encode()
            head = (
                f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\n"
                f"Content-Type: application/problem+json\r\nContent-Length: {len(body)}\r\n\r\n"
            )
            return head.encode("latin-1") + body
    return None


class ProblemWorker(SyncWorker):  # type: ignore[misc]
    def handle_error(self, req: t.Any, client: t.Any, addr: t.Any, exc: Exception) -> None:
        answer = refusal(exc, self._problem_base())
        if answer is None:
            super().handle_error(req, client, addr, exc)
            return
        self.log.debug("refused a request from %s: %s", addr, exc)
        try:
            client.sendall(answer)
        except OSError:
            self.log.debug("the client left before the refusal was sent")

    def _problem_base(self) -> str:
        from adjudicator.web.runtime.extension import runtime

        app = getattr(self, "wsgi", None)
        return runtime(app).settings.problem_base_uri if app is not None else PROBLEM_BASE
