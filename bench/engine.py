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

from skyhall.core.registry import available, get
from skyhall.sim.speed import engine_speed


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
        print(json.dumps(engine_speed(game, players, args.seconds, args.seed)), flush=True)


if __name__ == "__main__":
    main()
