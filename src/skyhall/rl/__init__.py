"""Environments for AI research: PettingZoo (all seats), Gymnasium (one seat), OpenSpiel.

``aec_env(game, players=N, reward="margin" | "win" | "scaled")`` and ``gym_env(game, players=N,
opponents=[...], seat=0)`` are here, and importing this package registers each game with
Gymnasium as ``skyhall/<game>-v3`` (for ``gymnasium.make`` and ``make_vec``);
``skyhall.rl.openspiel`` registers the games with OpenSpiel (it imports ``pyspiel``, so it
is imported on its own). Observations come from a seat's view only, through
``skyhall.rl.encoding``; ``legal_indices(mask)`` reads a mask's legal actions quickly.
Needs the ``rl`` extra.
"""

from skyhall.rl.aec import aec_env
from skyhall.rl.encoding import encoder
from skyhall.rl.single_seat import gym_env, register
from skyhall.rl.table import legal_indices

register()

__all__ = ["aec_env", "encoder", "gym_env", "legal_indices"]
