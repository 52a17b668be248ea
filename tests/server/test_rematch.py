"""Rematches: once a match is over, its seats and its host ask for the same table again
(``POST /api/matches/{id}/rematch``, docs/server.md "Rematch")."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, inspect

from skyhall.server import storage
from skyhall.server.authority import DEVICE_OWN, DEVICE_TAKEN, REMATCH_SEAT_HELD, Refused, unopened
from skyhall.server.hall import NOT_IN_REMATCH
from skyhall.server.storage import RematchMade, SeatInfo, Store, token_hash
from tests.server.conftest import BACKENDS, Server
from tests.server.test_sockets import join

pytestmark = pytest.mark.parametrize("database", BACKENDS, indirect=True)

HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


def ask(server: Server, match: str, token: str | None, body: Any = None, **more: Any) -> Any:
    """``POST …/rematch`` with ``token`` as the bearer (none: no header) and ``body`` (none: no body)."""
    headers = {"Authorization": f"Bearer {token}"} if token is not None else {}
    headers.update(more.pop("headers", {}))
    return server.client.post(f"/api/matches/{match}/rematch", headers=headers, json=body, **more)


def finish(server: Server, created: Any) -> None:
    """Play the match to its end: each person's seat takes its first choice, bots play their own."""
    match = created["match"]
    deadline = time.monotonic() + 120
    while True:
        state = server.state(match)
        if state["status"] == "over":
            return
        assert time.monotonic() < deadline, "the match did not end"
        seat = state["view"]["to_act"]
        if state["seats"][seat]["kind"] == "bot":
            time.sleep(0.02)
            continue
        token = created["seats"][seat]["token"]
        mine = server.state(match, token)
        response = server.act(match, token, mine["seq"], mine["choices"][0]["notation"])
        assert response.status_code in (200, 409), response.text  # 409: a bot moved meanwhile


def finished(server: Server, game: str = "skyport", seats: Any = None, **more: Any) -> Any:
    created = server.create(game, seats or HUMANS, **more)
    finish(server, created)
    return created


def rematch_of(server: Server, match: str) -> Any:
    return server.sql("select rematch_id from match where id = :m", m=match)[0][0]


def count_matches(server: Server) -> int:
    return int(server.sql("select count(*) from match")[0][0])


def stored_links(server: Server, match: str) -> list[tuple[Any, ...]]:
    return server.sql(
        "select seat, token_hash, invite_hash from seat where match_id = :m order by seat", m=match
    )


def test_the_first_request_makes_the_same_table_again_with_a_new_seed(server: Server) -> None:
    """Game, player count, options, names, and each seat's kind and level as at the end: Bob's
    player handed his seat to a bot, and Cy's bot seat was taken over by a person."""
    seats = [
        {"kind": "human", "name": "Ann"},
        {"kind": "human", "name": "Bob"},
        {"kind": "bot", "level": "random", "name": "Cy"},
    ]
    options = {"first_player": 1, "cities": "DBA"}
    created = server.create_unopened("skyport", seats, options=options)
    match = created["match"]
    tokens = [server.claim(match, s["token"]) for s in created["seats"]]  # Cy's taken over: a person's
    handed = server.client.post(
        f"/api/matches/{match}/seats/1/control", json={"token": tokens[1], "kind": "bot", "level": "random"}
    )
    assert handed.status_code == 200, handed.text
    finish(server, {**created, "seats": [{"token": t} for t in tokens]})
    old = server.authority(match)
    assert server.state(match)["rematch"] is None

    answer = ask(server, match, tokens[0], {"device": "a" * 30})
    assert answer.status_code == 200, answer.text
    new = answer.json()["match"]
    assert answer.json() == {"match": new, "game": "skyport", "seat": 0, "token": "a" * 30}
    assert new != match and new.startswith("m_")
    again = server.authority(new)
    assert (again.record.game, again.record.players, again.record.options) == ("skyport", 3, options)
    assert again.record.seed != old.record.seed
    assert [(s["name"], s["kind"], s["level"]) for s in server.state(new)["seats"]] == [
        ("Ann", "human", None),
        ("Bob", "bot", "random"),
        ("Cy", "human", None),
    ]
    assert [s["opened"] for s in server.state(new)["seats"]] == [True, False, False]
    assert server.state(new, "a" * 30)["seat"] == 0
    # stored as the old match's rematch; each watcher of it learns its id
    assert rematch_of(server, match) == new and rematch_of(server, new) is None
    assert server.state(match)["rematch"] == new and server.state(match, tokens[2])["rematch"] == new
    assert server.state(new)["rematch"] is None
    # Bob's seat is a bot's, and decides first (first_player 1): it starts thinking as in any match
    server.wait_until(lambda: server.state(new)["seq"] >= 1)
    # the old match is as it was: its seats still open it, its record is its own
    assert server.state(match, tokens[1])["seat"] == 1 and server.authority(match).record is old.record


