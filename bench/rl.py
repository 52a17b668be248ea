"""RL wrapper speed per game: raw engine decisions/s, AEC env steps/s, observation encodings/s.

    python bench/rl.py [--game ID] [--players N] [--games N] [--seed K]

Prints one JSON line per game::

    {"game": "skyport", "players": 2, "engine_decisions_per_s": 52000, "aec_steps_per_s": 21000,
     "aec_cost_ratio": 2.5, "encodings_per_s": 90000, "encodings_live_per_s": 50000,
     "views_per_s": 70000, "step_us": {"legal": 4.1, "apply": 15.0, ...}}

``engine``: random playouts through ``legal_actions``/``apply``. ``aec``: the very same games
(same seeds, same choices) through the PettingZoo env, each step ``env.last()`` (observation and mask)
then the same random pick from the deciding agent's ``info["legal_actions"]`` (the legal indices in
the engine's order). ``aec_cost_ratio`` is the AEC loop's time over the engine loop's: both make the
same decisions and the same picks, so the ratio is what the environment adds.
``encodings``: the encoder alone on views collected from those games, encoded again and again
(its caches warm: the rate of a replay buffer re-encoding views); ``encodings_live``: each view
encoded once as its game goes, which is what an environment step pays. ``views``: building the
views with ``view(seat, log=False)``. ``step_us`` splits one decision of live play into its parts
(µs), over the same games: the ``engine``'s (``legal_actions`` and ``apply``), then what the AEC adds:
``view``, ``encode``, ``mask``, the random policy's ``choose`` (a pick from the legal indices) and
``env_other`` (the rest of an AEC step: PettingZoo's bookkeeping, the action check, a fresh
observation buffer), which is the AEC loop's time less that of the same games played straight
through a table (:func:`table_games`), both CPU time, so the parts' own timing error stays out of it.
``encode_unchanged_us`` is what encoding a view costs when nothing has changed since the
observer's last one (each view encoded twice in a row, less once): the encoder's fixed cost.
``mask_pick_us`` is what a policy that finds the legal indices in the mask instead
(:func:`skyhall.rl.legal_indices`) pays more per decision. ``gym_steps_per_s``: the learner's steps
through ``gym_env`` (seat 0 against ``random``, whose own decisions are inside each step);
``openspiel_steps_per_s``: steps through OpenSpiel's ``rl_environment`` (which reads every seat's
observation tensor at every step), one game per seed.
Times are this process's CPU time (the machine may be shared), each figure the best of three rounds.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np

from skyhall.core.registry import available, get
from skyhall.core.rng import Rng
from skyhall.rl import aec_env, encoder, gym_env, legal_indices
from skyhall.rl.table import Table


def best_rate(count: int, run: Any) -> float:
    """``count`` / the fastest of three timed calls of ``run`` (CPU time of this process)."""
    return best_rates(count, run)[0]


def best_rates(count: int, *runs: Any, rounds: int = 3) -> list[float]:
    """``count`` / the fastest of ``rounds`` timed calls of each of ``runs`` (CPU time of this
    process), the runs taking turns in each round, so that the machine's slow spells hit them alike."""
    best = [float("inf")] * len(runs)
    for _ in range(rounds):
        for k, run in enumerate(runs):
            start = time.process_time()
            run()
            best[k] = min(best[k], time.process_time() - start)
    return [count / b for b in best]


PARTS = ("engine", "view", "encode", "mask", "choose")


def live_parts(game: str, players: int, seeds: list[int]) -> tuple[dict[str, float], int]:
    """CPU nanoseconds spent in each of :data:`PARTS` and the number of decisions, over the random
    games every loop here plays, each position's view built and encoded once (as an AEC step does).
    ``engine`` is ``legal_actions`` and ``apply`` (which works out the next position's legal set).
    The parts are timed on the wall clock, then scaled to the whole run's CPU time (other jobs' share
    taken out)."""
    table = Table(game, players, None, "margin")
    out = np.zeros(table.encoder.size, np.float32)
    spent = dict.fromkeys(PARTS, 0.0)
    decisions = 0
    clock = time.perf_counter_ns
    wall, cpu = clock(), time.process_time_ns()
    for seed in seeds:
        table.reset(Rng(seed).next64())  # the game ``env.reset(seed=seed)`` starts
        state = table.state
        rng = Rng(seed)
        while not state.is_over:
            t0 = clock()
            state.legal_actions()
            t1 = clock()
            view = state.view(state.to_act, log=False)
            t2 = clock()
            table.encoder.encode(view, out)
            t3 = clock()
            table.mask()
            t4 = clock()
            legal = table.legal()
            index = legal[rng.below(len(legal))]
            t5 = clock()
            state.apply(table.codec.decode(index))
            t6 = clock()
            for part, ns in zip(PARTS, (t1 - t0 + t6 - t5, t2 - t1, t3 - t2, t4 - t3, t5 - t4), strict=True):
                spent[part] += ns
            decisions += 1
    share = (time.process_time_ns() - cpu) / (clock() - wall)
    return {part: ns * share for part, ns in spent.items()}, decisions


def best_parts(game: str, players: int, seeds: list[int]) -> dict[str, float]:
    """Each part's µs per decision, the least of three rounds."""
    rounds = [live_parts(game, players, seeds) for _ in range(3)]
    return {part: round(min(r[part] / n for r, n in rounds) / 1000, 2) for part in PARTS}


