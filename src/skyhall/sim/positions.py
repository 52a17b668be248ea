"""Positions met along seeded random games: test and benchmark material for agents and the engine."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice
from typing import Any

from skyhall.core.registry import Game, get
from skyhall.core.rng import Rng


def random_walk(game: Game, players: int, rng: Rng, every: int = 1) -> Iterator[tuple[Any, int]]:
    """Positions of random games drawn from ``rng``, one game after another without end: about one in
    ``every`` decisions (every one when ``every`` is 1, with no draw to decide), each as ``(a clone of
    the state, the index in its legal actions of the random action played from it)``."""
    while True:
        state = game.new_game(players, rng.next64(), {})
        while not state.is_over:
            legal = state.legal_actions()
            kept = every == 1 or rng.below(every) == 0
            pick = rng.below(len(legal))
            if kept:
                yield state.clone(), pick
            state.apply(legal[pick])


def random_positions(game: str, players: int, count: int, seed: int, every: int = 12) -> list[Any]:
    """``count`` states (clones) met along random games, about one in ``every`` decisions."""
    return [state for state, _ in islice(random_walk(get(game), players, Rng(seed), every), count)]
