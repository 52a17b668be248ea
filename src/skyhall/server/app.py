"""The FastAPI app: the lobby API, the match sockets, the record and replay, and the static pages.

Routes (docs/server.md has the messages in full):

``GET  /``                                  the lobby page
``GET  /match/{id}``, ``/match/{id}/replay`` the match page (play or watch), the replay viewer
``GET  /api/games``                         the games, their player counts, options and bot levels
``POST /api/matches``                       create a match: each seat's invite link, the host's token
``POST /api/matches/{id}/claim``            open an invite link: the seat, and this device's own token for it
``POST /api/matches/{id}/seats/{n}/invite`` a new invite link for seat ``n`` (the seat's token or the host's)
``POST /api/matches/{id}/host``             a new host token (the host's own); the one before stops working
``POST /api/matches/{id}/rematch``          the rematch of a finished match (a seat's token or the host's)
``POST /api/my-matches``                    the matches of the tokens a browser holds
``GET  /api/matches/{id}``                  the state, as a seat (``Authorization: Bearer``) or a spectator
``POST /api/matches/{id}/act``              make a choice (token, seq, action)
``POST /api/matches/{id}/seats/{n}/control`` hand seat ``n`` to a bot or take it back
``GET  /api/matches/{id}/record``           the game record of a finished match (JSON download)
``GET  /api/matches/{id}/replay/{step}``    step ``step`` of a finished match (``?seat=n`` for a seat's eyes)
``WS   /ws/matches/{id}``                   join, then receive every new state and send choices

Every refusal is ``{"type": "error", "code": …, "message": …}`` with the status in
:data:`skyhall.server.authority.HTTP_STATUS`; nothing changes on a refusal.
"""

from __future__ import annotations

import asyncio
import base64
import gc
import hashlib
import json
import logging
import os
import re
from collections.abc import AsyncIterator, Collection
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import urlsplit

from fastapi import FastAPI, Header, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError
from sqlalchemy.exc import OperationalError
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect

from skyhall.server.authority import Authority, Holder, Refused
from skyhall.server.bots import BotPool
from skyhall.server.hall import Hall, describe_games
from skyhall.server.limits import LIMITS, Bucket, Limits, Visitors, visitor
from skyhall.server.messages import (
    INBOUND,
    MAX_MESSAGE,
    Act,
    ActBody,
    ClaimBody,
    ControlBody,
    CreateMatch,
    Join,
    RematchBody,
    TokenBody,
    TokensBody,
    error,
    to_json,
)
from skyhall.server.storage import Store, default_url
from skyhall.web import STATIC

log = logging.getLogger(__name__)

ENV_DB = "SKYHALL_DB"
"""Environment variable naming the database URL when none is given."""


def database_url(url: str | None = None) -> str:
    """``url``, else ``$SKYHALL_DB``, else a SQLite file in the user's data directory."""
    return url or os.environ.get(ENV_DB) or default_url()


def refusal(exc: Refused) -> JSONResponse:
    return JSONResponse(error(exc.code, exc.message), status_code=exc.status)


def json_text(text: str) -> Response:
    """An answer already serialized (a seat's cached message)."""
    return Response(text, media_type="application/json")


def validation_refusal(errors: list[Any]) -> Refused:
    """A pydantic/FastAPI validation failure as ``bad_request`` (not JSON at all) or ``invalid``."""
    if any(e.get("type") == "json_invalid" for e in errors):
        return Refused("bad_request", "the message is not valid JSON")
    first = errors[0] if errors else {}
    where = ".".join(str(part) for part in first.get("loc", ()) if part != "body") or "message"
    said = first.get("msg", "invalid")
    if first.get("type") == "value_error":  # our own checks' words, without pydantic's "Value error, "
        said = str(first.get("ctx", {}).get("error", said))
    return Refused("invalid", f"{where}: {said}")


