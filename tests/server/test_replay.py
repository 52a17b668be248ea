"""The replay of a finished match shows every step with everything revealed, from any chair."""

from __future__ import annotations

from typing import Any

from skyhall.core.record import GameRecord
from skyhall.core.registry import get
from skyhall.core.result import Result
from skyhall.core.text import text_module
from skyhall.server.messages import result_words
from tests.server.conftest import Server


def finished_skyport(server: Server) -> tuple[str, GameRecord]:
    """A 2-player Skyport match between random bots, played to the end, and its record."""
    created = server.create(seats=[{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}])
    match: str = created["match"]
    server.wait_until(lambda: server.state(match)["status"] == "over", timeout=120)
    return match, GameRecord.from_json(server.client.get(f"/api/matches/{match}/record").text)


def hidden_from_spectator(record: GameRecord) -> tuple[int, int, list[str]]:
    """The first step at which the spectator sees fewer cards in a hand than it holds: (step, seat, hand)."""
    for step in range(1, len(record.actions)):
        state: Any = record.replay(upto=step)
        for seat, hand in enumerate(state.view(None).to_dict()["hands"]):
            if len(hand["cards"]) < hand["size"]:
                return step, seat, [state.cat.cards[c].id for c in state.hands[seat]]
    raise AssertionError("no hand was ever hidden")


def test_a_replay_frame_shows_the_cards_the_spectator_could_not_see(server: Server) -> None:
    match, record = finished_skyport(server)
    step, seat, hand = hidden_from_spectator(record)

    frame = server.client.get(f"/api/matches/{match}/replay/{step}").json()
    assert (frame["step"], frame["seat"]) == (step, None)
    assert sorted(frame["view"]["hands"][seat]["cards"]) == sorted(hand)
    assert set(hand) <= set(frame["view"]["cards"])  # each revealed card comes with its printed face
    assert frame["view"]["to_act"] == record.replay(upto=step).to_act

    rival = 1 - seat
    seated = server.client.get(f"/api/matches/{match}/replay/{step}?seat={rival}").json()
    assert seated["seat"] == seated["view"]["seat"] == rival  # whose hand is drawn as "yours"
    assert seated["view"]["hands"] == frame["view"]["hands"]

    logs = [record.replay(upto=k).view(None, reveal=True).log for k in range(len(record.actions) + 1)]
    told = next(k for k in range(1, len(logs)) if len(logs[k]) > len(logs[k - 1]))
    frame = server.client.get(f"/api/matches/{match}/replay/{told}").json()
    assert frame["last"] == " ".join(logs[told][len(logs[told - 1]) :])  # the log's words, not "your …"
    silent = next(k for k in range(1, len(logs)) if len(logs[k]) == len(logs[k - 1]))  # a card chosen
    before = record.replay(upto=silent - 1)
    who = server.state(match)["seats"][before.to_act]["name"]
    frame = server.client.get(f"/api/matches/{match}/replay/{silent}").json()
    assert frame["last"].startswith(f"{who} chose: ")  # no log line: the choice as its seat read it
    assert server.client.get(f"/api/matches/{match}/replay/0").json()["last"] is None


def test_a_replay_frame_says_where_the_turns_around_it_begin(server: Server) -> None:
    match, record = finished_skyport(server)
    deciders = [record.replay(upto=k).to_act for k in range(len(record.actions) + 1)]
    starts = [k for k in range(1, len(deciders)) if deciders[k] != deciders[k - 1]]
    for step in (0, starts[0], starts[0] + 1, len(record.actions)):
        frame = server.client.get(f"/api/matches/{match}/replay/{step}").json()
        assert frame["turn_back"] == max((k for k in starts if k < step), default=0)
        assert frame["turn_next"] == min((k for k in starts if k > step), default=len(record.actions))


def test_my_matches_tells_each_seat_its_place_once_the_match_is_over(server: Server) -> None:
    live = server.create()
    found = server.client.post("/api/my-matches", json={"tokens": [live["seats"][0]["token"]]}).json()
    assert found["matches"][0]["rank"] is None  # still being played
    created = server.create(seats=[{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}])
    match = created["match"]
    server.wait_until(lambda: server.state(match)["status"] == "over", timeout=120)
    ranks = server.state(match)["result"]["ranks"]
    tokens = [server.claim(match, s["token"]) for s in created["seats"]]  # the bots' links, opened after
    found = server.client.post("/api/my-matches", json={"tokens": tokens}).json()["matches"]
    assert sorted((m["seat"], m["rank"]) for m in found) == list(enumerate(ranks))


def test_a_finished_match_says_how_the_tie_breaks_settled_a_tie_in_its_seats_names() -> None:
    tied = Result((33, 33), (2, 1), ((), ()), ((10, 51), (12, 40)))
    seats = [{"name": "Ann"}, {"name": "Bob"}]
    sent = result_words(tied, seats, text_module(get("skyport")))
    assert sent is not None and sent["winners"] == [1]
    assert sent["ties"] == ["Bob and Ann tie on 33 points; Bob goes ahead of Ann on lanes, 12 to 10."]
    assert result_words(None, seats, text_module(get("skyport"))) is None
