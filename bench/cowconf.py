"""gunicorn settings for ``bench.cowpages``: the app's own settings and hooks
(``adjudicator.web.gunicorn_conf``, as the Dockerfile runs it), and, before the
first worker is forked, a map of the master's objects written to the file named
by ``$ADJUDICATOR_BENCH_OBJECT_MAP``.

    python -m gunicorn -c python:bench.cowconf ... 'adjudicator.web:create_app()'
"""

from __future__ import annotations

import os
import typing as t
from pathlib import Path

from adjudicator.web import server
from adjudicator.web.gunicorn_conf import *  # noqa: F403 (the app's settings and hooks)
from bench.cowpages import OBJECT_MAP_ENV, write_object_map


def pre_fork(arbiter: t.Any, worker: t.Any) -> None:
    """The app's ``pre_fork``, after mapping the objects once (the warm-up is done)."""
    path = Path(os.environ[OBJECT_MAP_ENV])
    if not path.exists():
        write_object_map(path)
    server.pre_fork(arbiter, worker)
