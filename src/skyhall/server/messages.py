"""The wire format (docs/web.md): what browsers send, validated with pydantic, and what they receive.

Inbound messages and request bodies are pydantic models, so a malformed one is refused
before it reaches a match. Outbound messages are plain JSON-ready dicts built by
:func:`state_message` and :func:`replay_frame` from one seat's view only (and the
game's text functions of that view), so they cannot carry what the seat may not know.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Annotated, Any, Literal

import pydantic_core
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator

from skyhall.core.actions import Codec
from skyhall.core.result import Result
from skyhall.core.text import GameText, confirm_of, group_of, read_of, target_of, tie_words, unordered_of

MAX_MESSAGE = 4096
"""Bytes: the largest websocket message or request body the server reads."""
Token = Annotated[str, Field(min_length=1, max_length=100)]
Notation = Annotated[str, Field(min_length=1, max_length=200)]
Seq = Annotated[int, Field(ge=0, le=1_000_000)]
"""A move number: no game comes near a million decisions, and a refusal then names the bound, not a
number of thousands of digits."""


class Strict(BaseModel):
    """No unknown fields, and no conversions: ``true`` or ``2.0`` is not a count, ``"0"`` not a ``seq``."""

    model_config = ConfigDict(extra="forbid", strict=True)


class Join(Strict):
    """First message on a match socket: a seat's token, or ``null`` to watch as a spectator."""

    type: Literal["join"]
    token: Token | None = None


class Act(Strict):
    """Make a choice: ``seq`` is the state's ``seq`` the choice was made on."""

    type: Literal["act"]
    seq: Seq
    action: Notation


class Ping(Strict):
    type: Literal["ping"]


Inbound = Annotated[Join | Act | Ping, Field(discriminator="type")]
INBOUND: TypeAdapter[Join | Act | Ping] = TypeAdapter(Inbound)


UNPRINTABLE = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
"""Unicode categories a name may not hold: control, format, surrogate, private use, unassigned, line and
paragraph separators."""
JOINERS = frozenset("\u200c\u200d")
"""The format characters a name may hold: the zero-width (non-)joiners of Persian or Hindi words and of
emoji sequences."""


class SeatSpec(Strict):
    kind: Literal["human", "bot"] = "human"
    level: str | None = Field(default=None, max_length=40)
    """The bot's level (``easy``, ``normal``, ``hard``); ignored for a human."""
    name: str | None = Field(default=None, max_length=24)

    @field_validator("name")
    @classmethod
    def _printable(cls, name: str | None) -> str | None:
        """Names are shown to everyone and stored: no control or format characters (PostgreSQL refuses
        NUL; a right-to-left override would turn the text after it around), no line or paragraph
        separators; spaces at the ends are dropped, and a name of spaces alone is no name."""
        if name is None:
            return None
        bad = next((c for c in name if unicodedata.category(c) in UNPRINTABLE and c not in JOINERS), None)
        if bad is not None:
            shown = unicodedata.name(bad, "a control character")
            raise ValueError(
                f"a name cannot hold the character U+{ord(bad):04X} ({shown}), which does not show"
            )
        return " ".join(name.split()) or None


class CreateMatch(Strict):
    game: str = Field(max_length=40)
    players: int | None = Field(default=None, ge=1, le=16)
    """How many seats; defaults to ``len(seats)``, or the game's minimum."""
    seats: list[SeatSpec] = Field(default_factory=list, max_length=8)
    options: dict[str, str | int | bool | None] = Field(default_factory=dict, max_length=16)


class ActBody(Strict):
    token: Token | None = None
    seq: Seq
    action: Notation


class ControlBody(Strict):
    """Hand a seat to a bot (``kind`` ``bot`` with a ``level``) or take it back (``human``)."""

    token: Token | None = None
    kind: Literal["human", "bot"]
    level: str | None = Field(default=None, max_length=40)


class TokensBody(Strict):
    tokens: list[Token] = Field(max_length=40)
    hosts: list[Token] = Field(default_factory=list, max_length=40)
    """Host tokens: the matches this browser created, with a seat here or not."""


class TokenBody(Strict):
    """The seat's token or the host's (a new invite link)."""

    token: Token | None = None


class RematchBody(Strict):
    """The token the device will hold its seat of the rematch by, if it made one (as for
    :class:`ClaimBody`; see :meth:`skyhall.server.hall.Hall.rematch`)."""

    device: Token | None = None


