"""gunicorn settings for running the app with plain gunicorn (the Dockerfile does)::

    gunicorn -c python:adjudicator.web.gunicorn_conf -b 0.0.0.0:8000 "adjudicator.web:create_app()"

Importing this module prepares the metrics folder, before gunicorn loads the app.
"""

from __future__ import annotations

from adjudicator.web.server import child_exit, on_exit, prepare_metrics_dir

prepare_metrics_dir()

preload_app = True
accesslog = None  # the app logs each request as JSON, with its request id

__all__ = ["accesslog", "child_exit", "on_exit", "preload_app"]
