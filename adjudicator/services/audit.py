"""Open the audit trail outside the web app (CLI)."""

from __future__ import annotations

from adjudicator.settings import Settings
from adjudicator.store import open_store
from adjudicator.store.audit import AuditTrail


def open_trail(settings: Settings) -> AuditTrail:
    return open_store(settings.database_url).audit
