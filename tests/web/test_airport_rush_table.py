"""The Airport Rush table in a real browser, mounted by a stand-in for the match page.

``airport_rush_harness.html`` mounts the renderer's Board with a view and its choices (built here from
a real game, as the server builds them), keeps the clicked path as docs/web.md says and records the
choice a completed path makes. A whole game is played by clicking: seat 0 picks with the greedy bot
and then clicks that choice's path on the table, seat 1 plays at random in Python.
"""

from __future__ import annotations

import functools
import http.server
import json
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from skyhall.agents import make_agent
from skyhall.core.record import GameRecord
from skyhall.core.rng import Rng
from skyhall.games import airport_rush
from skyhall.games.airport_rush import text
from skyhall.games.airport_rush.state import State
from tests.games.airport_rush.test_targets import drawn

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "src" / "skyhall" / "web" / "static"


class Files(http.server.SimpleHTTPRequestHandler):
    """``/static/…`` from the package's static folder, anything else from ``tests/web``."""

    def translate_path(self, path: str) -> str:
        path = path.split("?", 1)[0]
        if path.startswith("/static/"):
            return str(STATIC / path.removeprefix("/static/"))
        return str(Path(__file__).parent / path.lstrip("/"))

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet."""


@pytest.fixture(scope="module")
def harness() -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Files))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/airport_rush_harness.html"
    finally:
        server.shutdown()
        server.server_close()


def message(s: State) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The view and choices the server would send to the seat to act."""
    v = s.view(s.to_act)
    choices = [
        {
            "id": i,
            "notation": str(a),
            "label": text.label(v, a),
            "target": list(text.target(v, a)),
            "group": None,
            "confirm": text.confirm(v, a),
        }
        for i, a in enumerate(v.legal)
    ]
    return v.to_dict(), choices


def open_table(page: Any, url: str) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(url)
    page.wait_for_function("window.ready === true")
    return errors


def test_a_whole_game_is_played_by_clicking_the_table(page: Any, harness: str, artifacts: Path) -> None:
    errors = open_table(page, harness)
    s = airport_rush.new_game(2, 11)
    me, rival, rng = make_agent("greedy", 3), make_agent("random", 4), Rng(5)
    clicks = decisions = 0
    shots = {k: "airport-rush-harness-1280.png" for k in range(30, 40)}
    shots |= {k: "airport-rush-harness-390.png" for k in range(60, 70)}
    while not s.is_over:
        if s.to_act != 0:
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))] if rng.below(4) else rival.choose(s.view(1), legal))
            continue
        view, choices = message(s)
        page.evaluate("([v, c]) => window.mount(v, c)", [view, choices])
        names = set(page.eval_on_selector_all("[data-target]", "els => els.map(e => e.dataset.target)"))
        assert names == drawn(view, [tuple(c["target"]) for c in choices])
        action = me.choose(s.view(0), s.legal_actions())
        path = text.target(s.view(0), action)
        decisions += 1
        shot = shots.get(decisions) if len(path) > 1 else None
        if shot:
            shots = {k: name for k, name in shots.items() if name != shot}
        for k, name in enumerate(path):
            if shot and k == len(path) - 1:  # the table with the choice half made
                page.set_viewport_size({"width": 390 if "390" in shot else 1280, "height": 844})
                page.screenshot(path=str(artifacts / shot), full_page=True)
                page.set_viewport_size({"width": 1280, "height": 800})
            page.locator(f'[data-target="{name}"].next').first.click()
            clicks += 1
        assert page.evaluate("window.sent") == [[str(action)]]
        s.apply(action)
    assert errors == []
    assert max(len(t) for t in s.taken) >= 7 or not any(s.decks)
    assert decisions > 50 and clicks > decisions


def test_the_end_shows_every_airport_and_both_players_objectives(
    page: Any, harness: str, artifacts: Path
) -> None:
    errors = open_table(page, harness)
    s = airport_rush.new_game(2, 4)
    rng = Rng(4)
    while not s.is_over:
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    view = s.view(0).to_dict()
    page.evaluate("([v, c]) => window.mount(v, c)", [view, []])
    assert page.locator("[data-target].next").count() == 0
    text_shown = page.locator(".ar").inner_text()
    assert "Game over" in text_shown
    objectives = page.locator(".ar-rival svg title").all_text_contents()
    assert any(t.startswith(f"{o}:") for o in view["objectives"][1] for t in objectives)
    page.screenshot(path=str(artifacts / "airport-rush-harness-end.png"), full_page=True)
    assert errors == []


# -- the real thing: the server, the shared match page, a random bot -------------------------------------

