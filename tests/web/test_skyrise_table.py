"""The Skyrise table in a real browser (Debian's Chromium), mounted by a stand-in match page.

``skyrise_harness.html`` mounts ``web/static/games/skyrise.js``'s ``Board`` with a view and its
choices (built here from a real game by ``text``) and keeps the clicked path as docs/web.md
says. A whole game is played by clicking the table for one seat, the other seat playing at
random: at every decision each first click of every choice is drawn highlighted, and the
clicks of the chosen action send exactly that action. The map's districts never overlap,
whatever the number of players. Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import http.server
import json
import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from skyhall.core.record import GameRecord
from skyhall.games import skyrise
from skyhall.games.skyrise import text
from skyhall.games.skyrise.view import View

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "src" / "skyhall" / "web"
HERE = Path(__file__).resolve().parent
ARTIFACTS = ROOT / "test-artifacts"


class _Files(http.server.SimpleHTTPRequestHandler):
    """``/static/...`` from the package's web files, anything else from this directory."""

    def translate_path(self, path: str) -> str:
        path = path.split("?", maxsplit=1)[0]
        if path.startswith("/static/"):
            return str(STATIC / path.lstrip("/"))
        return str(HERE / path.lstrip("/"))

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def harness() -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Files)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/skyrise_harness.html"
    server.shutdown()


def choices(view: View) -> list[dict[str, Any]]:
    """The choices as the server sends them (docs/web.md)."""
    return [
        {
            "id": i,
            "notation": str(a),
            "label": text.label(view, a),
            "target": list(text.target(view, a)),
            "group": text.group(view, a),
            "confirm": text.confirm(view, a),
        }
        for i, a in enumerate(view.legal_actions())
    ]


def open_table(browser: Any, url: str, width: int = 1280, height: int = 800) -> Any:
    page = browser.new_page(viewport={"width": width, "height": height})
    page.set_default_timeout(10_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_function("window.ready === true")
    page.errors = errors
    return page


def mount(page: Any, view: View) -> list[dict[str, Any]]:
    listed = choices(view)
    page.evaluate("([v, c]) => window.mount(v, c)", [view.to_dict(), listed])
    return listed


def highlighted(page: Any) -> set[str]:
    return set(page.eval_on_selector_all("[data-target].next", "els => els.map(e => e.dataset.target)"))


def test_a_whole_game_is_played_by_clicking_the_table(browser: Any, harness: str) -> None:
    page = open_table(browser, harness)
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
        view = s.view(0)
        listed = mount(page, view)
        assert highlighted(page) == {c["target"][0] for c in listed}
        choice = rng.choice(listed)
        for name in choice["target"]:
            page.click(f'[data-target="{name}"].next')
            clicked += 1
        assert page.evaluate("window.sent") == [[choice["notation"]]]
        if not shot and s.era == 2 and len(choice["target"]) == 1 and s.bids:
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "skyrise-table-harness.png"), full_page=True)
            shot = True
        s.apply(skyrise.parse_action(choice["notation"]))
    assert clicked > 40
    assert page.errors == []
    page.close()


def test_a_bid_is_a_district_then_a_value_from_the_picker(browser: Any, harness: str) -> None:
    page = open_table(browser, harness)
    s = skyrise.new_game(3, 4, {"first_player": 0})
    listed = mount(page, s.view(0))
    firsts = {c["target"][0] for c in listed}
    assert firsts == {"district:C1", "district:C2", "district:C3", "district:C4"}
    page.click('[data-target="district:C3"].next')
    values = {c["target"][1] for c in listed if c["target"][0] == "district:C3"}
    assert highlighted(page) == values and len(values) == 7  # the seat's seven Era 1 Buildings
    assert page.locator(".sr-picker").count() == 1
    page.click('[data-target="bid:54"].next')
    assert page.evaluate("window.sent") == [["bid 54 C3"]]
    assert page.locator(".sr-picker").count() == 0
    page.close()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_districts_never_overlap_and_each_is_drawn_once(browser: Any, harness: str, players: int) -> None:
    page = open_table(browser, harness)
    s = skyrise.new_game(players, players, {"first_player": 0})
    mount(page, s.view(0))
    boxes = page.eval_on_selector_all(
        '[data-target^="district:"] .sr-tile',
        "els => els.map(e => { const b = e.getBoundingClientRect(); "
        "return [b.left, b.top, b.right, b.bottom]; })",
    )
    assert len(boxes) == 4 + 14 * players
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    page.close()


