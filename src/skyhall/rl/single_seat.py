"""A Gymnasium environment for one seat of a Skyhall game; Skyhall agents play the other seats.

The opponents are made with :func:`skyhall.agents.make_agent` and are only ever
given their own view and legal choices. The learner's legal actions are in
``info["action_mask"]`` (int8 over the game's action codec) after ``reset`` and
every ``step``, and their indices in the engine's order are ``info["legal_actions"]``.
An action of the action space outside the mask ends the episode at once with
``illegal_reward`` and ``info["illegal"] = True`` (a learner should never send one;
the rule keeps random probes such as Gymnasium's checker well defined); an action that is
no integer is a ``TypeError``, one outside the action space a ``ValueError`` (neither changes
anything), and a step after the episode ended a ``RuntimeError``. The
final step's ``info`` also holds the game's ``scores`` and ``winners`` (seats).

Opponents that stop thinking at a time limit (``normal``, ``hard``, ``ismcts:250ms``) play
differently on a busy machine, so a seed then no longer fixes the episodes (a warning says so):
give search a number of iterations (``ismcts:200``) for repeatable evaluation.

Importing :mod:`skyhall.rl` registers each game with Gymnasium as ``skyhall/<game>-v3``, so
``gymnasium.make("skyhall/skyrise-v3", players=3, opponents=["greedy"])`` and
``gymnasium.make_vec`` build this environment too.
"""

from __future__ import annotations

import math
import numbers
import random
import warnings
from collections.abc import Mapping, Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from skyhall.agents import Agent, make_agent, timed_agents
from skyhall.core.record import GameRecord
from skyhall.core.registry import available
from skyhall.core.rng import Rng, seed_of
from skyhall.core.spec import whole
from skyhall.rl.encoding import Vector
from skyhall.rl.table import (
    HIGH,
    RENDER_MODES,
    VERSION,
    IllegalChoice,
    Reward,
    Table,
    check_render_mode,
    shown,
)


