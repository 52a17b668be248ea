"""The Skyport table in a real browser (Debian's Chromium), mounted by a stand-in match page.

``harness.html?game=skyport`` mounts ``web/static/games/skyport.js``'s ``Board`` with a view and its
choices (built from a real game as the server builds them) and keeps the clicked path as docs/web.md says.
Every kind of decision is clicked on the board: at each decision the first click of every choice
is drawn highlighted, and clicking a choice's path sends exactly that choice. A whole game is
played by clicking for one seat. Then a real match against a bot is played to the end through the
server and the shared match page, by clicking the board only; the score sheet shows every line and
no websocket message names a card of the bot's hand that the human seat cannot know.
Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from skyhall.core.record import GameRecord
from skyhall.core.rng import Rng
from skyhall.games import skyport
from skyhall.games.skyport import text
from skyhall.games.skyport.state import State
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
    wait_for_turn,
)


def test_every_kind_of_decision_is_made_by_clicking_the_board(page: Any, harness: str) -> None:
    errors = open_table(page, harness, "skyport")
    clicked: set[tuple[int, str]] = set()
    for seed in range(6):
        s = skyport.new_game(2 + seed % 3, seed)
        rng = Rng(seed)
        while not s.is_over:
            assert s.to_act is not None
            view = s.view(s.to_act)
            for action in view.legal:
                kind = (view.step, type(action).__name__)
                if kind in clicked:
                    continue
                offered = mount(page, s, s.to_act)
                assert highlighted(page) == {c["target"][0] for c in offered}
                path = list(text.target(view, action))
                assert click_path(page, path) == [[str(action)]], (kind, path)
                clicked.add(kind)
            actions = s.legal_actions()
            s.apply(actions[rng.below(len(actions))])
    assert len(clicked) == 19  # every (decision, action kind) pair the engine has
    assert errors == []


def play_by_clicks(page: Any, s: State, seat: int, rng: Rng) -> None:
    """Play ``s`` to the end: ``seat`` by clicking a random choice's path, the others at random."""
    while not s.is_over:
        assert s.to_act is not None
        if s.to_act != seat:
            actions = s.legal_actions()
            s.apply(actions[rng.below(len(actions))])
            continue
        offered = mount(page, s, seat)
        assert highlighted(page) == {c["target"][0] for c in offered}
        chosen = offered[rng.below(len(offered))]
        assert click_path(page, chosen["target"]) == [[chosen["notation"]]]
        s.apply(skyport.decode(chosen["id"]))


