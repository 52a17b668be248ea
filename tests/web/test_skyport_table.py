"""The Skyport table in a real browser (Debian's Chromium), mounted by a stand-in match page.

``skyport_harness.html`` mounts ``web/static/games/skyport.js``'s ``Board`` with a view and its
choices (built here from a real game by ``text``) and keeps the clicked path as docs/web.md says.
Every kind of decision is clicked on the board: at each decision the first click of every choice
is drawn highlighted, and clicking a choice's path sends exactly that choice. A whole game is
played by clicking for one seat. Then a real match against a bot is played to the end through the
server and the shared match page, by clicking the board only; the score sheet shows every line and
no websocket message names a card of the bot's hand that the human seat cannot know.
Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import http.server
import json
import random
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from skyhall.core.record import GameRecord
from skyhall.core.rng import Rng
from skyhall.games import skyport
from skyhall.games.skyport import text
from skyhall.games.skyport.state import State
from skyhall.games.skyport.view import View

CHROMIUM = Path("/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "src" / "skyhall" / "web"
HERE = Path(__file__).resolve().parent

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's Chromium (/usr/bin/chromium) is missing"
)


class _Files(http.server.SimpleHTTPRequestHandler):
    """``/static/...`` from the package's web files, anything else from this directory."""

    def translate_path(self, path: str) -> str:
        path = path.split("?", maxsplit=1)[0]
        return str((WEB if path.startswith("/static/") else HERE) / path.lstrip("/"))

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def harness() -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Files)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/skyport_harness.html"
    server.shutdown()


def choices(view: View) -> list[dict[str, Any]]:
    """The choices as the server sends them (docs/web.md)."""
    return [
        {
            "id": i,
            "notation": str(a),
            "label": text.label(view, a),
            "target": list(text.target(view, a)),
            "group": None,
            "confirm": text.confirm(view, a),
        }
        for i, a in enumerate(view.legal)
    ]


def open_table(page: Any, url: str) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_function("window.ready === true")
    return errors


def mount(page: Any, view: View) -> list[dict[str, Any]]:
    offered = choices(view)
    page.evaluate("([v, c]) => window.mount(v, c)", [view.to_dict(), offered])
    return offered


def highlighted(page: Any) -> set[str]:
    return set(page.eval_on_selector_all("[data-target].next", "els => els.map(e => e.dataset.target)"))


def click_path(page: Any, path: list[str]) -> Any:
    """Click ``path`` on the board; what the harness sent for it."""
    for name in path:
        page.click(f'[data-target="{name}"].next')
    return page.evaluate("window.sent")


def test_every_kind_of_decision_is_made_by_clicking_the_board(page: Any, harness: str) -> None:
    errors = open_table(page, harness)
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
                offered = mount(page, view)
                assert highlighted(page) == {c["target"][0] for c in offered}
                path = list(text.target(view, action))
                assert click_path(page, path) == [[str(action)]], (kind, path)
                clicked.add(kind)
            s.apply(rng.choice(s.legal_actions()))
    assert len(clicked) == 19  # every (decision, action kind) pair the engine has
    assert errors == []


def play_by_clicks(page: Any, s: State, seat: int, rng: Rng) -> None:
    """Play ``s`` to the end: ``seat`` by clicking a random choice's path, the others at random."""
    while not s.is_over:
        assert s.to_act is not None
        if s.to_act != seat:
            s.apply(rng.choice(s.legal_actions()))
            continue
        view = s.view(seat)
        offered = mount(page, view)
        assert highlighted(page) == {c["target"][0] for c in offered}
        chosen = rng.choice(offered)
        assert click_path(page, chosen["target"]) == [[chosen["notation"]]]
        s.apply(view.legal[chosen["id"]])


