"""Train a small masked policy on one game with REINFORCE (numpy only), then test it.

    python examples/train_policy.py [--game skyrise] [--episodes 300] [--quick]

The policy is linear: each action of the game's codec has a weight row, and only the
legal actions' rows are scored (a softmax over the mask), so a step costs a few
hundred multiply-adds however large the codec is. It plays seat 0 of a two-player
``gym_env`` against ``random`` with the ``win`` reward (+1 / -1 / 0 at the end),
learning with a running-mean baseline; then it plays ``--eval`` games against
``random`` and against ``greedy`` (``random`` again if no greedy agent is
registered) and prints its win rates. The default run takes a few minutes;
``--quick`` is a smoke test of a few seconds.
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np
import numpy.typing as npt

from skyhall.agents import agent_names
from skyhall.rl import gym_env, legal_indices

Array = npt.NDArray[np.float32]


class LinearPolicy:
    """Logits ``W[a] @ obs + b[a]`` for the legal actions ``a`` only."""

    def __init__(self, actions: int, size: int, rng: np.random.Generator) -> None:
        self.w = np.zeros((actions, size), np.float32)
        self.b = np.zeros(actions, np.float32)
        self.rng = rng

    def probabilities(self, obs: Array, legal: npt.NDArray[np.intp]) -> Array:
        logits = self.w[legal] @ obs + self.b[legal]
        logits -= logits.max()
        p = np.exp(logits)
        result: Array = p / p.sum()
        return result

    def act(self, obs: Array, mask: npt.NDArray[np.int8], greedy: bool = False) -> tuple[int, Any]:
        legal = legal_indices(mask)
        p = self.probabilities(obs, legal)
        k = int(p.argmax()) if greedy else int(self.rng.choice(len(legal), p=p))
        return int(legal[k]), (obs, legal, p, k)

    def update(self, trace: list[Any], advantage: float, lr: float) -> None:
        """One REINFORCE step: raise the log-probability of every choice made by ``lr * advantage``."""
        for obs, legal, p, k in trace:
            grad = -p
            grad[k] += 1.0  # d log softmax / d logits
            self.w[legal] += (lr * advantage) * np.outer(grad, obs)
            self.b[legal] += (lr * advantage) * grad


def episode(
    env: Any, policy: LinearPolicy, seed: int | None, greedy: bool = False
) -> tuple[float, list[Any]]:
    obs, info = env.reset(seed=seed)
    trace = []
    while True:
        action, step = policy.act(obs, info["action_mask"], greedy)
        trace.append(step)
        obs, reward, done, truncated, info = env.step(action)
        if done or truncated:
            return float(reward), trace


def win_rate(game: str, policy: LinearPolicy, opponent: str, games: int, seed: int) -> float:
    env = gym_env(game, players=2, opponents=[opponent], reward="win")
    wins = sum(episode(env, policy, seed + k, greedy=True)[0] > 0 for k in range(games))
    return wins / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="skyrise")
    parser.add_argument("--episodes", type=int, default=300)
    parser.add_argument("--eval", type=int, default=40, help="evaluation games per opponent")
    parser.add_argument("--lr", type=float, default=0.01)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quick", action="store_true", help="a few episodes, for a smoke test")
    args = parser.parse_args()
    if args.quick:
        args.episodes, args.eval = 3, 2

    env = gym_env(args.game, players=2, opponents=["random"], reward="win")
    size = env.observation_space.shape[0]  # type: ignore[index]
    policy = LinearPolicy(int(env.action_space.n), size, np.random.default_rng(args.seed))  # type: ignore[attr-defined]
    baseline = 0.0
    recent: list[float] = []
    for k in range(args.episodes):
        reward, trace = episode(env, policy, args.seed * 100_003 + k)
        policy.update(trace, reward - baseline, args.lr)
        baseline += 0.05 * (reward - baseline)
        recent = [*recent[-49:], reward]
        if (k + 1) % 50 == 0:
            print(f"episode {k + 1}: mean reward of the last 50 {np.mean(recent):+.2f}")

    strong = "greedy" if "greedy" in agent_names() else "random"
    for opponent in ("random", strong):
        rate = win_rate(args.game, policy, opponent, args.eval, seed=10_000 + args.seed)
        print(f"{args.game}: trained policy vs {opponent}: won {rate:.0%} of {args.eval} games")


if __name__ == "__main__":
    main()
