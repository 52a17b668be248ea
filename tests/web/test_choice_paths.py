"""Making a choice on the match page: the confirmation a choice can ask for, and the click-path menu."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from skyhall.core.registry import get
from skyhall.core.rng import Rng
from skyhall.core.text import target_of, text_module
from tests.web.conftest import LiveServer
from tests.web.playthrough import Match

pytestmark = pytest.mark.slow

GAMES = ["skyport", "airport-rush", "skyrise"]


def asks(message: Any) -> bool:
    """A decision with a choice that asks for confirmation and can be clicked on the table."""
    return any(c["confirm"] and c["target"] for c in message["choices"])


def shared(message: Any) -> bool:
    """A decision where two choices have the same full click path (so the page offers a menu)."""
    paths = Counter(tuple(c["target"]) for c in message["choices"] if c["target"])
    return any(count > 1 for count in paths.values())


def open_seat(page: Any, match: Match, seat: int, seq: int) -> None:
    match.open(page, seat)
    page.locator("button.choice:not([aria-disabled=true])").first.wait_for()
    assert match.state()["seq"] == seq


@pytest.mark.parametrize("game", GAMES)
def test_a_choice_that_asks_first_is_sent_only_on_yes(live_server: LiveServer, page: Any, game: str) -> None:
    match = Match.create(live_server, game)
    found = match.play_until(asks, random.Random(3))
    if found is None:
        pytest.skip(f"no {game} decision asked for confirmation in this match")
    seat, message = found
    choice = next(c for c in message["choices"] if c["confirm"] and c["target"])
    open_seat(page, match, seat, message["seq"])
    before = match.state(seat)

    for target in choice["target"]:  # by the table's click path: asks, and "No" sends nothing
        page.locator(f"section.table [data-target='{target}'].next").first.click()
    dialog = page.get_by_role("alertdialog")
    assert dialog.locator("#confirm-q").inner_text() == choice["confirm"]
    assert dialog.locator("#confirm-c").inner_text() == choice["label"]
    assert page.evaluate("document.activeElement.textContent") == "No, go back"  # a hasty Enter keeps all
    dialog.get_by_role("button", name="No, go back").click()
    dialog.wait_for(state="detached")
    assert page.locator(".waiting").count() == 0  # nothing was sent
    assert page.locator("button.choice.on-path").count() == 0  # and the click path is cleared
    assert match.state(seat) == before

    page.locator(f"button.choice[data-notation='{choice['notation']}']").click()  # by the list: asks again
    page.keyboard.press("Escape")  # Escape is another way to say no
    dialog.wait_for(state="detached")
    assert match.state(seat) == before

    page.locator(f"button.choice[data-notation='{choice['notation']}']").click()
    dialog.get_by_role("button", name="Yes").click()
    match.wait_for_seq(message["seq"] + 1)
    assert match.state()["seq"] == message["seq"] + 1


def first_game_with_shared_paths(games: int = 3) -> str | None:
    """A game in which, over a few random 2-player games, two choices ever share one full click path."""
    for game_id in GAMES:
        game = get(game_id)
        text = text_module(game)
        rng = Rng(11)
        for _ in range(games):
            state = game.new_game(2, rng.next64(), {})
            while not state.is_over:
                view, legal = state.view(state.to_act), state.legal_actions()
                paths = Counter(target_of(text, view, a) for a in legal)
                if any(path and count > 1 for path, count in paths.items()):
                    return game_id
                state.apply(legal[rng.below(len(legal))])
    return None


def test_choices_sharing_a_click_path_are_offered_in_a_menu(live_server: LiveServer, page: Any) -> None:
    game = first_game_with_shared_paths()
    if game is None:
        pytest.skip(
            "no game's text module gives two choices the same full click path (checked over 3 random "
            "games of each), so the match page never needs its menu"
        )
    match = Match.create(live_server, game)
    found = match.play_until(shared, random.Random(5))
    if found is None:
        pytest.skip(f"no {game} decision in this match had two choices on one click path")
    seat, message = found
    paths = Counter(tuple(c["target"]) for c in message["choices"] if c["target"])
    path = next(p for p, count in paths.items() if count > 1)
    sharing = [c for c in message["choices"] if tuple(c["target"]) == path]
    open_seat(page, match, seat, message["seq"])

    for target in path:
        page.locator(f"section.table [data-target='{target}'].next").first.click()
    menu = page.get_by_role("group", name="Which one?")
    assert menu.get_by_role("button").all_inner_texts() == [*(c["label"] for c in sharing), "Cancel"]
    assert page.evaluate("document.activeElement.textContent") == sharing[0]["label"]  # focus moved in
    menu.get_by_role("button", name="Cancel").click()
    menu.wait_for(state="detached")
    assert match.state()["seq"] == message["seq"]

    for target in path:
        page.locator(f"section.table [data-target='{target}'].next").first.click()
    menu.get_by_role("button", name=sharing[-1]["label"], exact=True).click()
    if sharing[-1]["confirm"]:
        page.get_by_role("alertdialog").get_by_role("button", name="Yes").click()
    match.wait_for_seq(message["seq"] + 1)
    assert match.state(seat)["seq"] == message["seq"] + 1


def one_click(message: Any) -> tuple[str, Any] | None:
    """A target that makes a choice by itself (one click, no other choice starts there, no question)."""
    starts = Counter(c["target"][0] for c in message["choices"] if c["target"])
    for c in message["choices"]:
        if len(c["target"]) == 1 and starts[c["target"][0]] == 1 and not c["confirm"]:
            return c["target"][0], c
    return None


@pytest.mark.parametrize("game", GAMES)
def test_the_table_can_be_played_from_the_keyboard(live_server: LiveServer, page: Any, game: str) -> None:
    """Each target clickable now is a button named by what it does: Tab reaches it, Enter clicks it, and
    after the move the focus is on the prompt, not lost to the page."""
    match = Match.create(live_server, game)
    found = match.play_until(lambda m: one_click(m) is not None, random.Random(2))
    assert found is not None
    seat, message = found
    name, choice = one_click(message)  # type: ignore[misc]
    open_seat(page, match, seat, message["seq"])

    target = page.locator(f"section.table [data-target='{name}'].next").first
    assert target.get_attribute("role") == "button" and target.get_attribute("tabindex") == "0"
    assert target.get_attribute("aria-label") == choice["label"]
    page.locator(".prompt").focus()
    for _ in range(400):  # Tab on to the target (the table comes before the side panel)
        page.keyboard.press("Shift+Tab")
        if page.evaluate("(document.activeElement.dataset || {}).target") == name:
            break
    else:
        raise AssertionError(f"Tab never reached the target {name}")
    page.keyboard.press("Enter")
    match.wait_for_seq(message["seq"] + 1)
    assert match.state()["seq"] == message["seq"] + 1
    page.locator(".prompt:focus").wait_for()


@pytest.mark.parametrize("game", GAMES)
def test_a_two_click_choice_keeps_the_focus_on_the_table(
    live_server: LiveServer, page: Any, game: str
) -> None:
    """After the first click the element clicked is no longer clickable: the focus moves on to one that
    is (the next click), never back to the page."""
    match = Match.create(live_server, game)
    found = match.play_until(lambda m: any(len(c["target"]) == 2 for c in m["choices"]), random.Random(4))
    if found is None:
        pytest.skip(f"no {game} decision with a two-click choice in this match")
    seat, message = found
    first = next(c["target"][0] for c in message["choices"] if len(c["target"]) == 2)
    open_seat(page, match, seat, message["seq"])
    page.locator(f"section.table [data-target='{first}'].next").first.focus()
    page.keyboard.press("Enter")
    page.locator("section.table .target.next:focus").wait_for()
    seconds = {
        c["target"][1] for c in message["choices"] if c["target"][:1] == [first] and len(c["target"]) == 2
    }
    assert page.evaluate("document.activeElement.dataset.target") in seconds | {first}
    page.keyboard.press("Escape")  # the path is cleared: focus stays on the table, on a first click
    page.locator("section.table .target.next:focus").wait_for()
