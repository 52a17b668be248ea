"""Information-set Monte Carlo tree search: ``ismcts``, ``ismcts:N``, ``ismcts:250ms``, ``normal``, ``hard``.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012) for any number of seats:

- one tree per decision, rooted at the agent's view; each iteration samples a full state
  from that view with the agent's own stream (``game.determinize``) and walks down the tree
  along actions legal in that sample, so opponents' hidden cards and future dice differ
  from one iteration to the next and the tree averages over them;
- a node's statistics are from the point of view of the seat that chose the action leading
  to it; selection is UCB1 with *availability* counts (how often the action was legal when
  its parent was visited), as ISMCTS needs when legal sets vary between samples;
- wide decisions (Skyrise bids: hundreds of legal actions) widen progressively: a node with
  more than :data:`WIDE` legal actions gets a new child only while it has fewer than
  ``WIDEN_C * visits ** WIDEN_ALPHA``; the new child is the best by one-ply margin among
  :data:`CANDIDATES` untried actions (at the root: the next one in one-ply order);
- in the games tuned ``own_turn`` (each game's :class:`~skyhall.agents.heuristics.Search`) the tree
  covers the searching seat's own turn only: a walk that reaches another seat's decision stops there
  and scores the position;
- iterations stay cheap: at a new leaf the expanding seat's next few (``follow``) decisions of
  the same turn are completed greedily (:func:`~skyhall.agents.lookahead.settle`), then
  ``depth`` random actions are played, then the game's heuristic scores, squashed into a
  win chance per seat
  (:func:`~skyhall.agents.heuristics.win_chance`); a finished game scores 1 for the winner
  (shared by tied winners) and 0 for the others;
- the budget is a number of iterations, a time, or both (:mod:`skyhall.agents.budget`).

**Stopping early.** A budget with a time (the server's bots: ``normal``, ``hard``) stops as soon as
the most visited action leads the next one by more visits than the rest of the budget could bring
(the iterations left, or those the time left allows at the rate so far): the choice is settled, so
thinking on would only keep a player waiting. A budget of iterations alone always runs them all, so
that a seeded simulation or test plays the same games whatever the machine.

**Tree reuse.** After choosing, the agent keeps the subtree under its action. At its next
decision it reuses that subtree as the new root when the step between the two decisions
told it nothing it could not predict: in two fresh determinizations of the previous view,
playing the chosen action leads to a position where the agent acts again and that it sees
exactly as its new view (logs aside). That covers the two-step decisions of one turn
(choose a card, then place it) and excludes any draw, roll or rival's decision in between.

The agent never touches the real state (it gets a view) and never mutates the view or the
legal list it is given; its stream is its own, so thinking longer never changes the game.
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Sequence
from typing import Any

from skyhall.agents.base import register_agent, register_family
from skyhall.agents.budget import Budget, parse_budget
from skyhall.agents.heuristics import search, win_chance
from skyhall.agents.lookahead import Model, action_values, model_of, settle
from skyhall.core.rng import Rng

ITERATIONS = 1000
"""``ismcts``'s default budget."""
NORMAL = Budget(iterations=300, seconds=0.5)
HARD = Budget(iterations=5000, seconds=1.5)
"""At most 1.5 s of search, so a decision stays under 2 s on one core."""

WIDE = 12
"""Nodes with more legal actions than this widen progressively."""
WIDEN_C = 2.0
WIDEN_ALPHA = 0.5
CANDIDATES = 6
"""Untried actions scored one-ply to pick a wide node's next child."""
SETTLED_EVERY = 16
"""Iterations between two checks whether a timed search's choice is settled (see "Stopping early")."""
REUSE_CHECKS = 2
"""Determinizations that must all predict the new view for the previous subtree to be reused."""


class Node:
    """Statistics of one action sequence, from the view of the seat that chose its last action."""

    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.total = 0.0
        """Sum of the rewards of the seat that chose the action leading here."""
        self.avail = 0
        """Times this node's action was legal when its parent was visited."""


