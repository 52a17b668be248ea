"""Seat links in a real browser: an invite link works once, a seat moves to another device, and the
match's host makes a seat a new link (docs/web.md, "Seat links")."""

from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import Iterator
from typing import Any

import pytest

from skyhall.server.authority import MOVED, NOT_A_SEAT
from tests.web.conftest import LiveServer, browsing
from tests.web.playthrough import Match
from tests.web.test_match_page import match_seq, wait_for

pytestmark = pytest.mark.slow


@pytest.fixture
def friend(browser: Any) -> Iterator[Any]:
    """Another person's browser."""
    with browsing(browser) as page:
        yield page


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """The friend's second device, or a third person's."""
    with browsing(browser, width=390) as page:
        yield page


def create_in_the_lobby(page: Any, server: LiveServer) -> tuple[str, str]:
    """Create a two-human Airport Rush match in the lobby; the match id and seat 2's invite link."""
    page.goto(server.url + "/")
    page.locator("select[name=game]").select_option("airport-rush")
    page.locator("select[name=kind-1]").select_option("human")
    page.locator("input[name=name-1]").fill("Bob")
    page.get_by_role("button", name="Create match").click()
    invite = page.get_by_label("Invite link for Bob", exact=True).input_value()
    href = page.get_by_role("link", name="Open my seat").get_attribute("href")
    assert href.endswith("#seat=0")  # the creator's seat is held by this browser: no token in sight
    assert page.get_by_label("Invite link for Player 1").count() == 0  # spent at once: not shown
    return href.split("/match/")[1].split("#")[0], invite


def lose_the_answer(route: Any) -> None:
    """A claim whose answer is lost: the server opens the seat, and the page hears nothing."""
    route.fetch()
    route.abort()


def test_an_invite_link_opens_its_seat_once_and_the_host_makes_it_a_new_one(
    live_server: LiveServer, page: Any, friend: Any, phone: Any
) -> None:
    match, invite = create_in_the_lobby(page, live_server)
    page.goto(invite)  # the creator checks the link before sending it: asked first, nothing spent
    page.get_by_text("Open this seat here?").wait_for()
    page.get_by_role("button", name="Watch instead").click()
    page.get_by_text("You are watching.").wait_for()
    assert live_server.api("GET", f"/api/matches/{match}")["seats"][1]["opened"] is False

    friend.goto(invite)
    friend.locator(".seat.you").wait_for()
    wait_for(lambda: friend.evaluate("location.hash") == "#seat=1")
    seats = live_server.api("GET", f"/api/matches/{match}")["seats"]
    assert [s["opened"] for s in seats] == [True, True]

    phone.goto(invite)  # someone else who saw the link: it is Bob's now
    phone.get_by_text(NOT_A_SEAT).wait_for()
    assert phone.get_by_role("link", name="Watch as a spectator").count() == 1
    assert phone.locator(".seat.you").count() == 0

    page.goto(f"{live_server.url}/match/{match}#seat=0")
    page.locator(".seat.you").wait_for()
    page.get_by_text("Seat links", exact=True).click()
    bob = page.locator(".seat-links li[data-seat='1']")
    assert "opened on a device" in bob.inner_text()
    bob.get_by_role("button", name="New link").click()
    page.locator("dialog.dialog[open]").get_by_role("button", name="Yes").click()
    new_link = page.get_by_label("New invite link for Bob", exact=True).input_value()
    assert new_link != invite

    friend.get_by_text(MOVED).wait_for()  # Bob's old page is told, and shows the seat no more
    assert friend.locator(".seat.you").count() == 0
    friend.get_by_role("link", name="Watch as a spectator").wait_for()
    assert friend.evaluate("localStorage.getItem('skyhall.seats')").count(match) == 0  # forgotten
    friend.goto(new_link)
    friend.locator(".seat.you").wait_for()
    wait_for(lambda: friend.evaluate("location.hash") == "#seat=1")


