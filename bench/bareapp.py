"""The yardstick for our own ``/ping``: a Flask app with nothing but a JSON ping.

Served by the same gunicorn settings as the service (sync workers, preload), it
shows what our per-request machinery (request ids, access log, metrics, rate
limit, key check) costs on every request, which the ratios to our own ``/ping``
do not show.
"""

from __future__ import annotations

from flask import Flask

app = Flask(__name__)


@app.get("/ping")
def ping() -> dict[str, bool]:
    return {"pong": True}


@app.get("/readyz")
def readyz() -> dict[str, str]:
    return {"status": "ready"}
