"""A stop that reaches a worker while it boots, before gunicorn gives it its own
signal handlers, is heeded (issue 38, 5: SIGTERM during boot took 30 s)."""

from __future__ import annotations

import signal
import types

from adjudicator.serving.server import post_fork


def test_a_sigterm_before_the_workers_own_handlers_stops_it():
    before = {sig: signal.getsignal(sig) for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGQUIT)}
    worker = types.SimpleNamespace(alive=True)
    try:
        post_fork(None, worker)
        handler = signal.getsignal(signal.SIGTERM)
        assert callable(handler) and handler is not before[signal.SIGTERM]
        handler(signal.SIGTERM, None)
        assert worker.alive is False
    finally:
        for sig, old in before.items():
            signal.signal(sig, old)
