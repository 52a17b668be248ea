"""Positions from seeded random playouts of every game, for agent tests."""

from __future__ import annotations

from typing import Any

from skyhall.sim.positions import random_positions

GAMES = ("skyport", "airport-rush", "skyrise")


def positions(game: str, players: int, count: int, seed: int = 1) -> list[Any]:
    """``count`` states (clones) met along random games, spread over whole games."""
    return random_positions(game, players, count, seed, every=12)