def test_a_seat_whose_answer_was_lost_is_opened_when_asked_again(
    live_server: LiveServer, page: Any, friend: Any
) -> None:
    match, invite = create_in_the_lobby(page, live_server)

    friend.route("**/claim", lose_the_answer)
    friend.goto(invite)
    friend.get_by_text("The server could not be reached to open this link").wait_for()
    assert live_server.api("GET", f"/api/matches/{match}")["seats"][1]["opened"] is True
    friend.unroute("**/claim")
    friend.reload()  # the same link, asked again with the token this browser made before
    friend.locator(".seat.you").wait_for()
    wait_for(lambda: friend.evaluate("location.hash") == "#seat=1")


def test_a_player_moves_their_seat_to_another_device(
    live_server: LiveServer, page: Any, friend: Any, phone: Any
) -> None:
    match, invite = create_in_the_lobby(page, live_server)
    friend.goto(invite)
    friend.locator(".seat.you").wait_for()
    friend.get_by_text("Seat links", exact=True).click()
    assert friend.locator(".seat-links li").count() == 0  # not the host: no other seat's links
    friend.get_by_role("button", name="Play my seat on another device").click()
    link = friend.get_by_label("Link to your seat", exact=True).input_value()
    assert f"/match/{match}#token=" in link
    friend.locator("span.link.open").wait_for()  # the seat still plays here until the link is opened

    phone.goto(link)
    phone.locator(".seat.you").wait_for()
    wait_for(lambda: phone.evaluate("location.hash") == "#seat=1")
    friend.get_by_text(MOVED).wait_for()
    friend.reload()  # the old device holds the seat no more: it watches, and says why
    friend.get_by_text("You are watching. This browser holds no seat 2 of this match").wait_for()


def test_a_lost_answer_is_said_even_to_a_browser_holding_another_seat(
    live_server: LiveServer, page: Any
) -> None:
    """The creator opens a seat's link here (hot-seat): a lost answer is said, not hidden behind their own
    seat, and the seat is opened when asked again."""
    _match, invite = create_in_the_lobby(page, live_server)
    page.route("**/claim", lose_the_answer)
    page.goto(invite)
    page.get_by_role("button", name="Open the seat here").click()
    page.get_by_text("The server could not be reached to open this link").wait_for()
    assert page.evaluate("location.hash").startswith("#token=")  # not taken to the creator's own seat
    page.unroute("**/claim")
    page.reload()
    page.get_by_role("button", name="Open the seat here").click()
    page.locator(".seat.you").wait_for()
    wait_for(lambda: page.evaluate("location.hash") == "#seat=1")


def test_a_host_whose_seat_moved_away_still_finds_the_match_and_its_links(
    live_server: LiveServer, page: Any, phone: Any
) -> None:
    match, _invite = create_in_the_lobby(page, live_server)
    page.goto(f"{live_server.url}/match/{match}#seat=0")
    page.get_by_text("Seat links", exact=True).click()
    page.get_by_role("button", name="Play my seat on another device").click()
    phone.goto(page.get_by_label("Link to your seat", exact=True).input_value())
    phone.locator(".seat.you").wait_for()
    page.get_by_text(MOVED).wait_for()

    page.goto(live_server.url + "/")
    entry = page.locator(".match-list li").first
    entry.get_by_text("you created it, no seat here: Player 1, Bob").wait_for()
    entry.get_by_role("link").click()
    page.get_by_text("You are watching.").wait_for()
    page.get_by_text("Seat links", exact=True).click()
    for name in ("Player 1", "Bob"):  # the host makes any seat a new link, its own former one too
        assert page.get_by_role("button", name=f"New link for {name}").count() == 1


