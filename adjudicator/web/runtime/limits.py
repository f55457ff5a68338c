"""Rate limits per client key (or address): parsed by the ``limits`` library,
counted in this process or in a store that ``limits`` reaches.

One budget per client across the whole API (fixed windows, as many as the
setting lists), and a tighter one, counted apart, for the expensive writes.
Counters live in ``ADJUDICATOR_RATELIMIT_STORAGE_URL``: ``memory://`` counts
per worker process (:class:`ProcessWindows`); a shared store (``redis://...``)
counts across workers and instances.  Health, readiness and metrics are never
limited.

We call ``limits`` from one before-request hook instead of going through
flask-limiter: with a single application-wide limit, flask-limiter's per-request
resolution of route, blueprint and exemption scopes cost about 145 µs per request
in process, against about 7 µs here (docs/performance.md).
"""

from __future__ import annotations

import logging
import math
import threading
import time
import typing as t
from collections import OrderedDict
from dataclasses import dataclass, field

from flask import Flask, Response, current_app, request
from limits import RateLimitItem, WindowStats, parse_many
from limits.errors import ConfigurationError, StorageError
from limits.storage import Storage, storage_from_string
from limits.strategies import FixedWindowRateLimiter

from adjudicator.errors import ConfigError
from adjudicator.settings import Settings
from adjudicator.web.runtime.auth import client_name
from adjudicator.web.runtime.operation import operation_of
from adjudicator.web.runtime.problems import too_many_requests

log = logging.getLogger("adjudicator.limits")


def client_key() -> str:
    """The key's name when the request carries a valid key, else the peer address."""
    name = client_name()
    return f"key:{name}" if name else f"addr:{request.remote_addr or '-'}"


class Strategy(t.Protocol):
    def hit(self, item: RateLimitItem, *identifiers: str) -> bool: ...

    def get_window_stats(self, item: RateLimitItem, *identifiers: str) -> WindowStats: ...


# What one count of a (limit, client) window costs at most (about 400 bytes for an
# IPv6 address, by tracemalloc: tests/api/test_memory_bounds.py), and what the counts
# of one process may take: 16,384 of them, a count per limit for each recent client.
WINDOW_BYTES = 512
MAX_WINDOW_BYTES = 8 * 1024 * 1024


