"""What the table tests of every game share, in two settings.

On the *harness* (``harness.html?game=<id>``, the URL the ``harness`` fixture serves) a test mounts a
view and the choices the server would send with it (:func:`mount`), reads which table elements are
drawn as first clicks (:func:`highlighted`) and clicks a path to see which choice it sent
(:func:`click_path`). The choices are built by the server's own
:func:`skyhall.server.messages.choices`, so the harness sees exactly what a browser receives.

Against a real ``skyhall serve`` (the ``live_server`` fixture), :func:`join` opens seat 0's invite on
the shared match page and keeps every websocket message the page receives; :func:`play_to_the_end`
makes that seat's every decision by clicking the board only; :func:`assert_score_sheet` checks the
final sheet against the match record replayed here.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from skyhall.core import registry
from skyhall.core.record import GameRecord
from skyhall.core.result import Result
from skyhall.core.text import text_module, tie_words
from skyhall.server.messages import choices

TURN_TIMEOUT = 120.0
"""Seconds to wait for the next decision: a bot may take long on a loaded machine (the server waits 120 s)."""


# -- the harness ---------------------------------------------------------------------------------------


def offer(state: Any, seat: int) -> tuple[Any, list[dict[str, Any]]]:
    """``seat``'s view of ``state`` and the choices the server sends with it (none unless it decides now)."""
    view = state.view(seat)
    game = registry.get(view.game)
    legal = state.legal_actions() if seat == state.to_act else ()
    return view, choices(text_module(game), game.codec, view, legal)


def open_table(page: Any, harness: str, game: str) -> list[str]:
    """Load ``game``'s table into the harness; the list fills with the page's errors (console included)."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"{harness}?game={game}")
    page.wait_for_function("window.ready === true")
    return errors


def mount(page: Any, state: Any, seat: int) -> list[dict[str, Any]]:
    """Draw ``state`` as ``seat`` sees it, with its choices; the choices offered."""
    view, offered = offer(state, seat)
    page.evaluate("([v, c]) => window.mount(v, c)", [view.to_dict(), offered])
    return offered


def highlighted(page: Any) -> set[str]:
    """The table elements drawn as next clicks."""
    return set(page.eval_on_selector_all("[data-target].next", "els => els.map(e => e.dataset.target)"))


def click_path(page: Any, path: Sequence[str]) -> Any:
    """Click ``path`` on the board; what the harness sent for it (``[[notation]]`` for one choice)."""
    for name in path:
        page.locator(f'[data-target="{name}"].next').first.click()
    return page.evaluate("window.sent")


# -- a real match through the server -------------------------------------------------------------------


@dataclass
class Joined:
    """Seat 0 of a live match on the match page: every websocket message received, and the page's errors."""

    match: str
    frames: list[dict[str, Any]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def states(self) -> list[dict[str, Any]]:
        """The ``state`` messages received so far, in arrival order."""
        return [m for m in self.frames if m.get("type") == "state"]


def join(
    live_server: Any, page: Any, game: str, seats: list[dict[str, Any]], options: dict[str, Any] | None = None
) -> Joined:
    """Create a match of ``game`` with ``seats`` (and ``options``) and open seat 0's invite in ``page``."""
    created = live_server.api(
        "POST", "/api/matches", {"game": game, "seats": seats, "options": options or {}}
    )
    joined = Joined(created["match"])

    def listen(socket: Any) -> None:
        socket.on("framereceived", lambda payload: joined.frames.append(json.loads(payload)))

    page.on("websocket", listen)
    page.on("pageerror", lambda e: joined.errors.append(str(e)))
    page.goto(live_server.url + created["seats"][0]["invite"])
    return joined


def wait_for_turn(page: Any, joined: Joined, after: int) -> dict[str, Any]:
    """The newest state past seq ``after`` that asks this seat to choose (or ends the match), once the page
    has drawn it (its side list shows exactly those choices). No error message may have arrived."""
    deadline = time.monotonic() + TURN_TIMEOUT
    while time.monotonic() < deadline:
        refused = [m for m in joined.frames if m.get("type") == "error"]
        assert not refused, refused
        states = [m for m in joined.states() if m["seq"] > after]
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


Choose = Callable[[dict[str, Any]], dict[str, Any]]
"""Picks one of a state message's choices."""
FirstClick = Callable[[dict[str, Any], dict[str, Any], int], None]
"""After a choice's first click: called with the state message, the choice and the decisions made before."""


def play_to_the_end(
    page: Any, joined: Joined, choose: Choose, first_click: FirstClick | None = None
) -> tuple[dict[str, Any], int]:
    """Make every decision of the joined seat by clicking the chosen choice's path on the table (and
    confirming when it asks); the final state message and the number of decisions made."""
    seq, decisions = -1, 0
    while True:
        message = wait_for_turn(page, joined, seq)
        seq = message["seq"]
        if message["status"] == "over":
            return message, decisions
        choice = choose(message)
        assert choice["target"], choice  # every choice can be made on the table
        for k, name in enumerate(choice["target"]):
            page.locator(f'.table [data-target="{name}"].next').first.click()
            if k == 0 and first_click is not None:
                first_click(message, choice, decisions)
        if choice["confirm"]:
            page.click(".dialog button.primary")
        decisions += 1


def record_of(live_server: Any, joined: Joined) -> GameRecord:
    """The finished match's record, as the server keeps it."""
    return GameRecord.from_json(json.dumps(live_server.api("GET", f"/api/matches/{joined.match}/record")))


def assert_score_sheet(page: Any, record: GameRecord, final: dict[str, Any]) -> Result:
    """The record replayed here gives the result the final message carried, and the page's score sheet shows
    every seat's score and every line of its breakdown, one table row each, under its category's total;
    that result."""
    result = record.replay().result()
    sent = dict(final["result"])
    names = [seat["name"] for seat in final["seats"]]
    assert sent.pop("ties") == tie_words(result, names, text_module(registry.get(record.game)).TIEBREAKS)
    assert sent == json.loads(json.dumps(result.to_dict()))
    page.wait_for_selector(".score-sheet")
    for seat in range(record.players):
        table = page.locator(f'.score-sheet table.sheet[data-seat="{seat}"]')
        assert table.locator("tbody tr").count() == len(result.breakdown[seat])
        shown = table.inner_text()
        assert str(result.scores[seat]) in shown
        totals: dict[str, int] = {}
        for line in result.breakdown[seat]:
            assert line.label in shown
            totals[line.category] = totals.get(line.category, 0) + line.points
        for category, total in totals.items():  # each category once, with its total
            assert f"{category[:1].upper()}{category[1:]} · {total}" in shown
    return result