class BodyLimit:
    """Refuses (413) any request body over ``limit`` bytes, before the app reads it."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                return
            chunks.append(message.get("body", b""))
            size += len(chunks[-1])
            more = message.get("more_body", False)
            if size > self.limit:
                too_large = Refused("too_large", f"requests are limited to {self.limit} bytes")
                await refusal(too_large)(scope, receive, send)
                return
        body = b"".join(chunks)
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if replayed:
                return await receive()
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)


def unexpected(exc: Exception, what: str) -> Refused:
    """The refusal a client gets when handling ``what`` failed for a reason of the server's own (logged):
    ``busy`` when the database did not answer (nothing was changed: trying again may work), else
    ``internal``."""
    if isinstance(exc, OperationalError):
        log.warning("the database failed on %s: %s", what, exc)
        return Refused("busy", "the database did not answer in time; nothing was changed, try again")
    log.error("%s failed", what, exc_info=exc)
    return Refused("internal", "the server failed on this (it is logged)")


def inline_script_hashes(folder: Path) -> list[str]:
    """The CSP sources of the inline scripts (the import maps) of the pages in ``folder``."""
    found = set()
    for page in folder.glob("*.html"):
        for script in INLINE_SCRIPT.findall(page.read_text(encoding="utf-8")):
            digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
            found.add(f"'sha256-{digest}'")
    return sorted(found)


INLINE_SCRIPT = re.compile(r"<script(?![^>]*\ssrc=)[^>]*>(.*?)</script>", re.DOTALL)


LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "[::1]"})
"""The names a server on this machine alone answers to (see :class:`KnownHosts`)."""


def host_name(host: str) -> str:
    """A ``Host`` header's name, without its port, in lower case (``[::1]:8000`` is ``[::1]``)."""
    host = host.strip().lower()
    if host.startswith("["):
        return host.partition("]")[0] + "]"
    return host.partition(":")[0]


class KnownHosts:
    """Answers only requests and sockets addressed to one of ``names`` (the ``Host`` header, without
    its port), refusing the others with ``bad_request`` naming the option that adds a name.

    A server listening on this machine alone can still be reached from a visitor's browser by DNS
    rebinding: a page of another site whose name is made to point at 127.0.0.1 becomes, to the
    browser, a page of the same origin as the server it reaches, with its ``Host``. It could create
    matches by the hundred and watch them; naming the hosts closes that. ``X-Forwarded-Host`` does not
    count here: such a page can set it.
    """

    def __init__(self, app: ASGIApp, names: frozenset[str]) -> None:
        self.app = app
        self.names = names

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host = next((v.decode("latin-1") for k, v in scope.get("headers", []) if k == b"host"), "")
        if host_name(host) in self.names:
            await self.app(scope, receive, send)
            return
        log.warning("refused a request for the host %r (this server answers to %s)", host, sorted(self.names))
        if scope["type"] == "websocket":
            await receive()  # the handshake; closing before accepting refuses it (HTTP 403)
            await send({"type": "websocket.close", "code": 1008})
            return
        wrong = Refused(
            "bad_request",
            f"this server answers to {', '.join(sorted(self.names))}, not {host_name(host)!r} "
            "(a name it should answer to is given with skyhall serve --allowed-host)",
        )
        await refusal(wrong)(scope, receive, send)


