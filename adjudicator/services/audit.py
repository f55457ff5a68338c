"""Open the audit trail outside the web app (CLI)."""

from __future__ import annotations

from adjudicator.settings import Settings
from adjudicator.store import migrate, open_engine
from adjudicator.store.audit import AuditTrail


def open_trail(settings: Settings) -> AuditTrail:
    engine = open_engine(settings.database_url)
    migrate(engine)
    return AuditTrail(engine)