PREFERENCE = ("takeoff", "READY", "fits", "put", "load", "", "pass")
"""The click policy, best first: take off; a die that makes a plane ready; a die that still lets its plane
reach its total; any other placement; anything else; pass last."""


def rank(choice: dict[str, Any]) -> tuple[int, int]:
    """Where ``choice`` stands in :data:`PREFERENCE` (then: dice takes helping more planes first)."""
    notation, label = choice["notation"], choice["label"]
    helps = label.count("→ plane")
    if notation.startswith("takeoff"):
        return 0, 0
    if notation.startswith(("put", "load")) and "plane" in notation:
        if "READY" in label:
            return 1, 0
        if not any(bad in label for bad in ("stuck", "over by", "not ready")):
            return 2, 0
    if notation.startswith("put"):
        return 3, 0
    if notation == "pass":
        return 6, 0
    if notation.startswith(("load", "discard", "swap", "scrap", "exchange")):
        return 5, 0
    return 4, -helps


def hidden_names(s: State, seat: int) -> set[str]:
    """The ids of ``seat``'s hand cards and objectives that no other seat may see in state ``s``.

    Cards taken openly from a Supply are known to all; at the end the kept objectives are shown,
    the returned ones never.
    """
    cat = s.cat
    kept = set(s.objectives[seat]) if s.is_over else set()
    hand = set() if s.is_over else {cat.cards[c].id for c in s.hands[seat] if c not in s.known[seat]}
    return hand | {cat.objectives[o].id for o in s.dealt[seat] if o not in kept}


def test_a_match_against_a_random_bot_is_played_to_the_end_by_clicking(
    live_server: Any, page: Any, artifacts: Path
) -> None:
    created = live_server.api(
        "POST",
        "/api/matches",
        {
            "game": "airport-rush",
            "seats": [{"kind": "human", "name": "Me"}, {"kind": "bot", "level": "random"}],
        },
    )
    frames: list[dict[str, Any]] = []

    def listen(ws: Any) -> None:
        ws.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    page.on("websocket", listen)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(live_server.url + created["seats"][0]["invite"])
    decisions, shot_taken, acted_on = 0, False, -1
    while True:
        page.wait_for_timeout(20)
        states = [f for f in frames if f.get("type") == "state"]
        assert not [f for f in frames if f.get("type") == "error"], frames[-1]
        if not states:
            continue
        last = states[-1]
        if last["result"] is not None:
            break
        if not last["choices"] or last["seq"] == acted_on:
            continue
        choice = min(last["choices"], key=rank)
        page.locator(f'.choices button[data-notation="{choice["notation"]}"]:not([disabled])').wait_for()
        for k, name in enumerate(choice["target"]):
            page.locator(f'[data-target="{name}"].next').first.click()
            if k == 0 and len(choice["target"]) > 2 and decisions >= 25 and not shot_taken:
                page.screenshot(path=str(artifacts / "airport-rush-in-progress.png"), full_page=True)
                shot_taken = True
        if choice["confirm"]:
            page.locator(".dialog button.primary").click()
        acted_on = last["seq"]
        decisions += 1

    sheet = page.locator(".score-sheet")
    sheet.wait_for()
    page.screenshot(path=str(artifacts / "airport-rush-end.png"), full_page=True)
    result = last["result"]
    for seat in (0, 1):
        table = page.locator(f'table.sheet[data-seat="{seat}"]')
        rows = table.locator("tbody tr")
        assert rows.count() == len(result["breakdown"][seat])
        shown = table.inner_text()
        for line in result["breakdown"][seat]:
            assert line["category"] in shown and line["label"] in shown
        assert "objectives" in {line["category"] for line in result["breakdown"][seat]}
    assert errors == [] and shot_taken and decisions > 30

    # What seat 0's socket carried never named seat 1's hidden cards at that moment.
    record = GameRecord.from_json(
        json.dumps(live_server.api("GET", f"/api/matches/{created['match']}/record"))
    )
    s = record.replay(upto=0)
    hidden = [hidden_names(s, 1)]
    for notation in record.actions:
        s.apply(airport_rush.CODEC.parse(notation))
        hidden.append(hidden_names(s, 1))
    # A card may have been public before it went into a hand unseen (SCRAP puts a plane under the deck);
    # what was shown then is no leak.
    public: set[str] = set()
    for frame in states:
        said = set(
            re.findall(
                r"[\w-]+", json.dumps([frame["view"], frame["choices"], frame["log"], frame["prompt"]])
            )
        )
        leaked = (said & hidden[frame["seq"]]) - public
        assert not leaked, (frame["seq"], leaked)
        public |= said - hidden[frame["seq"]]
    assert len(states) > decisions
