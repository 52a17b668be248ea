"""``skyhall serve``: the browser app (lobby, matches, replays) on one machine."""

from __future__ import annotations

import os
from typing import Annotated

import typer

from skyhall.cli.common import fail

SHUTDOWN = 5
"""Seconds a stopping server (Ctrl-C, SIGTERM) waits for open connections before closing them: a client
that stopped reading used to keep it from exiting for as long as the client lived."""


def serve(
    host: Annotated[
        str, typer.Option(help="Address to listen on (127.0.0.1: this machine only).")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            help="SQLAlchemy database URL (e.g. postgresql+psycopg://user:pw@host/db); "
            "default: $SKYHALL_DB, else a SQLite file in your data directory."
        ),
    ] = None,
    bot_workers: Annotated[
        int | None,
        typer.Option(
            min=1,
            help="Processes the bots think in (default: one fewer than this machine's cores, 1 to 8, "
            "so that matches against bots do not wait on each other while the server keeps a core).",
        ),
    ] = None,
    address_limits: Annotated[
        bool,
        typer.Option(
            help="Limit what one client address may do: match sockets open and opened, matches "
            "created (docs/server.md, Limits). Off only for a load test whose one client stands for many."
        ),
    ] = True,
    allowed_host: Annotated[
        list[str] | None,
        typer.Option(
            help="A name this server answers to besides localhost (its public name behind a reverse "
            "proxy; repeat for more). Listening on this machine only, it answers to localhost alone "
            "unless named here; listening on a network, to any name unless names are given."
        ),
    ] = None,
) -> None:
    """Serve the browser app: create matches, invite friends, play against bots, watch replays."""
    try:
        import uvicorn
        from sqlalchemy import make_url

        from skyhall.server.app import LOOPBACK_NAMES, create_app, database_url
        from skyhall.server.limits import LIMITS
        from skyhall.server.messages import MAX_MESSAGE
        from skyhall.server.storage import InUse, Store
    except ModuleNotFoundError as exc:
        fail(f"the server needs the 'server' extra (pip install 'skyhall[server]'): missing {exc.name}")
    url = database_url(db)
    hosts = None
    if allowed_host or host in ("127.0.0.1", "localhost", "::1"):
        hosts = [*LOOPBACK_NAMES, *(allowed_host or [])]
    try:  # said in one line here, rather than as a failed start up in the server's log
        Store(url, claim=True).close()
    except InUse as exc:
        fail(str(exc))
    shown = "localhost" if host in ("0.0.0.0", "::") else host
    stored = make_url(url).render_as_string(hide_password=True)
    print(f"Skyhall is at http://{shown}:{port}/  (matches stored in {stored})", flush=True)
    uvicorn.run(
        create_app(url, bot_workers or default_bot_workers(), LIMITS if address_limits else None, hosts),
        host=host,
        port=port,
        ws_max_size=16 * MAX_MESSAGE,
        log_level="warning",
        timeout_graceful_shutdown=SHUTDOWN,
    )


MOST_BOT_WORKERS = 8
"""The default stops here: each worker holds its own copy of the agents and game data in memory."""


def default_bot_workers() -> int:
    """One bot process per core but one (the server's), 1 to :data:`MOST_BOT_WORKERS`."""
    return min(MOST_BOT_WORKERS, max(1, (os.cpu_count() or 1) - 1))
