"""The match websocket: joining, acting, refusals on the socket, pushes, bots, and what a seat sees."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from sqlalchemy.exc import OperationalError
from starlette.websockets import WebSocketDisconnect

from skyhall.server import app as app_module
from skyhall.server import authority as authority_module
from tests.server.conftest import Server


def join(ws: Any, token: str | None) -> Any:
    ws.send_json({"type": "join", "token": token})
    return ws.receive_json()


def test_a_seat_joins_acts_and_every_socket_gets_its_own_view(server: Server) -> None:
    created = server.create()
    match = created["match"]
    seat = server.state(match)["view"]["to_act"]
    token = created["seats"][seat]["token"]
    with server.client.websocket_connect(f"/ws/matches/{match}") as player:
        first = join(player, token)
        assert (first["type"], first["seat"], first["seq"]) == ("state", seat, 0)
        assert first["seats"][seat]["connected"] is True
        with server.client.websocket_connect(f"/ws/matches/{match}") as watcher:
            watched = join(watcher, None)
            assert watched["seat"] is None
            assert watched["choices"] == []
            # a spectator joining changes nothing public: the seat's next message is its move's
            player.send_json({"type": "act", "seq": 0, "action": first["choices"][0]["notation"]})
            mine, theirs = player.receive_json(), watcher.receive_json()
            assert (mine["seq"], theirs["seq"]) == (1, 1)
            assert (mine["seat"], theirs["seat"]) == (seat, None)
            assert theirs["choices"] == []


def test_refusals_on_the_socket_change_nothing_and_keep_it_open(server: Server) -> None:
    created = server.create()
    match = created["match"]
    seat = server.state(match)["view"]["to_act"]
    token, other = created["seats"][seat]["token"], created["seats"][1 - seat]["token"]
    with server.client.websocket_connect(f"/ws/matches/{match}") as ws:
        ws.send_json({"type": "act", "seq": 0, "action": "x"})
        assert ws.receive_json()["code"] == "unauthorized"  # not joined: a spectator cannot act
        message = join(ws, token)
        legal = message["choices"][0]["notation"]
        sent = [
            "{not json",
            json.dumps({"type": "dance"}),
            json.dumps({"type": "act", "seq": 0}),
            "x" * 5000,
            json.dumps({"type": "act", "seq": 3, "action": legal}),
            json.dumps({"type": "act", "seq": 0, "action": "fly to the moon"}),
            json.dumps({"type": "join", "token": other}),
        ]
        codes = []
        for text in sent:
            ws.send_text(text)
            codes.append(ws.receive_json()["code"])
        assert codes == ["bad_request", "invalid", "invalid", "too_large", "stale", "illegal", "bad_request"]
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}
        ws.send_json({"type": "act", "seq": 0, "action": legal})
        assert ws.receive_json()["seq"] == 1
    assert server.authority(match).record.actions == [legal]


def test_a_forged_token_is_refused_and_the_socket_closed(server: Server) -> None:
    created = server.create()
    with server.client.websocket_connect(f"/ws/matches/{created['match']}") as ws:
        reply = join(ws, "forged")
        assert reply["code"] == "forbidden"
        closing = ws.receive()
        assert closing["type"] == "websocket.close"
        assert closing["code"] == 4403


def test_an_unknown_match_is_refused_on_the_socket(server: Server) -> None:
    with server.client.websocket_connect("/ws/matches/m_none") as ws:
        assert ws.receive_json()["code"] == "not_found"
        assert ws.receive()["code"] == 4404


def test_a_seat_never_receives_another_seats_hidden_cards(server: Server) -> None:
    created = server.create()
    match = created["match"]
    server.play_first_choices(created, 6)
    state = server.authority(match).state
    checked = 0
    for seat in (0, 1):
        other = 1 - seat
        own = set(state.view(other).to_dict()["hands"][other]["cards"])
        seen = set(state.view(seat).to_dict()["hands"][other]["cards"])
        hidden = own - seen
        with server.client.websocket_connect(f"/ws/matches/{match}") as ws:
            text = json.dumps(join(ws, created["seats"][seat]["token"]))
        for card in hidden:
            assert not re.search(rf"(?<![A-Za-z0-9]){re.escape(card)}(?![A-Za-z0-9])", text), card
            checked += 1
        for card in own & seen:
            assert card in text  # a card the rival took openly is still shown
    assert checked > 0, "the test needs a hidden card in some hand"


def test_bot_moves_arrive_over_the_socket(server: Server) -> None:
    created = server.create(seats=[{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}])
    with server.client.websocket_connect(f"/ws/matches/{created['match']}") as ws:
        message = join(ws, None)
        while message["seq"] < 5:
            message = ws.receive_json()
            assert message["type"] == "state"
    assert len(server.authority(created["match"]).record.actions) >= 5


def test_the_table_in_words_is_each_seats_own_view_on_request(server: Server) -> None:
    """The terminal's rendering of the seat's own view (a screen reader's table), a spectator's too;
    asked for, not in every push (it would cost every watching seat a rendering at each change)."""
    created = server.create()
    match = created["match"]
    server.play_first_choices(created, 4)
    authority = server.authority(match)
    tokens = {None: None, **{k: s["token"] for k, s in enumerate(created["seats"])}}
    sections = []
    for seat, token in tokens.items():
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        answer = server.client.get(f"/api/matches/{match}/words", headers=headers).json()
        expected = authority.text.read(authority.state.view(seat))  # type: ignore[attr-defined]
        assert answer == {"seq": 4, "words": [{"title": t, "body": b} for t, b in expected]}
        sections.append(answer["words"])
        with server.client.websocket_connect(f"/ws/matches/{match}") as ws:
            assert "words" not in join(ws, token)
    assert sections[1] != sections[2]  # each seat reads its own hand
    forged = server.client.get(f"/api/matches/{match}/words", headers={"Authorization": "Bearer nope"})
    assert (forged.status_code, forged.json()["code"]) == (403, "forbidden")


def test_a_match_is_watched_while_a_human_seat_has_a_socket_open(server: Server) -> None:
    """Bots of watched matches think first: an empty human seat, a spectator or a bot seat does not
    make a match watched (anyone can start matches by the dozen with one human seat left empty)."""
    created = server.create(seats=[{"kind": "human"}, {"kind": "bot", "level": "random"}])
    match = created["match"]
    authority = server.authority(match)
    assert not authority.watched()
    with server.client.websocket_connect(f"/ws/matches/{match}") as watcher:
        join(watcher, None)
        assert not authority.watched()
        with server.client.websocket_connect(f"/ws/matches/{match}") as player:
            join(player, created["seats"][0]["token"])
            assert authority.watched()
        server.wait_until(lambda: not authority.watched())


def test_a_failure_of_the_servers_own_is_said_on_the_socket_which_stays_open(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A database that does not answer is ``busy`` (try again), any other failure ``internal``; the
    socket stays open, as for a refusal, and the click is not silently lost."""
    created = server.create()
    match = created["match"]
    token = server.token_to_act(created)
    hall = server.client.app.state.hall  # type: ignore[attr-defined]
    failures = iter([OperationalError("insert", {}, Exception("database is locked")), KeyError("bug")])

    async def failing(*_args: object) -> None:
        raise next(failures)

    monkeypatch.setattr(hall, "act", failing)
    with server.client.websocket_connect(f"/ws/matches/{match}") as player:
        first = join(player, token)
        act = {"type": "act", "seq": 0, "action": first["choices"][0]["notation"]}
        player.send_json(act)
        assert player.receive_json() == {
            "type": "error",
            "code": "busy",
            "message": "the database did not answer in time; nothing was changed, try again",
        }
        player.send_json(act)
        assert player.receive_json()["code"] == "internal"
        player.send_json({"type": "ping"})
        assert player.receive_json()["type"] == "pong"
    assert server.state(match)["seq"] == 0


def test_a_page_of_another_site_is_refused_its_socket(server: Server) -> None:
    """Browsers send their page's origin: only this server's own pages (and clients that are no browser,
    which send none) get a socket."""
    match = server.create()["match"]
    for origin in ("http://evil.example", "null", "http://testserver.evil.example"):
        address = f"/ws/matches/{match}"
        with (
            pytest.raises(WebSocketDisconnect) as refused,
            server.client.websocket_connect(address, headers={"origin": origin}),
        ):
            pass
        assert refused.value.code == 1008, origin
    with server.client.websocket_connect(
        f"/ws/matches/{match}", headers={"origin": "http://testserver"}
    ) as ws:
        assert join(ws, None)["type"] == "state"
    proxied = {"origin": "https://games.example", "x-forwarded-host": "games.example"}  # Host rewritten
    with server.client.websocket_connect(f"/ws/matches/{match}", headers=proxied) as ws:
        assert join(ws, None)["type"] == "state"


def test_a_socket_that_never_joins_is_closed(server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app_module, "JOIN_TIMEOUT", 0.2)
    match = server.create()["match"]
    with server.client.websocket_connect(f"/ws/matches/{match}") as idle:
        assert idle.receive_json() == {
            "type": "error",
            "code": "bad_request",
            "message": "a socket must join within 0.2 seconds",
        }
        with pytest.raises(WebSocketDisconnect) as closed:
            idle.receive_json()
        assert closed.value.code == 1008


def test_a_match_is_watched_for_a_while_after_a_persons_choice_over_http(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A client of the HTTP API opens no socket: its choices count as a person at the table."""
    created = server.create()
    authority = server.authority(created["match"])
    assert not authority.watched()
    server.play_first_choices(created, 1)
    assert authority.watched()
    monkeypatch.setattr(authority_module, "RECENT", 0.0)
    assert not authority.watched()
