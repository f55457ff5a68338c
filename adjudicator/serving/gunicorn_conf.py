"""gunicorn settings for running the app with plain gunicorn (the Dockerfile does)::

    gunicorn -c python:adjudicator.serving.gunicorn_conf -b 0.0.0.0:8000 \
        "adjudicator.web:create_app()"

Importing this module prepares the metrics folder and pauses garbage collection in
the master, before gunicorn loads the app; its hooks share the master's memory
with the workers (see ``server``).
"""

from __future__ import annotations

from adjudicator.serving.logconfig import gunicorn_logconfig
from adjudicator.serving.server import (
    KEEPALIVE,
    LIMIT_REQUEST_LINE,
    NO_CONTROL_SOCKET,
    THREADS,
    WORKER_CLASS,
    child_exit,
    on_exit,
    post_fork,
    pre_fork,
    prepare_metrics_dir,
    share_memory_with_workers,
)
from adjudicator.settings import Settings

prepare_metrics_dir()
share_memory_with_workers()

preload_app = True
worker_class = WORKER_CLASS
threads = THREADS  # --threads N overrides it
keepalive = KEEPALIVE
limit_request_line = LIMIT_REQUEST_LINE
control_socket_disable = NO_CONTROL_SOCKET
accesslog = None  # the app logs each request as JSON, with its request id
logconfig_dict = gunicorn_logconfig(Settings.from_env().log_level)  # JSON lines too

__all__ = [
    "accesslog",
    "control_socket_disable",
    "keepalive",
    "limit_request_line",
    "logconfig_dict",
    "child_exit",
    "on_exit",
    "post_fork",
    "pre_fork",
    "preload_app",
    "threads",
    "worker_class",
]
