"""Simulation throughput: games per second on 1 and 2 local workers and on a 2-worker loopback Dask cluster.

    python bench/sim.py [--game ID] [--games N] [--players P] [--agents a,b] [--seed K] [--no-cluster]

Prints one JSON line per setting::

    {"game": "skyport", "where": "local", "workers": 2, "games": 200, "seconds": ..., "games_per_s": ...}

Every setting plays the same games (checked: the results must be identical). The time
includes starting the worker processes but not the cluster (its startup is reported
as ``startup_s``). Short by default: 120 random games per setting.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from skyhall.sim.cluster import loopback
from skyhall.sim.parallel import batch_size, executor_for, play_all, tasks
from skyhall.sim.runner import Run, jobs, seated


def timed(run: Run, games: int, workers: int, cluster: str | None) -> tuple[float, list[Any]]:
    """Seconds to play ``games`` games of ``run``, and their results."""
    start = time.perf_counter()
    with executor_for(workers, cluster) as (executor, count):
        work = tasks(run, jobs(run, games), batch_size(games, count))
        out = [o.result.scores for _, ready in play_all(work, executor, count) for o in ready]
    return time.perf_counter() - start, out


def report(run: Run, where: str, workers: int, seconds: float, games: int, **extra: float) -> None:
    line = {
        "game": run.game,
        "where": where,
        "workers": workers,
        "games": games,
        "seconds": round(seconds, 3),
    }
    print(json.dumps(line | {"games_per_s": round(games / seconds, 1)} | extra))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="skyport")
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--agents", default="random")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-cluster", action="store_true", help="skip the Dask cluster")
    args = parser.parse_args()
    names = args.agents.split(",")
    agents = tuple(names * args.players if len(names) == 1 else names)
    run = Run(args.game, agents, args.seed, seated(args.game, None))

    reference = None
    for workers in (1, 2):
        seconds, out = timed(run, args.games, workers, None)
        assert reference is None or out == reference, "results differ between worker counts"
        reference = out
        report(run, "local", workers, seconds, args.games)
    if not args.no_cluster:
        start = time.perf_counter()
        with loopback(workers=2) as address:
            startup = time.perf_counter() - start
            seconds, out = timed(run, args.games, 1, address)
        assert out == reference, "the cluster's results differ from the local ones"
        report(run, "dask-loopback", 2, seconds, args.games, startup_s=round(startup, 2))


if __name__ == "__main__":
    main()
