"""Bad input, seeded and random: malformed, oversized and hostile requests and socket messages.

Every answer must be a JSON error whose code is documented (docs/server.md) and whose HTTP
status is the one documented for that code, and the match must not change. Runs on SQLite
and on PostgreSQL (which refuses some strings SQLite stores, such as a NUL character).
"""

from __future__ import annotations

import json
import random
import string
import urllib.parse
from collections.abc import Callable
from typing import Any

import pytest

from skyhall.server.authority import HTTP_STATUS
from skyhall.server.messages import MAX_MESSAGE
from tests.server.conftest import BACKENDS, Server

pytestmark = pytest.mark.parametrize("database", BACKENDS, indirect=True)

SEED = 20261129
HTTP_CASES = 160
SOCKET_CASES = 60
NASTY = ["\x00", "\ud7ff", "\u202e", "\n", "'", '"', "\\", "%00", "../", "😀", "\x7f", "{", "}", " "]
"""Characters that trip careless code: NUL, bidi overrides, quotes, escapes, path parts, emoji."""


class Fuzzer:
    """Random values, bodies and paths; never a valid choice for the match (so nothing may change)."""

    def __init__(self, rng: random.Random, match: str, tokens: list[str], legal: set[str]) -> None:
        self.rng = rng
        self.match = match
        self.tokens = tokens
        self.legal = legal

    def text(self, longest: int = 40) -> str:
        pool = string.printable + "".join(NASTY)
        return "".join(self.rng.choice(pool) for _ in range(self.rng.randint(0, longest)))

    def notation(self) -> str:
        """A string that is not a legal choice now (it may still look like a move)."""
        while True:
            candidate = self.rng.choice(
                [self.text(), "play " + self.text(3), "pass" + self.rng.choice(NASTY), "x" * 300]
            )
            if candidate not in self.legal:
                return candidate

    def value(self, depth: int = 0) -> Any:
        kinds: list[Callable[[], Any]] = [
            lambda: None,
            lambda: self.rng.choice([True, False]),
            lambda: self.rng.randint(-(2**70), 2**70),
            lambda: self.rng.uniform(-1e300, 1e300),
            self.text,
        ]
        if depth < 3:
            kinds.append(lambda: [self.value(depth + 1) for _ in range(self.rng.randint(0, 4))])
            kinds.append(lambda: {self.text(8): self.value(depth + 1) for _ in range(self.rng.randint(0, 4))})
        return self.rng.choice(kinds)()

    def forged(self) -> Any:
        """Anything but a seat's token."""
        return self.rng.choice(
            [None, "", self.text(), "x" * 101, self.value(), self.rng.choice(self.tokens)[::-1]]
        )

    def token(self) -> Any:
        """A forged token, or as often a seat's own."""
        return self.rng.choice([self.forged(), self.rng.choice(self.tokens)])

    def bearer(self) -> bytes:
        """An ``Authorization`` header value (bytes: headers are not text)."""
        return ("Bearer " + str(self.token())).encode("utf-8", "surrogatepass")

    def act_body(self) -> dict[str, Any]:
        """An act that cannot be valid: a legal notation only with a wrong token or seq."""
        body: dict[str, Any] = {"token": self.token(), "seq": self.rng.choice([0, -1, 1, 2**63, "0", None])}
        body["action"] = self.rng.choice([self.notation(), self.value()])
        if self.rng.random() < 0.2:
            body[self.text(6) or "extra"] = self.value()
        if self.rng.random() < 0.2:
            del body[self.rng.choice(list(body))]
        return body

    def raw(self) -> bytes:
        """Bytes that are not one JSON object: truncated, invalid UTF-8, deeply nested, or too big."""
        body = json.dumps(self.act_body()).encode()
        return self.rng.choice(
            [
                body[: self.rng.randint(0, max(0, len(body) - 1))],
                b"\xff\xfe" + body,
                b"[" * 3000 + b"]" * 3000,
                b'{"token": "' + b"a" * (MAX_MESSAGE + 10) + b'"}',
                self.text().encode("utf-8", "surrogatepass"),
                json.dumps(self.value()).encode(),
            ]
        )

    def match_id(self) -> str:
        """A match id for a path (percent-encoded: the server sees the characters themselves)."""
        found = self.rng.choice([self.match, self.match + "x", self.text(12), "m_" + "a" * 40, "m_\x00"])
        return urllib.parse.quote(found, safe="")

    def request(self) -> tuple[str, str, dict[str, Any]]:
        """``(method, path, httpx keyword arguments)`` of one bad request."""
        match = self.match_id()
        body: dict[str, Any] = self.rng.choice(
            [
                {"json": self.act_body()},
                {"content": self.raw(), "headers": {"content-type": "application/json"}},
            ]
        )
        seat = self.rng.choice(["0", "1", "7", "-1", "x", "99999999999999999999"])
        step = self.rng.choice(["0", "1", "-3", "x", "1e9"])
        control = {"json": {"token": self.forged(), "kind": self.rng.choice(["bot", "human", "x", 3])}}
        create = self.rng.choice(
            [
                self.value(),
                {"game": self.value(), "players": self.value()},
                {"game": "skyport", "seats": [{"kind": "human", "name": self.rng.choice(NASTY) * 3}] * 2},
                {"game": "skyport", "seats": [{"kind": "human", "name": self.text(20)}] * 2},
                {"game": "skyport", "options": {self.text(5): self.value()}},
            ]
        )
        return self.rng.choice(
            [
                ("POST", f"/api/matches/{match}/act", body),
                ("POST", f"/api/matches/{match}/act", body),
                ("POST", f"/api/matches/{match}/seats/{seat}/control", control),
                ("POST", "/api/matches", {"json": create}),
                ("POST", "/api/matches", {"json": create}),
                ("POST", "/api/my-matches", {"json": {"tokens": self.value()}}),
                (
                    "GET",
                    f"/api/matches/{match}",
                    {"headers": {"authorization": self.bearer()}},
                ),
                ("GET", f"/api/matches/{match}/replay/{step}", {}),
                ("GET", f"/api/matches/{match}/record", {}),
                (
                    "POST",
                    f"/api/matches/{match}/rematch",  # of a match not over: never made
                    {
                        **body,
                        "json": {"device": self.value()} if "json" in body else None,
                        "headers": {**body.get("headers", {}), "authorization": self.bearer()},
                    },
                ),
                (self.rng.choice(["PUT", "DELETE", "PATCH"]), f"/api/matches/{match}/act", body),
            ]
        )

    def frame(self) -> str | bytes:
        """One bad websocket message (text, or now and then binary)."""
        message = self.rng.choice(
            [
                json.dumps({"type": "act", **self.act_body()}),
                json.dumps(
                    {"type": self.rng.choice(["join", "act", "dance", None, 3]), "token": self.token()}
                ),
                json.dumps(self.value()),
                self.raw().decode("utf-8", "replace"),
                "x" * (MAX_MESSAGE + 1),
            ]
        )
        return message.encode("utf-8", "surrogatepass") if self.rng.random() < 0.1 else message


