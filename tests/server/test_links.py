"""Seat links: an invite is spent when it is opened, a device holds the seat by its own secret, and the
seat itself or the match's host can make the seat a new link (docs/server.md, "Seat links")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine
from sqlalchemy.exc import OperationalError
from starlette.websockets import WebSocketDisconnect

from skyhall.server import storage
from skyhall.server.authority import MOVED, NOT_A_SEAT, NOT_A_SEAT_OVER, Refused, unopened
from skyhall.server.hall import NOT_IN_CONTROL
from skyhall.server.storage import token_hash
from tests.server.conftest import BACKENDS, Server
from tests.server.test_sockets import join

pytestmark = pytest.mark.parametrize("database", BACKENDS, indirect=True)


def claim(server: Server, match: str, token: str | None) -> Any:
    return server.client.post(f"/api/matches/{match}/claim", json={"token": token})


def invite(server: Server, match: str, seat: int, token: str | None) -> Any:
    return server.client.post(f"/api/matches/{match}/seats/{seat}/invite", json={"token": token})


def status(server: Server, match: str, token: str) -> tuple[int, str | None]:
    """What ``token`` gets asking for a seat's view: 200, or the refusal's status and message."""
    response = server.client.get(f"/api/matches/{match}", headers={"Authorization": f"Bearer {token}"})
    return response.status_code, None if response.status_code == 200 else response.json()["message"]


def opens(server: Server, match: str, token: str) -> bool:
    """Whether ``token`` shows a seat's own view (a spent or forged one is refused, saying nothing of
    which it is)."""
    code, message = status(server, match, token)
    assert code == 200 or (code, message) == (403, NOT_A_SEAT)
    return code == 200


def stored_links(server: Server, match: str, seat: int) -> tuple[Any, Any]:
    rows = server.sql(
        "select token_hash, invite_hash from seat where match_id = :m and seat = :s", m=match, s=seat
    )
    return rows[0]


def test_opening_an_invite_spends_it_and_gives_the_device_its_own_token(server: Server) -> None:
    created = server.create_unopened()
    match, invite_token = created["match"], created["seats"][1]["token"]
    assert created["host"] and created["host"] != invite_token
    assert server.state(match)["seats"][1]["opened"] is False
    # an invite not yet opened is no seat's token: the creator who holds it can neither read nor play
    assert status(server, match, invite_token) == (403, unopened(match))
    assert server.act(match, invite_token, 0, "anything").status_code == 403
    answer = claim(server, match, invite_token)
    assert answer.status_code == 200, answer.text
    body = answer.json()
    secret = body["token"]
    assert (body["match"], body["game"], body["seat"]) == (match, "skyport", 1)
    assert secret != invite_token
    assert opens(server, match, secret) and server.state(match, secret)["seat"] == 1
    assert not opens(server, match, invite_token)  # whoever else saw the link: it opens nothing now
    again = claim(server, match, invite_token)
    assert (again.status_code, again.json()["code"]) == (403, "forbidden")
    assert claim(server, match, secret).status_code == 403  # a device's token is no invite to open
    assert server.state(match)["seats"][1]["opened"] is True
    # only hashes are stored: the device's, and no invite
    assert stored_links(server, match, 1) == (token_hash(secret), None)
    assert stored_links(server, match, 0) == (None, token_hash(created["seats"][0]["token"]))


def test_a_device_opening_an_invite_with_its_own_token_can_ask_again(server: Server) -> None:
    """The page makes its token and keeps it before asking: an answer lost on the way loses no seat."""
    created = server.create_unopened()
    match, invite_token = created["match"], created["seats"][0]["token"]
    device = "d" * 32
    first = server.client.post(f"/api/matches/{match}/claim", json={"token": invite_token, "device": device})
    assert (first.status_code, first.json()["seat"], first.json()["token"]) == (200, 0, device)
    again = server.client.post(f"/api/matches/{match}/claim", json={"token": invite_token, "device": device})
    assert (again.status_code, again.json()["seat"], again.json()["token"]) == (200, 0, device)
    assert stored_links(server, match, 0) == (token_hash(device), None)
    asked = server.client.post(  # with the spent invite or none of the match's: the same answer
        f"/api/matches/{match}/claim", json={"token": "spent-or-not", "device": device}
    )
    assert (asked.status_code, asked.json()["seat"], asked.json()["token"]) == (200, 0, device)
    short = server.client.post(
        f"/api/matches/{match}/claim", json={"token": created["seats"][1]["token"], "device": "short"}
    )
    assert (short.status_code, short.json()["code"]) == (422, "invalid")
    other = server.create_unopened()  # a token that holds a seat elsewhere is no new device's
    reused = server.client.post(
        f"/api/matches/{other['match']}/claim", json={"token": other["seats"][0]["token"], "device": device}
    )
    assert (reused.status_code, reused.json()["code"]) == (422, "invalid")
    assert stored_links(server, other["match"], 0) == (None, token_hash(other["seats"][0]["token"]))
    assert claim(server, other["match"], other["seats"][0]["token"]).status_code == 200  # still pending


def test_a_device_token_must_be_no_link_of_the_match(server: Server) -> None:
    """Whoever saw an invite (or holds the host's token) must not be able to make it a device's token:
    they would then hold the seat beside, or instead of, its player."""
    created = server.create_unopened()
    match, first, second = created["match"], created["seats"][0]["token"], created["seats"][1]["token"]
    before = [stored_links(server, match, seat) for seat in (0, 1)]
    for invite_token, device in ((second, second), (first, second), (first, created["host"])):
        made = server.client.post(
            f"/api/matches/{match}/claim", json={"token": invite_token, "device": device}
        )
        assert (made.status_code, made.json()["code"]) == (422, "invalid")
        assert "a device's token must be its own" in made.json()["message"]
    assert [stored_links(server, match, seat) for seat in (0, 1)] == before
    friend = server.client.post(f"/api/matches/{match}/claim", json={"token": second, "device": "f" * 32})
    assert (friend.json()["seat"], friend.json()["token"]) == (1, "f" * 32)
    assert not opens(server, match, second)


def test_a_claim_without_a_seat_token_is_refused_and_changes_nothing(server: Server) -> None:
    created = server.create_unopened()
    match = created["match"]
    before = [stored_links(server, match, seat) for seat in (0, 1)]
    assert claim(server, match, None).status_code == 401
    assert claim(server, match, "not-a-token").status_code == 403
    assert claim(server, match, created["host"]).status_code == 403  # the host's is no seat's
    assert claim(server, "m_nosuchmatch", created["seats"][0]["token"]).status_code == 404
    assert [stored_links(server, match, seat) for seat in (0, 1)] == before


def test_a_seat_moves_itself_to_another_device_when_its_new_link_is_opened(server: Server) -> None:
    created = server.create()
    match = created["match"]
    first = created["seats"][0]["token"]
    link = invite(server, match, 0, first)
    assert link.status_code == 200, link.text
    assert link.json()["invite"] == f"/match/{match}#token={link.json()['token']}"
    moved_to = link.json()["token"]
    assert opens(server, match, first)  # the seat stays on this device until the link is opened
    assert status(server, match, moved_to)[0] == 403  # and the link plays nothing before
    second = claim(server, match, moved_to).json()["token"]
    assert opens(server, match, second)
    assert not opens(server, match, first) and not opens(server, match, moved_to)
    # asking twice: only the newest link is pending
    older = invite(server, match, 0, second).json()["token"]
    newer = invite(server, match, 0, second).json()["token"]
    assert claim(server, match, older).status_code == 403
    assert claim(server, match, newer).status_code == 200


def test_the_host_gives_a_seat_a_new_link_and_the_old_device_and_links_stop_at_once(server: Server) -> None:
    created = server.create()
    match, host = created["match"], created["host"]
    secret = created["seats"][1]["token"]
    with server.client.websocket_connect(f"/ws/matches/{match}") as lost:
        assert join(lost, secret)["seat"] == 1
        with server.client.websocket_connect(f"/ws/matches/{match}") as watcher:
            assert join(watcher, None)["seats"][1]["opened"] is True
            fresh = invite(server, match, 1, host)
            assert fresh.status_code == 200, fresh.text
            assert lost.receive_json() == {"type": "error", "code": "moved", "message": MOVED}
            with pytest.raises(WebSocketDisconnect) as closed:
                lost.receive_json()
            assert closed.value.code == 4403
            told = watcher.receive_json()
            assert (told["seats"][1]["opened"], told["seats"][1]["connected"]) == (False, False)
    assert not opens(server, match, secret)
    new_secret = claim(server, match, fresh.json()["token"]).json()["token"]
    assert server.state(match, new_secret)["seat"] == 1


def test_opening_a_bot_seats_link_takes_the_seat_over_from_the_bot(server: Server) -> None:
    """Whoever opens a bot seat's link sees its hidden cards: the seat is theirs to play from then on,
    and every watcher sees it change hands, rather than a bot playing a hand someone reads."""
    created = server.create("airport-rush", seats=[{"kind": "human"}, {"kind": "bot", "level": "random"}])
    match = created["match"]
    assert server.state(match)["seats"][1]["kind"] == "bot"
    taker = server.claim(match, created["seats"][1]["token"])
    seats = server.state(match)["seats"]  # what every watcher is pushed
    assert seats[1] == {**seats[1], "kind": "human", "level": None, "opened": True}
    assert server.sql("select kind, level from seat where match_id = :m and seat = 1", m=match)[0] == (
        "human",
        None,
    )
    found = server.state(match, taker)
    assert found["seat"] == 1 and found["seats"][1]["kind"] == "human"


def test_a_take_over_is_stored_whole_or_not_at_all(server: Server) -> None:
    """The device's token and the seat's being a person's are one write: a busy database leaves the
    invite unspent and the bot playing, never a bot playing a hand a device may read."""
    created = server.create("airport-rush", seats=[{"kind": "human"}, {"kind": "bot", "level": "random"}])
    match, invite_token = created["match"], created["seats"][1]["token"]
    store = server.client.app.state.hall.store  # type: ignore[attr-defined]

    def busy(*_args: object) -> None:
        raise OperationalError("UPDATE seat", {}, Exception("database is locked"))

    store.set_links, set_links = busy, store.set_links
    store.set_seat = busy  # a second write would fail too: there must be none
    try:
        refused = server.client.post(
            f"/api/matches/{match}/claim", json={"token": invite_token, "device": "D" * 30}
        )
        assert (refused.status_code, refused.json()["code"]) == (503, "busy")
        seat = server.state(match)["seats"][1]
        assert (seat["kind"], seat["opened"]) == ("bot", False)
        store.set_links = set_links
        opened = server.client.post(
            f"/api/matches/{match}/claim", json={"token": invite_token, "device": "D" * 30}
        )
        assert opened.status_code == 200, opened.text
    finally:
        del store.set_links, store.set_seat
    assert server.state(match)["seats"][1]["kind"] == "human"
    assert server.sql("select kind from seat where match_id = :m and seat = 1", m=match)[0] == ("human",)


def test_a_finished_bot_seats_link_opens_it_and_leaves_it_a_bot(server: Server) -> None:
    created = server.create(seats=[{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}])
    match = created["match"]
    server.wait_until(lambda: server.state(match)["status"] == "over", timeout=120)
    taker = server.claim(match, created["seats"][0]["token"])
    assert server.state(match, taker)["seats"][0]["kind"] == "bot"
    spent = claim(server, match, created["seats"][0]["token"])  # once over, no new link would help
    assert (spent.status_code, spent.json()["message"]) == (403, NOT_A_SEAT_OVER)


def test_only_the_seat_or_the_host_can_make_a_seat_a_new_link(server: Server) -> None:
    created = server.create_unopened()
    match = created["match"]
    other = server.claim(match, created["seats"][0]["token"])
    before = stored_links(server, match, 1)
    assert invite(server, match, 1, None).status_code == 401
    assert invite(server, match, 1, other).status_code == 403  # another seat's token
    assert invite(server, match, 1, created["seats"][1]["token"]).status_code == 403  # its unopened invite
    assert invite(server, match, 1, "forged").status_code == 403
    assert invite(server, match, 2, created["host"]).status_code == 404
    assert invite(server, match, -1, created["host"]).status_code == 404
    assert stored_links(server, match, 1) == before
    assert claim(server, match, created["seats"][1]["token"]).status_code == 200


def test_a_socket_of_a_moved_seat_is_told_and_closed_and_its_late_choice_refused(server: Server) -> None:
    created = server.create()
    match, device = created["match"], server.token_to_act(created)
    with server.client.websocket_connect(f"/ws/matches/{match}") as early:
        message = join(early, device)
        seat = message["seat"]
        moved_to = invite(server, match, seat, device).json()["token"]
        secret = claim(server, match, moved_to).json()["token"]  # opened on the other device
        assert early.receive_json() == {"type": "error", "code": "moved", "message": MOVED}
        with pytest.raises(WebSocketDisconnect):
            early.receive_json()
    late = server.act(match, device, 0, message["choices"][0]["notation"])
    assert late.status_code == 403
    assert server.state(match)["seq"] == 0
    # a choice checked before the seat moved and played after it is refused too
    authority = server.authority(match)
    journal = server.client.app.state.hall.journal  # type: ignore[attr-defined]
    invite(server, match, seat, created["host"])
    with pytest.raises(Refused) as refused:
        server.client.portal.call(
            authority.act, journal, seat, 0, message["choices"][0]["notation"], False, token_hash(secret)
        )
    assert refused.value.code == "moved"
    assert server.state(match)["seq"] == 0
    control = f"/api/matches/{match}/seats/{seat}/control"
    assert server.client.post(control, json={"token": secret, "kind": "bot"}).status_code == 403
    store = server.client.app.state.hall.store  # type: ignore[attr-defined]
    with pytest.raises(Refused) as refused:  # a hand-over checked before the seat moved, made after
        server.client.portal.call(authority.set_control, store, seat, "bot", "random", token_hash(secret))
    assert refused.value.code == "moved"
    assert server.state(match)["seats"][seat]["kind"] == "human"


def test_a_socket_cannot_join_by_an_invite_or_a_spent_link(server: Server) -> None:
    created = server.create_unopened()
    match, spent, pending = created["match"], created["seats"][0]["token"], created["seats"][1]["token"]
    claim(server, match, spent)
    for token, said in ((spent, NOT_A_SEAT), (pending, unopened(match))):
        with server.client.websocket_connect(f"/ws/matches/{match}") as ws:
            refused = join(ws, token)
            assert (refused["code"], refused["message"]) == ("forbidden", said)
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4403


def test_links_survive_a_restart(server: Server) -> None:
    created = server.create_unopened()
    match = created["match"]
    secret = server.claim(match, created["seats"][0]["token"])
    pending = created["seats"][1]["token"]
    moved = invite(server, match, 1, created["host"]).json()["token"]
    server.restart()
    assert opens(server, match, secret)
    assert not opens(server, match, created["seats"][0]["token"])
    assert claim(server, match, pending).status_code == 403
    assert server.state(match)["seats"][1]["opened"] is False
    assert claim(server, match, moved).status_code == 200
    assert invite(server, match, 0, created["host"]).status_code == 200  # the host's token too


def test_my_matches_finds_a_seat_by_its_device_token_only(server: Server) -> None:
    created = server.create_unopened()
    match = created["match"]
    invite_token = created["seats"][0]["token"]

    def mine(token: str) -> list[tuple[str, int]]:
        found = server.client.post("/api/my-matches", json={"tokens": [token]}).json()["matches"]
        return [(m["match"], m["seat"]) for m in found]

    assert mine(invite_token) == []
    secret = server.claim(match, invite_token)
    assert mine(secret) == [(match, 0)]
    assert mine(invite_token) == []


def test_seats_stored_before_links_keep_their_token_as_the_device_token(database: str) -> None:
    """A database made before seat links (migration 0001): its seats' tokens still open them."""
    engine = create_engine(database)
    config = Config()
    config.set_main_option("script_location", str(Path(storage.__file__).with_name("migrations")))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
    server = Server(database)  # makes a match, to copy its rows as the old schema had them
    try:
        created = server.create_unopened()
        held = server.claim(created["match"], created["seats"][0]["token"])
        old = created["seats"][1]["token"]
    finally:
        server.close()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0001")  # an unopened seat's invite becomes its token, as before
    engine.dispose()
    server = Server(database)
    try:
        match = created["match"]
        for token in (held, old):
            assert opens(server, match, token)
            assert claim(server, match, token).status_code == 403  # a seat's token, no invite
        assert [s["opened"] for s in server.state(match)["seats"]] == [True, True]
        assert invite(server, match, 0, created["host"]).status_code == 403  # no host before
    finally:
        server.close()


def test_my_matches_lists_the_matches_a_browser_hosts_with_or_without_a_seat(server: Server) -> None:
    hosted = server.create_unopened()
    seated = server.create()

    def mine(tokens: list[str], hosts: list[str]) -> list[tuple[str, int | None, bool]]:
        body = {"tokens": tokens, "hosts": hosts}
        found = server.client.post("/api/my-matches", json=body).json()["matches"]
        return sorted((m["match"], m["seat"], m["host"]) for m in found)

    assert mine([], [hosted["host"]]) == [(hosted["match"], None, True)]  # no seat of it held here
    assert mine([seated["seats"][1]["token"]], [seated["host"], hosted["host"]]) == sorted(
        [(seated["match"], 1, True), (hosted["match"], None, True)]
    )
    assert mine([seated["seats"][0]["token"]], ["forged", hosted["seats"][0]["token"]]) == [
        (seated["match"], 0, False)
    ]
    nobody = server.client.post("/api/my-matches", json={"tokens": [], "hosts": [hosted["host"]]})
    assert nobody.json()["matches"][0]["name"] is None and nobody.json()["matches"][0]["rank"] is None


def rehost(server: Server, match: str, token: str | None) -> Any:
    return server.client.post(f"/api/matches/{match}/host", json={"token": token})


def test_a_new_host_link_revokes_every_copy_of_the_old_one_and_survives_a_restart(server: Server) -> None:
    """A host link seen by the wrong person: the host makes a new one, and the old token can neither make
    links, hand seats to bots, list the match as hosted, nor make yet another host link."""
    created = server.create_unopened()
    match, old = created["match"], created["host"]
    answer = rehost(server, match, old)
    assert answer.status_code == 200, answer.text
    new = answer.json()["host"]
    assert answer.json()["match"] == match and new != old and len(new) >= 22

    refused = invite(server, match, 1, old)
    assert refused.status_code == 403
    assert refused.json()["message"] == "only the seat's own token or the match host's can make it a new link"
    control = f"/api/matches/{match}/seats/1/control"
    handed = server.client.post(control, json={"token": old, "kind": "bot"})
    assert handed.status_code == 403 and handed.json()["message"] == NOT_IN_CONTROL
    again = rehost(server, match, old)
    assert again.status_code == 403
    assert again.json()["message"] == "only the match host's token can make the match a new host link"
    listed = server.client.post("/api/my-matches", json={"tokens": [], "hosts": [old, new]}).json()["matches"]
    assert [(m["match"], m["host"]) for m in listed] == [(match, True)]  # found by the new token alone
    assert server.client.post("/api/my-matches", json={"tokens": [], "hosts": [old]}).json()["matches"] == []

    server.restart()
    assert invite(server, match, 1, old).status_code == 403
    assert invite(server, match, 1, new).status_code == 200
    assert rehost(server, match, new).status_code == 200


def test_a_new_host_link_needs_the_hosts_token(server: Server) -> None:
    created = server.create()
    match, seat_token = created["match"], created["seats"][0]["token"]
    assert rehost(server, match, None).status_code == 401
    assert rehost(server, match, seat_token).status_code == 403  # a seat's token is no host's
    assert rehost(server, match, "forged-" * 4).status_code == 403
    assert rehost(server, "no-such-match", created["host"]).status_code == 404
    assert invite(server, match, 1, created["host"]).status_code == 200  # nothing changed
