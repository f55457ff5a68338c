"""Kept so that ``gunicorn -c python:adjudicator.web.runtime.gunicorn_conf``, as
releases before ``adjudicator.serving`` documented it, still starts the service:
the config is :mod:`adjudicator.serving.gunicorn_conf`."""

from adjudicator.serving.gunicorn_conf import *  # noqa: F403
