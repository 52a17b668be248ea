"""Positions from seeded random playouts of every game, for agent tests."""

from __future__ import annotations

from typing import Any

from skyhall.core.registry import get
from skyhall.core.rng import Rng

GAMES = ("skyport", "airport-rush", "skyrise")


def positions(game: str, players: int, count: int, seed: int = 1) -> list[Any]:
    """``count`` states (clones) met along random games, spread over whole games."""
    g = get(game)
    rng = Rng(seed)
    found: list[Any] = []
    while len(found) < count:
        state = g.new_game(players, rng.next64(), {})
        while not state.is_over and len(found) < count:
            legal = state.legal_actions()
            if rng.below(12) == 0:
                found.append(state.clone())
            state.apply(legal[rng.below(len(legal))])
    return found
