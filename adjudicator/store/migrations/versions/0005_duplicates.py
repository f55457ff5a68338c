"""Duplicate games: a row per game and its append-only events.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "duplicates",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("ruleset", sa.String(64), nullable=False),
        sa.Column("players", sa.JSON, nullable=False),
        sa.Column("round_seconds", sa.Integer, nullable=False),
        sa.Column("seed", sa.String(64), nullable=True),
        sa.Column("lexicon", sa.String(64), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=False),
    )
    op.create_table(
        "duplicate_events",
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


def downgrade() -> None:
    op.drop_table("duplicate_events")
    op.drop_table("duplicates")