def test_a_whole_game_by_clicks_and_screenshots(page: Any, harness: str, artifacts: Path) -> None:
    errors = open_table(page, harness, "skyport")
    s = skyport.new_game(2, 11, {"first_player": 0})
    rng = Rng(11)
    for _ in range(30):  # into the game, then a screenshot of a decision with lane moves
        actions = s.legal_actions()
        s.apply(actions[rng.below(len(actions))])
    while s.to_act != 0 or s.step not in (1, 7):
        actions = s.legal_actions()
        s.apply(actions[rng.below(len(actions))])
    mount(page, s, 0)
    page.screenshot(path=str(artifacts / "skyport-harness-1280.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(artifacts / "skyport-harness-390.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    play_by_clicks(page, s, 0, rng)
    assert mount(page, s, 0) == []
    assert highlighted(page) == set()
    titles = page.eval_on_selector_all("svg title", "els => els.map(e => e.textContent)")
    shown = {title.split(" · ")[0] for title in titles}
    assert set(s.view(0).to_dict()["hands"][1]["cards"]) <= shown  # at the end the rival's hand is shown
    page.screenshot(path=str(artifacts / "skyport-harness-end.png"), full_page=True)
    assert errors == []


def test_only_the_deciding_seat_gets_skyport_targets(page: Any, harness: str) -> None:
    open_table(page, harness, "skyport")
    s = skyport.new_game(3, 2, {"first_player": 0})
    mount(page, s, 1)
    names = page.eval_on_selector_all("[data-target]", "els => els.map(e => e.dataset.target)")
    assert not [n for n in names if n.split(":")[0] in ("pos", "gap", "tycoon", "pass")]
    hand = s.view(1).to_dict()["hands"][1]["cards"]
    assert [n for n in names if n.startswith("hand:")] == [f"hand:{c}" for c in hand]
    assert highlighted(page) == set()


ROWS = """() => [...document.querySelectorAll('.skyport-lanes')].map(lanes => {
  const box = lanes.getBoundingClientRect();
  const window = document.documentElement.clientWidth;
  const left = Math.max(box.left, 0) - 0.5;
  const right = Math.min(box.right, window) + 0.5;
  const numbers = [...lanes.querySelectorAll('.skyport-number')].map(t => {
    const r = t.getBoundingClientRect();
    return [t.textContent, r.left >= left && r.right <= right];
  });
  let scrolled = 0;
  for (let e = lanes; e; e = e.parentElement) scrolled += e.scrollLeft;
  const seat = Number(lanes.closest('[data-seat]').dataset.seat);
  return {seat, numbers, wider: lanes.scrollWidth - lanes.clientWidth, scrolled};
})"""


def assert_rows_whole(page: Any, view: dict[str, Any] | None = None) -> None:
    """Every seat's row of lanes shows whole: each of its positions' numbers (all of ``view``'s, if given)
    inside the row's box and the window, nothing wider than its box, nothing scrolled sideways (the row's
    box, the table, the page)."""
    rows = page.evaluate(ROWS)
    assert rows
    for row in rows:
        numbers = [n for n, _ in row["numbers"]]
        assert numbers == [str(k + 1) for k in range(len(numbers))]
        assert view is None or len(numbers) == len(view["rows"][row["seat"]])
        assert all(inside for _, inside in row["numbers"]), row
        assert row["wider"] <= 0 and row["scrolled"] == 0, row


def long_row(seed: int, decision: str) -> State:
    """A 2-player game played at random (seed ``seed``) up to seat 0's first ``decision`` with a row of
    13 positions or more and at least three of its choices clicked on a gap."""
    s = skyport.new_game(2, seed, {"first_player": 0})
    rng = Rng(seed)
    while True:
        if s.to_act == 0:
            view = s.view(0)
            said = view.to_dict()
            gaps = [a for a in view.legal if any(t.startswith("gap:") for t in text.target(view, a))]
            if said["decision"] == decision and len(said["rows"][0]) >= 13 and len(gaps) >= 3:
                return s
        actions = s.legal_actions()
        s.apply(actions[rng.below(len(actions))])


@pytest.mark.parametrize("width", [878, 390])
def test_a_long_row_shows_whole_and_a_click_on_it_scrolls_nothing(
    browser: Any, harness: str, artifacts: Path, width: int
) -> None:
    """QA review: a row of lanes scrolled sideways in a box of its own, clicking the gaps on it scrolled the
    box and left it so (238 px on a phone), and on the final board at 1280 px positions 1 and 14 were cut
    off. 878 px leaves the row the room the match page's table column gives it at 1280; 390 is a phone."""
    with browsing(browser, width=width, height=844, touch=width < 600) as page:
        errors = open_table(page, harness, "skyport")
        for seed, decision in ((4, "place the card"), (3, "move a lane (Movement space)")):
            s = long_row(seed, decision)
            offered = mount(page, s, 0)
            view = s.view(0).to_dict()
            assert_rows_whole(page, view)
            if seed == 4:  # a gap at either end of the row among them
                assert {"gap:0", f"gap:{len(view['rows'][0])}"} <= highlighted(page)
                page.screenshot(path=str(artifacts / f"skyport-long-row-{width}.png"), full_page=True)
            for choice in offered:
                for name in choice["target"]:
                    page.locator(f'[data-target="{name}"].next').first.click()
                    assert_rows_whole(page, view)
                assert page.evaluate("window.sent")[-1] == [choice["notation"]]
        assert errors == []


# -- a real match through the server ------------------------------------------------------------


def test_a_match_against_a_bot_is_played_to_the_end_by_clicking_the_board(
    live_server: Any, page: Any, artifacts: Path
) -> None:
    seats = [{"kind": "human", "name": "Tester"}, {"kind": "bot", "level": "easy"}]
    joined = join(live_server, page, "skyport", seats)
    rng = random.Random(7)
    shots: list[int] = []

    def lane_picked_up(message: dict[str, Any], choice: dict[str, Any], decisions: int) -> None:
        assert_rows_whole(page)  # the click on the table scrolled no row (a one-click choice is sent)
        if len(choice["target"]) == 2 and not shots:  # the gaps the lane may move into highlighted
            page.screenshot(path=str(artifacts / "skyport-in-progress.png"), full_page=True)
            shots.append(decisions)

    final, decisions = play_to_the_end(page, joined, lambda m: rng.choice(m["choices"]), lane_picked_up)
    page.wait_for_selector(".score-sheet")
    page.screenshot(path=str(artifacts / "skyport-end.png"), full_page=True)
    assert_rows_whole(page, final["view"])  # the final board at 1280 px: every position of every row
    if not shots:
        page.screenshot(path=str(artifacts / "skyport-in-progress.png"), full_page=True)
    assert decisions > 30 and joined.errors == []

    record = record_of(live_server, joined)
    assert_score_sheet(page, record, final)
    assert "Tester" in page.inner_text(".score-sheet")
    assert_hands_kept(record, joined.states(), seat=0)


def assert_hands_kept(record: GameRecord, messages: list[dict[str, Any]], seat: int) -> None:
    """Every state ``seat`` received is its own view of the true state then, and names no card of a
    rival's hand that ``seat`` has not seen taken openly (card ids as whole words: B1, never in SB1)."""
    s = skyport.new_game(record.players, record.seed, dict(record.options))
    done = checked = 0
    for message in sorted(messages, key=lambda m: m["seq"]):
        while done < message["seq"]:
            s.apply(skyport.parse_action(record.actions[done]))
            done += 1
        assert message["seat"] == seat
        assert message["view"] == s.view(seat).to_dict()
        if s.is_over:
            continue
        said = set(re.findall(r"\b[A-Za-z]+\d+\b", json.dumps(message)))
        for other in range(s.n):
            if other != seat:
                secret = {s.cat.cards[c].id for c in s.hands[other] if c not in s.known[other]}
                assert not secret & said, secret & said
        checked += 1
    assert checked > 30


def test_a_gap_named_by_the_choice_under_the_pointer_shows_it(live_server: Any, page: Any) -> None:
    """The "+" gaps have no outline of their own: under the pointer, "at the left end" marked its gap
    with the match page's `hinted` and nothing showed."""
    seats = [{"kind": "human", "name": "Tester"}, {"kind": "bot", "level": "easy"}]
    joined = join(live_server, page, "skyport", seats, {"first_player": 0})
    seq = -1
    for _ in range(6):  # choose from the list until a decision places something in a gap
        message = wait_for_turn(page, joined, seq)
        gaps = [c for c in message["choices"] if c["target"] and c["target"][0].startswith("gap:")]
        if gaps:
            break
        seq = message["seq"]
        page.locator(f'button.choice[data-notation="{message["choices"][0]["notation"]}"]').click()
    assert gaps, "no placement in a gap came"
    target = gaps[0]["target"][0]
    gap = page.locator(f'.skyport-gap[data-target="{target}"] rect')
    stroke = "e => getComputedStyle(e).stroke"
    page.mouse.move(1, 1)  # off the list, where the last click left the pointer
    page.locator(".prompt").focus()
    assert page.locator(".table .hinted").count() == 0
    plain = gap.evaluate(stroke)
    page.locator(f'button.choice[data-notation="{gaps[0]["notation"]}"]').hover()
    page.locator(f'.skyport-gap.hinted[data-target="{target}"]').wait_for()
    assert gap.evaluate(stroke) != plain  # drawn otherwise: the focus colour, dotted
    assert gap.evaluate("e => getComputedStyle(e).strokeDasharray") not in ("", "none")
    assert joined.errors == []
