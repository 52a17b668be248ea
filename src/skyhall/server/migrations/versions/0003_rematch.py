"""Rematches: a finished match names the match its table plays next.

``match.rematch_id`` is the id of the match made by the first accepted rematch
request (``POST /api/matches/{id}/rematch``), null until then; every later request
answers with that match. No foreign key: adding one to ``match`` would make
SQLite rebuild the table the seats and moves point at.

Revision ID: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table("match") as match:
        match.add_column(sa.Column("rematch_id", sa.String(32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("match") as match:
        match.drop_column("rematch_id")