class SecurityHeaders:
    """Adds to every HTTP answer what keeps a page from being framed, sniffed or fed foreign code.

    The pages may run scripts only from this server (and their own import maps, by hash), connect
    only to it (its websocket included: some browsers do not count ``ws:`` as ``'self'``), and may not
    be framed by any site: a framed match page would act with the seat token its origin holds.
    """

    def __init__(self, app: ASGIApp, scripts: list[str]) -> None:
        self.app = app
        self.policy = (
            f"default-src 'self'; script-src 'self' {' '.join(scripts)}; style-src 'self' 'unsafe-inline'; "
            "img-src 'self' data:; connect-src 'self' ws://{host} wss://{host}; frame-ancestors 'none'; "
            "base-uri 'none'; form-action 'self'; object-src 'none'"
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = {k: v.decode("latin-1") for k, v in scope.get("headers", [])}
        host = headers.get(b"host", "")
        origin = headers.get(b"origin")
        forwarded = headers.get(b"x-forwarded-host")
        if scope["type"] == "websocket" and not same_origin(origin, host, forwarded):
            log.warning(
                "refused a socket from the page %r: this server is %r%s (behind a proxy, pass the Host "
                "the browser used, or X-Forwarded-Host)",
                origin,
                host,
                f" (forwarded for {forwarded!r})" if forwarded else "",
            )
            await receive()  # the handshake; closing before accepting refuses it (HTTP 403)
            await send({"type": "websocket.close", "code": 1008})
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        policy = self.policy.replace("{host}", host if HOST.fullmatch(host) else "localhost").encode()
        extra = [(b"cache-control", b"no-store")] if scope["path"].startswith("/api/") else []

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [
                    *message.get("headers", []),
                    (b"content-security-policy", policy),
                    (b"x-content-type-options", b"nosniff"),
                    (b"x-frame-options", b"DENY"),
                    (b"referrer-policy", b"no-referrer"),
                    *extra,  # answers carry hands and tokens: never kept by a browser or a proxy
                ]
            await send(message)

        await self.app(scope, receive, with_headers)


def same_origin(origin: str | None, host: str, forwarded: str | None = None) -> bool:
    """Whether a websocket handshake's ``Origin`` is this server's own page: ``host`` as the client
    addressed the server, or ``forwarded``, the ``X-Forwarded-Host`` a reverse proxy that rewrites
    ``Host`` sets (a page cannot set that header on a socket, so trusting it lets no other site in).
    Browsers always send an origin, so a page of another site, or a sandboxed one (``null``), is
    refused its socket; clients that are no browser send none and are let in (they hold no one else's
    token: a token is never a cookie)."""
    if origin is None:
        return True
    ours = {host.lower()}
    if forwarded:
        ours.add(forwarded.split(",")[0].strip().lower())  # the first proxy's, the browser's own
    return urlsplit(origin).netloc.lower() in ours - {""}


HOST = re.compile(r"[A-Za-z0-9.\-]+(:[0-9]+)?|\[[0-9A-Fa-f:.]+\](:[0-9]+)?")
"""A ``Host`` header fit to be put in the policy (a name or address, and a port)."""


GC_THRESHOLDS = (10_000, 10, 10)
"""The cyclic collector's thresholds while serving (Python's default is ``(700, 10, 10)``)."""


def tune_collector() -> None:
    """Fewer, shorter pauses of the cyclic garbage collector, which stop every match while they run.

    What is alive once the server has started (modules, the games' catalogues, rebuilt matches)
    lives as long as the server: ``gc.freeze()`` keeps it out of every later pass. The higher
    first threshold makes passes over the young objects rarer (the many short-lived dicts of
    each message are freed by reference counting anyway), and so full passes over every socket's
    and match's objects (~50-100 ms with 200 matches) rarer still. Measured with ``bench/server.py``.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def bearer(authorization: str | None) -> str | None:
    """The seat token of an ``Authorization: Bearer <token>`` header (none: a spectator);
    ``unauthorized`` for another scheme, which would otherwise be read silently as a spectator."""
    if not authorization:
        return None
    scheme, _, token = authorization.strip().partition(" ")
    if scheme.lower() != "bearer":
        raise Refused("unauthorized", f"a seat token goes as 'Authorization: Bearer <token>', not {scheme!r}")
    return token.strip() or None


def wants_page(request: Request) -> bool:
    """A browser asking for a page (not the API, not a static file): it gets HTML, not JSON."""
    path = request.url.path
    return (
        request.method == "GET"
        and not path.startswith(("/api/", "/static/"))
        and "text/html" in request.headers.get("accept", "")
    )


def invite_link(match_id: str, token: str) -> str:
    """A seat's invite link: the token in the fragment, which browsers never send to servers."""
    return f"/match/{match_id}#token={token}"


def address(connection: Request | WebSocket) -> str:
    """Who the client is, for the limits: its address (behind a trusted reverse proxy, the one it
    forwarded for; an IPv6 address's /64 network, see :func:`~skyhall.server.limits.visitor`)."""
    return visitor(connection.client.host) if connection.client else "unknown"


def create_app(
    db_url: str | None = None,
    bot_workers: int = 1,
    limits: Limits | None = LIMITS,
    hosts: Collection[str] | None = None,
) -> FastAPI:
    """The server on ``db_url`` (see :func:`database_url`); bots think in ``bot_workers`` processes;
    each client address within ``limits`` (``None``: no limits); answering only requests addressed
    to one of ``hosts`` (names without ports; ``None``: any, see :class:`KnownHosts`)."""
    url = database_url(db_url)
    visitors = Visitors(limits)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(url, claim=True)
        hall = Hall(store, BotPool(bot_workers))
        app.state.hall = hall
        await hall.start()
        tune_collector()
        try:
            yield
        finally:
            await hall.close()
            store.close()

    # The API is described at /api/openapi.json; no docs page, which would load its code from a CDN.
    app = FastAPI(
        title="Skyhall", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url="/api/openapi.json"
    )
    app.state.visitors = visitors
    app.add_middleware(BodyLimit, limit=MAX_MESSAGE)
    app.add_middleware(SecurityHeaders, scripts=inline_script_hashes(STATIC))
    if hosts is not None:  # the outermost: nothing else runs for a request to an unknown host
        app.add_middleware(KnownHosts, names=frozenset(host_name(h) for h in hosts))

    def hall_of(request: Request | WebSocket) -> Hall:
        hall: Hall = request.app.state.hall
        return hall

    @app.exception_handler(Refused)
    async def _refused(_request: Request, exc: Refused) -> JSONResponse:
        return refusal(exc)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return refusal(validation_refusal(list(exc.errors())))

    @app.exception_handler(OperationalError)
    async def _busy(_request: Request, exc: OperationalError) -> JSONResponse:
        return refusal(unexpected(exc, "a request"))

    @app.exception_handler(Exception)
    async def _failed(_request: Request, exc: Exception) -> JSONResponse:
        return refusal(unexpected(exc, "a request"))

    @app.exception_handler(HTTPException)
    async def _http(request: Request, exc: HTTPException) -> Response:
        if exc.status_code == 404 and wants_page(request):  # a mistyped address in a browser
            return FileResponse(STATIC / "404.html", status_code=404)
        code = {404: "not_found", 405: "not_allowed"}.get(exc.status_code, "bad_request")
        return JSONResponse(error(code, str(exc.detail)), status_code=exc.status_code)

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/match/{match_id}", include_in_schema=False)
    @app.get("/match/{match_id}/replay", include_in_schema=False)
    async def match_page(match_id: str) -> FileResponse:
        return FileResponse(STATIC / "match.html")

    @app.get("/api/games")
    async def games() -> dict[str, Any]:
        return {"games": describe_games()}

    @app.post("/api/matches", status_code=201)
    async def create(body: CreateMatch, request: Request) -> dict[str, Any]:
        visitors.create(address(request))
        created = await hall_of(request).create(body)
        match = created.authority
        return {
            "match": match.id,
            "game": match.game.id,
            "title": match.game.spec.title,
            "seats": [
                {
                    "seat": i,
                    **seat.public(),
                    "token": token,
                    "invite": invite_link(match.id, token),
                }
                for i, (seat, token) in enumerate(zip(match.seats, created.tokens, strict=True))
            ],
            "host": created.host,
            "spectate": f"/match/{match.id}",
            "replay": f"/match/{match.id}/replay",
        }

    @app.post("/api/matches/{match_id}/claim")
    async def claim(match_id: str, body: ClaimBody, request: Request) -> dict[str, Any]:
        hall = hall_of(request)
        authority = await hall.get(match_id)
        authority.check_readable()
        seat, token = await authority.claim(hall.store, body.token, body.device)
        return {"match": authority.id, "game": authority.game.id, "seat": seat, "token": token}

    @app.post("/api/matches/{match_id}/seats/{seat}/invite")
    async def invite(match_id: str, seat: int, body: TokenBody, request: Request) -> dict[str, Any]:
        hall = hall_of(request)
        authority = await hall.get(match_id)
        authority.check_readable()
        token = await authority.invite(hall.store, seat, body.token)
        return {"seat": seat, "token": token, "invite": invite_link(authority.id, token)}

    @app.post("/api/matches/{match_id}/host")
    async def rehost(match_id: str, body: TokenBody, request: Request) -> dict[str, Any]:
        hall = hall_of(request)
        authority = await hall.get(match_id)
        authority.check_readable()
        return {"match": authority.id, "host": await authority.rehost(hall.store, body.token)}

    @app.post("/api/matches/{match_id}/rematch")
    async def rematch(
        match_id: str,
        request: Request,
        body: RematchBody | None = None,
        authorization: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        hall = hall_of(request)
        authority = await hall.get(match_id)
        token = bearer(authorization)
        device = body.device if body is not None else None
        return await hall.rematch(authority, token, device, lambda: visitors.create(address(request)))

    @app.post("/api/my-matches")
    async def my_matches(body: TokensBody, request: Request) -> dict[str, Any]:
        return {"matches": await hall_of(request).mine(body.tokens, body.hosts)}

    @app.get("/api/matches/{match_id}")
    async def match_state(
        match_id: str, request: Request, authorization: Annotated[str | None, Header()] = None
    ) -> Response:
        authority = await hall_of(request).get(match_id)
        authority.check_readable()
        token = bearer(authorization)
        return json_text(authority.message_json(None if token is None else authority.seat_for(token)))

    @app.get("/api/matches/{match_id}/words")
    async def match_words(
        match_id: str, request: Request, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        authority = await hall_of(request).get(match_id)
        authority.check_readable()
        token = bearer(authorization)
        return authority.words(None if token is None else authority.seat_for(token))

    @app.post("/api/matches/{match_id}/act")
    async def act(match_id: str, body: ActBody, request: Request) -> Response:
        hall = hall_of(request)
        authority = await hall.get(match_id)
        seat, hashed = authority.holder(body.token)
        await hall.act(authority, seat, body.seq, body.action, hashed)
        return json_text(authority.message_json(seat))

    @app.post("/api/matches/{match_id}/seats/{seat}/control")
    async def control(match_id: str, seat: int, body: ControlBody, request: Request) -> Response:
        hall = hall_of(request)
        authority = await hall.get(match_id)
        answered = await hall.control(authority, seat, body.token, body.kind, body.level)
        return json_text(authority.message_json(answered))

    @app.get("/api/matches/{match_id}/record")
    async def record(match_id: str, request: Request) -> Response:
        authority = await hall_of(request).get(match_id)
        name = f"skyhall-{authority.game.id}-{authority.id}.json"
        return Response(
            authority.record_json(),
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    @app.get("/api/matches/{match_id}/replay/{step}")
    async def replay(match_id: str, step: int, request: Request, seat: int | None = None) -> dict[str, Any]:
        authority = await hall_of(request).get(match_id)
        return authority.frame(step, seat)

    @app.websocket("/ws/matches/{match_id}")
    async def socket(websocket: WebSocket, match_id: str) -> None:
        await websocket.accept()
        who = address(websocket)
        try:
            visitors.join(who)
        except Refused as exc:
            await websocket.send_json(error(exc.code, exc.message))
            await websocket.close(code=1008)
            return
        try:
            try:
                authority = await hall_of(websocket).get(match_id)
            except Refused as exc:
                await websocket.send_json(error(exc.code, exc.message))
                await websocket.close(code=4404)
                return
            await MatchSocket(websocket, hall_of(websocket), authority).serve()
        finally:
            visitors.leave(who)

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


PONG = to_json({"type": "pong"})
OUTBOX = 64
"""Messages a socket may have waiting to be sent; a socket that falls further behind is dropped."""
PUSH_TIMEOUT = 10.0
"""Seconds a socket may take to take one message before it is dropped."""
RATE = 10.0
"""Messages per second a socket may send, sustained (a browser sends one per choice) ..."""
BURST = 40
"""... and at most this many at once; beyond that the socket is closed (code 1008)."""
JOIN_TIMEOUT = 30.0
"""Seconds a socket may stay open without joining (the page joins at once); then it is closed (1008)."""


class MatchSocket:
    """One browser's socket on one match: it joins as a seat (by token) or a spectator, then acts.

    Messages to the socket go through its outbox, sent in order by its own writer task, so the match
    (which queues them holding its lock) never waits on a socket. A socket that stops reading is
    dropped once its outbox is full or a send takes longer than :data:`PUSH_TIMEOUT`; the browser
    reconnects and gets the latest state.
    """

    def __init__(self, websocket: WebSocket, hall: Hall, authority: Authority) -> None:
        self.websocket = websocket
        self.hall = hall
        self.authority = authority
        self.joined = False
        self.seat: int | None = None
        self.token_hash: str | None = None
        """The hash of the token the socket joined a seat with."""
        self.outbox: asyncio.Queue[str | int] = asyncio.Queue(OUTBOX)
        """Messages to send, and a close code after the last one (see :meth:`close`)."""
        self.dropped = False
        self.closing = False
        self.busy = False
        """A message is being handled: a drop waits for it (an act is never cut short)."""
        self.reader: asyncio.Task[Any] | None = None
        self.rate = Bucket(RATE, BURST, asyncio.get_running_loop().time())
        """What the socket may still send (see :meth:`within_rate`)."""

    def push(self, text: str) -> None:
        """Queue ``text`` for this socket (never waits: the match calls it holding its lock)."""
        if self.dropped:
            return
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.drop(f"it fell {OUTBOX} messages behind")

    def close(self, code: int) -> None:
        """Close the socket once the messages queued before are sent."""
        self.closing = True
        try:
            self.outbox.put_nowait(code)
        except asyncio.QueueFull:
            self.drop("its outbox was full when it was to be closed")

    def drop(self, why: str) -> None:
        """Give up on a socket that does not take its messages: its reader stops (after the message it
        is handling, if any) and it is detached."""
        if self.dropped:
            return
        self.dropped = True
        log.info("match %s: dropped a socket: %s", self.authority.id, why)
        if self.reader is not None and not self.busy:
            self.reader.cancel()

    async def write(self) -> None:
        """Send the outbox in order, until a close or a failure."""
        try:
            while True:
                item = await self.outbox.get()
                async with asyncio.timeout(PUSH_TIMEOUT):
                    if isinstance(item, int):
                        await self.websocket.close(code=item)
                        return
                    await self.websocket.send_text(item)
        except Exception as exc:  # a closed, broken or stuck socket
            self.drop(f"a send failed ({type(exc).__name__})")

    def refuse(self, exc: Refused) -> None:
        self.push(to_json(error(exc.code, exc.message)))

    def within_rate(self) -> bool:
        """Whether one more message keeps the socket within :data:`RATE` and :data:`BURST`."""
        return self.rate.take(asyncio.get_running_loop().time())

    async def serve(self) -> None:
        self.reader = reader = asyncio.current_task()
        writer = asyncio.create_task(self.write())
        try:
            await self.read()
        except asyncio.CancelledError:
            if not self.dropped:
                raise  # the server is stopping
            if reader is not None:
                reader.uncancel()
        finally:
            self.reader = None
            if self.joined:
                await self.authority.detach(self.push)
            if self.closing and not self.dropped:
                with suppress(Exception):
                    await writer  # the last messages, then the close
            writer.cancel()

    async def read(self) -> None:
        """Handle the socket's messages until it closes, is closed, or is dropped."""
        while not self.closing and not self.dropped:
            try:
                async with asyncio.timeout(None if self.joined else JOIN_TIMEOUT):
                    message = await self.websocket.receive()
            except WebSocketDisconnect:
                return
            except TimeoutError:  # sockets that never join would be kept for ever, by the thousand
                self.refuse(Refused("bad_request", f"a socket must join within {JOIN_TIMEOUT:g} seconds"))
                self.close(1008)
                return
            if message["type"] == "websocket.disconnect":
                return
            if not self.within_rate():
                self.refuse(Refused("too_many", f"a socket may send at most {RATE:g} messages a second"))
                self.close(1008)
                return
            raw = message.get("text") or (message.get("bytes") or b"").decode("utf-8", "replace")
            if len(raw.encode("utf-8")) > MAX_MESSAGE:
                self.refuse(Refused("too_large", f"messages are limited to {MAX_MESSAGE} bytes"))
                continue
            self.busy = True
            try:
                await self.handle(raw)
            except Refused as exc:
                self.refuse(exc)
                if exc.code in ("forbidden", "moved") and not self.joined:
                    self.close(4403)
            except Exception as exc:  # the socket stays open, as for a refusal: the page says so
                self.refuse(unexpected(exc, f"a message on match {self.authority.id}'s socket"))
            finally:
                self.busy = False

    async def handle(self, raw: str) -> None:
        try:
            message = INBOUND.validate_json(raw)
        except ValidationError as exc:
            raise validation_refusal(json.loads(exc.json())) from None
        if isinstance(message, Join):
            if self.joined:
                raise Refused("bad_request", "this socket has already joined")
            seat, holder = None, None
            if message.token is not None:
                seat, self.token_hash = self.authority.holder(message.token)
                holder = Holder(self.token_hash, self.close)
            await self.authority.attach(self.push, seat, holder)
            self.seat, self.joined = seat, True
        elif isinstance(message, Act):
            if self.seat is None or self.token_hash is None:
                raise Refused("unauthorized", "join with a seat's token to play (spectators watch only)")
            await self.hall.act(self.authority, self.seat, message.seq, message.action, self.token_hash)
        else:
            self.push(PONG)
