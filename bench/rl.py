"""RL wrapper speed per game: raw engine decisions/s, AEC env steps/s, observation encodings/s.

    python bench/rl.py [--game ID] [--players N] [--games N] [--seed K]

Prints one JSON line per game::

    {"game": "skyport", "players": 2, "engine_decisions_per_s": 52000, "aec_steps_per_s": 21000,
     "aec_cost_ratio": 2.5, "encodings_per_s": 90000, "views_per_s": 70000}

``engine``: random playouts through ``legal_actions``/``apply``. ``aec``: the same games through
the PettingZoo env, each step ``env.last()`` (observation and mask) then a random legal action
from the mask. ``aec_cost_ratio`` is the AEC's time per decision over the engine's.
``encodings``: the encoder alone on views collected from those games (``views``: building those
views with ``view(seat, log=False)``). Each figure is the best of three rounds.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np

from skyhall.core.registry import available, get
from skyhall.core.rng import Rng
from skyhall.rl import aec_env, encoder


def best_rate(count: int, run: Any) -> float:
    """``count`` / the fastest of three timed calls of ``run``."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return count / best


def engine_games(game: str, players: int, seeds: list[int], keep: list[Any] | None = None) -> int:
    """Play the games at random; the number of decisions (each position cloned into ``keep`` if given)."""
    g = get(game)
    decisions = 0
    for seed in seeds:
        state = g.new_game(players, seed)
        rng = Rng(seed)
        while not state.is_over:
            if keep is not None:
                keep.append(state.clone())
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            decisions += 1
    return decisions


def aec_games(env: Any, seeds: list[int]) -> None:
    """The same kind of random games through ``env``, choosing from each observation's mask."""
    for seed in seeds:
        env.reset(seed=seed)
        rng = Rng(seed)
        for _agent in env.agent_iter():
            obs, _reward, done, truncated, _info = env.last()
            if done or truncated:
                env.step(None)
            else:
                legal = np.flatnonzero(obs["action_mask"])
                env.step(int(legal[rng.below(len(legal))]))


def measure(game: str, players: int, games: int, seed: int) -> dict[str, Any]:
    seeds = [seed + k for k in range(games)]
    states: list[Any] = []
    decisions = engine_games(game, players, seeds, states)
    engine = best_rate(decisions, lambda: engine_games(game, players, seeds))
    env = aec_env(game, players=players)
    aec = best_rate(decisions, lambda: aec_games(env, seeds))
    views = [s.view(s.to_act, log=False) for s in states]
    view_rate = best_rate(len(states), lambda: [s.view(s.to_act, log=False) for s in states])
    enc = encoder(game)
    out = np.zeros(enc.size, np.float32)
    encoding = best_rate(len(views), lambda: [enc.encode(v, out) for v in views])
    return {
        "game": game,
        "players": players,
        "decisions": decisions,
        "engine_decisions_per_s": round(engine),
        "aec_steps_per_s": round(aec),
        "aec_cost_ratio": round(engine / aec, 2),
        "encodings_per_s": round(encoding),
        "views_per_s": round(view_rate),
        "observation_size": enc.size,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(available()), help="one game (default: all)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=4, help="random games per measurement")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for game in [args.game] if args.game else sorted(available()):
        print(json.dumps(measure(game, args.players, args.games, args.seed)))


if __name__ == "__main__":
    main()
