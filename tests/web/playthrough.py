"""Playing a live server's match through its HTTP API, every seat human, with random legal choices.

Browser tests use it to bring a match to the moment they need (a decision with a confirmation,
the end of the game) before opening the page.
"""

from __future__ import annotations

import json
import random
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tests.web.conftest import LiveServer


@dataclass
class Match:
    server: LiveServer
    id: str
    tokens: list[str]

    @classmethod
    def create(cls, server: LiveServer, game: str, players: int = 2) -> Match:
        created = server.api("POST", "/api/matches", {"game": game, "seats": [{"kind": "human"}] * players})
        match = created["match"]
        opened = [
            server.api("POST", f"/api/matches/{match}/claim", {"token": s["token"]}) for s in created["seats"]
        ]
        return cls(server, match, [seat["token"] for seat in opened])

    def state(self, seat: int | None = None) -> Any:
        """The state message as ``seat`` (``None``: a spectator) sees it."""
        headers = {} if seat is None else {"Authorization": f"Bearer {self.tokens[seat]}"}
        request = urllib.request.Request(f"{self.server.url}/api/matches/{self.id}", headers=headers)
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())

    def to_act(self, known: Any = None) -> tuple[int, Any] | None:
        """``(seat, its state message)`` of the seat deciding now; ``None`` once the match is over.

        ``known`` is any seat's current message, if at hand (it names the seat deciding).
        """
        seat = (known or self.state())["view"]["to_act"]
        if seat is None:
            return None
        return seat, known if known is not None and known["seat"] == seat else self.state(seat)

    def open(self, page: Any, seat: int) -> None:
        """Move ``seat`` to ``page``: open a new invite link of the seat there. The page holds the seat by
        a token of its own from then on, by which this match plays the seat too."""
        link = self.server.api(
            "POST", f"/api/matches/{self.id}/seats/{seat}/invite", {"token": self.tokens[seat]}
        )
        page.goto(self.server.url + link["invite"])
        deadline = time.monotonic() + 15
        while page.evaluate("location.hash") != f"#seat={seat}":  # held: the token left the address
            assert time.monotonic() < deadline, f"the page did not open seat {seat}'s invite"
            time.sleep(0.05)
        held = json.loads(page.evaluate("localStorage.getItem('skyhall.seats')"))
        self.tokens[seat] = next(s["token"] for s in held if s["match"] == self.id and s["seat"] == seat)

    def act(self, seat: int, seq: int, notation: str) -> Any:
        """``seat``'s choice; answers the seat's new state message."""
        body = {"token": self.tokens[seat], "seq": seq, "action": notation}
        return self.server.api("POST", f"/api/matches/{self.id}/act", body)

    def play_until(self, wanted: Callable[[Any], bool], rng: random.Random) -> tuple[int, Any] | None:
        """Random legal choices until the deciding seat's message is ``wanted``: ``(seat, message)``.

        ``None`` if the match ended first.
        """
        deciding = self.to_act()
        while deciding is not None:
            seat, message = deciding
            if wanted(message):
                return deciding
            deciding = self.to_act(self.act(seat, message["seq"], rng.choice(message["choices"])["notation"]))
        return None

    def wait_for_seq(self, seq: int, timeout: float = 15.0) -> None:
        """Wait until the match has applied ``seq`` actions (a choice made in the browser arrived)."""
        deadline = time.monotonic() + timeout
        while self.state()["seq"] < seq:
            assert time.monotonic() < deadline, f"the match did not reach move {seq}"
            time.sleep(0.05)

    def replay(self, step: int) -> Any:
        return self.server.api("GET", f"/api/matches/{self.id}/replay/{step}")
