"""Warm the app in the gunicorn master, before it forks its workers.

A request does some work only the first time: the URL map is compiled, the
database dialect is set up on its first connection, each ruleset builds its
word keyer.  Done once in the master, that memory is shared by every worker
instead of being built (and copied) in each of them, and no worker's first
request pays for it.  See docs/performance.md for what it saves.

Warm-up requests are marked in their WSGI environ: they are not rate-limited,
logged or counted in the metrics.  The database connection they opened is
closed before the fork, so that no worker inherits it.
"""

from __future__ import annotations

import logging
import typing as t
from urllib.parse import quote

from flask import Flask

from adjudicator.web.auth import KEYS
from adjudicator.web.metricbatch import BATCHES

ENVIRON_KEY = "adjudicator.warmup"
log = logging.getLogger("adjudicator.warmup")


def is_warmup(environ: t.Mapping[str, t.Any]) -> bool:
    return bool(environ.get(ENVIRON_KEY))


def _requests(app: Flask) -> list[tuple[str, str, t.Any]]:
    """(method, path, JSON body): health, and per ruleset a lookup, a check and a score."""
    out: list[tuple[str, str, t.Any]] = [("GET", "/readyz", None), ("GET", "/ping", None)]
    registry = app.extensions["adjudicator"]
    for name, rules in sorted(registry.rulesets.items()):
        if rules.lexicon not in registry.lexicons:
            continue
        letter = rules.alphabet.label(1)
        word = letter * 2
        row, col = rules.layout.start
        col = min(col, rules.layout.cols - 2)
        out += [
            ("GET", f"/api/v1/words/{quote(word)}?ruleset={quote(name)}", None),
            ("POST", "/api/v1/words/check", {"ruleset": name, "words": [word, word + letter]}),
            (
                "POST",
                "/api/v1/score",
                {
                    "ruleset": name,
                    "placement": [
                        {"row": row, "col": col, "letter": letter},
                        {"row": row, "col": col + 1, "letter": letter},
                    ],
                },
            ),
        ]
    return out


def warm_up(app: Flask) -> list[tuple[str, str, int]]:
    """Send the warm-up requests through the app; ``[(method, path, status), ...]``.

    When client keys are configured the requests carry the first one, so that
    they take the same path as a client's (the key never leaves the process).
    A request that fails is logged and skipped: warming is an optimisation, and
    start-up has already checked everything that matters.
    """
    client = app.test_client()
    keys = app.extensions.get(KEYS) or ()
    headers = {"X-API-Key": keys[0][1].decode()} if keys else {}
    statuses: list[tuple[str, str, int]] = []
    for method, path, body in _requests(app):
        resp = client.open(
            path,
            method=method,
            json=body,
            headers=headers,
            environ_base={ENVIRON_KEY: True, "REMOTE_ADDR": "127.0.0.1"},
        )
        statuses.append((method, path, resp.status_code))
        if resp.status_code >= 500:
            log.warning("warm-up request %s %s answered %d", method, path, resp.status_code)
    app.extensions["adjudicator.engine"].dispose()
    BATCHES.forget()  # the verdicts the views counted: not a client's
    return statuses
