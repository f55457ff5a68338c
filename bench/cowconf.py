"""gunicorn settings for ``bench.cowpages``: the app's own settings and hooks
(``adjudicator.web.gunicorn_conf``, as the Dockerfile runs it), and, just before
the first worker is forked, a snapshot of the master's pages and objects written
to the folder named by ``$ADJUDICATOR_BENCH_SNAPSHOT``.

    python -m gunicorn -c python:bench.cowconf ... 'adjudicator.web:create_app()'
"""

from __future__ import annotations

import os
import typing as t
from pathlib import Path

from adjudicator.web import server
from adjudicator.web.gunicorn_conf import *  # noqa: F403 (the app's settings and hooks)
from bench.cowpages import SNAPSHOT_ENV, take_snapshot


def pre_fork(arbiter: t.Any, worker: t.Any) -> None:
    """The app's ``pre_fork``, then, before the first fork only, the snapshot."""
    server.pre_fork(arbiter, worker)
    directory = Path(os.environ[SNAPSHOT_ENV])
    if not (directory / "pages.pickle").exists():
        take_snapshot(directory)
