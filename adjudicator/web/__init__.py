"""The web layer: ``api`` (blueprints), ``pages`` (HTML) and ``runtime`` (the app
factory and its plumbing).  ``create_app`` is what gunicorn loads."""

from __future__ import annotations

import typing as t

if t.TYPE_CHECKING:
    from flask import Flask


def create_app(test_config: t.Mapping[str, t.Any] | None = None) -> Flask:
    """See :func:`adjudicator.web.app.create_app`.

    Imported on call: ``adjudicator.serving.server`` must be able to set up
    the metrics folder before the app (and prometheus-client) is imported.
    """
    from adjudicator.web.app import create_app as build

    return build(test_config)