def test_the_table_fits_a_phone(browser: Any, harness: str) -> None:
    page = open_table(browser, harness, 390, 844)
    s = skyrise.new_game(4, 3)
    rng = random.Random(3)
    for _ in range(60):
        s.apply(rng.choice(s.legal_actions()))
    mount(page, s.view(s.to_act))
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "skyrise-table-phone.png"), full_page=True)
    assert page.errors == []
    page.close()


# -- the real match page against the real server ---------------------------------------------------


def state_frames(frames: list[str]) -> list[dict[str, Any]]:
    out = []
    for raw in frames:
        data = json.loads(raw)
        if data.get("type") == "state":
            out.append(data)
    return out


NOTATIONS = "els => els.map(e => e.dataset.notation)"


def wait_for_turn(page: Any, frames: list[str], after: int) -> dict[str, Any]:
    """The first state message past seq ``after`` that asks this seat to choose or ends the match, once
    the page has drawn it (its side list shows exactly those choices)."""
    deadline = time.monotonic() + 120  # a bot may take long on a loaded machine (the server waits 120 s)
    while time.monotonic() < deadline:
        states = [m for m in state_frames(frames) if m["seq"] > after]
        if states:
            latest = max(states, key=lambda m: m["seq"])
            if latest["choices"] or latest["status"] == "over":
                shown = set(
                    page.eval_on_selector_all(
                        ".choices [data-notation]", "els => els.map(e => e.dataset.notation)"
                    )
                )
                if shown == {c["notation"] for c in latest["choices"]}:
                    return latest
        page.wait_for_timeout(50)
    raise AssertionError(f"no new decision after seq {after}")


def test_a_match_against_a_bot_is_played_to_the_end_by_clicking_the_table(
    live_server: Any, page: Any, artifacts: Path
) -> None:
    created = live_server.api(
        "POST",
        "/api/matches",
        {"game": "skyrise", "seats": [{"kind": "human", "name": "Tester"}, {"kind": "bot", "level": "easy"}]},
    )
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(str(payload))))
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_default_timeout(30_000)
    page.goto(live_server.url + created["seats"][0]["invite"])
    rng = random.Random(5)
    seq = -1
    decisions = 0
    shot = False
    while True:
        message = wait_for_turn(page, frames, seq)
        seq = message["seq"]
        if message["status"] == "over":
            break
        choice = rng.choice(message["choices"])
        assert choice["target"], choice
        for k, name in enumerate(choice["target"]):
            page.click(f'.table [data-target="{name}"].next')
            if k == 0 and len(choice["target"]) == 2 and message["view"]["bids"] and not shot:
                page.screenshot(path=str(artifacts / "skyrise-in-progress.png"), full_page=True)
                shot = True  # an auction under way, the picker open over the chosen district
        if choice["confirm"]:
            page.click(".dialog button.primary")
        decisions += 1
    page.wait_for_selector(".score-sheet")
    page.screenshot(path=str(artifacts / "skyrise-end.png"), full_page=True)
    assert decisions > 20 and shot and errors == []

    record = GameRecord.from_json(
        json.dumps(live_server.api("GET", f"/api/matches/{created['match']}/record"))
    )
    final = record.replay()
    result = final.result()
    sheet = page.inner_text(".score-sheet")
    for seat in (0, 1):
        table = page.inner_text(f'.score-sheet table[data-seat="{seat}"]')
        assert str(result.scores[seat]) in table
        for line in result.breakdown[seat]:
            assert line.category in table and line.label in table
    assert "Tester" in sheet

    assert_secrets_kept(record, state_frames(frames), seat=0)


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