class ClaimBody(Strict):
    """An invite link's token to open, and the token the device will hold the seat by, if it made one
    (see :meth:`skyhall.server.authority.Authority.claim`)."""

    token: Token | None = None
    device: Token | None = None


def choices(text: GameText, codec: Codec[Any], view: Any, legal: Sequence[Any]) -> list[dict[str, Any]]:
    """``legal`` (the choices of ``view``'s seat, empty unless it decides now) described from that view."""
    out = []
    for action in legal:
        grouped = group_of(text, view, action)
        out.append(
            {
                "id": codec.encode(action),
                "notation": str(action),
                "label": text.label(view, action),
                "target": list(target_of(text, view, action)),
                "unordered": unordered_of(text, view, action),
                "group": None if grouped is None else grouped[0],
                "confirm": confirm_of(text, view, action),
            }
        )
    return out


def prompt_for(text: GameText, view: Any, seats: Sequence[dict[str, Any]]) -> str:
    """The line over the table: the decision, to the seat that makes it; to everyone else, who is
    making which decision ("Bob is taking cards up to 4 (Action 4)."); nothing once the game is over."""
    if view.to_act is None:
        return ""
    if view.seat == view.to_act:
        return text.prompt(view)
    return f"{seats[view.to_act]['name']} is {text.waiting(view)}."


def table_words(text: GameText, view: Any) -> list[dict[str, str]]:
    """The table in words (``text.read``: the terminal's sections, with no columns or maps): what a
    screen reader reads where the drawing is a picture. From ``view`` alone, like everything else here.
    Sent on request (``GET /api/matches/{id}/words``) and in replay frames, not in every push: rendering
    it for each watching seat at each change cost the server about 30 % more CPU per action."""
    return [{"title": title, "body": body} for title, body in read_of(text, view)]


def state_message(
    match: str,
    seq: int,
    status: str,
    seat: int | None,
    seats: Sequence[dict[str, Any]],
    text: GameText,
    codec: Codec[Any],
    view: Any,
    legal: Sequence[Any],
    result: Result | None,
    rematch: str | None = None,
) -> dict[str, Any]:
    """What ``seat`` (``None``: a spectator) receives after every change.

    ``view`` is ``view(seat)``; ``legal`` the pending choices if ``seat`` makes them, else empty;
    ``rematch`` the id of the match a finished one's table plays next, if any (public: the match
    ids are, and whoever watched this one may watch that one too).
    """
    return {
        "type": "state",
        "match": match,
        "seq": seq,
        "status": status,
        "game": view.game,
        "seat": seat,
        "seats": list(seats),
        "view": view.to_dict(),
        "prompt": prompt_for(text, view, seats),
        "choices": choices(text, codec, view, legal),
        "log": list(view.log),
        "result": result_words(result, seats, text),
        "rematch": rematch,
    }


def replay_frame(
    match: str,
    step: int,
    steps: int,
    seats: Sequence[dict[str, Any]],
    text: GameText,
    view: Any,
    last: str | None,
    result: Result | None,
    turns: tuple[int, int],
) -> dict[str, Any]:
    """Step ``step`` of ``steps`` of a finished match; ``last`` is the decision that led here, in words;
    ``turns``: the steps where the turn before this one and the next one begin (see ``Authority.replay``)."""
    return {
        "type": "replay",
        "match": match,
        "step": step,
        "steps": steps,
        "turn_back": turns[0],
        "turn_next": turns[1],
        "game": view.game,
        "seat": view.seat,
        "seats": list(seats),
        "view": view.to_dict(),
        "prompt": "" if view.to_act is None else text.prompt(view),
        "words": table_words(text, view),
        "choices": [],
        "last": last,
        "log": list(view.log),
        "result": result_words(result, seats, text),
    }


def result_words(
    result: Result | None, seats: Sequence[dict[str, Any]], text: GameText
) -> dict[str, Any] | None:
    """A finished game's result as sent (``None`` while it goes on), with ``ties``: how the tie-breaks
    settled seats tied on points, in sentences (:func:`~skyhall.core.text.tie_words`)."""
    if result is None:
        return None
    names = [seat["name"] for seat in seats]
    return {**result.to_dict(), "ties": tie_words(result, names, text.TIEBREAKS)}


def error(code: str, message: str) -> dict[str, str]:
    return {"type": "error", "code": code, "message": message}


def to_json(message: dict[str, Any]) -> str:
    """``message`` as compact JSON text (what ``json.dumps`` gives, about three times faster)."""
    return pydantic_core.to_json(message).decode("utf-8")
