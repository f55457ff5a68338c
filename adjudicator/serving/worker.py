"""The gunicorn worker: gunicorn's threaded worker (gthread), with three changes.

- What gunicorn refuses before the app sees a request (a request line over
  gunicorn's 8,190 bytes, headers too many or too long, a line that is no HTTP)
  is answered with a problem document, as every other error is, instead of
  gunicorn's HTML page.
- A worker takes a connection only when one of its threads is free for it
  (``worker_connections`` = ``threads``, no keep-alive): a connection it cannot
  serve waits in the listen queue for another worker instead of behind the slow
  clients of this one.
- A request must arrive in time (:class:`ReadDeadlines`): its line and headers
  within ``ADJUDICATOR_REQUEST_READ_SECONDS``, its body within that again plus
  a second per ``MIN_BODY_RATE`` bytes.  A client that trickles is cut off, so
  slow clients hold a thread for a bounded time; see docs/docker.md for what a
  public deployment puts in front.

``worker_class`` names it in ``server`` and ``gunicorn_conf``; gunicorn documents
custom workers as subclasses of its own, and ``handle_error`` and
``handle_request`` as their hooks.
"""

from __future__ import annotations

import socket
import threading
import time
import typing as t
from http import HTTPStatus

from gunicorn.http.errors import (
    InvalidHeader,
    InvalidHTTPVersion,
    InvalidRequestLine,
    InvalidRequestMethod,
    LimitRequestHeaders,
    LimitRequestLine,
)
from gunicorn.workers.gthread import ThreadWorker

from adjudicator.web.runtime.problem_doc import HTTP_PROBLEMS, problem_json

if t.TYPE_CHECKING:
    from gunicorn.http import Request
    from gunicorn.workers.gthread import TConn

    from adjudicator.settings import Settings

# gunicorn's refusals, by the status that answers them (problem_doc.HTTP_PROBLEMS
# gives each its code and title).
Kinds = type[Exception] | tuple[type[Exception], ...]
REFUSALS: tuple[tuple[Kinds, int], ...] = (
    (LimitRequestLine, 414),
    (LimitRequestHeaders, 431),
    ((InvalidRequestLine, InvalidRequestMethod, InvalidHTTPVersion, InvalidHeader), 400),
)
PROBLEM_BASE = "urn:adjudicator:problem:"  # the setting's default
READ_SECONDS = 10.0  # ADJUDICATOR_REQUEST_READ_SECONDS' default
# The slowest body accepted, past the first READ_SECONDS: 64 KiB a second, so the
# largest word list (64 MiB) may take about 17 minutes.
MIN_BODY_RATE = 64 * 1024


def refusal(exc: BaseException, base: str = PROBLEM_BASE) -> bytes | None:
    """The whole HTTP answer to a request gunicorn refused, or None for another error."""
    for kinds, status in REFUSALS:
        if isinstance(exc, kinds):
            code, title = HTTP_PROBLEMS[status]
            detail = f"{title}: {exc}"[:300]
            return _answer(status, problem_json(status, code, title, detail, base=base))
    return None


def timed_out(base: str = PROBLEM_BASE) -> bytes:
    """The answer to a request whose headers did not arrive in time."""
    code, title = HTTP_PROBLEMS[408]
    detail = "the request did not arrive in time"
    return _answer(408, problem_json(408, code, title, detail, base=base))


def _answer(status: int, body: bytes) -> bytes:
    """A whole HTTP answer that closes the connection."""
    head = (
        f"HTTP/1.1 {status} {HTTPStatus(status).phrase}\r\nConnection: close\r\n"
        f"Content-Type: application/problem+json\r\nContent-Length: {len(body)}\r\n\r\n"
    )
    return head.encode("latin-1") + body


class ReadDeadlines:
    """When each connection's request must be in; one thread per worker shuts the
    reading side of those past it, so that a read blocked on a slow client ends
    (it reads the end of the stream) and the thread is free again."""

    def __init__(self, tick: float = 0.25) -> None:
        self._due: dict[socket.socket, float] = {}
        self._cut: set[socket.socket] = set()
        self._lock = threading.Lock()
        self._tick = tick
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="read-deadlines", daemon=True)
        self._thread.start()

    def set(self, sock: socket.socket, seconds: float) -> None:
        with self._lock:
            self._due[sock] = time.monotonic() + seconds
            self._cut.discard(sock)

    def clear(self, sock: socket.socket) -> bool:
        """Forget ``sock``; True when its deadline had passed and it was cut off."""
        with self._lock:
            self._due.pop(sock, None)
            if sock in self._cut:
                self._cut.discard(sock)
                return True
            return False

    def _run(self) -> None:
        while True:
            time.sleep(self._tick)
            now = time.monotonic()
            with self._lock:
                late = [s for s, due in self._due.items() if due <= now]
                for sock in late:
                    del self._due[sock]
                    self._cut.add(sock)
            for sock in late:
                try:
                    sock.shutdown(socket.SHUT_RD)
                except OSError:  # closed meanwhile: nothing left to cut
                    continue


def _length(req: Request) -> int:
    """The request's Content-Length (gunicorn has checked it), 0 without one: a
    chunked body gets no more time than a small one."""
    for name, value in req.headers:
        if name == "CONTENT-LENGTH":
            return int(value)
    return 0


class ProblemWorker(ThreadWorker):
    def __init__(self, *args: t.Any, **kwargs: t.Any) -> None:
        super().__init__(*args, **kwargs)
        # One connection per thread, none kept alive between requests.
        self.worker_connections = self.cfg.threads
        self.max_keepalived = 0
        self.deadlines = ReadDeadlines()

    def init_process(self) -> None:
        self.deadlines.start()  # in the worker, after the fork
        super().init_process()

    def handle(self, conn: TConn) -> bool:
        """Read and answer one request (in a thread), within the read deadline."""
        self.deadlines.set(conn.sock, self._read_seconds())
        try:
            return super().handle(conn)
        finally:
            if self.deadlines.clear(conn.sock) and conn.parser is not None:
                self._say_timed_out(conn)

    def handle_request(self, req: Request, conn: TConn) -> bool:
        """The headers are in: give the body its own deadline, by its length."""
        self.deadlines.set(conn.sock, self._read_seconds() + _length(req) / MIN_BODY_RATE)
        try:
            return super().handle_request(req, conn)
        finally:
            self.deadlines.clear(conn.sock)

    def _say_timed_out(self, conn: TConn) -> None:
        try:
            conn.sock.sendall(timed_out(self._problem_base()))
        except OSError:
            self.log.debug("the client left before the timeout was sent")

    def handle_error(
        self, req: Request | None, client: socket.socket, addr: t.Any, exc: BaseException
    ) -> None:
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
        settings = self._settings()
        return settings.problem_base_uri if settings is not None else PROBLEM_BASE

    def _read_seconds(self) -> float:
        settings = self._settings()
        return float(settings.request_read_seconds) if settings is not None else READ_SECONDS

    def _settings(self) -> Settings | None:
        from adjudicator.web.runtime.extension import runtime

        app = getattr(self, "wsgi", None)
        return runtime(app).settings if app is not None else None
