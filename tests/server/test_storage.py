"""Storage: moves committed before they are acknowledged, restarts replay, races, broken logs.

Every test runs on SQLite and on PostgreSQL (a throwaway cluster; skipped where none can start).
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import Any

import pytest
from fastapi.testclient import TestClient

from skyhall.server import hall as hall_module
from skyhall.server.app import create_app
from skyhall.server.authority import UNREADABLE, Refused
from skyhall.server.bots import BotPool
from skyhall.server.hall import Hall
from skyhall.server.messages import CreateMatch, SeatSpec
from skyhall.server.storage import InUse, Store, token_hash
from tests.server.conftest import BACKENDS, Server

pytestmark = pytest.mark.parametrize("database", BACKENDS, indirect=True)


def moves_in(server: Server) -> list[tuple[Any, ...]]:
    return server.sql("select match_id, seq, notation, seat from move order by seq")


def test_an_acknowledged_move_is_already_in_the_database(server: Server) -> None:
    created = server.create()
    token = server.token_to_act(created)
    seat = server.state(created["match"])["view"]["to_act"]
    choice = server.state(created["match"], token)["choices"][0]["notation"]
    assert server.act(created["match"], token, 0, choice).status_code == 200
    assert moves_in(server) == [(created["match"], 0, choice, seat)]


def test_a_restarted_server_rebuilds_every_match_exactly(server: Server) -> None:
    created = server.create()
    server.play_first_choices(created, 8)
    match = created["match"]
    tokens = [s["token"] for s in created["seats"]]
    before = [server.state(match, token) for token in [None, *tokens]]
    server.restart()
    assert [server.state(match, token) for token in [None, *tokens]] == before
    server.play_first_choices(created, 1)  # and play goes on
    assert server.state(match)["seq"] == 9


def test_a_stored_log_that_does_not_replay_marks_only_that_match_broken(server: Server) -> None:
    good = server.create()
    bad = server.create()
    server.play_first_choices(good, 2)
    server.close()
    server.sql(
        "insert into move (match_id, seq, notation, seat, time) "
        "values (:match, 0, 'fly to the moon', 0, :time)",
        match=bad["match"],
        time=datetime(2026, 1, 1, tzinfo=UTC),
    )
    server.start()
    response = server.client.get(f"/api/matches/{bad['match']}")
    assert (response.status_code, response.json()["code"]) == (409, "broken")
    message = response.json()["message"]
    assert "move 1 cannot be played (the server's log says why)" in message
    assert "moon" not in message  # a stored move may hold a seat's secret: only its number is said
    record = server.client.get(f"/api/matches/{bad['match']}/record")  # it holds the seed: every hand
    assert (record.status_code, record.json()["code"]) == (409, "broken")
    replay = server.client.get(f"/api/matches/{bad['match']}/replay/0")
    assert (replay.status_code, replay.json()["code"]) == (409, "broken")
    act = server.act(bad["match"], bad["seats"][0]["token"], 1, "pass")
    assert (act.status_code, act.json()["code"]) == (409, "broken")
    assert server.state(good["match"])["seq"] == 2
    assert server.sql("select status from match where id = :match", match=bad["match"]) == [("broken",)]


@pytest.mark.parametrize(
    "damage",
    [
        "update match set options = '{not json' where id = :match",  # SQLite keeps any text
        "update match set options = '[1]' where id = :match",
        "delete from seat where match_id = :match and seat = 1",
        "update match set game = 'chess' where id = :match",
    ],
)
def test_a_match_whose_rows_are_damaged_is_broken_and_the_server_starts(server: Server, damage: str) -> None:
    if "not json" in damage and not server.url.startswith("sqlite"):
        pytest.skip("PostgreSQL refuses to store text that is no JSON")
    good = server.create()
    bad = server.create()
    server.close()
    server.sql(damage, match=bad["match"])
    server.start()  # the server starts, and serves the other matches
    server.play_first_choices(good, 1)
    response = server.client.get(f"/api/matches/{bad['match']}")
    assert (response.status_code, response.json()["code"]) == (409, "broken")
    assert response.json()["message"] == "this match cannot be played: " + UNREADABLE
    marks = server.client.app.state.hall.store  # type: ignore[attr-defined]
    written = []
    original = marks.mark
    marks.mark = lambda *args: (written.append(args), original(*args))
    assert server.client.get(f"/api/matches/{bad['match']}").json()["code"] == "broken"
    assert written == []  # asked again: neither read, logged nor written again
    assert server.sql("select status from match where id = :match", match=bad["match"]) == [("broken",)]
    tokens = [good["seats"][0]["token"], bad["seats"][0]["token"]]
    mine = server.client.post("/api/my-matches", json={"tokens": tokens}).json()["matches"]
    assert good["match"] in [m["match"] for m in mine]  # the damaged one never hides the others
    damaged = next(m for m in mine if m["match"] == bad["match"])  # nor is it hidden itself
    assert (damaged["status"], damaged["seat"], damaged["your_turn"]) == ("broken", 0, False)
    assert damaged["reason"] == "this match cannot be played: " + UNREADABLE


def test_of_two_racing_choices_for_one_decision_exactly_one_wins(database: str) -> None:
    async def race() -> list[str]:
        store = Store(database)
        hall = Hall(store, BotPool(1))
        created = await hall.create(CreateMatch(game="skyport", seats=[SeatSpec(), SeatSpec()]))
        match = created.authority
        seat = match.state.to_act
        first, second = [str(a) for a in match.state.legal_actions()[:2]]
        _, device = await match.claim(store, created.tokens[seat])

        async def attempt(action: str) -> str:
            try:
                await hall.act(match, seat, 0, action, token_hash(device))
            except Refused as exc:
                return exc.code
            return "won"

        outcome = await asyncio.gather(attempt(first), attempt(second))
        assert match.seq == 1
        assert match.record.actions[0] in (first, second)
        await hall.close()
        store.close()
        return sorted(outcome)

    assert asyncio.run(race()) == ["stale", "won"]


def test_only_the_last_ended_matches_asked_for_stay_in_memory(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hall_module, "KEEP_ENDED", 1)
    bots = [{"kind": "bot", "level": "random"}] * 2
    first, second = (server.create(seats=bots)["match"] for _ in range(2))
    for match in (first, second):
        server.wait_until(lambda: server.state(match)["status"] == "over", timeout=60)  # noqa: B023
    answers = {match: server.state(match) for match in (first, second)}
    memory = server.client.app.state.hall.matches  # type: ignore[attr-defined]
    assert second in memory and first not in memory  # asked for longest ago: rebuilt when asked again
    assert server.state(first) == answers[first] and first in memory and second not in memory
    assert server.client.get(f"/api/matches/{second}/replay/3").status_code == 200


def test_an_ended_match_a_request_is_changing_stays_in_memory(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Dropped while a request holds its lock (a rematch being stored, say), the match would be rebuilt
    from the store by the next request without the change the first one is making."""
    monkeypatch.setattr(hall_module, "KEEP_ENDED", 1)
    bots = [{"kind": "bot", "level": "random"}] * 2
    first, second = (server.create(seats=bots)["match"] for _ in range(2))
    for match in (first, second):
        server.wait_until(lambda: server.state(match)["status"] == "over", timeout=60)  # noqa: B023
    hall = server.client.app.state.hall  # type: ignore[attr-defined]
    server.state(first)
    held = hall.matches[first]

    async def asked_while_changing() -> None:
        async with held.lock:
            await hall.get(second)  # rebuilt from the store, and the last asked for

    asyncio.run(asked_while_changing())
    assert hall.matches.get(first) is held, "kept while its lock was held"
    server.state(second)
    assert first not in hall.matches, "dropped once the change is done and another is asked for"


def test_a_second_server_on_one_database_refuses_to_start(server: Server) -> None:
    """Each server keeps its matches in memory: a second one would serve matches that fall behind."""
    created = server.create()
    second = TestClient(create_app(server.url, bot_workers=1))
    with pytest.raises(
        InUse, match=r"another Skyhall server is using this database .*one server per database"
    ):
        second.__enter__()
    server.close()  # the first one stops: the database is free again
    server.start()
    assert server.state(created["match"])["seq"] == 0
