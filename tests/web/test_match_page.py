"""The lobby and the shared match page in a real browser, against a real ``skyhall serve``."""

from __future__ import annotations

import contextlib
import json
import random
import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.web.conftest import LiveServer, browsing
from tests.web.playthrough import Match

pytestmark = pytest.mark.slow


def match_seq(server: LiveServer, match: str) -> int:
    seq: int = server.api("GET", f"/api/matches/{match}")["seq"]
    return seq


def wait_for(condition: Any, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting")
        time.sleep(0.1)


def decide_from_the_list(page: Any, server: LiveServer, match: str) -> None:
    """Wait for our decision, click its first choice in the side list, and see the server apply it."""
    page.locator("button.choice:not([aria-disabled=true])").first.wait_for()
    before = match_seq(server, match)
    page.locator("button.choice:not([aria-disabled=true])").first.click()
    dialog = page.locator("dialog.dialog[open]")

    def sent() -> bool:  # the choice may ask first: its dialog opens once the page has re-drawn
        if dialog.count():
            dialog.get_by_role("button", name="Yes").click()
        return match_seq(server, match) > before

    wait_for(sent)


def test_create_play_restart_and_continue(live_server: LiveServer, page: Any, artifacts: Path) -> None:
    page.goto(live_server.url + "/")
    page.locator("select[name=game]").select_option("skyport")
    page.locator("select[name=kind-1]").select_option("bot")
    page.locator("select[name=level-1]").select_option("easy")
    page.get_by_role("button", name="Create match").click()
    page.get_by_role("link", name="Open my seat").click()
    page.wait_for_url("**/match/**")
    match = page.url.split("/match/")[1].split("#")[0]

    page.locator(".seat.you").wait_for()
    wait_for(lambda: page.url.endswith("#seat=0"))  # the token left the address bar once held
    for _ in range(3):
        decide_from_the_list(page, live_server, match)
    page.locator("button.choice:not([aria-disabled=true])").first.wait_for()  # our turn: no bot is thinking
    played = match_seq(live_server, match)
    assert played >= 3
    before = live_server.api("GET", f"/api/matches/{match}")

    live_server.restart()
    after = live_server.api("GET", f"/api/matches/{match}")
    assert {**after, "seats": None} == {**before, "seats": None}
    page.reload()
    page.locator(".seat.you").wait_for()
    decide_from_the_list(page, live_server, match)
    assert match_seq(live_server, match) > played

    page.screenshot(path=str(artifacts / "match-skyport-after-restart.png"), full_page=True)
    page.goto(live_server.url + "/")
    page.locator(".match-list li").first.wait_for()
    assert "Grand Central Skyport" in page.locator(".match-list").inner_text()
    assert "against Player 2 (bot)" in page.locator(".match-list").inner_text()
    page.screenshot(path=str(artifacts / "lobby.png"), full_page=True)


def test_lobby_offers_each_option_as_a_control(live_server: LiveServer, page: Any) -> None:
    page.goto(live_server.url + "/")
    page.locator("select[name=game]").select_option("skyrise")
    page.locator("select[name=players]").select_option("3")
    first = page.locator("select[name=option-first_player]")
    assert first.locator("option").all_inner_texts() == ["random", "Seat 1", "Seat 2", "Seat 3"]
    first.select_option("2")
    page.locator("select[name=players]").select_option("2")  # Seat 3 is gone: back to random
    assert first.input_value() == ""
    assert first.locator("option").all_inner_texts() == ["random", "Seat 1", "Seat 2"]
    first.select_option("1")
    page.locator("select[name=option-city_keys]").select_option("off")
    page.get_by_role("button", name="Create match").click()
    link = page.get_by_role("link", name="Open my seat")
    match = link.get_attribute("href").split("/match/")[1].split("#")[0]
    view = live_server.api("GET", f"/api/matches/{match}")["view"]
    assert (view["players"], view["first"], view["city_keys"]) == (2, 1, "off")

    page.goto(live_server.url + "/")
    page.locator("select[name=game]").select_option("skyport")
    cities = page.locator("input[name=option-cities]")
    assert "AC" in cities.get_attribute("placeholder")


def test_the_page_calls_every_seat_by_its_players_name(live_server: LiveServer, page: Any) -> None:
    """The log and the table say "Player 2"; the page puts the names the players chose in their place."""
    seats = [{"kind": "human", "name": "Alice"}, {"kind": "bot", "level": "random", "name": "Bob"}]
    created = live_server.api("POST", "/api/matches", {"game": "airport-rush", "seats": seats})
    page.goto(live_server.url + created["seats"][0]["invite"])
    page.locator("button.choice:not([aria-disabled=true])").first.wait_for()
    for _ in range(3):  # keep objectives, then a few moves, until Bob has been in the log
        decide_from_the_list(page, live_server, created["match"])
        if "Bob" in page.locator(".log").inner_text():
            break
    log = page.locator(".log").inner_text()
    assert "Bob" in log and "Player 2" not in log and "Player 1" not in log
    table = page.locator("section.table").inner_text()
    assert "Bob" in table and "Player 2" not in table
    assert "Alice" in table  # "Your Airport · Alice"
    words = page.locator("details.words")  # the table in words, folded away: open it as a reader would
    for _ in range(5):  # by keyboard (a bot's move may shift the page under a click, and may send the
        # focus on to the prompt between the focus and the Enter: then the reader tries again)
        if words.get_attribute("open") is not None:
            break
        words.locator("summary").focus()
        page.keyboard.press("Enter")
        with contextlib.suppress(PlaywrightTimeout):
            page.locator("details.words[open]").wait_for(timeout=2000)
    page.locator("details.words[open]").wait_for()
    words.locator("h3").first.wait_for()  # fetched once opened (not in every push)
    read = words.text_content() or ""
    assert "Bob" in read and "Player 2" not in read and "Player 1" not in read
    assert words.locator("h3").count() >= 3 and words.locator("pre").count() == words.locator("h3").count()
    decide_from_the_list(page, live_server, created["match"])
    assert words.get_attribute("open") is not None  # it stays open as the match goes on


def test_on_a_phone_a_long_choice_list_leaves_the_table_on_the_first_screen(
    live_server: LiveServer, page: Any
) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    seats = [{"kind": "human"}, {"kind": "bot", "level": "random"}]
    created = live_server.api("POST", "/api/matches", {"game": "airport-rush", "seats": seats})
    page.goto(live_server.url + created["seats"][0]["invite"])
    for _ in range(6):  # past the objectives, to a decision with many choices (taking dice)
        page.locator("button.choice:not([aria-disabled=true])").first.wait_for()
        if page.locator("button.choice").count() > 15:
            break
        decide_from_the_list(page, live_server, created["match"])
    assert page.locator("button.choice").count() > 15
    top = page.eval_on_selector("section.table", "e => e.getBoundingClientRect().top")
    assert top < 844, f"the table starts {top} px down"


def test_the_lobby_and_the_match_page_say_how_to_play(live_server: LiveServer, page: Any) -> None:
    page.goto(live_server.url + "/")
    page.locator("select[name=game]").select_option("airport-rush")
    assert page.locator(".about-game .blurb").inner_text().startswith("Airport Rush: load dice")
    rules = page.locator(".about-game details.how-to-play")
    assert rules.get_attribute("open") is None  # folded away until asked for
    rules.locator("summary").click()
    steps = rules.locator("ol li").all_inner_texts()
    assert len(steps) == 4 and steps[0].startswith("Take dice (mandatory)")
    assert "Scoring:" in rules.inner_text()
    page.locator("select[name=game]").select_option("skyrise")  # another game: its own summary
    assert page.locator(".about-game .blurb").inner_text().startswith("Skyrise:")
    auction = page.locator(".about-game ol li")  # its summary numbers an auction's steps
    assert auction.count() == 4
    assert (auction.first.text_content() or "").startswith("Open: the opener bids")

    seats = [{"kind": "human"}, {"kind": "bot", "level": "random"}]
    created = live_server.api("POST", "/api/matches", {"game": "skyport", "seats": seats})
    page.goto(live_server.url + created["seats"][0]["invite"])
    aside = page.locator("aside.side details.how-to-play")
    aside.locator("summary").focus()
    page.keyboard.press("Enter")
    assert aside.locator("ol li").count() == 4
    assert aside.locator("ol li").first.inner_text().startswith("Arrival:")


def test_handing_the_seat_to_a_bot_asks_first(live_server: LiveServer, page: Any) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}]
    created = live_server.api("POST", "/api/matches", {"game": "skyrise", "seats": seats})
    match = created["match"]
    page.goto(live_server.url + created["seats"][1]["invite"])  # the seat not deciding first or not: either
    page.locator(".seat.you").wait_for()
    hand = page.get_by_role("button", name="Let a bot play my seat")
    hand.click()
    dialog = page.locator("dialog.dialog[open]")
    dialog.wait_for()
    assert "Let a bot play your seat?" in dialog.inner_text()
    assert "A bot (normal)" in dialog.inner_text()  # the level offered first, as in the lobby

    def focused() -> str:
        text: str = page.evaluate("document.activeElement.textContent")
        return text

    wait_for(lambda: focused() == "No, go back")  # a hasty Enter is safe
    page.keyboard.press("Escape")  # no: nothing changes, the focus goes back to the button
    dialog.wait_for(state="detached")
    wait_for(lambda: focused() == "Let a bot play my seat")  # the page moves it back once the dialog is gone
    assert live_server.api("GET", f"/api/matches/{match}")["seats"][1]["kind"] == "human"
    hand.click()
    dialog.get_by_role("button", name="Yes").click()
    wait_for(lambda: live_server.api("GET", f"/api/matches/{match}")["seats"][1]["kind"] == "bot")
    assert live_server.api("GET", f"/api/matches/{match}")["seats"][1]["level"] == "normal"
    page.get_by_role("button", name="Take my seat back").wait_for()