def test_each_seat_gets_its_own_seat_and_a_lost_answer_is_answered_again(server: Server) -> None:
    created = finished(server)
    match, ann, bob = created["match"], created["seats"][0]["token"], created["seats"][1]["token"]
    first = ask(server, match, bob, {"device": "b" * 30}).json()
    assert (first["seat"], first["token"]) == (1, "b" * 30)
    new = first["match"]
    made = ask(server, match, ann)  # no body: the server makes the device's token
    assert made.status_code == 200, made.text
    assert (made.json()["match"], made.json()["seat"]) == (new, 0)
    ann_new = made.json()["token"]
    assert len(ann_new) >= 22 and ann_new not in (ann, bob)
    assert [server.state(new, t)["seat"] for t in (ann_new, "b" * 30)] == [0, 1]
    links = stored_links(server, new)
    assert links == [(0, token_hash(ann_new), None), (1, token_hash("b" * 30), None)]
    lost = ask(server, match, bob, {"device": "b" * 30})  # the answer was lost: asked again, the same
    assert (lost.status_code, lost.json()) == (200, first)
    for device in ({"device": "c" * 30}, None):  # another device (or none) while the seat is held
        other = ask(server, match, bob, device)
        assert (other.status_code, other.json()["code"], other.json()["message"]) == (
            403,
            "forbidden",
            REMATCH_SEAT_HELD,
        )
    assert stored_links(server, new) == links
    assert count_matches(server) == 2
    # the old tokens still open the old seats, and none of the new ones
    assert server.state(match, ann)["seat"] == 0
    assert (
        server.client.get(f"/api/matches/{new}", headers={"Authorization": f"Bearer {ann}"}).status_code
        == 403
    )


def test_the_host_gets_the_rematchs_host_token_and_each_request_replaces_it(server: Server) -> None:
    created = finished(server)
    match, host = created["match"], created["host"]
    answer = ask(server, match, host, {"device": "ignored-for-the-host" * 2})
    assert answer.status_code == 200, answer.text
    new, first = answer.json()["match"], answer.json()["host"]
    assert set(answer.json()) == {"match", "host"} and first != host
    assert [s["opened"] for s in server.state(new)["seats"]] == [False, False]  # nobody's yet
    link = server.client.post(f"/api/matches/{new}/seats/1/invite", json={"token": first})
    assert link.status_code == 200, link.text  # for a friend who left: the host makes the seat a link
    second = ask(server, match, host).json()
    assert second["match"] == new and second["host"] not in (first, host)
    stale = server.client.post(f"/api/matches/{new}/seats/1/invite", json={"token": first})
    assert (stale.status_code, stale.json()["code"]) == (403, "forbidden")
    fresh = server.client.post(f"/api/matches/{new}/seats/1/invite", json={"token": second["host"]})
    assert fresh.status_code == 200
    assert server.client.post(f"/api/matches/{match}/seats/1/invite", json={"token": host}).status_code == 200
    # seat 0's player comes later and gets seat 0; the friend opens seat 1's new link
    ann = ask(server, match, created["seats"][0]["token"], {"device": "a" * 30}).json()
    assert (ann["match"], ann["seat"]) == (new, 0)
    friend = server.claim(new, fresh.json()["token"])
    assert server.state(new, friend)["seat"] == 1
    hosted = server.client.post("/api/my-matches", json={"tokens": [], "hosts": [second["host"]]}).json()
    assert [m["match"] for m in hosted["matches"]] == [new]


