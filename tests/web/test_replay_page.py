"""The replay page of a finished match, in a real browser: stepping, jumping, and the final score sheet."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import LiveServer
from tests.web.playthrough import Match

pytestmark = pytest.mark.slow


def shows_step(page: Any, frame: Any) -> None:
    """The page shows replay step ``frame`` (as the API answers it): its heading line and its log."""
    said = f"Move {frame['step']} of {frame['steps']}: {frame['last'] or 'the start'}"
    prompt = page.locator(".replay-controls .prompt")
    prompt.filter(has_text=said).wait_for()
    assert prompt.inner_text() == said
    assert page.locator(".log li").count() == len(frame["log"])


@pytest.mark.parametrize("game", ["skyport", "airport-rush", "skyrise"])
def test_the_replay_steps_through_a_finished_match(
    live_server: LiveServer, page: Any, artifacts: Path, game: str
) -> None:
    match = Match.create(live_server, game)
    assert match.play_until(lambda _: False, random.Random(7)) is None  # played to the end
    steps = match.state()["seq"]
    middle = steps // 2

    page.goto(f"{live_server.url}/match/{match.id}/replay")
    shows_step(page, match.replay(0))
    table = page.locator("section.table")
    table.locator(".loading").wait_for(state="detached")  # the game's renderer module has loaded
    start = table.inner_html()
    assert page.locator(".score-sheet").count() == 0

    page.get_by_role("button", name="Step forward").click()
    shows_step(page, match.replay(1))
    page.get_by_role("button", name="Step back").click()
    shows_step(page, match.replay(0))
    assert table.inner_html() == start

    jump = page.get_by_label("Jump to move")
    jump.fill(str(middle))
    jump.press("Enter")
    shows_step(page, match.replay(middle))
    ahead = match.replay(middle)["turn_next"]
    page.get_by_role("button", name="Next turn").click()
    shows_step(page, match.replay(ahead))
    page.get_by_role("button", name="Previous turn").click()
    shows_step(page, match.replay(match.replay(ahead)["turn_back"]))

    page.get_by_role("button", name="Last move").click()
    final = match.replay(steps)
    shows_step(page, final)
    assert table.inner_html() != start
    sheet = page.locator(".score-sheet")
    seats = final["seats"]
    winners = " and ".join(seats[i]["name"] for i in final["result"]["winners"])
    assert re.match(rf"{re.escape(winners)} wins?\.", sheet.locator(".winners").inner_text())
    for seat, score in enumerate(final["result"]["scores"]):
        caption = sheet.locator(f"table[data-seat='{seat}'] caption").inner_text()
        assert caption.endswith(f"{seats[seat]['name']}: {score} points")
    assert page.get_by_role("button", name="Step forward").is_disabled()
    assert page.locator(".seats-bar .seat").count() == len(seats)
    assert page.locator(".seats-bar .dot").count() == 0  # nobody is connected to a replay
    page.screenshot(path=str(artifacts / f"replay-{game}-end.png"), full_page=True)


def test_the_replay_of_no_such_match_says_so_and_offers_nothing_to_watch(
    live_server: LiveServer, page: Any
) -> None:
    page.goto(f"{live_server.url}/match/m_doesnotexist/replay")
    page.get_by_role("alert").wait_for()
    assert "there is no match 'm_doesnotexist'" in page.get_by_role("alert").inner_text()
    assert page.get_by_role("link", name="Watch the match").count() == 0


def test_the_end_of_a_match_says_every_score_and_leads_to_the_sheet(
    live_server: LiveServer, page: Any
) -> None:
    match = Match.create(live_server, "skyrise")
    assert match.play_until(lambda _: False, random.Random(5)) is None  # played to the end
    final = match.replay(match.state()["seq"])
    result, seats = final["result"], final["seats"]
    match.open(page, 0)
    prompt = page.locator("aside .prompt")
    prompt.filter(has_text="The match is over").wait_for()
    said = prompt.inner_text()
    best = result["scores"][result["winners"][0]]
    assert f"with {best} points" in said
    for seat, score in enumerate(result["scores"]):
        assert seats[seat]["name"] in said and str(score) in said
    page.get_by_role("button", name="See the score sheet").click()
    page.locator("#score-title:focus").wait_for()
    for seat in (0, 1):  # each seat is told its own place: the winner that it won
        if seat:  # the page holds seat 1's token too, as a browser that opened its link would
            entry = {"match": match.id, "seat": seat, "token": match.tokens[seat], "game": "skyrise"}
            page.evaluate("(e) => localStorage.setItem('skyhall.seats', JSON.stringify([e]))", entry)
            page.goto("about:blank")  # a new load, not a change of the address's hash
            page.goto(f"{live_server.url}/match/{match.id}#seat={seat}")
            prompt.filter(has_text="The match is over").wait_for()
            said = prompt.inner_text()
        if seat not in result["winners"]:
            assert re.search(rf"You are {result['ranks'][seat]}(st|nd|rd|th)\.$", said)
        else:
            assert said.endswith("You win!" if len(result["winners"]) == 1 else "You share the win!")
