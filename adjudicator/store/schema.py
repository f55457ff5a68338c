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

games = sa.Table(
    "games",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("created_at", sa.DateTime(), nullable=False),
    sa.Column("ruleset", sa.String(64), nullable=False),
    sa.Column("players", sa.JSON, nullable=False),
    sa.Column("challenge_rule", sa.String(16), nullable=True),
    sa.Column("target", sa.Integer, nullable=True),
    sa.Column("token_hash", sa.String(64), nullable=False),  # sha256 of the write token
    sa.Column("source", sa.String(16), nullable=False),  # "api" or "gcg"
    # What was the "meta" JSON up to revision 0003 (its docstring says why
    # which is a column and which a document):
    sa.Column("lexicon", sa.Text, nullable=True),  # an import's #lexicon, as written
    sa.Column("title", sa.Text, nullable=True),  # an import's #title
    sa.Column("first_player", sa.Integer, nullable=False, server_default="0"),
    sa.Column("flags", sa.JSON(none_as_null=True), nullable=True),  # [str]: an import's
    sa.Column("draws", sa.JSON(none_as_null=True), nullable=True),  # [str], one per player
    sa.Column("clock", sa.JSON(none_as_null=True), nullable=True),  # the keeper's, last posted
)

# Append-only.  (game_id, seq) is the primary key: two writers that both
# follow version N race for seq N+1, and exactly one insert wins.
game_events = sa.Table(
    "game_events",
    metadata,
    sa.Column(
        "game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    ),
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("kind", sa.String(24), nullable=False),
    sa.Column("player", sa.Integer, nullable=False),
    sa.Column("data", sa.JSON, nullable=False),
    sa.Column("created_at", sa.DateTime(), nullable=False),
)

# One row per game: its analysis (services/analysis.py), for the game's events
# as they were when it was worked out (``version``: their number).
game_analyses = sa.Table(
    "game_analyses",
    metadata,
    sa.Column(
        "game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    ),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("data", sa.JSON, nullable=False),
    sa.Column("created_at", sa.DateTime(), nullable=False),
)

# Duplicate games (issue 35): one row per game, its events append-only.
duplicates = sa.Table(
    "duplicates",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("created_at", sa.DateTime(), nullable=False),
    sa.Column("ruleset", sa.String(64), nullable=False),
    sa.Column("players", sa.JSON, nullable=False),
    sa.Column("round_seconds", sa.Integer, nullable=False),
    sa.Column("seed", sa.String(64), nullable=True),  # None: every draw is typed in
    sa.Column("lexicon", sa.String(64), nullable=True),  # None: the ruleset's
    sa.Column("token_hash", sa.String(64), nullable=False),  # sha256 of the write token
)

duplicate_events = sa.Table(
    "duplicate_events",
    metadata,
    sa.Column(
        "duplicate_id",
        sa.String(32),
        sa.ForeignKey("duplicates.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("data", sa.JSON, nullable=False),
    sa.Column("created_at", sa.DateTime(), nullable=False),
)