def test_the_first_tab_offers_a_skip_to_the_choices(live_server: LiveServer, page: Any) -> None:
    """Airport Rush's table has dozens of targets before the side panel: the first Tab stop skips them."""
    seats = [{"kind": "human"}, {"kind": "bot", "level": "random"}]
    created = live_server.api("POST", "/api/matches", {"game": "airport-rush", "seats": seats})
    page.goto(live_server.url + created["seats"][0]["invite"])
    page.locator("button.choice:not([aria-disabled=true])").first.wait_for()
    page.keyboard.press("Tab")  # the first Tab after the page has loaded
    assert page.evaluate("document.activeElement.textContent") == "Skip to the choices"
    page.keyboard.press("Enter")
    page.locator(".prompt:focus").wait_for()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className").startswith("choice")


def test_a_match_of_bots_alone_is_watched_and_the_bots_play_on(live_server: LiveServer, page: Any) -> None:
    """Opening a bot seat's link takes it over from the bot: the lobby opens none, and offers only a
    person's seat as "I play this seat"."""
    page.goto(live_server.url + "/")
    page.locator("select[name=game]").select_option("skyrise")
    assert page.get_by_label("I play seat 1").count() == 1
    page.locator("select[name=kind-0]").select_option("bot")
    page.locator("select[name=kind-1]").select_option("bot")
    assert page.get_by_label("I play seat 1").count() == 0 and page.get_by_label("I play seat 2").count() == 0
    for seat in (0, 1):  # quick bots: a match nobody plays in waits behind every other match's bots
        page.locator(f"select[name=level-{seat}]").select_option("easy")
    page.get_by_role("button", name="Create match").click()
    page.get_by_role("link", name="Watch the match").click()
    page.get_by_text("You are watching.").wait_for()
    match = page.url.split("/match/")[1].split("#")[0]
    wait_for(lambda: match_seq(live_server, match) >= 3)  # the bots play on
    seats = live_server.api("GET", f"/api/matches/{match}")["seats"]
    assert [(s["kind"], s["opened"]) for s in seats] == [("bot", False), ("bot", False)]


