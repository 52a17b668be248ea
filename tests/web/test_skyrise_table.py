"""The Skyrise table in a real browser (Debian's Chromium), mounted by a stand-in match page.

``harness.html?game=skyrise`` mounts ``web/static/games/skyrise.js``'s ``Board`` with a view and its
choices (built from a real game as the server builds them) and keeps the clicked path as docs/web.md
says. A whole game is played by clicking the table for one seat, the other seat playing at
random: at every decision each first click of every choice is drawn highlighted, and the
clicks of the chosen action send exactly that action. The map's districts never overlap,
whatever the number of players. Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from skyhall.core.record import GameRecord
from skyhall.games import skyrise
from tests.web.conftest import browsing
from tests.web.table import (
    assert_score_sheet,
    click_path,
    highlighted,
    join,
    mount,
    open_table,
    play_to_the_end,
    record_of,
)


def test_a_whole_game_is_played_by_clicking_the_table(page: Any, harness: str, artifacts: Path) -> None:
    errors = open_table(page, harness, "skyrise")
    s = skyrise.new_game(2, 8, {"first_player": 0})
    rng = random.Random(8)
    clicked = 0
    shot = False
    while not s.is_over:
        seat = s.to_act
        assert seat is not None
        if seat == 1:
            s.apply(rng.choice(s.legal_actions()))
            continue
        listed = mount(page, s, 0)
        assert highlighted(page) == {c["target"][0] for c in listed}
        choice = rng.choice(listed)
        assert click_path(page, choice["target"]) == [[choice["notation"]]]
        clicked += len(choice["target"])
        if not shot and s.era == 2 and len(choice["target"]) == 1 and s.bids:
            page.screenshot(path=str(artifacts / "skyrise-table-harness.png"), full_page=True)
            shot = True
        s.apply(skyrise.parse_action(choice["notation"]))
    assert clicked > 40
    assert errors == []


def test_a_bid_is_a_district_then_a_value_from_the_picker(page: Any, harness: str) -> None:
    errors = open_table(page, harness, "skyrise")
    s = skyrise.new_game(3, 4, {"first_player": 0})
    listed = mount(page, s, 0)
    firsts = {c["target"][0] for c in listed}
    assert firsts == {"district:C1", "district:C2", "district:C3", "district:C4"}
    assert click_path(page, ["district:C3"]) == []
    values = {c["target"][1] for c in listed if c["target"][0] == "district:C3"}
    assert highlighted(page) == values and len(values) == 7  # the seat's seven Era 1 Buildings
    assert page.locator(".sr-picker").count() == 1
    assert click_path(page, ["bid:54"]) == [["bid 54 C3"]]
    assert page.locator(".sr-picker").count() == 0
    assert errors == []


def test_a_second_click_on_the_chosen_district_takes_it_back(page: Any, harness: str) -> None:
    errors = open_table(page, harness, "skyrise")
    s = skyrise.new_game(3, 4, {"first_player": 0})
    mount(page, s, 0)
    firsts = highlighted(page)
    assert page.locator('[data-target="district:C3"]').get_attribute("aria-pressed") == "false"
    assert click_path(page, ["district:C3"]) == []
    chosen = page.locator('[data-target="district:C3"][aria-pressed="true"]')
    assert chosen.count() == 1
    assert chosen.get_attribute("aria-label") == "district C3, picked: press to take it back"
    chosen.click()
    assert page.locator(".sr-picker").count() == 0
    assert page.locator(".sr-chosen").count() == 0
    assert highlighted(page) == firsts
    assert click_path(page, ["district:C2", "bid:54"]) == [["bid 54 C2"]]
    assert errors == []


@pytest.mark.parametrize(
    ("keys", "said"),
    [
        ("lowest", "City Keys go to the least prestige at the end of Era 1."),
        ("highest", "City Keys go to the most prestige at the end of Era 1."),
        ("off", "City Keys: not used."),
    ],
)
def test_the_table_says_the_match_city_keys_rule(page: Any, harness: str, keys: str, said: str) -> None:
    errors = open_table(page, harness, "skyrise")
    mount(page, skyrise.new_game(2, 4, {"city_keys": keys}), 0)
    assert page.locator(".sr-keys").inner_text() == said
    assert errors == []


@pytest.mark.parametrize("players", [2, 3, 4])
def test_districts_never_overlap_and_each_is_drawn_once(page: Any, harness: str, players: int) -> None:
    errors = open_table(page, harness, "skyrise")
    s = skyrise.new_game(players, players, {"first_player": 0})
    mount(page, s, 0)
    boxes = page.eval_on_selector_all(
        '[data-target^="district:"] .sr-tile',
        "els => els.map(e => { const b = e.getBoundingClientRect(); "
        "return [b.left, b.top, b.right, b.bottom]; })",
    )
    assert len(boxes) == 4 + 14 * players
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    assert errors == []


def test_with_a_mouse_the_whole_city_of_four_fits_its_box(page: Any, harness: str) -> None:
    """At a desktop width the map is scaled to fit: no island is cut off or needs a sideways scroll
    (900 px leaves the map about the room the match page's table column gives it at 1280)."""
    page.set_viewport_size({"width": 900, "height": 800})
    errors = open_table(page, harness, "skyrise")
    s = skyrise.new_game(4, 3)
    mount(page, s, s.to_act)
    box = page.eval_on_selector(".skyrise-map", "e => [e.scrollWidth, e.clientWidth]")
    assert box[0] <= box[1]
    assert errors == []


def test_the_table_fits_a_phone(page: Any, harness: str, artifacts: Path) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    errors = open_table(page, harness, "skyrise")
    s = skyrise.new_game(4, 3)
    rng = random.Random(3)
    for _ in range(60):
        s.apply(rng.choice(s.legal_actions()))
    mount(page, s, s.to_act)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    page.screenshot(path=str(artifacts / "skyrise-table-phone.png"), full_page=True)
    assert errors == []


NAME_SIZES = """() => [...document.querySelectorAll('.sr-cell .sr-id')].map(
  t => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)"""
"""The size each district's name is drawn at, in CSS pixels."""


def test_on_a_phone_the_map_starts_at_its_west_end_and_says_it_scrolls(
    browser: Any, harness: str, artifacts: Path
) -> None:
    """QA review: on a phone the map (wider than the screen, so that a district stays big enough to
    touch) started scrolled to its middle, the West and East Islands cut off with no hint that it
    scrolls, and its district names were 4-5 px tall."""
    with browsing(browser, width=390, height=844, touch=True) as page:
        errors = open_table(page, harness, "skyrise")
        mount(page, skyrise.new_game(4, 3, {"first_player": 0}), 0)
        scroller = page.locator(".skyrise-map .sr-scroller")
        left, shown, wide = scroller.evaluate("e => [e.scrollLeft, e.clientWidth, e.scrollWidth]")
        assert left == 0 and wide > shown
        assert min(page.evaluate(NAME_SIZES)) >= 10.5
        edge = scroller.bounding_box()
        for tile in page.locator('[data-target^="district:W"] .sr-tile').all():  # the West Island in sight
            box = tile.bounding_box()
            assert edge["x"] <= box["x"] and box["x"] + box["width"] <= edge["x"] + edge["width"]
        west = page.get_by_role("button", name="Scroll the map to the west")
        east = page.get_by_role("button", name="Scroll the map to the east")
        assert west.is_disabled() and east.is_enabled()
        assert page.locator(".sr-more-right").count() == 1 and page.locator(".sr-more-left").count() == 0
        page.locator(".skyrise-map").screenshot(path=str(artifacts / "skyrise-map-phone-start.png"))
        east.click()
        page.wait_for_function("document.querySelector('.skyrise-map .sr-scroller').scrollLeft > 100")
        page.locator(".sr-more-left").wait_for()
        assert west.is_enabled()
        assert errors == []


# -- the real match page against the real server ---------------------------------------------------


def test_on_the_match_page_the_map_is_the_main_board(live_server: Any, page: Any, artifacts: Path) -> None:
    """QA review: in a 4-player match at 1280 x 800 the map was squeezed into a column about 520 px wide
    and its district names were 5-7 px tall, though every choice in the list names a district so."""
    seats = [{"kind": "human", "name": "Tester"}] + [{"kind": "bot", "level": "easy"}] * 3
    joined = join(live_server, page, "skyrise", seats, {"first_player": 0})
    page.locator("button.choice").first.wait_for()
    page.locator(".skyrise-map svg").wait_for()  # the table's module loads apart from the page's
    names = page.evaluate(NAME_SIZES)
    assert len(names) == 4 + 14 * 4 and min(names) >= 11
    box = page.locator(".skyrise-map").bounding_box()
    assert box["width"] >= 640 and box["y"] + box["height"] <= 800  # the whole city in the window
    assert page.locator(".skyrise-map .sr-scroller").evaluate("e => e.scrollWidth <= e.clientWidth")
    assert page.locator(".sr-pan").count() == 0
    page.screenshot(path=str(artifacts / "skyrise-map-1280.png"))
    assert joined.errors == []


def test_a_choice_under_the_pointer_or_the_focus_shows_its_district_on_the_map(
    live_server: Any, page: Any, artifacts: Path
) -> None:
    """Every choice in the side list names a district by its name ("bid short 14 on C1"): under the
    pointer or the focus it marks that district on the map (the match page's `hinted`), and no other."""
    seats = [{"kind": "human", "name": "Tester"}, {"kind": "bot", "level": "easy"}]
    joined = join(live_server, page, "skyrise", seats, {"first_player": 0})
    page.locator("button.choice").first.wait_for()
    page.locator(".skyrise-map svg").wait_for()  # the table's module loads apart from the page's
    hinted = "els => els.map(e => e.dataset.target)"
    choices = joined.states()[-1]["choices"]
    last = choices[-1]
    for choice in (choices[0], last):
        assert choice["target"][0].startswith("district:")
    assert choices[0]["target"][0] != last["target"][0]
    assert page.eval_on_selector_all(".table .hinted", hinted) == []
    page.locator(f'button.choice[data-notation="{last["notation"]}"]').hover()
    assert page.eval_on_selector_all(".table .hinted", hinted) == [last["target"][0]]  # no picker open
    page.screenshot(path=str(artifacts / "skyrise-choice-hinted.png"))
    page.mouse.move(1, 1)
    assert page.eval_on_selector_all(".table .hinted", hinted) == []
    page.locator(f'button.choice[data-notation="{choices[0]["notation"]}"]').focus()
    assert page.eval_on_selector_all(".table .hinted", hinted) == [choices[0]["target"][0]]
    page.locator(".prompt").focus()
    assert page.eval_on_selector_all(".table .hinted", hinted) == []
    assert joined.errors == []


def test_a_match_against_a_bot_is_played_to_the_end_by_clicking_the_table(
    live_server: Any, page: Any, artifacts: Path
) -> None:
    seats = [{"kind": "human", "name": "Tester"}, {"kind": "bot", "level": "easy"}]
    page.set_default_timeout(30_000)
    joined = join(live_server, page, "skyrise", seats)
    rng = random.Random(5)
    shots: list[int] = []

    def district_picked(message: dict[str, Any], choice: dict[str, Any], decisions: int) -> None:
        if len(choice["target"]) == 2 and message["view"]["bids"] and not shots:
            page.screenshot(path=str(artifacts / "skyrise-in-progress.png"), full_page=True)
            shots.append(decisions)  # an auction under way, the picker open over the chosen district

    final, decisions = play_to_the_end(page, joined, lambda m: rng.choice(m["choices"]), district_picked)
    page.wait_for_selector(".score-sheet")
    page.screenshot(path=str(artifacts / "skyrise-end.png"), full_page=True)
    assert decisions > 20 and shots and joined.errors == []

    record = record_of(live_server, joined)
    assert_score_sheet(page, record, final)
    assert "Tester" in page.inner_text(".score-sheet")
    assert_secrets_kept(record, joined.states(), seat=0)


def assert_secrets_kept(record: GameRecord, messages: list[dict[str, Any]], seat: int) -> None:
    """Every state message ``seat`` received is its own view of the true state at that point, and names
    none of the other seat's Wonder cards (until revealed), Secret Objective or unseen Patron values."""
    s = skyrise.new_game(record.players, record.seed, dict(record.options))
    done = 0
    checked = 0
    for message in sorted(messages, key=lambda m: m["seq"]):
        while done < message["seq"]:
            s.apply(skyrise.parse_action(record.actions[done]))
            done += 1
        assert message["seat"] == seat
        assert message["view"] == s.view(seat).to_dict()
        if s.is_over:
            continue
        said = json.dumps(message)
        cat = s.cat
        for other in range(s.n):
            if other == seat:
                continue
            hidden = list(s.hands[other]) + ([] if s.revealed else list(s.chosen[other]))
            assert not any(cat.wonders[c].name in said for c in hidden)
            assert f'"{cat.objectives[s.objectives[other]].id}"' not in said
        for k, letter in enumerate(cat.letters):
            assert (message["view"]["patron_tiles"][letter] is None) == (not s.peek[seat] & (1 << k))
        checked += 1
    assert checked > 20
