"""One-ply lookahead with a per-game evaluation: ``greedy``, and ``easy`` (greedy with noise).

For each legal action the agent samples a few full states from its view, plays the action,
completes the rest of its own turn greedily (:func:`~skyhall.agents.lookahead.settle`) and
takes the action with the best mean projected margin over its best rival. Ties go to a random
one of the best, drawn from the agent's own stream, so a seed fixes every choice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from skyhall.agents.base import register_agent
from skyhall.agents.lookahead import action_values, model_of, unit
from skyhall.core.rng import Rng

SAMPLES = 2
"""Determinizations each action is scored on."""
FOLLOW = 3
"""Further decisions of the agent's own turn completed greedily before scoring."""
EASY_NOISE = 0.75
"""``easy``: uniform noise of this many winning margins (the game's ``SCALE``) added to each value."""


class GreedyAgent:
    """Best action by one-ply lookahead; ``noise`` (in winning margins) blurs its judgement."""

    def __init__(
        self,
        seed: int,
        name: str = "greedy",
        noise: float = 0.0,
        samples: int = SAMPLES,
        follow: int = FOLLOW,
    ) -> None:
        self.name = name
        self.rng = Rng(seed)
        self.noise = noise
        self.samples = samples
        self.follow = follow

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        model = model_of(view)
        values = action_values(model, view, legal, self.rng, self.samples, self.follow)
        if self.noise:
            values = [v + (2 * unit(self.rng) - 1) * self.noise * model.scale for v in values]
        top = max(values)
        best = [i for i, v in enumerate(values) if v == top]
        return legal[best[self.rng.below(len(best))]]


register_agent("greedy", GreedyAgent)
register_agent("easy", lambda seed: GreedyAgent(seed, "easy", noise=EASY_NOISE, samples=1, follow=1))