def test_the_seat_i_play_moves_to_a_persons_seat(live_server: LiveServer, page: Any) -> None:
    page.goto(live_server.url + "/")
    page.locator("select[name=game]").select_option("skyport")
    page.locator("select[name=kind-1]").select_option("human")
    page.locator("select[name=kind-0]").select_option("bot")  # seat 1 was mine: seat 2 is now
    assert page.get_by_label("I play seat 2").is_checked()
    page.get_by_role("button", name="Create match").click()
    href = page.get_by_role("link", name="Open my seat").get_attribute("href")
    assert href.endswith("#seat=1")


def test_a_finished_matchs_seats_play_again_with_one_click(
    live_server: LiveServer, page: Any, browser: Any, artifacts: Path
) -> None:
    """A seat asks for the rematch and lands in its seat there; the other seat's page hears of it
    ("Join the rematch") and joins; a spectator may watch it."""
    match = Match.create(live_server, "airport-rush")
    assert match.play_until(lambda _: False, random.Random(3)) is None  # played to the end
    with browsing(browser) as friend, browsing(browser) as watcher:
        match.open(page, 0)
        match.open(friend, 1)
        watcher.goto(f"{live_server.url}/match/{match.id}#watch")
        watcher.get_by_text("The match is over").first.wait_for()
        assert watcher.get_by_role("button", name="Rematch").count() == 0  # a spectator asks for none
        page.get_by_role("button", name="Rematch", exact=True).click()
        page.wait_for_url(re.compile(r"/match/(?!" + re.escape(match.id) + r")[^/#]+#seat=0$"))
        page.locator(".seat.you").wait_for()
        new = page.url.split("/match/")[1].split("#")[0]
        assert live_server.api("GET", f"/api/matches/{match.id}")["rematch"] == new
        assert [s["opened"] for s in live_server.api("GET", f"/api/matches/{new}")["seats"]] == [True, False]

        watch = watcher.get_by_role("link", name="Watch the rematch")  # pushed: no reload
        watch.wait_for()
        join = friend.get_by_role("button", name="Join the rematch")
        join.wait_for()
        friend.get_by_text("a rematch is ready").wait_for()
        friend.screenshot(path=str(artifacts / "match-rematch-ready.png"), full_page=True)
        join.focus()  # by keyboard, as a reader would
        friend.keyboard.press("Enter")
        friend.wait_for_url(f"**/match/{new}#seat=1")
        friend.locator(".seat.you").wait_for()
        seats = live_server.api("GET", f"/api/matches/{new}")["seats"]
        assert [s["opened"] for s in seats] == [True, True]
        held = json.loads(friend.evaluate("localStorage.getItem('skyhall.seats')"))
        assert any(s["match"] == new and s["seat"] == 1 for s in held)
        watch.click()
        watcher.wait_for_url(f"**/match/{new}#watch")
        watcher.get_by_text("You are watching.").wait_for()


