"""How fast the engine and the bots run on this machine: what ``skyhall bench`` and ``bench/`` print.

Two measurements, both in one process on one core:

- :func:`engine_speed`: seeded random playouts (``legal_actions()`` + ``apply()`` + a random
  pick per decision) for a few seconds, and the cost of one ``clone()`` over that of one
  decision step on the same positions. Search agents clone at every node, so that ratio
  should stay near or below one.
- :func:`agent_speed`: an agent's time per decision over positions of random games, and for
  ISMCTS agents the iterations it runs per second.

Timings are wall clock, so a busy machine reads slower; compare figures from one run.
"""

from __future__ import annotations

import time
from itertools import islice
from typing import Any

from skyhall.agents import make_agent
from skyhall.agents.ismcts import IsmctsAgent
from skyhall.core.registry import Game
from skyhall.core.rng import Rng
from skyhall.sim.positions import random_walk

SAMPLE_POSITIONS = 2000
"""Positions on which clone and step are compared."""


def playouts(game: Game, players: int, seconds: float, rng: Rng) -> tuple[int, int, float]:
    """Random games until ``seconds`` have passed: ``(games, decisions, elapsed seconds)``."""
    games = decisions = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        state = game.new_game(players, rng.next64(), {})
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            decisions += 1
        games += 1
        elapsed = time.perf_counter() - start
    return games, decisions, elapsed


def clone_over_step(sample: list[tuple[Any, int]], rounds: int) -> float:
    """Best-of-``rounds`` time of cloning every sampled position over that of one step from each."""
    best_clone = best_step = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for state, _pick in sample:
            state.clone()
        best_clone = min(best_clone, time.perf_counter() - start)

        fresh = [(state.clone(), pick) for state, pick in sample]  # untimed: the step mutates
        start = time.perf_counter()
        for state, pick in fresh:
            state.apply(state.legal_actions()[pick])
        best_step = min(best_step, time.perf_counter() - start)
    return best_clone / best_step


def engine_speed(game: Game, players: int, seconds: float, seed: int) -> dict[str, Any]:
    """Decisions and games per second of random playouts, and ``clone_over_step``, in ``seconds``."""
    game.spec.check_players(players)
    rng = Rng(seed)
    games, decisions, elapsed = playouts(game, players, seconds * 0.8, rng)
    sample = list(islice(random_walk(game, players, rng), SAMPLE_POSITIONS))
    ratio = clone_over_step(sample, rounds=max(3, int(seconds * 2)))
    return {
        "game": game.id,
        "players": players,
        "decisions_per_s": round(decisions / elapsed),
        "games_per_s": round(games / elapsed, 2),
        "decisions_per_game": round(decisions / games, 1),
        "clone_over_step": round(ratio, 3),
    }


def agent_speed(game_id: str, name: str, positions: list[Any], seed: int) -> dict[str, Any]:
    """Agent ``name``'s mean and longest time per decision over ``positions`` (states whose seat to
    act decides), and for an ISMCTS agent its iterations per second of search."""
    agent = make_agent(name, seed)
    times = []
    iterations = 0
    for state in positions:
        view = state.view(state.to_act, log=False)
        start = time.perf_counter()
        agent.choose(view, state.legal_actions())
        times.append(time.perf_counter() - start)
        if isinstance(agent, IsmctsAgent):
            iterations += agent.iterations
    line: dict[str, Any] = {
        "game": game_id,
        "agent": name,
        "positions": len(positions),
        "decision_s": round(sum(times) / len(times), 4),
        "max_decision_s": round(max(times), 4),
    }
    if isinstance(agent, IsmctsAgent):
        line["iterations_per_s"] = round(iterations / sum(times))
    return line
