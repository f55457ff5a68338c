"""Run the app under gunicorn from Python (``adjudicator serve``), and its gunicorn hooks.

Metrics are shared by the workers through prometheus-client's multiprocess
mode: ``PROMETHEUS_MULTIPROC_DIR`` must name an empty folder *before* the app
(and so prometheus-client) is imported, and each dead worker's live gauges are
dropped in ``child_exit``.  ``adjudicator serve`` does all of this; plain
gunicorn gets it from ``-c python:adjudicator.serving.gunicorn_conf``.
"""

from __future__ import annotations

import gc
import os
import shutil
import signal
import tempfile
import typing as t
from pathlib import Path

from gunicorn.app.base import BaseApplication

from adjudicator.serving.logconfig import gunicorn_logconfig
from adjudicator.settings import Settings

ENV = "PROMETHEUS_MULTIPROC_DIR"
_OWNED = "ADJUDICATOR_OWNS_METRICS_DIR"


def prepare_metrics_dir() -> Path:
    """Use ``$PROMETHEUS_MULTIPROC_DIR`` (emptied of old ``*.db`` files) or a new temp folder."""
    given = os.environ.get(ENV)
    if given:
        path = Path(given)
        path.mkdir(parents=True, exist_ok=True)
        for old in path.glob("*.db"):
            old.unlink()
    else:
        path = Path(tempfile.mkdtemp(prefix="adjudicator-metrics-"))
        os.environ[ENV] = str(path)
        os.environ[_OWNED] = "1"
    return path


def share_memory_with_workers() -> None:
    """Call in the master before the app is loaded: no garbage collection there, so
    the objects the app builds stay packed instead of filling freed holes that a
    worker would later write to (and copy)."""
    gc.disable()


def pre_fork(server: t.Any, worker: t.Any) -> None:
    """gunicorn hook (master): put every object built so far out of the collector's
    reach, so that a collection in a worker never writes to the pages it shares
    with the master."""
    gc.freeze()


def post_fork(server: t.Any, worker: t.Any) -> None:
    """gunicorn hook (worker): collect garbage again, among the worker's own objects;
    and heed a stop that comes before the worker sets up its own signal handlers.

    Until then the worker has the master's handlers, which only queue the signal
    for a master loop the worker does not run: a SIGTERM in that window was lost,
    and the master waited its whole graceful timeout (30 s) before killing it.
    """
    gc.enable()

    def stop(_sig: int, _frame: t.Any) -> None:
        worker.alive = False  # the worker's run loop then ends at once

    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGQUIT):
        signal.signal(sig, stop)


def child_exit(server: t.Any, worker: t.Any) -> None:
    """gunicorn hook (master): forget the dead worker's live gauges."""
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)


def on_exit(server: t.Any) -> None:
    """gunicorn hook (master): remove the metrics folder if we made it."""
    if os.environ.pop(_OWNED, None) and os.environ.get(ENV):
        shutil.rmtree(os.environ[ENV], ignore_errors=True)


# Gunicorn's threaded worker, answering what it refuses with problem documents and
# cutting off clients that send their request too slowly (``worker``).
WORKER_CLASS = "adjudicator.serving.worker.ProblemWorker"
# Threads per worker: each serves one connection, so 2 workers serve 8 requests at
# once; a client that trickles holds one for ADJUDICATOR_REQUEST_READ_SECONDS at most.
THREADS = 4
# No keep-alive: a worker takes a connection only when a thread is free for it.
KEEPALIVE = 0
# The longest request line gunicorn reads (its maximum; its default is 4,094).
LIMIT_REQUEST_LINE = 8190
# No gunicornc control socket: by default gunicorn makes one in $HOME/.gunicorn (or
# $XDG_RUNTIME_DIR), one path for every instance on the machine, which a read-only
# root file system refuses; nothing here uses it.
NO_CONTROL_SOCKET = True


class _App(BaseApplication):
    def __init__(self, options: dict[str, t.Any]) -> None:
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self) -> t.Any:
        from adjudicator.web import create_app

        return create_app()


def run_gunicorn(
    host: str,
    port: int,
    workers: int,
    when_ready: t.Callable[[], None] | None = None,
    threads: int = THREADS,
) -> None:
    """Serve until stopped; ``when_ready`` is called once the app has loaded (it is
    preloaded) and the port is bound, before the first worker starts."""
    prepare_metrics_dir()
    share_memory_with_workers()
    # preload: lexicons are memory-mapped once in the master and shared by workers.
    # No gunicorn access log: the app writes JSON access lines with request ids;
    # gunicorn's own messages are JSON lines too (``logconfig``).
    _App(
        {
            "bind": f"{host}:{port}",
            "workers": workers,
            "preload_app": True,
            "worker_class": WORKER_CLASS,
            "threads": threads,
            "keepalive": KEEPALIVE,
            "limit_request_line": LIMIT_REQUEST_LINE,
            "control_socket_disable": NO_CONTROL_SOCKET,
            "logconfig_dict": gunicorn_logconfig(Settings.from_env().log_level),
            "pre_fork": pre_fork,
            "post_fork": post_fork,
            "child_exit": child_exit,
            "on_exit": on_exit,
            "when_ready": lambda server: when_ready() if when_ready else None,
        }
    ).run()