def test_a_browser_with_a_seat_and_the_host_token_holds_both_in_the_rematch(
    live_server: LiveServer, page: Any
) -> None:
    """The host's part of the rematch lost on the way (the seat's was answered): back on the finished
    match's page, the browser is offered the rematch again, not only "Go to the rematch", and asking
    gets it the rematch's host token while it keeps its seat there."""
    created = live_server.api("POST", "/api/matches", {"game": "skyport", "seats": [{"kind": "human"}] * 2})
    claims = [
        live_server.api("POST", f"/api/matches/{created['match']}/claim", {"token": s["token"]})
        for s in created["seats"]
    ]
    match = Match(live_server, created["match"], [c["token"] for c in claims])
    assert match.play_until(lambda _: False, random.Random(5)) is None  # played to the end
    match.open(page, 0)
    page.evaluate(
        "([match, token]) => localStorage.setItem("
        "'skyhall.hosts', JSON.stringify([{match, token, at: Date.now()}]))",
        [match.id, created["host"]],
    )
    page.reload()
    lost: list[str] = []

    def lose_the_hosts_answer(route: Any) -> None:
        if route.request.post_data == "{}" and not lost:  # the host's ask (a seat's sends its device)
            lost.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    page.route("**/rematch", lose_the_hosts_answer)
    page.get_by_role("button", name="Rematch", exact=True).click()
    page.wait_for_url(re.compile(r"/match/(?!" + re.escape(match.id) + r")[^/#]+#seat=0$"))
    new = page.url.split("/match/")[1].split("#")[0]
    assert lost

    def hosts() -> list[Any]:
        found: list[Any] = json.loads(page.evaluate("localStorage.getItem('skyhall.hosts')"))
        return found

    assert [h["match"] for h in hosts() if h["match"] == new] == []
    page.goto(f"{live_server.url}/match/{match.id}#seat=0")
    page.get_by_text("The match is over").first.wait_for()
    page.get_by_role("button", name="Join the rematch").click()
    page.wait_for_url(f"**/match/{new}#seat=0")
    wait_for(lambda: any(h["match"] == new for h in hosts()))
    host = next(h["token"] for h in hosts() if h["match"] == new)
    assert live_server.api("POST", f"/api/matches/{new}/seats/1/invite", {"token": host})["seat"] == 1
    held = json.loads(page.evaluate("localStorage.getItem('skyhall.seats')"))
    mine = [s for s in held if s["match"] == new]
    assert [s["seat"] for s in mine] == [0]
    assert live_server.api("GET", f"/api/matches/{new}")["seats"][0]["opened"]
    assert json.loads(page.evaluate("localStorage.getItem('skyhall.opening') || '{}'")) == {}