def test_the_host_link_manages_the_match_from_another_device_and_a_forged_one_nothing(
    live_server: LiveServer, page: Any, friend: Any, phone: Any
) -> None:
    match, _invite = create_in_the_lobby(page, live_server)
    page.goto(f"{live_server.url}/match/{match}#seat=0")
    page.get_by_text("Seat links", exact=True).click()
    link = page.get_by_label("Host link", exact=True).input_value()
    assert link.startswith(f"{live_server.url}/match/{match}#host=")

    friend.goto(link)  # the host's other device: it holds no seat here, so it watches, with the links
    friend.get_by_text("You are watching.").wait_for()
    wait_for(lambda: friend.evaluate("location.hash") == "#watch")  # the host's token out of sight
    friend.get_by_text("Seat links", exact=True).click()
    for name in ("Player 1", "Bob"):
        assert friend.get_by_role("button", name=f"New link for {name}").count() == 1
    friend.goto(live_server.url + "/")
    friend.locator(".match-list li").first.get_by_text("you created it, no seat here").wait_for()

    phone.goto(f"{live_server.url}/match/{match}#host={'A' * 32}")  # a forged one: nothing is kept
    phone.get_by_text("This host link does not work for this match").wait_for()
    assert phone.get_by_role("link", name="Watch as a spectator").count() == 1
    assert phone.evaluate("localStorage.getItem('skyhall.hosts')") is None
    assert phone.evaluate("location.hash") == ""  # the forged token out of sight too
    phone.get_by_role("link", name="Watch as a spectator").click()
    phone.get_by_text("You are watching.").wait_for()


def test_a_new_host_link_leaves_the_old_ones_device_without_the_links(
    live_server: LiveServer, page: Any, friend: Any, phone: Any
) -> None:
    """The host link was opened on a device that is lost: the host makes a new one, and there the old
    token makes no seat a new link (and the page says why)."""
    match, invite = create_in_the_lobby(page, live_server)
    page.goto(f"{live_server.url}/match/{match}#seat=0")
    page.get_by_text("Seat links", exact=True).click()
    old = page.get_by_label("Host link", exact=True).input_value()
    for device in (friend, phone):
        device.goto(old)
        device.get_by_text("You are watching.").wait_for()
    phone.goto(live_server.url + "/404")  # the phone holds the old link, away from the match

    page.get_by_role("button", name="New host link").click()
    dialog = page.locator("dialog.dialog[open]")
    assert "The host link stops working at once" in dialog.inner_text()
    dialog.get_by_role("button", name="Yes").click()
    page.get_by_text("This is a new host link: the one before works nowhere any more.").wait_for()
    new = page.get_by_label("Host link", exact=True).input_value()
    assert new != old and new.startswith(f"{live_server.url}/match/{match}#host=")
    token = new.split("#host=")[1]
    assert page.evaluate("JSON.parse(localStorage.getItem('skyhall.hosts'))[0].token") == token
    page.reload()  # this browser keeps the new one
    page.get_by_text("Seat links", exact=True).click()
    assert page.get_by_label("Host link", exact=True).input_value() == new

    friend.get_by_text("Seat links", exact=True).click()
    friend.get_by_role("button", name="New link for Bob").click()
    friend.locator("dialog.dialog[open]").get_by_role("button", name="Yes").click()
    friend.get_by_text(
        "This browser's host link no longer works: a new one was made on another device."
    ).wait_for()
    bob = live_server.api("POST", f"/api/matches/{match}/claim", {"token": invite.split("#token=")[1]})
    assert bob["seat"] == 1  # Bob's first link still works: the old host token made it no new one

    friend.reload()  # told at once, no longer at the first refusal, and the dead token is forgotten
    friend.get_by_text("You are watching.").wait_for()
    friend.get_by_text("This browser's host link no longer works").wait_for()
    assert friend.get_by_label("Host link", exact=True).count() == 0
    assert friend.evaluate("localStorage.getItem('skyhall.hosts')") == "[]"
    phone.goto(live_server.url + "/")  # the lobby of a device that opened the old link: said there too
    phone.get_by_text("A match you created is no longer listed here: its host link was made new").wait_for()
    assert phone.evaluate("localStorage.getItem('skyhall.hosts')") == "[]"