def test_refusals_change_nothing(server: Server) -> None:
    live = server.create(seats=HUMANS)
    for token in (live["seats"][0]["token"], live["host"]):  # not over yet
        refused = ask(server, live["match"], token, {"device": "a" * 30})
        assert (refused.status_code, refused.json()["code"]) == (409, "live")
        assert refused.json()["message"] == "the match is not over yet: a rematch is made once it has ended"
    created = finished(server)
    match, ann, bob = created["match"], created["seats"][0]["token"], created["seats"][1]["token"]
    before = (count_matches(server), stored_links(server, match), server.state(match))
    cases = [
        (ask(server, match, None), 401, "unauthorized"),  # a spectator
        (ask(server, match, "forged-" * 4), 403, "forbidden"),
        (ask(server, match, created["seats"][0]["invite_token"]), 403, "forbidden"),  # spent
        (ask(server, match, live["host"]), 403, "forbidden"),  # another match's host
        (ask(server, "m_nosuchmatch", ann), 404, "not_found"),
        (ask(server, "no-such-match", ann), 404, "not_found"),
        (ask(server, match, ann, {"device": "short"}), 422, "invalid"),
        (ask(server, match, ann, {"device": 12345678901234567890123}), 422, "invalid"),
        (ask(server, match, ann, {"token": ann}), 422, "invalid"),
        (ask(server, match, ann, {"device": bob}), 422, "invalid"),  # another seat's: would take it
        (ask(server, match, ann, {"device": created["host"]}), 422, "invalid"),  # a link's
        (
            ask(server, match, ann, content=b'{"device":', headers={"Content-Type": "application/json"}),
            400,
            "bad_request",
        ),
        (
            server.client.post(f"/api/matches/{match}/rematch", headers={"Authorization": f"Basic {ann}"}),
            401,
            "unauthorized",
        ),
        (server.client.get(f"/api/matches/{match}/rematch"), 405, "not_allowed"),
    ]
    for response, code, name in cases:
        assert (response.status_code, response.json()["code"]) == (code, name), response.text
    assert cases[1][0].json()["message"] == NOT_IN_REMATCH
    assert cases[9][0].json()["message"] == DEVICE_TAKEN
    assert cases[10][0].json()["message"] == DEVICE_OWN
    assert (count_matches(server), stored_links(server, match), server.state(match)) == before
    assert rematch_of(server, match) is None
    assert ask(server, match, ann, {"device": "a" * 30}).status_code == 200  # it works after all that


def test_an_unopened_invite_is_told_to_open_first(server: Server) -> None:
    created = server.create_unopened(seats=[{"kind": "human"}, {"kind": "bot", "level": "random"}])
    match = created["match"]
    ann = server.claim(match, created["seats"][0]["token"])
    control = f"/api/matches/{match}/seats/0/control"
    assert (
        server.client.post(control, json={"token": ann, "kind": "bot", "level": "random"}).status_code == 200
    )
    server.wait_until(lambda: server.state(match)["status"] == "over", timeout=120)
    refused = ask(server, match, created["seats"][1]["token"])  # the bot seat's invite, never opened
    assert (refused.status_code, refused.json()["message"]) == (403, unopened(match))
    answer = ask(server, match, ann).json()  # Ann handed her seat to a bot: a bot's in the rematch too
    assert answer["seat"] == 0
    seats = server.state(answer["match"])["seats"]
    assert [(s["kind"], s["opened"]) for s in seats] == [("bot", True), ("bot", False)]
    back = server.client.post(
        f"/api/matches/{answer['match']}/seats/0/control", json={"token": answer["token"], "kind": "human"}
    )
    assert back.status_code == 200 and back.json()["seats"][0]["kind"] == "human"  # she takes it back


def test_every_watcher_of_the_finished_match_hears_of_the_rematch(server: Server) -> None:
    created = finished(server)
    match = created["match"]
    with (
        server.client.websocket_connect(f"/ws/matches/{match}") as ann,
        server.client.websocket_connect(f"/ws/matches/{match}") as watcher,
    ):
        assert join(ann, created["seats"][0]["token"])["rematch"] is None
        before = join(watcher, None)
        assert before["rematch"] is None
        new = ask(server, match, created["seats"][1]["token"]).json()["match"]
        for ws in (ann, watcher):
            told = ws.receive_json()
            while told["rematch"] is None:  # Ann's own socket may first hear of a seat connecting
                told = ws.receive_json()
            assert (told["type"], told["rematch"], told["status"]) == ("state", new, "over")
        assert {**told, "rematch": None} == before  # the spectator's: the id is all that is new
    assert server.client.get(f"/api/matches/{match}").json()["rematch"] == new