def test_a_browser_holding_two_seats_takes_each_ones_rematch_seat(live_server: LiveServer, page: Any) -> None:
    """One browser plays two seats (a shared tablet): once it holds seat 0 of the rematch, seat 1's page
    of the finished match still offers "Join the rematch" for seat 1, not a way to seat 0."""
    match = Match.create(live_server, "skyport")
    assert match.play_until(lambda _: False, random.Random(7)) is None  # played to the end
    match.open(page, 0)
    page.evaluate(
        "([match, token]) => localStorage.setItem('skyhall.seats', JSON.stringify(["
        "{match, seat: 1, token, game: 'skyport', at: Date.now()},"
        "...JSON.parse(localStorage.getItem('skyhall.seats'))]))",
        [match.id, match.tokens[1]],
    )
    page.reload()
    page.get_by_role("button", name="Rematch", exact=True).click()
    page.wait_for_url(re.compile(r"/match/(?!" + re.escape(match.id) + r")[^/#]+#seat=0$"))
    new = page.url.split("/match/")[1].split("#")[0]
    page.goto(f"{live_server.url}/match/{match.id}#seat=1")
    page.get_by_text("The match is over").first.wait_for()
    page.get_by_role("button", name="Join the rematch").click()
    page.wait_for_url(f"**/match/{new}#seat=1")
    page.locator(".seat.you").wait_for()
    held = json.loads(page.evaluate("localStorage.getItem('skyhall.seats')"))
    assert sorted(s["seat"] for s in held if s["match"] == new) == [0, 1]
    assert [s["opened"] for s in live_server.api("GET", f"/api/matches/{new}")["seats"]] == [True, True]
    page.goto(f"{live_server.url}/match/{match.id}#seat=1")  # now held: straight there
    page.get_by_role("link", name="Go to the rematch").click()
    page.wait_for_url(f"**/match/{new}#seat=1")


def test_a_rematch_seat_whose_answer_came_back_as_a_proxy_error_is_asked_again_with_the_same_device(
    live_server: LiveServer, page: Any
) -> None:
    """The server stored the seat, but a proxy answered 502: the device token is kept, so asking again
    is answered as the seat's (a new token would be refused, the seat being held already)."""
    match = Match.create(live_server, "skyport")
    assert match.play_until(lambda _: False, random.Random(5)) is None  # played to the end
    match.open(page, 0)
    spoiled: list[int] = []

    def answer_502_after_the_server(route: Any) -> None:
        if spoiled:
            route.continue_()
            return
        spoiled.append(route.fetch().status)  # the server makes the rematch and stores the seat
        route.fulfill(status=502, content_type="text/plain", body="Bad Gateway")

    page.route("**/rematch", answer_502_after_the_server)
    page.get_by_role("button", name="Rematch", exact=True).click()
    page.get_by_role("button", name="Join the rematch").wait_for()
    assert spoiled == [200]
    page.get_by_role("button", name="Join the rematch").click()
    page.wait_for_url(re.compile(r"/match/(?!" + re.escape(match.id) + r")[^/#]+#seat=0$"))
    assert json.loads(page.evaluate("localStorage.getItem('skyhall.opening') || '{}'")) == {}
