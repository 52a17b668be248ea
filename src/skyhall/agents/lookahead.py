"""What search agents know about a game, and one-ply lookahead over determinizations.

An agent holds only its seat's view. To look ahead it samples full states that agree
with that view (``game.determinize(view, rng)`` with the agent's own stream), plays a
candidate action on a copy, and scores the result with the game's heuristic
(:mod:`skyhall.agents.heuristics`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from skyhall.agents import heuristics
from skyhall.core.registry import Game, get
from skyhall.core.rng import Rng


@dataclass(frozen=True)
class Model:
    """A game as a search agent sees it: how to sample states, and how to score them."""

    game: Game
    scores: heuristics.Scores
    scale: float
    """A typical winning margin in points (the unit of :func:`heuristics.win_chance`)."""

    def margin(self, state: Any, seat: int) -> float:
        return heuristics.margin(self.scores(state), seat)


FOLLOW_WIDTH = 16
"""Widest follow-up decision :func:`settle` completes."""

_MODELS: dict[str, Model] = {}


def model_of(view: Any) -> Model:
    """The :class:`Model` of the game ``view`` belongs to (``view.game``)."""
    found = _MODELS.get(view.game)
    if found is None:
        found = _MODELS[view.game] = Model(
            get(view.game), heuristics.scorer(view.game), heuristics.scale(view.game)
        )
    return found


def unit(rng: Rng) -> float:
    """A uniform float in ``[0, 1)`` from ``rng``."""
    return (rng.next64() >> 11) / float(1 << 53)


def action_values(
    model: Model, view: Any, legal: Sequence[Any], rng: Rng, samples: int, follow: int
) -> list[float]:
    """Mean projected margin of ``view.seat`` after each action, over ``samples`` determinizations.

    Every action is tried on the same sampled states (so differences between actions are
    not drowned by differences between samples); see :func:`settle` for ``follow``.
    """
    seat = view.seat
    totals = [0.0] * len(legal)
    for _ in range(samples):
        base = model.game.determinize(view, rng)
        for i, action in enumerate(legal):
            state = base.clone()
            state.apply(action)
            totals[i] += model.margin(settle(model, state, seat, follow), seat)
    return [t / samples for t in totals]


def settle(model: Model, state: Any, seat: int, follow: int) -> Any:
    """``state`` after up to ``follow`` more decisions of ``seat``, each the best by one-ply margin.

    A turn is a chain of small decisions (choose a card, then place it…); scoring a
    position in the middle of the chain would undervalue a choice whose worth only shows
    once the rest of the turn is done. A decision wider than :data:`FOLLOW_WIDTH` (a new
    Skyrise auction to open) is a turn of its own and is not followed.
    """
    for _ in range(follow):
        if state.is_over or state.to_act != seat or len(state.legal_actions()) > FOLLOW_WIDTH:
            break
        state = best_next(model, state, seat)
    return state


def best_next(model: Model, state: Any, seat: int) -> Any:
    """The state after the one action of ``state``'s decision that gives ``seat`` the best margin."""
    best, best_value = state, float("-inf")
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        value = model.margin(after, seat)
        if value > best_value:
            best, best_value = after, value
    return best