def test_a_rematch_survives_a_restart(server: Server) -> None:
    created = finished(server)
    match = created["match"]
    first = ask(server, match, created["seats"][0]["token"], {"device": "a" * 30}).json()
    server.restart()
    assert server.state(match)["rematch"] == first["match"]
    assert ask(server, match, created["seats"][0]["token"], {"device": "a" * 30}).json() == first
    bob = ask(server, match, created["seats"][1]["token"]).json()
    assert (bob["match"], bob["seat"]) == (first["match"], 1)
    assert server.state(first["match"], bob["token"])["seat"] == 1
    assert count_matches(server) == 2


def test_two_racing_first_requests_make_one_rematch(server: Server) -> None:
    created = finished(server)
    match = created["match"]
    hall = server.client.app.state.hall  # type: ignore[attr-defined]
    old = server.authority(match)

    async def both() -> list[Any]:
        return list(
            await asyncio.gather(
                hall.rematch(old, created["seats"][0]["token"], "a" * 30),
                hall.rematch(old, created["seats"][1]["token"], "b" * 30),
            )
        )

    answers = server.client.portal.call(both)
    assert answers[0]["match"] == answers[1]["match"] == old.rematch
    assert [a["seat"] for a in answers] == [0, 1]
    assert count_matches(server) == 2


def test_a_rematch_stored_first_elsewhere_is_kept_and_nothing_else_stored(server: Server) -> None:
    """Two requests that miss each other (a match rebuilt meanwhile, say): the database keeps one."""
    store = Store(server.url)
    try:
        seats = [SeatInfo("Ann", "human", None, None), SeatInfo("Bob", "human", None, None)]
        store.create("m_old", "skyport", 1, 1, {}, seats)
        store.create("m_first", "skyport", 1, 2, {}, seats, rematch_of="m_old")
        with pytest.raises(RematchMade) as made:
            store.create("m_second", "skyport", 1, 3, {}, seats, rematch_of="m_old")
        assert made.value.rematch == "m_first"
        assert store.load("m_second") is None
        loaded = store.load("m_old")
        assert loaded is not None and loaded.rematch == "m_first"
    finally:
        store.close()


def test_making_the_rematch_counts_as_creating_a_match(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    created = finished(server)
    match = created["match"]
    visitors = server.client.app.state.visitors  # type: ignore[attr-defined]

    def refuse(_address: str) -> None:
        raise Refused("too_many", "too many matches created from one address")

    monkeypatch.setattr(visitors, "create", refuse)
    refused = ask(server, match, created["seats"][0]["token"])
    assert (refused.status_code, refused.json()["code"]) == (429, "too_many")
    assert count_matches(server) == 1 and rematch_of(server, match) is None
    monkeypatch.undo()
    new = ask(server, match, created["seats"][0]["token"]).json()["match"]
    monkeypatch.setattr(visitors, "create", refuse)  # joining the rematch creates nothing: not counted
    assert ask(server, match, created["seats"][1]["token"]).json()["match"] == new


def test_the_rematch_column_migrates_down_and_up(database: str) -> None:
    server = Server(database)
    try:
        created = finished(server)
        ask(server, created["match"], created["seats"][0]["token"])
    finally:
        server.close()
    engine = create_engine(database)
    config = Config()
    config.set_main_option("script_location", str(Path(storage.__file__).with_name("migrations")))
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.downgrade(config, "0002")
        assert "rematch_id" not in {c["name"] for c in inspect(engine).get_columns("match")}
    finally:
        engine.dispose()
    server = Server(database)  # migrates up again: the matches are there, no rematch named
    try:
        assert server.state(created["match"])["rematch"] is None
        assert server.state(created["match"])["status"] == "over"
        again = ask(server, created["match"], created["seats"][1]["token"])
        assert again.status_code == 200 and server.state(created["match"])["rematch"] == again.json()["match"]
    finally:
        server.close()
