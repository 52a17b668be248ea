"""Agent speed per game: ISMCTS iterations per second, and the time per decision at each level.

    python bench/agents.py [--game ID] [--positions N] [--players N] [--seed K]

Positions come from seeded random playouts (2 players by default). Prints JSON lines::

    {"game": "skyport", "agent": "ismcts", "positions": 6, "decision_s": 0.31, "max_decision_s": 0.52,
     "iterations_per_s": 3240}
    {"game": "skyport", "agent": "easy", "positions": 6, "decision_s": 0.004, "max_decision_s": 0.01}

``iterations_per_s`` is given for the ISMCTS agents (iterations run over search time).
The run takes about ``positions`` × (0.6 s + the ``hard`` budget) per game: under a minute
for every game with the default of 4 positions.
"""

from __future__ import annotations

import argparse
import json

from skyhall.core.registry import available
from skyhall.sim.positions import random_positions
from skyhall.sim.speed import agent_speed

AGENTS = ("ismcts", "easy", "normal", "hard")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", help="one game id (default: every registered game)")
    parser.add_argument("--positions", type=int, default=4, help="positions per game (default 4)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--agents", default=",".join(AGENTS), help="comma-separated agent names")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    games = [args.game] if args.game else list(available())
    for game in games:
        positions = random_positions(game, args.players, args.positions, args.seed, every=15)
        for name in args.agents.split(","):
            print(json.dumps(agent_speed(game, name, positions, args.seed)), flush=True)


if __name__ == "__main__":
    main()
