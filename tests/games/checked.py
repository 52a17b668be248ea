"""Acting on a scenario position the way a client would: through the checked entry point, in notation."""

from __future__ import annotations

from typing import TypeVar

from skyhall.core.engine import play as checked
from skyhall.core.state import GameState

S = TypeVar("S", bound=GameState)


def play(s: S, *notations: str) -> S:
    """Apply each action, written in notation, through :func:`skyhall.core.engine.play`."""
    for text in notations:
        checked(s, text)
    return s


def legal(s: GameState) -> list[str]:
    """The legal actions of the pending decision, in notation."""
    return [str(a) for a in s.legal_actions()]
