"""Train a small masked policy on one game with REINFORCE (numpy only), then test it.

    python examples/train_policy.py [--game airport-rush] [--episodes 400] [--eval 100] [--quick]

The policy is the smallest that learns here: one preference per action of the game's codec, with a
softmax over the legal ones only (the mask), so a step costs as much as the legal count, not the
codec's thousands of actions. It does not read the observation: a policy that does (a network over
``obs``) is the next step, and this example shows the loop around it. It plays seat 0 of a two-player
``gym_env`` against ``random``, rewarded at the end with the score margin (scaled down: the win/loss
reward alone teaches it nothing in a few hundred games), learning with a running-mean baseline.
Then it plays ``--eval`` games against each of ``--against`` (``random`` and ``greedy``) and prints
win rates on the very same deals, each with a 95 % Wilson interval: the trained policy as it was
trained (sampling its softmax) and always taking its most preferred action; the untrained policy (a
uniform pick among the legal actions), against which the first is the fair comparison (both sample);
and two fixed rules that learn nothing, the first and the last legal action in codec order, which
show how much of a gap a mere fixed ordering of the actions already makes.
The default run takes about twenty minutes, most of it the games against ``greedy`` (which every
player here loses: preferences alone cannot see the table); ``--quick`` is a smoke test of a few
seconds.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from skyhall.rl import gym_env, legal_indices
from skyhall.sim.intervals import wilson

MARGIN_SCALE = 30.0
"""Score margins are tens of points; scaled to about -1..1 they keep the steps of one size."""


class PreferencePolicy:
    """A softmax over the legal actions' preferences ``b[a]``."""

    def __init__(self, actions: int, rng: np.random.Generator) -> None:
        self.b = np.zeros(actions, np.float64)
        self.rng = rng

    def act(self, mask: npt.NDArray[np.int8], best: bool = False) -> tuple[int, Any]:
        legal = legal_indices(mask)
        logits = self.b[legal]
        p = np.exp(logits - logits.max())
        p /= p.sum()
        k = int(p.argmax()) if best else int(self.rng.choice(len(legal), p=p))
        return int(legal[k]), (legal, p, k)

    def update(self, trace: list[Any], advantage: float, lr: float) -> None:
        """One REINFORCE step: raise the log-probability of every choice made by ``lr * advantage``."""
        for legal, p, k in trace:
            grad = -p
            grad[k] += 1.0  # d log softmax / d logits
            self.b[legal] += lr * advantage * grad


def episode(env: Any, policy: PreferencePolicy, seed: int, best: bool = False) -> tuple[float, list[Any]]:
    """One training or evaluation game for seat 0: its final reward and the choices made."""
    _obs, info = env.reset(seed=seed)
    trace = []
    while True:
        action, step = policy.act(info["action_mask"], best)
        trace.append(step)
        _obs, reward, done, truncated, info = env.step(action)
        if done or truncated:
            return float(reward), trace


Chooser = Callable[[Any, np.random.Generator], int]
"""An evaluated player: the learner's ``info`` and a generator to the action it takes."""


def evaluated(policy: PreferencePolicy) -> dict[str, Chooser]:
    """The players compared on the same deals: the trained policy two ways, then three that learn nothing."""
    return {
        "trained": lambda info, _rng: policy.act(info["action_mask"])[0],
        "trained, most preferred": lambda info, _rng: policy.act(info["action_mask"], best=True)[0],
        "untrained (uniform)": lambda info, rng: int(rng.choice(info["legal_actions"])),
        "first legal": lambda info, _rng: int(min(info["legal_actions"])),
        "last legal": lambda info, _rng: int(max(info["legal_actions"])),
    }


def wins(game: str, choose: Chooser, opponent: str, games: int, seed: int) -> int:
    """Games won by ``choose`` as seat 0 of deals ``seed``, ``seed + 1``, … against ``opponent``."""
    env = gym_env(game, players=2, opponents=[opponent], reward="win")
    won = 0
    for k in range(games):
        _obs, info = env.reset(seed=seed + k)
        rng = np.random.default_rng(seed + k)
        done = truncated = False
        while not (done or truncated):
            _obs, reward, done, truncated, info = env.step(choose(info, rng))
        won += float(reward) > 0
    return won


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="airport-rush")
    parser.add_argument("--episodes", type=int, default=400)
    parser.add_argument("--eval", type=int, default=100, help="evaluation games per opponent")
    parser.add_argument("--lr", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--against", default="random,greedy", help="opponents to evaluate against, comma-separated"
    )
    parser.add_argument("--quick", action="store_true", help="a few episodes, for a smoke test")
    args = parser.parse_args()
    if args.quick:
        args.episodes, args.eval = 3, 2

    env = gym_env(args.game, players=2, opponents=["random"], reward="margin")
    policy = PreferencePolicy(int(env.action_space.n), np.random.default_rng(args.seed))  # type: ignore[attr-defined]
    baseline = 0.0
    recent: list[float] = []
    for k in range(args.episodes):
        margin, trace = episode(env, policy, args.seed * 100_003 + k)
        reward = margin / MARGIN_SCALE
        policy.update(trace, reward - baseline, args.lr)
        baseline += 0.05 * (reward - baseline)
        recent = [*recent[-49:], margin]
        if (k + 1) % 50 == 0:
            print(f"episode {k + 1}: mean score margin of the last 50 {np.mean(recent):+.1f}", flush=True)

    for opponent in args.against.split(","):
        found = []
        for name, choose in evaluated(policy).items():
            won = wins(args.game, choose, opponent, args.eval, seed=10_000 + args.seed)
            low, high = wilson(won, args.eval)
            found.append(f"{name} {won / args.eval:.0%} [{low:.0%}, {high:.0%}]")
        print(f"{args.game} vs {opponent}, {args.eval} games each: won " + "; ".join(found), flush=True)


if __name__ == "__main__":
    main()
