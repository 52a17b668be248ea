"""A socket's outbox: the match never waits on a socket, and a socket that does not read is dropped.

A stuck browser (a phone tab put to sleep, a client that never reads) used to hold the match's
lock for 10 s on every push, which froze the match for everyone. Here a fake websocket whose
sends never finish stands in for it, so the tests need no network and no timing of their own
beyond a short :data:`~skyhall.server.app.PUSH_TIMEOUT`.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from skyhall.server import app as app_module
from skyhall.server.app import OUTBOX, MatchSocket
from skyhall.server.authority import Holder, Send
from tests.server.conftest import Server
from tests.server.test_sockets import join


class StuckSocket:
    """A websocket whose client never reads: every send waits forever (as one on a full buffer)."""

    def __init__(self) -> None:
        self.incoming: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.started: list[str] = []
        self.forever = asyncio.Event()

    async def receive(self) -> dict[str, Any]:
        return await self.incoming.get()

    async def send_text(self, text: str) -> None:
        self.started.append(text)
        await self.forever.wait()

    async def close(self, code: int) -> None:
        await self.forever.wait()


class Watched:
    """The authority's side, as a socket sees it: who is attached."""

    id = "m_test"

    def __init__(self) -> None:
        self.listeners: list[Send] = []

    async def attach(self, send: Send, seat: int | None, holder: Holder | None = None) -> None:
        self.listeners.append(send)
        send(json.dumps({"type": "state", "seq": 0}))

    async def detach(self, send: Send) -> None:
        self.listeners.remove(send)


def joined_stuck_socket() -> tuple[StuckSocket, Watched, MatchSocket]:
    websocket, authority = StuckSocket(), Watched()
    socket = MatchSocket(websocket, None, authority)  # type: ignore[arg-type]
    websocket.incoming.put_nowait({"type": "websocket.receive", "text": json.dumps({"type": "join"})})
    return websocket, authority, socket


async def until(check: Any) -> None:
    while not check():
        await asyncio.sleep(0.001)


def test_a_socket_that_falls_a_whole_outbox_behind_is_dropped_at_once() -> None:
    async def scenario() -> None:
        websocket, authority, socket = joined_stuck_socket()
        serving = asyncio.create_task(socket.serve())
        await until(lambda: authority.listeners)
        push = authority.listeners[0]
        for seq in range(1, OUTBOX + 2):  # the first message is being sent; OUTBOX more wait; one more
            push(json.dumps({"type": "state", "seq": seq}))  # never waits, whatever the socket does
        await asyncio.wait_for(serving, 5)  # the reader stopped: the socket is gone
        assert socket.dropped and authority.listeners == []
        assert websocket.started == [json.dumps({"type": "state", "seq": 0})]
        push("after the drop")  # a late push from the match is ignored, not queued

    asyncio.run(scenario())


def test_a_socket_that_takes_too_long_over_one_message_is_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app_module, "PUSH_TIMEOUT", 0.05)

    async def scenario() -> None:
        _websocket, authority, socket = joined_stuck_socket()
        await asyncio.wait_for(socket.serve(), 5)
        assert socket.dropped and authority.listeners == []

    asyncio.run(scenario())


def test_a_socket_sending_faster_than_a_browser_is_told_and_closed(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the bucket refills at a trickle: a slow machine's pauses between the pings cannot earn one more
    monkeypatch.setattr(app_module, "RATE", 0.01)
    created = server.create()
    with server.client.websocket_connect(f"/ws/matches/{created['match']}") as ws:
        answers = []
        for _ in range(app_module.BURST + 1):
            ws.send_json({"type": "ping"})
            answers.append(ws.receive_json())
        assert answers[:-1] == [{"type": "pong"}] * app_module.BURST
        assert answers[-1]["code"] == "too_many"
        assert ws.receive()["code"] == 1008
    assert server.state(created["match"])["seq"] == 0  # the match goes on, unchanged


def test_only_a_change_of_what_is_public_is_pushed_to_the_others(server: Server) -> None:
    """A spectator joining, or a seat's second tab, changes no one's message: only the newcomer gets
    one. A seat's first socket changes its ``connected``, which everyone sees."""
    created = server.create()
    match, token = created["match"], created["seats"][0]["token"]

    def nothing_new(ws: Any) -> None:
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}  # no state message was waiting before the pong

    with server.client.websocket_connect(f"/ws/matches/{match}") as watcher:
        assert join(watcher, None)["seats"][0]["connected"] is False
        with server.client.websocket_connect(f"/ws/matches/{match}") as other:
            join(other, None)
            nothing_new(watcher)
        with server.client.websocket_connect(f"/ws/matches/{match}") as tab:
            assert join(tab, token)["seats"][0]["connected"] is True
            assert watcher.receive_json()["seats"][0]["connected"] is True
            with server.client.websocket_connect(f"/ws/matches/{match}") as second:
                assert join(second, token)["seat"] == 0
                nothing_new(watcher)
                nothing_new(tab)
            nothing_new(watcher)  # the second tab closing leaves the seat connected
        assert watcher.receive_json()["seats"][0]["connected"] is False  # its last tab closed