def test_a_whole_game_by_clicks_and_screenshots(page: Any, harness: str, artifacts: Path) -> None:
    errors = open_table(page, harness)
    s = skyport.new_game(2, 11, {"first_player": 0})
    rng = Rng(11)
    for _ in range(30):  # into the game, then a screenshot of a decision with lane moves
        s.apply(rng.choice(s.legal_actions()))
    while s.to_act != 0 or s.step not in (1, 7):
        s.apply(rng.choice(s.legal_actions()))
    mount(page, s.view(0))
    page.screenshot(path=str(artifacts / "skyport-harness-1280.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(artifacts / "skyport-harness-390.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    play_by_clicks(page, s, 0, rng)
    end = s.view(0)
    page.evaluate("([v, c]) => window.mount(v, c)", [end.to_dict(), []])
    assert highlighted(page) == set()
    titles = page.eval_on_selector_all("svg title", "els => els.map(e => e.textContent)")
    shown = {title.split(" · ")[0] for title in titles}
    assert set(end.to_dict()["hands"][1]["cards"]) <= shown  # at the end the rival's hand is shown
    page.screenshot(path=str(artifacts / "skyport-harness-end.png"), full_page=True)
    assert errors == []


def test_only_the_deciding_seat_gets_skyport_targets(page: Any, harness: str) -> None:
    open_table(page, harness)
    s = skyport.new_game(3, 2, {"first_player": 0})
    mount(page, s.view(1))
    names = page.eval_on_selector_all("[data-target]", "els => els.map(e => e.dataset.target)")
    assert not [n for n in names if n.split(":")[0] in ("pos", "gap", "tycoon", "pass")]
    hand = s.view(1).to_dict()["hands"][1]["cards"]
    assert [n for n in names if n.startswith("hand:")] == [f"hand:{c}" for c in hand]
    assert highlighted(page) == set()


# -- a real match through the server ------------------------------------------------------------


def state_frames(frames: list[str]) -> list[dict[str, Any]]:
    return [m for m in map(json.loads, frames) if m.get("type") == "state"]


def wait_for_turn(page: Any, frames: list[str], after: int) -> dict[str, Any]:
    """The first state past seq ``after`` that asks this seat to choose (or ends the match), once the
    page shows exactly its choices in the side list."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        states = [m for m in state_frames(frames) if m["seq"] > after]
        if states:
            latest = max(states, key=lambda m: m["seq"])
            if latest["choices"] or latest["status"] == "over":
                shown = page.eval_on_selector_all(
                    ".choices [data-notation]", "els => els.map(e => e.dataset.notation)"
                )
                if set(shown) == {c["notation"] for c in latest["choices"]}:
                    return latest
        page.wait_for_timeout(50)
    raise AssertionError(f"no new decision after seq {after}")


def test_a_match_against_a_bot_is_played_to_the_end_by_clicking_the_board(
    live_server: Any, page: Any, artifacts: Path
) -> None:
    seats = [{"kind": "human", "name": "Tester"}, {"kind": "bot", "level": "easy"}]
    created = live_server.api("POST", "/api/matches", {"game": "skyport", "seats": seats})
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(str(payload))))
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(live_server.url + created["seats"][0]["invite"])
    rng = random.Random(7)
    seq, decisions, shot = -1, 0, False
    while True:
        message = wait_for_turn(page, frames, seq)
        seq = message["seq"]
        if message["status"] == "over":
            break
        choice = rng.choice(message["choices"])
        for k, name in enumerate(choice["target"]):
            page.click(f'.table [data-target="{name}"].next')
            if k == 0 and len(choice["target"]) == 2 and not shot:
                page.screenshot(path=str(artifacts / "skyport-in-progress.png"), full_page=True)
                shot = True  # a lane picked up, the gaps it may move into highlighted
        if choice["confirm"]:
            page.click(".dialog button.primary")
        decisions += 1
    page.wait_for_selector(".score-sheet")
    page.screenshot(path=str(artifacts / "skyport-end.png"), full_page=True)
    if not shot:
        page.screenshot(path=str(artifacts / "skyport-in-progress.png"), full_page=True)
    assert decisions > 30 and errors == []

    record = GameRecord.from_json(
        json.dumps(live_server.api("GET", f"/api/matches/{created['match']}/record"))
    )
    result = record.replay().result()
    sheet = page.inner_text(".score-sheet")
    for seat in (0, 1):
        table = page.inner_text(f'.score-sheet table[data-seat="{seat}"]')
        assert str(result.scores[seat]) in table
        for line in result.breakdown[seat]:
            assert line.category in table and line.label in table
    assert "Tester" in sheet
    assert_hands_kept(record, state_frames(frames), seat=0)


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