def engine_games(game: str, players: int, seeds: list[int], keep: list[Any] | None = None) -> int:
    """Play the games at random (each ``seed``'s game is the one ``env.reset(seed=seed)`` starts);
    the number of decisions (each position cloned into ``keep`` if given)."""
    g = get(game)
    decisions = 0
    for seed in seeds:
        state = g.new_game(players, Rng(seed).next64())
        rng = Rng(seed)
        while not state.is_over:
            if keep is not None:
                keep.append(state.clone())
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            decisions += 1
    return decisions


def table_games(table: Table, seeds: list[int], out: Any) -> int:
    """The games :func:`aec_games` plays, straight through ``table`` (the parts of
    :func:`live_parts`, untimed); the number of decisions."""
    decisions = 0
    for seed in seeds:
        table.reset(Rng(seed).next64())
        state = table.state
        rng = Rng(seed)
        while not state.is_over:
            state.legal_actions()
            table.encoder.encode(state.view(state.to_act, log=False), out)
            table.mask()
            legal = table.legal()
            state.apply(table.codec.decode(legal[rng.below(len(legal))]))
            decisions += 1
    return decisions


def aec_games(env: Any, seeds: list[int]) -> int:
    """The same random games through ``env``, each pick from the deciding agent's legal indices;
    the number of decisions."""
    decisions = 0
    for seed in seeds:
        env.reset(seed=seed)
        rng = Rng(seed)
        for _agent in env.agent_iter():
            _obs, _reward, done, truncated, info = env.last()
            if done or truncated:
                env.step(None)
            else:
                legal = info["legal_actions"]
                env.step(legal[rng.below(len(legal))])
                decisions += 1
    return decisions


def gym_games(game: str, players: int, seeds: list[int]) -> int:
    """The learner's steps over one ``gym_env`` game per seed (seat 0, ``random`` opponents, each pick
    uniform among ``info["legal_actions"]``)."""
    env = gym_env(game, players=players, opponents=["random"])
    steps = 0
    for seed in seeds:
        _obs, info = env.reset(seed=seed)
        rng = Rng(seed)
        done = False
        while not done:
            legal = info["legal_actions"]
            _obs, _reward, done, _truncated, info = env.step(legal[rng.below(len(legal))])
            steps += 1
    return steps


def openspiel_games(game: str, players: int, seeds: list[int]) -> int:
    """The steps of one game per seed through OpenSpiel's ``rl_environment`` (every seat's observation
    tensor each step, as it gives them), each pick uniform among the legal actions."""
    from open_spiel.python import rl_environment

    from skyhall.rl import openspiel

    steps = 0
    for seed in seeds:
        env = rl_environment.Environment(openspiel.load(game, players=players, seed=seed))
        rng = Rng(seed)
        step = env.reset()
        while not step.last():
            legal = step.observations["legal_actions"][step.observations["current_player"]]
            step = env.step([legal[rng.below(len(legal))]])
            steps += 1
    return steps


def measure(game: str, players: int, games: int, seed: int) -> dict[str, Any]:
    seeds = [seed + k for k in range(games)]
    states: list[Any] = []
    decisions = engine_games(game, players, seeds, states)
    env = aec_env(game, players=players)
    if aec_games(env, seeds) != decisions:
        raise AssertionError("the AEC loop played other games than the engine loop")
    engine, aec = best_rates(
        decisions, lambda: engine_games(game, players, seeds), lambda: aec_games(env, seeds), rounds=5
    )
    views = [s.view(s.to_act, log=False) for s in states]
    view_rate = best_rate(len(states), lambda: [s.view(s.to_act, log=False) for s in states])
    enc = encoder(game)
    out = np.zeros(enc.size, np.float32)
    encoding, twice = best_rates(
        len(views),
        lambda: [enc.encode(v, out) for v in views],
        lambda: [(enc.encode(v, out), enc.encode(v, out)) for v in views],
    )
    parts = best_parts(game, players, seeds)
    table = Table(game, players, None, "margin")
    buffer = np.zeros(table.encoder.size, np.float32)
    straight = best_rate(table_games(table, seeds, buffer), lambda: table_games(table, seeds, buffer))
    parts["env_other"] = round(1e6 / aec - 1e6 / straight, 2)
    masks = []
    for state in states:
        table.state = state
        masks.append(table.mask())
    picks = best_rate(len(masks), lambda: [legal_indices(m) for m in masks])
    return {
        "game": game,
        "players": players,
        "decisions": decisions,
        "engine_decisions_per_s": round(engine),
        "aec_steps_per_s": round(aec),
        "aec_cost_ratio": round(engine / aec, 2),
        "encodings_per_s": round(encoding),
        "encode_unchanged_us": round(1e6 / twice - 1e6 / encoding, 2),
        "encodings_live_per_s": round(1e6 / parts["encode"]),
        "views_per_s": round(view_rate),
        "observation_size": enc.size,
        "step_us": parts,
        "mask_pick_us": round(1e6 / picks, 2),
        "gym_steps_per_s": round(
            best_rate(gym_games(game, players, seeds), lambda: gym_games(game, players, seeds))
        ),
        "openspiel_steps_per_s": round(
            best_rate(openspiel_games(game, players, seeds), lambda: openspiel_games(game, players, seeds))
        ),
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