def test_a_tab_follows_the_new_host_link_another_tab_of_its_browser_made(
    live_server: LiveServer, page: Any
) -> None:
    match, _invite = create_in_the_lobby(page, live_server)
    page.goto(f"{live_server.url}/match/{match}#seat=0")
    page.get_by_text("Seat links", exact=True).click()
    other = page.context.new_page()
    other.goto(f"{live_server.url}/match/{match}#seat=0")
    other.get_by_text("Seat links", exact=True).click()
    page.get_by_role("button", name="New host link").click()
    page.locator("dialog.dialog[open]").get_by_role("button", name="Yes").click()
    new = page.get_by_label("Host link", exact=True)
    wait_for(lambda: other.get_by_label("Host link", exact=True).input_value() == new.input_value())
    other.get_by_role("button", name="New link for Bob").click()
    other.locator("dialog.dialog[open]").get_by_role("button", name="Yes").click()
    other.get_by_label("New invite link for Bob", exact=True).wait_for()  # made with the new host token
    other.close()


def test_the_host_lets_a_bot_play_a_seat_whose_player_left_and_the_player_takes_it_back(
    live_server: LiveServer, page: Any, friend: Any
) -> None:
    match, invite = create_in_the_lobby(page, live_server)
    friend.goto(invite)
    friend.locator(".seat.you").wait_for()

    page.goto(f"{live_server.url}/match/{match}#seat=0")
    page.get_by_text("Seat links", exact=True).click()
    page.get_by_role("button", name="Let a bot play Bob").click()
    dialog = page.locator("dialog.dialog[open]")
    assert "A bot (normal) makes Bob's choices from now on" in dialog.inner_text()
    dialog.get_by_role("button", name="Yes").click()
    wait_for(lambda: live_server.api("GET", f"/api/matches/{match}")["seats"][1]["kind"] == "bot")
    page.get_by_role("button", name="Let a bot play Bob").wait_for(state="detached")  # a bot plays it now
    wait_for(lambda: page.evaluate("document.activeElement.getAttribute('aria-label')") == "New link for Bob")

    friend.get_by_text("A bot (normal) plays your seat.").wait_for()  # Bob, back, takes it back
    friend.get_by_role("button", name="Take my seat back").click()
    wait_for(lambda: live_server.api("GET", f"/api/matches/{match}")["seats"][1]["kind"] == "human")


def test_the_hosts_dialog_holds_still_while_bots_move(live_server: LiveServer, page: Any) -> None:
    """A question re-made at every move of the match used to re-open its dialog, moving the focus back
    to "No": an Enter meant for "Yes" then answered no."""
    page.goto(live_server.url + "/")
    page.locator("select[name=game]").select_option("airport-rush")
    page.locator("select[name=kind-0]").select_option("bot")
    for seat in (0, 1):  # quick bots: a match nobody plays in waits behind every other match's bots
        page.locator(f"select[name=level-{seat}]").select_option("easy")
    page.get_by_role("button", name="Create match").click()
    page.get_by_role("link", name="Watch the match").click()
    match = page.url.split("/match/")[1].split("#")[0]
    page.get_by_text("Seat links", exact=True).click()
    page.get_by_role("button", name="New link for Player 1").click()
    dialog = page.locator("dialog.dialog[open]")
    assert "Opening the new link takes the seat over from the bot" in dialog.inner_text()
    page.keyboard.press("Shift+Tab")  # from "No, go back" to "Yes"
    wait_for(lambda: page.evaluate("document.activeElement.textContent") == "Yes")
    seq = match_seq(live_server, match)
    wait_for(lambda: match_seq(live_server, match) >= seq + 3)  # the bots move on meanwhile
    assert page.evaluate("document.activeElement.textContent") == "Yes"


def test_the_seat_i_play_stays_a_persons_when_the_players_are_fewer(
    live_server: LiveServer, page: Any
) -> None:
    page.goto(live_server.url + "/")
    page.locator("select[name=game]").select_option("airport-rush")
    page.locator("select[name=players]").select_option("3")
    page.locator("select[name=kind-1]").select_option("human")
    page.locator("select[name=kind-2]").select_option("human")
    page.get_by_label("I play seat 3").check()
    page.locator("select[name=kind-0]").select_option("bot")
    page.locator("select[name=players]").select_option("2")
    assert page.get_by_label("I play seat 2").is_checked()
    page.get_by_role("button", name="Create match").click()
    assert page.get_by_role("link", name="Open my seat").get_attribute("href").endswith("#seat=1")