def snapshot(server: Server, match: str, tokens: list[str]) -> list[Any]:
    return [server.state(match, token) for token in [None, *tokens]] + [
        server.authority(match).record.actions
    ]


def is_error(answer: Any) -> bool:
    return (
        isinstance(answer, dict)
        and set(answer) == {"type", "code", "message"}
        and answer["type"] == "error"
        and answer["code"] in HTTP_STATUS
        and isinstance(answer["message"], str)
    )


def test_bad_requests_get_documented_errors_and_change_nothing(server: Server) -> None:
    created = server.create()
    match, tokens = created["match"], [seat["token"] for seat in created["seats"]]
    server.play_first_choices(created, 3)
    legal = {c["notation"] for c in server.state(match, server.token_to_act(created))["choices"]}
    before = snapshot(server, match, tokens)
    fuzz = Fuzzer(random.Random(SEED), match, tokens, legal)
    for case in range(HTTP_CASES):
        method, path, options = fuzz.request()
        response = server.client.request(method, path, **options)
        described = f"case {case}: {method} {path} {options} -> {response.status_code} {response.text[:200]}"
        if response.status_code in (200, 201):  # a spectator's GET, or a new match: never this one changed
            assert method == "GET" or path == "/api/matches", described
            continue
        assert is_error(response.json()), described
        assert response.status_code == HTTP_STATUS[response.json()["code"]], described
    assert snapshot(server, match, tokens) == before
    assert server.client.get("/api/games").status_code == 200


def test_bad_socket_messages_get_documented_errors_and_change_nothing(server: Server) -> None:
    created = server.create()
    match, tokens = created["match"], [seat["token"] for seat in created["seats"]]
    legal = {c["notation"] for c in server.state(match, server.token_to_act(created))["choices"]}
    before = snapshot(server, match, tokens)
    fuzz = Fuzzer(random.Random(SEED + 1), match, tokens, legal)
    done = 0
    while done < SOCKET_CASES:
        with server.client.websocket_connect(f"/ws/matches/{match}") as ws:
            if fuzz.rng.random() < 0.7:
                ws.send_json({"type": "join", "token": fuzz.rng.choice([None, *tokens])})
                assert ws.receive_json()["type"] == "state"
            while done < SOCKET_CASES:
                frame = fuzz.frame()
                ws.send_bytes(frame) if isinstance(frame, bytes) else ws.send_text(frame)
                done += 1
                answer = ws.receive_json()
                if answer["type"] in ("pong", "state"):  # a ping; a join of an unjoined socket
                    continue
                assert is_error(answer), f"case {done}: {frame[:200]!r} -> {answer}"
                if answer["code"] == "forbidden" and ws.receive().get("code") == 4403:
                    break  # a forged token on join closes the socket: open another
                if answer["code"] == "too_many" and ws.receive().get("code") == 1008:
                    break  # a socket sending faster than a browser would is closed: open another
    assert snapshot(server, match, tokens) == before
