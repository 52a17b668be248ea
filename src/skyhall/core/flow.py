"""Turn-flow helpers every game shares."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

from skyhall.core.rng import Rng
from skyhall.core.spec import whole

S = TypeVar("S")
A = TypeVar("A")


def take_forced(state: S, legal: Callable[[S], Sequence[A]], step: Callable[[S, A], None]) -> Sequence[A]:
    """Carry ``state`` through every decision that has exactly one legal choice.

    Returns the legal choices of the first real decision (empty once the game is
    over), for the caller to cache. Skyhall never asks a seat to confirm the only
    thing it can do, so records hold real choices only.
    """
    while True:
        options = legal(state)
        if len(options) != 1:
            return options
        step(state, options[0])


def first_player(options: Mapping[str, object], players: int, rng: Rng) -> int:
    """The ``first_player`` option's seat, or a random seat when it is ``None``."""
    first = options.get("first_player")
    if first is None:
        return rng.below(players)
    try:
        seat = whole(first, "a seat")  # numpy's integers too
    except TypeError:
        seat = -1
    if 0 <= seat < players:
        return seat
    raise ValueError(f"first_player must be a seat from 0 to {players - 1}, not {first!r}")
