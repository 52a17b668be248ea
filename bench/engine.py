"""Engine speed per registered game: random playouts, and the cost of ``clone()`` against one decision.

    python bench/engine.py [--game ID] [--seconds S] [--players N] [--seed K]

Prints one JSON line per game::

    {"game": "skyport", "players": 3, "decisions_per_s": ..., "games_per_s": ...,
     "decisions_per_game": ..., "clone_over_step": ...}

``decisions_per_s`` counts ``legal_actions()`` + ``apply()`` + the random pick, in full
playouts; ``games_per_s`` includes setting each game up. ``clone_over_step`` is the mean
time of one ``clone()`` over the mean time of one decision step (``legal_actions()`` +
``apply()``), both timed on the same sample of positions in the same run. Search agents
clone at every node, so it should stay near or below one step.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from skyhall.core.registry import Game, available, get
from skyhall.core.rng import Rng

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


def sample_positions(game: Game, players: int, rng: Rng) -> list[tuple[Any, int]]:
    """Positions of random games with the index of the action to play in each."""
    sample: list[tuple[Any, int]] = []
    while len(sample) < SAMPLE_POSITIONS:
        state = game.new_game(players, rng.next64(), {})
        while not state.is_over and len(sample) < SAMPLE_POSITIONS:
            legal = state.legal_actions()
            pick = rng.below(len(legal))
            sample.append((state.clone(), pick))
            state.apply(legal[pick])
    return sample


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


def bench(game: Game, players: int, seconds: float, seed: int) -> dict[str, Any]:
    rng = Rng(seed)
    games, decisions, elapsed = playouts(game, players, seconds * 0.8, rng)
    ratio = clone_over_step(sample_positions(game, players, rng), rounds=max(3, int(seconds * 2)))
    return {
        "game": game.id,
        "players": players,
        "decisions_per_s": round(decisions / elapsed),
        "games_per_s": round(games / elapsed, 2),
        "decisions_per_game": round(decisions / games, 1),
        "clone_over_step": round(ratio, 3),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", help="one game id (default: every registered game)")
    parser.add_argument("--seconds", type=float, default=5.0, help="time spent per game (default 5)")
    parser.add_argument("--players", type=int, help="player count (default: the middle of the range)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    games = [get(args.game)] if args.game else list(available().values())
    for game in games:
        spec = game.spec
        players = args.players or (spec.min_players + spec.max_players) // 2
        spec.check_players(players)
        print(json.dumps(bench(game, players, args.seconds, args.seed)), flush=True)


if __name__ == "__main__":
    main()
