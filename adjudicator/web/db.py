"""The database for the app: engine, migrations, the audit trail."""

from __future__ import annotations

from flask import Flask

from adjudicator.store import migrate, open_engine
from adjudicator.store.audit import AuditTrail
from adjudicator.store.games import GameStore


def init_app(app: Flask) -> None:
    settings = app.config["ADJUDICATOR_SETTINGS"]
    engine = open_engine(settings.database_url)
    migrate(engine)
    # No connection may cross a fork: gunicorn workers open their own.
    engine.dispose()
    app.extensions["adjudicator.engine"] = engine
    app.extensions["adjudicator.audit"] = AuditTrail(engine)
    app.extensions["adjudicator.games"] = GameStore(engine)
