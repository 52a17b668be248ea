"""The static description of a game: what it is called, who can play it, how big its action space is."""

from __future__ import annotations

import operator
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType


def whole(value: object, said: str) -> int:
    """``value`` as a Python ``int``: any integer, numpy's too (``operator.index``); a flag (``True``),
    a float or anything else is a ``TypeError`` saying ``said`` ("players is a whole number of
    players") and what came."""
    try:
        if isinstance(value, bool):
            raise TypeError  # a flag, not a number
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{said}, not {value!r}") from None


@dataclass(frozen=True, slots=True)
class Option:
    """How players choose an option when they set up a match (the lobby shows one control each).

    A ``seat`` option is one of the match's seats (Seat 1 .. Seat N, N the player count); otherwise
    ``choices`` lists the values besides the default, each with its label; an option with neither is
    typed in, ``hint`` telling the form. Leaving an option alone keeps its default, described by
    ``default_label``.
    """

    label: str
    default_label: str
    seat: bool = False
    choices: tuple[tuple[str, str], ...] = ()
    hint: str = ""


FIRST_PLAYER = Option("First player", "random", seat=True)
"""The ``first_player`` option every game has (:func:`skyhall.core.flow.first_player`)."""


@dataclass(frozen=True)
class GameSpec:
    """Facts about a game that never change during play.

    ``rules_version`` is bumped on any change of behaviour, so an old record
    refuses to replay instead of silently diverging.
    """

    id: str
    title: str
    min_players: int
    max_players: int
    rules_version: int
    action_count: int
    """Size of the integer action codec: every action encodes to ``0 <= i < action_count``."""
    options: Mapping[str, object] = field(default_factory=lambda: MappingProxyType({}))
    """Option names with their defaults; ``new_game`` rejects names not listed here."""
    offered: Mapping[str, Option] = field(default_factory=lambda: MappingProxyType({}))
    """The options players choose when they set up a match, in the order shown; the others (a
    designer's ``data`` overlay) are for simulations only."""
    max_decisions: int = 1000
    """A generous bound on the decisions of one game (random play takes far fewer): OpenSpiel's
    ``max_game_length``."""

    def __post_init__(self) -> None:
        unknown = sorted(set(self.offered) - set(self.options))
        if unknown:
            raise ValueError(f"{self.id} offers options it does not have: {', '.join(unknown)}")

    def check_players(self, players: int) -> int:
        """``players`` as an ``int`` (numpy's integers too); ``TypeError`` unless an integer, ``ValueError``
        naming the allowed range when outside it."""
        players = whole(players, "players is a whole number of players")
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.title} takes {self.min_players} to {self.max_players} players, not {players}"
            )
        return players

    def resolve_options(self, options: Mapping[str, object] | None) -> dict[str, object]:
        """Merge ``options`` over the defaults; unknown names are an error naming the known ones."""
        merged = dict(self.options)
        for key, value in (options or {}).items():
            if key not in merged:
                known = ", ".join(sorted(merged)) or "none"
                raise ValueError(f"{self.title} has no option {key!r} (options: {known})")
            merged[key] = value
        return merged
