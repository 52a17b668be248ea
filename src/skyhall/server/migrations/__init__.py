"""Alembic migrations of the server's tables; :func:`skyhall.server.storage.migrate` runs them."""
