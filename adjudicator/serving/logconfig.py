"""gunicorn's own log lines ("Starting gunicorn", "Booting worker", a worker's
crash) as the app's JSON lines, through gunicorn's documented ``logconfig_dict``
setting, so that every line on stderr is one JSON object.

The handler and formatter are named, not imported: this module is loaded with
the gunicorn settings, before the metrics folder is prepared and the app (and
with it prometheus-client) imported; ``logging.config`` imports them when
gunicorn sets its logging up.
"""

from __future__ import annotations

import typing as t

_LOGS = "adjudicator.web.runtime.logs"


def gunicorn_logconfig(level: str) -> dict[str, t.Any]:
    """A ``logging.config.dictConfig`` document for gunicorn: its error log (its
    master's and workers' messages), its access log (off in our settings, as the
    app logs each request) and every other library's records, at ``level``, as
    one JSON line each on stderr."""
    json = {"handlers": ["json"], "propagate": False, "level": level.upper()}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {"()": f"{_LOGS}.JsonFormatter"}},
        "handlers": {"json": {"class": f"{_LOGS}.StderrHandler", "formatter": "json"}},
        "root": {"handlers": ["json"], "level": "WARNING"},
        "loggers": {"gunicorn.error": json, "gunicorn.access": json},
    }