class IsmctsAgent:
    """SO-ISMCTS over determinizations of the agent's own view."""

    def __init__(self, seed: int, budget: Budget, name: str = "ismcts", depth: int | None = None) -> None:
        self.name = name
        self.budget = budget
        self.depth = depth
        """Rollout depth; ``None``: the game's (``Search.depth``)."""
        self.rng = Rng(seed)
        self.iterations = 0
        """Iterations run at the last decision (for benchmarks)."""
        self.reused = False
        """Did the last decision start from the previous decision's subtree?"""
        self._kept: tuple[Any, Any, Node] | None = None
        """The previous decision's view, chosen action and the subtree under it."""

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        if len(legal) == 1:
            self._kept = None
            self.iterations = 0
            return legal[0]
        seconds = self.budget.seconds
        deadline = None if seconds is None else time.perf_counter() + seconds
        model = model_of(view)
        root = self._reusable(model, view)
        self.reused = root is not None
        if root is None:
            root = Node()
        order = self._root_order(model, view, legal)
        self.iterations = self._search(model, view, root, order, deadline)
        best = max(
            legal,
            key=lambda a: (
                (c.visits, c.total / c.visits) if (c := root.children.get(a)) and c.visits else (0, 0.0)
            ),
        )
        child = root.children.get(best)
        self._kept = (view, best, child) if child is not None else None
        return best

    # -- search -------------------------------------------------------------------------

    def _search(
        self, model: Model, view: Any, root: Node, order: dict[Any, int], deadline: float | None
    ) -> int:
        """Iterate until the budget is spent (at least one iteration) or, for a timed budget, the choice
        is settled; how many were run."""
        limit = self.budget.iterations
        done = 0
        start = time.perf_counter()
        while done == 0 or (
            (limit is None or done < limit) and (deadline is None or time.perf_counter() < deadline)
        ):
            self._iterate(model, view, root, order)
            done += 1
            if deadline is not None and done % SETTLED_EVERY == 0:
                now = time.perf_counter()
                left = done / max(now - start, 1e-9) * (deadline - now)
                if settled(root, left if limit is None else min(left, limit - done)):
                    break
        return done

    def _iterate(self, model: Model, view: Any, root: Node, order: dict[Any, int]) -> None:
        rng = self.rng
        tuning = search(view.game)
        explore = tuning.explore
        state = model.game.determinize(view, rng)
        node = root
        root.visits += 1
        path: list[tuple[Node, int]] = []
        own = view.seat if tuning.own_turn else None
        while not state.is_over and (own is None or state.to_act == own):
            legal = state.legal_actions()
            mover = state.to_act
            children = node.children
            untried = []
            known = 0
            for action in legal:
                child = children.get(action)
                if child is None:
                    untried.append(action)
                else:
                    child.avail += 1
                    known += 1
            if untried and (len(legal) <= WIDE or known < WIDEN_C * (node.visits + 1) ** WIDEN_ALPHA):
                action = self._pick_new(model, state, untried, mover, order if node is root else None)
                child = children[action] = Node()
                child.avail = 1
                state.apply(action)
                path.append((child, mover))
                break
            log_avail = {a: math.log(c.avail) for a in legal if (c := children.get(a)) is not None}
            action = max(
                log_avail,
                key=lambda a: (
                    children[a].total / children[a].visits
                    + explore * math.sqrt(log_avail[a] / children[a].visits)
                ),
            )
            node = children[action]
            state.apply(action)
            path.append((node, mover))
        if path:
            state = settle(model, state, path[-1][1], tuning.follow)
        rewards = self._rollout(model, state, tuning.depth if self.depth is None else self.depth)
        for child, mover in path:
            child.visits += 1
            child.total += rewards[mover]

    def _pick_new(
        self, model: Model, state: Any, untried: list[Any], mover: int, order: dict[Any, int] | None
    ) -> Any:
        """The untried action to expand: next in ``order``, best of a few when wide, else random."""
        if order:
            return min(untried, key=lambda a: order.get(a, len(order)))
        rng = self.rng
        if len(untried) <= WIDE:
            return untried[rng.below(len(untried))]
        best, best_value = None, float("-inf")
        for _ in range(CANDIDATES):
            action = untried[rng.below(len(untried))]
            after = state.clone()
            after.apply(action)
            value = model.margin(after, mover)
            if value > best_value:
                best, best_value = action, value
        return best

    def _rollout(self, model: Model, state: Any, depth: int) -> tuple[float, ...]:
        """``depth`` random actions from ``state``, then each seat's win chance by the heuristic."""
        rng = self.rng
        for _ in range(depth):
            if state.is_over:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
        if state.is_over:
            winners = state.result().winners
            return tuple(1.0 / len(winners) if seat in winners else 0.0 for seat in range(state.players))
        return win_chance(model.scores(state), model.scale)

    def _root_order(self, model: Model, view: Any, legal: Sequence[Any]) -> dict[Any, int]:
        """For a wide root, the legal actions ranked by one-ply margin on one determinization."""
        if len(legal) <= WIDE:
            return {}
        values = action_values(model, view, legal, self.rng, samples=1, follow=0)
        ranked = sorted(range(len(legal)), key=lambda i: -values[i])
        return {legal[i]: rank for rank, i in enumerate(ranked)}

    # -- tree reuse ---------------------------------------------------------------------

    def _reusable(self, model: Model, view: Any) -> Node | None:
        """The previous decision's subtree if the step since then was fully predictable (see module doc)."""
        kept, self._kept = self._kept, None
        if kept is None:
            return None
        before, action, child = kept
        if before.game != view.game or before.seat != view.seat:
            return None
        now = _bare(view)
        for _ in range(REUSE_CHECKS):
            state = model.game.determinize(before, self.rng)
            state.apply(action)
            if state.to_act != view.seat or _bare(state.view(view.seat, log=False)) != now:
                return None
        return child


def settled(root: Node, left: float) -> bool:
    """Whether ``left`` more iterations (each visits one of ``root``'s children) could not change
    which child is the most visited: the leader is ahead of the next by more than that."""
    first = second = 0
    for child in root.children.values():
        if child.visits > first:
            first, second = child.visits, first
        elif child.visits > second:
            second = child.visits
    return first - second > left


def _bare(view: Any) -> Any:
    """``view`` without its log (the log is words about the same facts)."""
    return dataclasses.replace(view, log=())


def _from_argument(seed: int, argument: str) -> IsmctsAgent:
    try:
        budget = parse_budget(argument)
    except ValueError as error:
        raise ValueError(f"agent 'ismcts:{argument}': {error}") from None
    return IsmctsAgent(seed, budget, f"ismcts:{argument}")


register_agent("ismcts", lambda seed: IsmctsAgent(seed, Budget(iterations=ITERATIONS)))
register_family("ismcts", _from_argument)
register_agent("normal", lambda seed: IsmctsAgent(seed, NORMAL, "normal"))
register_agent("hard", lambda seed: IsmctsAgent(seed, HARD, "hard"))