class ProcessWindows:
    """Fixed windows counted in this process (``memory://``), with no thread,
    within ``max_bytes``.

    ``limits``' own memory store starts a timer thread to expire its counters
    every 10 ms; in a gunicorn worker that cost more than the count itself.
    Here window ``n`` of a limit is the ``n``-th stretch of ``item.get_expiry()``
    seconds since the epoch.  Each limit keeps its counts in the order their
    windows began, so its first count ends first.  A new count past
    ``max_bytes`` drops the count, of any limit, whose window ends first: a
    past window, or under a flood of new addresses the least recent client,
    which then counts afresh.
    """

    def __init__(self, max_bytes: int = MAX_WINDOW_BYTES) -> None:
        self.capacity = max(1, max_bytes // WINDOW_BYTES)
        # limit -> (its window seconds, client -> (window number, requests counted))
        self._limits: dict[str, tuple[int, OrderedDict[str, tuple[int, int]]]] = {}
        self._size = 0
        self._lock = threading.Lock()  # for threaded workers (gthread)

    def hit(self, item: RateLimitItem, *identifiers: str) -> bool:
        expiry = item.get_expiry()
        window = int(time.time() // expiry)
        client, limit = "/".join(identifiers), item.key_for()
        with self._lock:
            if limit not in self._limits:  # once per limit, not per request
                self._limits[limit] = (expiry, OrderedDict())
            counts = self._limits[limit][1]
            start, count = counts.get(client, (None, 0))
            if start != window:  # a new window: counted afresh, and last in line
                if counts.pop(client, None) is not None:
                    self._size -= 1
                count = 0
                while self._size >= self.capacity:
                    self._drop_first_to_end()
                self._size += 1
            if count >= item.amount:
                return False
            counts[client] = (window, count + 1)
            return True

    def _drop_first_to_end(self) -> None:
        """Drop the count whose window ends first (each limit's first is its own)."""

        def end(limit: tuple[int, OrderedDict[str, tuple[int, int]]]) -> int:
            expiry, counts = limit
            return (next(iter(counts.values()))[0] + 1) * expiry

        _, counts = min((c for c in self._limits.values() if c[1]), key=end)
        counts.popitem(last=False)
        self._size -= 1

    def get_window_stats(self, item: RateLimitItem, *identifiers: str) -> WindowStats:
        expiry = item.get_expiry()
        window = int(time.time() // expiry)
        start, count = window, 0
        known = self._limits.get(item.key_for())
        if known is not None:
            start, count = known[1].get("/".join(identifiers), (window, 0))
        used = count if start == window else 0
        return WindowStats((window + 1) * expiry, max(0, item.amount - used))


class Sometimes:
    """Says yes at most once every ``seconds`` (thread-safe), and how many times it
    said no in between: one log line a minute, not one per request."""

    def __init__(
        self, seconds: float = 60.0, clock: t.Callable[[], float] = time.monotonic
    ) -> None:
        self.seconds, self.clock = seconds, clock
        self._last: float | None = None
        self._missed = 0
        self._lock = threading.Lock()

    def now(self) -> int | None:
        """None while it is too soon; else the number of times skipped since."""
        with self._lock:
            at = self.clock()
            if self._last is not None and at - self._last < self.seconds:
                self._missed += 1
                return None
            self._last, missed, self._missed = at, self._missed, 0
            return missed


@dataclass(frozen=True, slots=True)
class RateLimiter:
    """The parsed limits (every request's, and the expensive writes') and the
    strategy over the store."""

    items: tuple[RateLimitItem, ...]
    write_items: tuple[RateLimitItem, ...]
    strategy: Strategy
    # A store that is down is told once a minute per worker, with the count since.
    store_down: Sometimes = field(default_factory=Sometimes)

    def check(self) -> Response | None:
        """Before-request hook: count this request against each limit, unless its
        operation is not ``limited`` (health, readiness, metrics).

        A store that is down lets the request through (logged): it must not take
        the API down with it.

        Over a limit, it answers the 429 itself, with ``Retry-After`` in seconds:
        returned rather than raised, the refusal skips Flask's error handling.
        """
        op = operation_of(current_app, request.endpoint)
        if (op is not None and not op.limited) or not current_app.config["RATELIMIT_ENABLED"]:
            return None
        key = client_key()
        try:
            for item in self.items:
                if not self.strategy.hit(item, key):
                    return too_many_requests(str(item), self._wait(item, key))
            if op is not None and op.expensive:
                writes = f"writes/{key}"
                for item in self.write_items:
                    if not self.strategy.hit(item, writes):
                        return too_many_requests(f"{item} for this write", self._wait(item, writes))
        except StorageError as exc:
            missed = self.store_down.now()
            if missed is not None:
                log.warning(
                    "rate limit store unavailable: %s (%d more requests let through "
                    "unlimited since the last warning)",
                    type(exc.storage_error).__name__,
                    missed,
                )
        return None

    def _wait(self, item: RateLimitItem, key: str) -> int:
        """Whole seconds until the window resets: at least 1, never more than one window."""
        reset = self.strategy.get_window_stats(item, key).reset_time
        return max(1, min(math.ceil(reset - time.time()), item.get_expiry()))


def _strategy(url: str) -> Strategy:
    """:class:`ProcessWindows` for ``memory://``; ``limits``' fixed windows over any
    other store (``redis://...``), which counts across processes.

    :raises ConfigError: a store URL that cannot be used.
    """
    if url.strip() == "memory://":
        return ProcessWindows()
    try:
        storage = storage_from_string(url, wrap_exceptions=True)
    except ConfigurationError as exc:
        raise ConfigError("ADJUDICATOR_RATELIMIT_STORAGE_URL", None, str(exc)) from None
    if not isinstance(storage, Storage):  # async+... stores need an event loop
        raise ConfigError("ADJUDICATOR_RATELIMIT_STORAGE_URL", None, "not a synchronous store")
    return FixedWindowRateLimiter(storage)


def init_app(app: Flask, settings: Settings) -> RateLimiter | None:
    """Attach the limiter, or None when limits are off.

    ``RATELIMIT_ENABLED`` in the Flask config wins; it defaults to off under
    ``TESTING`` so that one shared test app is not throttled by the whole suite.

    :raises ConfigError: a limit or a store URL that cannot be used.
    """
    if settings.ratelimit_default.strip().lower() in ("off", "none", "0"):
        return None
    items = _parsed("ADJUDICATOR_RATELIMIT_DEFAULT", settings.ratelimit_default)
    write_items = _parsed("ADJUDICATOR_RATELIMIT_WRITES", settings.ratelimit_writes)
    app.config.setdefault("RATELIMIT_ENABLED", not app.testing)
    limiter = RateLimiter(items, write_items, _strategy(settings.ratelimit_storage_url))
    app.before_request(limiter.check)
    return limiter


def _parsed(name: str, spec: str) -> tuple[RateLimitItem, ...]:
    """:raises ConfigError: not a limit in the ``limits`` notation."""
    if spec.strip().lower() in ("off", "none", "0"):
        return ()
    try:
        return tuple(parse_many(spec))
    except ValueError as exc:
        raise ConfigError(name, None, str(exc)) from None
