"""Strength of one agent against another: 2-player games with seats swapped on paired deals.

    python bench/strength.py --game skyport --a ismcts --b greedy --games 200 --seed 1 --workers 2
    python bench/strength.py --a ismcts --b random,greedy      # every game, two pairings each
    python bench/strength.py --game skyrise --b greedy --log games.jsonl   # one line per game; resumes

Prints one JSON line per (game, pairing)::

    {"game": "skyport", "a": "ismcts", "b": "greedy", "games": 200, "wins": 141, "draws": 2,
     "losses": 57, "win_rate": 0.71, "wilson95": [0.643, 0.768], "mean_margin": 6.3,
     "decision_s": {"ismcts": 0.41, "greedy": 0.003}, "max_decision_s": {...}, "seconds": 812.4}

``win_rate`` counts a draw (shared first place) as half a win; the interval is the 95%
Wilson score interval of that rate; ``mean_margin`` is ``a``'s final score less ``b``'s, averaged
over the games (a steadier sign of strength than wins over few games). Games follow
:func:`skyhall.sim.runner.schedule`, so ``a`` and ``b`` play both seats of every deal, with the agents
seeded as :func:`skyhall.sim.runner.play_job` seeds them. ``decision_s`` is each agent's mean time
per decision (wall clock, one process each).

With ``--log FILE`` every finished game is appended to ``FILE`` as it ends (pairing, deal, seat order,
each agent's share of the win, final score and thinking time), and games already there are not played again:
a long protocol run can stop and resume, and a part of it is still a measurement.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from skyhall.agents import Agent, make_agent
from skyhall.core.registry import available
from skyhall.sim.intervals import wilson
from skyhall.sim.runner import play_game, schedule


class Timed:
    """An agent that adds up the time its decisions take."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.seconds = 0.0
        self.longest = 0.0
        self.decisions = 0

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        start = time.perf_counter()
        action = self.agent.choose(view, legal)
        spent = time.perf_counter() - start
        self.seconds += spent
        self.longest = max(self.longest, spent)
        self.decisions += 1
        return action


def one_game(game: str, names: tuple[str, str], deal: int, order: tuple[int, ...]) -> dict[str, Any]:
    """Play one deal with agent ``names[order[seat]]`` in each seat; who won and how long each thought."""
    timed = [Timed(make_agent(names[k], deal ^ (k + 1) * 0x9E3779B1)) for k in order]
    outcome = play_game(game, timed, deal)
    winners = outcome.result.winners
    share = [0.0, 0.0]
    for seat in winners:
        share[order[seat]] += 1.0 / len(winners)
    return {
        "share": share,
        "scores": [next(outcome.result.scores[s] for s, k in enumerate(order) if k == i) for i in (0, 1)],
        "seconds": [sum(t.seconds for t, k in zip(timed, order, strict=True) if k == i) for i in (0, 1)],
        "decisions": [sum(t.decisions for t, k in zip(timed, order, strict=True) if k == i) for i in (0, 1)],
        "longest": [max(t.longest for t, k in zip(timed, order, strict=True) if k == i) for i in (0, 1)],
    }


def logged(log: str | None) -> dict[tuple[Any, ...], dict[str, Any]]:
    """The games already in ``log``, by (game, a, b, deal, order)."""
    found: dict[tuple[Any, ...], dict[str, Any]] = {}
    try:
        with open(log or "", encoding="utf-8") as lines:
            for line in lines:
                if line.strip():
                    r = json.loads(line)
                    found[(r["game"], r["a"], r["b"], r["deal"], tuple(r["order"]))] = r
    except FileNotFoundError:
        pass
    return found


def pairing(
    game: str, a: str, b: str, games: int, seed: int, pool: ProcessPoolExecutor | None, log: str | None
) -> dict[str, Any]:
    start = time.perf_counter()
    done = logged(log)
    jobs = [(game, (a, b), deal, order) for deal, order in schedule((a, b), games, seed)]
    todo = [job for job in jobs if (game, a, b, job[2], job[3]) not in done]
    fresh: Iterator[dict[str, Any]] = (
        pool.map(one_game, *zip(*todo, strict=True)) if pool and todo else (one_game(*job) for job in todo)
    )
    for job, r in zip(todo, fresh, strict=True):
        done[(game, a, b, job[2], job[3])] = r
        if log:
            with open(log, "a", encoding="utf-8") as out:
                entry = {"game": game, "a": a, "b": b, "deal": job[2], "order": job[3], **r}
                out.write(json.dumps(entry) + "\n")
    results = [done[(game, a, b, job[2], job[3])] for job in jobs]
    wins = sum(1 for r in results if r["share"][0] == 1.0)
    losses = sum(1 for r in results if r["share"][0] == 0.0)
    score = sum(r["share"][0] for r in results)
    scored = [r["scores"] for r in results if "scores" in r]  # logs from before scores were kept lack them
    low, high = wilson(score, games)
    names = (a, b) if a != b else (a, f"{b} (second)")

    def per_agent(reduce: Any) -> dict[str, float]:
        return {names[i]: round(reduce(i), 4) for i in (0, 1)}

    return {
        "game": game,
        "a": a,
        "b": b,
        "games": games,
        "wins": wins,
        "draws": games - wins - losses,
        "losses": losses,
        "win_rate": round(score / games, 4),
        "wilson95": [round(low, 4), round(high, 4)],
        "mean_margin": round(sum(x - y for x, y in scored) / len(scored), 2) if scored else None,
        "decision_s": per_agent(
            lambda i: sum(r["seconds"][i] for r in results) / max(1, sum(r["decisions"][i] for r in results)),
        ),
        "max_decision_s": per_agent(lambda i: max(r["longest"][i] for r in results)),
        "seconds": round(time.perf_counter() - start, 1),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", help="one game id (default: every registered game)")
    parser.add_argument("--a", default="ismcts", help="the agent measured (default ismcts)")
    parser.add_argument("--b", default="random,greedy", help="its opponents, comma-separated")
    parser.add_argument("--games", type=int, default=200, help="games per pairing (even: seats swap)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1: no pool)")
    parser.add_argument("--log", help="append each game to this JSON-lines file; skip games it holds")
    args = parser.parse_args(argv)
    games = [args.game] if args.game else list(available())
    make_agent(args.a, 0)  # fail early on a bad name
    opponents = args.b.split(",")
    for name in opponents:
        make_agent(name, 0)
    pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    try:
        for game in games:
            for b in opponents:
                print(json.dumps(pairing(game, args.a, b, args.games, args.seed, pool, args.log)), flush=True)
    finally:
        if pool is not None:
            pool.shutdown()


if __name__ == "__main__":
    main()
