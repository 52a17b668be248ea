"""Positions met along seeded random games: test and benchmark material for agents."""

from __future__ import annotations

from typing import Any

from skyhall.core.registry import get
from skyhall.core.rng import Rng


def random_positions(game: str, players: int, count: int, seed: int, every: int = 12) -> list[Any]:
    """``count`` states (clones) met along random games, about one in ``every`` decisions."""
    g = get(game)
    rng = Rng(seed)
    found: list[Any] = []
    while len(found) < count:
        state = g.new_game(players, rng.next64(), {})
        while not state.is_over and len(found) < count:
            legal = state.legal_actions()
            if rng.below(every) == 0:
                found.append(state.clone())
            state.apply(legal[rng.below(len(legal))])
    return found
