"""Tables (SQLAlchemy Core), one schema for SQLite and PostgreSQL."""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

# Append-only: rows are inserted, never updated or deleted by the service.
adjudications = sa.Table(
    "adjudications",
    metadata,
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("id", sa.String(32), nullable=False, unique=True),
    sa.Column("created_at", sa.DateTime(), nullable=False, index=True),
    sa.Column("ruleset", sa.String(64), nullable=False),
    sa.Column("lexicon_name", sa.String(64), nullable=False),
    sa.Column("lexicon_version", sa.String(64), nullable=False),
    sa.Column("lexicon_checksum", sa.String(100), nullable=False),
    sa.Column("rule", sa.String(16), nullable=False),
    sa.Column("verdict", sa.String(16), nullable=False),
    sa.Column("words", sa.JSON, nullable=False),  # [{"word", "valid", "reason"}]
    sa.Column("consequence", sa.JSON, nullable=False),
    sa.Column("players", sa.JSON, nullable=True),
    sa.Column("asked_by", sa.String(100), nullable=False),
)
