"""Per-game position evaluations shared by the greedy and ISMCTS agents.

Each game has a module here named after its package (``skyport``, ``airport_rush``,
``skyrise``) with a function ``scores(state) -> tuple[float, ...]``: every seat's
*projected final score*, i.e. the points it holds now plus an estimate of what its
position is still worth (found by :func:`scorer`).

It reads a full state, which for an agent is always a determinization of its own
view, never the true state. Agents judge a position by :func:`margin`, a seat's
projected score less its best rival's (higher is better for that seat; see
:class:`skyhall.agents.lookahead.Model`). ``SCALE`` in each module is a typical winning
margin in points; :func:`win_chance` squashes a margin with it into ``(0, 1)`` for ISMCTS.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from skyhall.core.registry import per_game

Scores = Callable[[Any], tuple[float, ...]]
"""``scores(state)``: each seat's projected final score."""

V = TypeVar("V")

WINNER_BONUS = 0.5
"""Added to the final score of each seat ranked first, so tie-breaks count in a finished game."""


def _module(game_id: str) -> Any:
    return per_game(__name__, game_id)


def scorer(game_id: str) -> Scores:
    """The ``scores`` function of ``game_id`` (``skyport``, ``airport-rush``, ``skyrise``)."""
    return _module(game_id).scores  # type: ignore[no-any-return]


def scale(game_id: str) -> float:
    """A typical winning margin of ``game_id``, in points."""
    return float(_module(game_id).SCALE)


@dataclass(frozen=True)
class Search:
    """How ISMCTS (:mod:`skyhall.agents.ismcts`) is tuned for a game: ``SEARCH`` in each module here,
    beside the evaluation it scores leaves with, and measured with it."""

    explore: float = 0.7
    """UCB1's exploration constant (rewards are win chances in ``[0, 1]``)."""
    depth: int = 0
    """Random actions played at a new leaf (after ``follow``), before the heuristic scores it."""
    follow: int = 2
    """Decisions of the expanding seat completed greedily at a new leaf, before the random ones."""
    own_turn: bool = False
    """The tree stops where the searching seat's turn ends (the position is then scored)."""


def search(game_id: str) -> Search:
    """ISMCTS's tuning for ``game_id``."""
    found: Search = _module(game_id).SEARCH
    return found


def margin(scores: Sequence[float], seat: int) -> float:
    """``scores[seat]`` minus the best other score."""
    return scores[seat] - max(x for i, x in enumerate(scores) if i != seat)


def win_chance(scores: Sequence[float], points: float) -> tuple[float, ...]:
    """Per seat, a logistic squash of its margin over its best rival, ``points`` being one unit of it."""
    return tuple(1.0 / (1.0 + math.exp(-margin(scores, seat) / points)) for seat in range(len(scores)))


def final_scores(state: Any) -> tuple[float, ...]:
    """The real scores of a finished game, with :data:`WINNER_BONUS` for the winner(s)."""
    result = state.result()
    return tuple(
        score + (WINNER_BONUS if rank == 1 else 0.0)
        for score, rank in zip(result.scores, result.ranks, strict=True)
    )


class Memo(Generic[V]):
    """Results of a pure, costly computation by key; forgets everything once ``size`` are held.

    Search revisits the same cities and planes again and again, so exact but slow parts of an
    evaluation (Skyrise Panoramas, Airport Rush objective assignments) are worth remembering.
    """

    def __init__(self, size: int = 1 << 16) -> None:
        self.size = size
        self._found: dict[Hashable, V] = {}

    def get(self, key: Hashable, compute: Callable[[], V]) -> V:
        found = self._found
        if key in found:
            return found[key]
        if len(found) >= self.size:
            found.clear()
        value = found[key] = compute()
        return value
