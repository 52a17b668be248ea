"""The first schema: matches, their seats (token hashes) and their append-only move log.

Revision ID: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "match",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("rules_version", sa.Integer, nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("reason", sa.Text, nullable=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_match_status", "match", ["status"])
    op.create_table(
        "seat",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("match.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("level", sa.String(40), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
    )
    op.create_table(
        "move",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("match_id", sa.String(32), sa.ForeignKey("match.id"), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("notation", sa.String(200), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("time", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("match_id", "seq", name="uq_move_match_seq"),
    )
    op.create_index("ix_move_match_id", "move", ["match_id"])


def downgrade() -> None:
    op.drop_table("move")
    op.drop_table("seat")
    op.drop_index("ix_match_status", "match")
    op.drop_table("match")
