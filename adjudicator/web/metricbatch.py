"""Metric updates gathered in process memory and handed to prometheus-client in batches.

Under gunicorn, prometheus-client runs in multiprocess mode: every update takes a
lock and writes a memory-mapped file.  One counter increment and one histogram
observation per request came to about 32,000 instructions, 3% of a whole
``/ping`` through a worker, and counting a word verdict another 8,400.  Here a
request only ticks a count or appends its duration to a deque (one C call each),
and a daemon thread in each serving process hands the totals over once a second
(:data:`INTERVAL`).  ``/metrics`` hands over its own process's totals before it
answers, and a process hands over the rest when it exits; a worker killed
outright loses at most its last second.  Other workers' counts reach a scrape
within a second.

The thread starts with the first request a process counts.  The gunicorn
master's warm-up is not counted (its counts are dropped), so the master never
runs one: a thread there could hold prometheus-client's lock at the moment a
worker is forked.  A forked child starts with nothing pending and its own lock.
"""

from __future__ import annotations

import atexit
import bisect
import collections
import itertools
import logging
import math
import os
import threading
import typing as t

log = logging.getLogger(__name__)

INTERVAL = 1.0  # seconds between hand-overs


class Count:
    """Increments to one prometheus counter child: :attr:`tick` adds 1, :attr:`add`
    any amount (each one C call, so safe between threads)."""

    __slots__ = ("child", "tick", "add", "_ticks", "_own", "_sent", "_amounts")

    def __init__(self, child: t.Any) -> None:
        self.child = child
        self._ticks = itertools.count()
        self.tick: t.Callable[[], int] = self._ticks.__next__
        self._own = 0  # ticks taken by _seen() itself
        self._sent = 0  # ticks handed over so far
        self._amounts: collections.deque[float] = collections.deque()
        self.add: t.Callable[[float], None] = self._amounts.append

    def _seen(self) -> int:
        """Ticks so far, not counting this call's own."""
        seen = next(self._ticks) - self._own
        self._own += 1
        return seen

    def flush(self) -> None:
        seen = self._seen()
        amounts = self._amounts
        total = (seen - self._sent) + sum(amounts.popleft() for _ in range(len(amounts)))
        self._sent = seen
        if total:
            self.child.inc(total)

    def forget(self) -> None:
        """Drop what is not handed over yet."""
        self._sent = self._seen()
        self._amounts.clear()


class Samples:
    """Observations of one prometheus histogram child: :attr:`add` is the hot path.

    A batch goes into the child's bucket and sum values as ``observe`` would put
    them one by one (a sample counts in the first bucket whose bound it does not
    exceed); a prometheus-client release without those values gets each sample
    through ``observe`` instead, and says so in the log once.
    """

    __slots__ = ("child", "add", "_pending", "_direct")

    def __init__(self, child: t.Any) -> None:
        self.child = child
        self._pending: collections.deque[float] = collections.deque()
        self.add: t.Callable[[float], None] = self._pending.append  # atomic: one C call
        self._direct = _histogram_values(child)

    def flush(self) -> None:
        pending = self._pending
        got = [pending.popleft() for _ in range(len(pending))]
        if not got:
            return
        if self._direct is None:
            for amount in got:
                self.child.observe(amount)
            return
        bounds, buckets, total = self._direct
        total.inc(math.fsum(got))
        per_bucket = collections.Counter(bisect.bisect_left(bounds, amount) for amount in got)
        for i, n in per_bucket.items():
            buckets[i].inc(n)

    def forget(self) -> None:
        """Drop what is not handed over yet."""
        self._pending.clear()


def _histogram_values(child: t.Any) -> tuple[list[float], list[t.Any], t.Any] | None:
    """The child's (upper bounds, bucket values, sum value), read as prometheus-client
    keeps them; None (with a warning) when it keeps them otherwise."""
    bounds = getattr(child, "_upper_bounds", None)
    buckets = getattr(child, "_buckets", None)
    total = getattr(child, "_sum", None)
    if (
        isinstance(bounds, list)
        and isinstance(buckets, list)
        and bounds
        and len(buckets) == len(bounds)
        and bounds == sorted(bounds)
        and bounds[-1] == math.inf
        and all(callable(getattr(v, "inc", None)) for v in (*buckets, total))
    ):
        return bounds, buckets, total
    log.warning(
        "prometheus-client keeps histogram buckets in a way this release does not "
        "know: each duration is observed on its own when batches are handed over"
    )
    return None


_Item = t.TypeVar("_Item", Count, Samples)


class Batches:
    """Every :class:`Count` and :class:`Samples` of the process, and the thread
    that hands them over."""

    def __init__(self, interval: float = INTERVAL) -> None:
        self.interval = interval
        self.running = False  # a hand-over thread runs in this process
        self._items: list[Count | Samples] = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        os.register_at_fork(after_in_child=self._after_fork)
        atexit.register(self.stop)  # whatever is left at exit, thread or not

    def count(self, child: t.Any) -> Count:
        return self._keep(Count(child))

    def samples(self, child: t.Any) -> Samples:
        return self._keep(Samples(child))

    def _keep(self, item: _Item) -> _Item:
        with self._lock:
            self._items.append(item)
        return item

    def flush(self) -> None:
        """Hand over everything counted so far in this process."""
        with self._lock:
            for item in self._items:
                item.flush()

    def start(self) -> None:
        """Start this process's hand-over thread (once)."""
        with self._lock:
            if self.running:
                return
            self.running = True
            self._stop = threading.Event()
            threading.Thread(target=self._run, name="metric-batches", daemon=True).start()

    def stop(self) -> None:
        """Stop the thread and hand over what is left."""
        self._stop.set()
        self.flush()

    def _run(self) -> None:
        stop = self._stop
        while not stop.wait(self.interval):
            try:
                self.flush()
            except Exception:  # a full disk must not end the counting for good
                log.exception("handing metrics over to prometheus-client failed")

    def forget(self) -> None:
        """Drop everything not handed over yet (the gunicorn master's warm-up counts)."""
        with self._lock:
            for item in self._items:
                item.forget()

    def _after_fork(self) -> None:
        """In a forked child: what is pending is the parent's to hand over."""
        self._lock = threading.Lock()
        self.running = False
        self.forget()


# The process's batches: every per-request metric update of the app goes here.
BATCHES = Batches()