class SkyhallSeat(gymnasium.Env[Vector, Any]):
    """Seat ``seat`` of one game against Skyhall agents."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012 (Gymnasium's own)
    """Read by ``gymnasium.make`` before it builds the environment (text has no frame rate; 1 says so)."""

    def __init__(
        self,
        game: str,
        players: int = 2,
        opponents: str | Sequence[str] = ("random",),
        seat: int = 0,
        options: Mapping[str, object] | None = None,
        reward: Reward = "margin",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        check_render_mode(render_mode)
        self.table = Table(game, players, options, reward)
        players = self.table.players
        seat = whole(seat, "seat is a whole number, the learner's seat")  # numpy's integers too
        if not 0 <= seat < players:
            raise ValueError(f"seat must be 0..{players - 1}, not {seat}")
        if isinstance(opponents, str):  # one agent's name for every other seat
            opponents = (opponents,)
        names = list(opponents) * (players - 1) if len(opponents) == 1 else list(opponents)
        if len(names) != players - 1:
            raise ValueError(
                f"{players} players need {players - 1} opponents (or one name for all), not {names}"
            )
        for name in set(names):
            make_agent(name, 0)  # an unknown name fails here, not at the first reset
        timed = timed_agents(names)
        if timed:
            warnings.warn(
                f"{', '.join(timed)} {'stops' if len(timed) == 1 else 'stop'} thinking at a time limit, "
                "so a seed does not fix the episodes "
                "(they depend on this machine's speed and load); for repeatable ones give search a "
                "number of iterations, e.g. ismcts:200",
                stacklevel=3,
            )
        self.seat = seat
        self.opponent_names = names
        self.opponents: dict[int, Agent] = {}
        given: object = illegal_reward  # typed float, but a caller may pass anything
        if isinstance(given, bool) or not isinstance(given, numbers.Real):
            raise TypeError(f"illegal_reward is a number, not {given!r}")
        if not math.isfinite(given):
            raise ValueError(f"illegal_reward is a finite number, not {given!r}")
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0.0, HIGH, (self.table.encoder.size,), np.float32)
        self.action_space = spaces.Discrete(self.table.actions)
        self._seeds = Rng(random.SystemRandom().getrandbits(64))
        self._over = True
        """No episode is going on: before the first reset, and once one has ended."""

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Vector, dict[str, Any]]:
        """A new game, played on to this seat's first decision. ``seed`` fixes it and every later
        reset's (with opponents that have no time limit); ``options`` are game options for this
        episode only (over the environment's)."""
        seed = None if seed is None else seed_of(seed)  # numpy's integers too; Gymnasium takes Python's
        super().reset(seed=seed)
        self._over = True  # until the new game is dealt: a bad option leaves no episode going
        if seed is not None:
            self._seeds = Rng(seed)
        self.table.reset(self._seeds.next64(), options)
        self._over = False
        others = [p for p in range(self.table.players) if p != self.seat]
        self.opponents = {
            p: make_agent(name, self._seeds.next64())
            for p, name in zip(others, self.opponent_names, strict=True)
        }
        self._play_opponents()
        return self.table.observe(self.seat), self._info()

    def step(self, action: int) -> tuple[Vector, SupportsFloat, bool, bool, dict[str, Any]]:
        index = self.table.index(action)
        if self._over:
            self.table.playing()  # no game yet: says to reset
            raise RuntimeError("the episode is over: call reset() to start another")
        try:
            self.table.play(index)  # checks it is legal, once
        except IllegalChoice:
            self._over = True
            none = np.zeros(self.table.actions, np.int8)
            info = {"action_mask": none, "legal_actions": (), "illegal": True}
            return self.table.observe(self.seat), self.illegal_reward, True, False, info
        self._play_opponents()
        self._over = over = self.table.state.is_over
        reward = self.table.rewards()[self.seat] if over else 0.0
        return self.table.observe(self.seat), reward, over, False, self._info()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learner's legal actions now as booleans, the method sb3-contrib's ``MaskablePPO``
        (and its ``ActionMasker`` wrapper) looks for."""
        if self._over:
            return np.zeros(self.table.actions, np.bool_)
        return self.table.mask(self.seat).view(np.bool_)

    def _info(self) -> dict[str, Any]:
        """The learner's legal actions now, as a mask and as indices (none once the game is over)."""
        info = {"action_mask": self.table.mask(self.seat), "legal_actions": self.table.legal()}
        return {**info, **self.table.outcome()}

    def _play_opponents(self) -> None:
        """Let the agents decide until this seat must, or the game ends."""
        table = self.table
        state = table.state
        while not state.is_over and state.to_act != self.seat:
            seat = state.to_act
            table.apply(self.opponents[seat].choose(state.view(seat, log=False), state.legal_actions()))

    def record(self) -> GameRecord:
        """This episode so far, every seat's choices included, as a game record: ``skyhall replay``
        steps through it once written with ``env.record().to_json()`` (see :meth:`Table.record`)."""
        return self.table.record()

    def action_name(self, index: int) -> str:
        """What the action numbered ``index`` does, in the game's notation."""
        return self.table.action_name(index)

    def render(self) -> str | None:
        """The table as the learner's seat sees it, in terminal text: returned (``render_mode="ansi"``)
        or printed (``"human"``)."""
        return shown(self.render_mode, lambda: self.table.render(self.seat))


def gym_env(
    game: str,
    players: int = 2,
    opponents: str | Sequence[str] = ("random",),
    seat: int = 0,
    options: Mapping[str, object] | None = None,
    reward: Reward = "margin",
    illegal_reward: float = -1.0,
    render_mode: str | None = None,
) -> SkyhallSeat:
    """A Gymnasium environment of ``game`` for ``seat``, the other seats played by ``opponents``."""
    return SkyhallSeat(game, players, opponents, seat, options, reward, illegal_reward, render_mode)


def register() -> None:
    """Register every game with Gymnasium as ``skyhall/<game>-v3`` (once; a later call does nothing)."""
    for game in available():
        env_id = f"skyhall/{game}-v{VERSION}"
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point=f"{__name__}:SkyhallSeat", kwargs={"game": game})
