"""Seat links that are claimed on first use, and a host's token per match.

A seat's ``token_hash`` becomes the secret of the device that holds the seat (none
until its invite link is opened); ``invite_hash`` is its pending invite link, spent
when opened; ``match.host_hash`` is the match creator's token, which can make a seat
a new link. Seats stored before keep their token as the device's secret.

Revision ID: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table("seat") as seat:
        seat.alter_column("token_hash", existing_type=sa.String(64), nullable=True)
        seat.add_column(sa.Column("invite_hash", sa.String(64), nullable=True))
        seat.create_unique_constraint("uq_seat_invite_hash", ["invite_hash"])
    with op.batch_alter_table("match") as match:
        match.add_column(sa.Column("host_hash", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("match") as match:
        match.drop_column("host_hash")
    op.execute("update seat set token_hash = invite_hash where token_hash is null")
    with op.batch_alter_table("seat") as seat:
        seat.drop_constraint("uq_seat_invite_hash", type_="unique")
        seat.drop_column("invite_hash")
        seat.alter_column("token_hash", existing_type=sa.String(64), nullable=False)
