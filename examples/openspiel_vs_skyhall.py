"""OpenSpiel's own ISMCTS bot against a Skyhall agent, on a Skyhall game registered with OpenSpiel.

    python examples/openspiel_vs_skyhall.py [--game skyrise] [--games 2] [--simulations 40] [--agent greedy]

The OpenSpiel bot (``open_spiel.python.algorithms.ismcts.ISMCTSBot`` with random
rollouts) searches over states it samples with ``resample_from_infostate``, that is
from its own view through ``game.determinize``; the Skyhall agent gets only its
view and legal choices. Seats alternate between games. Prints each result and the
bot's score.
"""

from __future__ import annotations

import argparse

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from skyhall.agents import agent_names, make_agent
from skyhall.rl import openspiel


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="skyrise")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--simulations", type=int, default=40, help="ISMCTS simulations per decision")
    parser.add_argument("--agent", default="greedy" if "greedy" in agent_names() else "random")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    game = openspiel.load(args.game, players=2, reward="win", seed=args.seed)
    codec = game.engine.codec
    rng = np.random.RandomState(args.seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=args.simulations, random_state=rng)
    score = 0.0
    for k in range(args.games):
        bot_seat = k % 2
        agent = make_agent(args.agent, args.seed + k)
        state = game.new_initial_state()
        while not state.is_terminal():
            seat = state.current_player()
            if seat == bot_seat:
                action = bot.step(state)
            else:
                engine = state.engine_state
                view = engine.view(seat, log=False)
                action = codec.encode(agent.choose(view, engine.legal_actions()))
            state.apply_action(action)
        result = state.returns()[bot_seat]
        score += result
        outcome = {1.0: "won", 0.0: "drew", -1.0: "lost"}[result]
        print(f"game {k + 1}: OpenSpiel ISMCTS (seat {bot_seat}) {outcome} against Skyhall {args.agent}")
    print(f"ISMCTS score {score:+.0f} over {args.games} games of {args.game}")


if __name__ == "__main__":
    main()
