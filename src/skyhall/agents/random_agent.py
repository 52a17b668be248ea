"""Uniformly random play: the baseline every other agent must beat."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from skyhall.agents.base import register_agent
from skyhall.core.rng import Rng


class RandomAgent:
    """Picks a legal action uniformly at random from its own seeded stream."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        return legal[self.rng.below(len(legal))]


register_agent("random", RandomAgent)
