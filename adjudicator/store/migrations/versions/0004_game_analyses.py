"""A game's analysis, kept once worked out.

Revision ID: 0004
Revises: 0003

The best plays of every turn with a known rack take a second or two to find;
they are kept, one row per game, with the number of events they were found
for: a new event or a correction makes the row stale, and the next read finds
them again.
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game_analyses",
        sa.Column(
            "game_id",
            sa.String(32),
            sa.ForeignKey("games.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("data", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("game_analyses")
