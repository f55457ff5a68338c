"""The append-only audit trail of adjudications.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "adjudications",
        sa.Column("seq", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("id", sa.String(32), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("ruleset", sa.String(64), nullable=False),
        sa.Column("lexicon_name", sa.String(64), nullable=False),
        sa.Column("lexicon_version", sa.String(64), nullable=False),
        sa.Column("lexicon_checksum", sa.String(100), nullable=False),
        sa.Column("rule", sa.String(16), nullable=False),
        sa.Column("verdict", sa.String(16), nullable=False),
        sa.Column("words", sa.JSON, nullable=False),
        sa.Column("consequence", sa.JSON, nullable=False),
        sa.Column("players", sa.JSON, nullable=True),
        sa.Column("asked_by", sa.String(100), nullable=False),
    )
    op.create_index("ix_adjudications_created_at", "adjudications", ["created_at"])


def downgrade() -> None:
    op.drop_index("ix_adjudications_created_at", "adjudications")
    op.drop_table("adjudications")