def test_a_host_link_the_server_refuses_outright_is_said_plainly(live_server: LiveServer, page: Any) -> None:
    match, _invite = create_in_the_lobby(page, live_server)
    page.evaluate("localStorage.clear()")
    page.goto(f"{live_server.url}/match/{match}#host={'y' * 3000}")
    page.get_by_text("This host link does not work for this match").wait_for()
    assert page.evaluate("location.hash") == ""
    assert page.evaluate("localStorage.getItem('skyhall.hosts')") is None


def test_the_match_says_it_waits_for_a_player_who_has_not_opened_their_link(
    live_server: LiveServer, page: Any, friend: Any
) -> None:
    match, invite = create_in_the_lobby(page, live_server)
    page.goto(f"{live_server.url}/match/{match}#seat=0")
    page.locator(".seat.you").wait_for()
    held = json.loads(page.evaluate("localStorage.getItem('skyhall.seats')"))
    alice = Match(live_server, match, [next(s["token"] for s in held if s["match"] == match), ""])
    assert alice.play_until(lambda message: message["seat"] != 0, random.Random(2)) is not None  # Bob's turn
    waiting = page.locator(".side .waiting")
    waiting.filter(has_text="Waiting for Bob to take their seat.").wait_for()
    assert "make them a new one under Seat links" in waiting.inner_text()  # said to the host only

    friend.goto(f"{live_server.url}/match/{match}")  # a spectator cannot help: only told why
    friend.get_by_text("You are watching.").wait_for()
    assert friend.locator(".side .waiting").inner_text() == "Waiting for Bob to take their seat."

    friend.goto(invite)
    friend.locator(".seat.you").wait_for()
    wait_for(lambda: waiting.count() == 0)  # Bob is here: nothing more to wait for
    assert friend.locator(".side .waiting").count() == 0


def test_a_seat_token_this_browser_kept_that_opens_nothing_is_told_as_such(
    live_server: LiveServer, page: Any, friend: Any
) -> None:
    """A kept token the server refuses (forged here; a seat moved away alike) is this browser's saved
    seat, not a link the player opened: the page says so, forgets it and offers to watch."""
    match, _ = create_in_the_lobby(page, live_server)
    friend.goto(f"{live_server.url}/")
    forged = {"match": match, "seat": 1, "token": "A" * 32, "game": "airport-rush"}
    friend.evaluate("(e) => localStorage.setItem('skyhall.seats', JSON.stringify([e]))", forged)
    friend.goto(f"{live_server.url}/match/{match}#seat=1")
    friend.get_by_text("The seat this browser kept for this match no longer opens it").wait_for()
    assert friend.get_by_text("This link does not open").count() == 0
    friend.get_by_role("link", name="Watch as a spectator").wait_for()
    assert friend.evaluate("localStorage.getItem('skyhall.seats')").count(match) == 0


def test_a_match_whose_rows_cannot_be_read_stays_in_my_matches_with_why(
    live_server: LiveServer, page: Any
) -> None:
    """Left out, it vanished from the lobby, and its host link was forgotten as if made new elsewhere."""
    match, _ = create_in_the_lobby(page, live_server)
    live_server.stop()
    with sqlite3.connect(live_server.db) as db:
        db.execute("update match set options = '{not json' where id = ?", (match,))
    live_server.start()
    page.goto(live_server.url + "/")
    entry = page.locator(".match-list li").filter(has_text="cannot be opened")
    entry.wait_for()
    assert "its stored data is damaged" in entry.inner_text() and "broken" in entry.inner_text()
    assert match in page.evaluate("localStorage.getItem('skyhall.hosts')")  # the host link is kept
    assert page.get_by_text("made new on another device").count() == 0
