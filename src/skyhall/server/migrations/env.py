"""Alembic's entry: run the migrations on the connection :func:`skyhall.server.storage.migrate` passes.

There is no ``alembic.ini``: the server configures Alembic in code. To write a new
revision by hand, copy ``versions/0001_initial.py``, bump ``revision`` and point
``down_revision`` at the previous one. ``render_as_batch`` lets ``ALTER`` work on SQLite.
"""

from __future__ import annotations

from alembic import context

from skyhall.server.storage import Base

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run the migrations through skyhall.server.storage.migrate (no offline mode)")
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
