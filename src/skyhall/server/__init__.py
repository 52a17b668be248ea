"""The browser server (``skyhall serve``): lobby, one authority per match, storage, bots.

``app``        the FastAPI app: routes, websockets, static pages (:func:`~skyhall.server.app.create_app`)
``hall``       every match's authority, creation, tokens, bot turns
``authority``  one match: checked, committed, pushed actions; who sees what
``messages``   the wire format (docs/web.md): pydantic inbound models, outbound messages from views
``storage``    SQLAlchemy tables (match, seat, move), Alembic migrations in ``migrations/``
``journal``    group commit: the moves of every match committed together
``bots``       the process pool bots think in

Kept free of heavy imports: bot worker processes import :mod:`skyhall.server.bots` only.
"""
