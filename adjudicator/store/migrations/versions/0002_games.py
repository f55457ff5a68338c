"""Club games: a game row and its append-only events.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("ruleset", sa.String(64), nullable=False),
        sa.Column("players", sa.JSON, nullable=False),
        sa.Column("challenge_rule", sa.String(16), nullable=True),
        sa.Column("target", sa.Integer, nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("source", sa.String(16), nullable=False),
        sa.Column("meta", sa.JSON, nullable=True),
    )
    op.create_table(
        "game_events",
        sa.Column(
            "game_id",
            sa.String(32),
            sa.ForeignKey("games.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("kind", sa.String(24), nullable=False),
        sa.Column("player", sa.Integer, nullable=False),
        sa.Column("data", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("game_events")
    op.drop_table("games")
