"""Game records: the save, replay, storage and bug-report format.

A game is fully described by ``(game, rules_version, players, seed, options, actions)``;
replaying the actions from the seed reproduces every state exactly.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from skyhall.core.engine import play
from skyhall.core.errors import DataError, IllegalAction, RecordError
from skyhall.core.registry import get

FORMAT = "skyhall-record"


def parse_json(text: str, source: str = "record") -> Any:
    """``text`` as JSON; :class:`RecordError` naming ``source`` when it is not JSON (a record, or what
    holds one: a line of ``skyhall sim --out``)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(source, "(json)", f"not valid JSON: {exc}") from None


@dataclass
class GameRecord:
    """Everything needed to rebuild a game; ``actions`` are in notation, in order."""

    game: str
    rules_version: int
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[str] = field(default_factory=list)

    @classmethod
    def start(
        cls, game: str, players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> tuple[GameRecord, Any]:
        """A new record and the fresh state it describes."""
        definition = get(game)
        state = definition.new_game(players, seed, dict(options or {}))
        record = cls(game, definition.spec.rules_version, players, seed, dict(options or {}), [])
        return record, state

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "rules_version": self.rules_version,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "actions": list(self.actions),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: Any, source: str = "record") -> GameRecord:
        """Validate and read a record; :class:`RecordError` names the faulty field."""
        if not isinstance(data, dict):
            raise RecordError(source, "(top level)", "expected a JSON object")
        if data.get("format", FORMAT) != FORMAT:
            raise RecordError(source, "format", f"expected {FORMAT!r}, found {data.get('format')!r}")

        def need(name: str, kind: type, what: str) -> Any:
            if name not in data:
                raise RecordError(source, name, "missing")
            value = data[name]
            if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
                raise RecordError(source, name, f"expected {what}, found {value!r}")
            return value

        game = need("game", str, "a game id")
        rules_version = need("rules_version", int, "an integer")
        players = need("players", int, "an integer")
        seed = need("seed", int, "an integer")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise RecordError(source, "options", f"expected an object, found {options!r}")
        actions = need("actions", list, "a list of action strings")
        for i, text in enumerate(actions):
            if not isinstance(text, str):
                raise RecordError(source, f"actions[{i}]", f"expected an action string, found {text!r}")
        return cls(game, rules_version, players, seed, options, list(actions))

    @classmethod
    def from_json(cls, text: str, source: str = "record") -> GameRecord:
        """:meth:`from_dict` of ``text`` read as JSON (see :func:`parse_json`)."""
        return cls.from_dict(parse_json(text, source), source)

    def replay(self, upto: int | None = None, source: str = "record") -> Any:
        """The state after the first ``upto`` actions (all by default), every action checked."""
        try:
            definition = get(self.game)
        except KeyError as exc:
            raise RecordError(source, "game", str(exc.args[0])) from None
        if self.rules_version != definition.spec.rules_version:
            raise RecordError(
                source,
                "rules_version",
                f"recorded with rules version {self.rules_version}, this Skyhall plays "
                f"{self.game} version {definition.spec.rules_version}",
            )
        try:
            state = definition.new_game(self.players, self.seed, dict(self.options))
        except (ValueError, DataError) as exc:  # DataError: the card data variant the options carry
            raise RecordError(source, "players/options", str(exc)) from None
        for i, text in enumerate(self.actions[:upto]):
            try:
                play(state, text)
            except IllegalAction as exc:
                raise RecordError(
                    source, f"actions[{i}]", f"{text!r} cannot be played: {exc.reason}"
                ) from None
        return state
