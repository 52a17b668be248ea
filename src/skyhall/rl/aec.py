"""A PettingZoo AEC environment for any Skyhall game: every seat an agent, turn order by the engine.

Agents are ``player_0`` .. ``player_{n-1}`` (seat order). Each observation is
``{"observation": float32 vector from the seat's view, "action_mask": int8 over the
game's action codec}``; the mask is all 0 for a seat that is not deciding. A seat
may decide several times in a row (a turn is a chain of decisions), so always
step ``env.agent_selection``. The deciding agent's ``info["legal_actions"]`` lists the
mask's legal indices in the engine's order (what a random or search policy picks from, with no
pass over the mask); other agents' infos are empty. Rewards come at the end only (see
:func:`skyhall.rl.table.final_rewards`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from skyhall.core.record import GameRecord
from skyhall.core.rng import Rng
from skyhall.rl.table import HIGH, RENDER_MODES, VERSION, Reward, Table, check_render_mode, shown


def observation_space(table: Table) -> spaces.Dict:
    """The ``{"observation", "action_mask"}`` space of one seat."""
    return spaces.Dict(
        {
            "observation": spaces.Box(0.0, HIGH, (table.encoder.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (table.actions,), np.int8),
        }
    )


class SkyhallAEC(AECEnv):  # type: ignore[misc]
    """All seats of one game, as PettingZoo agents."""

    def __init__(
        self,
        game: str,
        players: int = 2,
        options: Mapping[str, object] | None = None,
        reward: Reward = "margin",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        check_render_mode(render_mode)
        self.table = Table(game, players, options, reward)
        self.metadata = {
            "name": f"skyhall_{game.replace('-', '_')}_v{VERSION}",
            "render_modes": list(RENDER_MODES),
            "is_parallelizable": False,
        }
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {a: observation_space(self.table) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.table.actions) for a in self.possible_agents}
        self._seeds = Rng(random.SystemRandom().getrandbits(64))
        self._observed: dict[str, dict[str, Any]] = {}
        self.agents: list[str] = []
        self.agent_selection = self.possible_agents[0]

    def __getstate__(self) -> dict[str, Any]:
        """A copy or a pickle leaves the kept observations behind (copied arrays would come back
        writable): the copy encodes its position afresh when first observed."""
        state = dict(self.__dict__)
        state["_observed"] = {}
        return state

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` fixes it (and every later reset's) exactly; ``options`` are game
        options for this game only (over the environment's)."""
        self.agents = []  # until the new game is dealt: a bad option leaves no game going
        if seed is not None:
            self._seeds = Rng(seed)
        self.table.reset(self._seeds.next64(), options)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._observed.clear()
        self.agent_selection = self.possible_agents[self.table.state.to_act]
        self.infos[self.agent_selection] = {"legal_actions": self.table.legal()}

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s observation of this position: computed once, so ``last()`` then
        ``observe()`` cost one encoding. Its arrays are read-only, since every call of the same position
        returns them (copy one to change it); a step makes fresh ones (kept ones never change)."""
        found = self._observed.get(agent)
        if found is None or not self.agents:
            self._check_playing()
            seat = self._seat_of[agent]
            observation, mask = self.table.observe(seat), self.table.mask(seat)
            observation.flags.writeable = mask.flags.writeable = False
            found = {"observation": observation, "action_mask": mask}
            self._observed[agent] = found
        return found

    def _check_playing(self) -> None:
        """``RuntimeError`` before the first reset, or once every agent has stepped out of a finished game."""
        self.table.playing()
        if not self.agents:
            raise RuntimeError(
                "the game is over and every agent has stepped out: call reset() to start another"
            )

    def step(self, action: int | None) -> None:
        self._check_playing()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must choose an action (see the observation's action_mask)")
        table = self.table
        table.play(action)
        self._observed.clear()
        self._cumulative_rewards[agent] = 0.0
        self.infos[agent] = {}
        seat = table.state.to_act
        if seat is None:  # the game is over: rewards for all, then each agent steps out in turn
            outcome = table.outcome()
            for agent_name, reward in zip(self.agents, table.rewards(), strict=True):
                self.rewards[agent_name] = reward
                self.terminations[agent_name] = True
                self.infos[agent_name] = dict(outcome)
            self._accumulate_rewards()
            self.agent_selection = self.possible_agents[0]
            return
        self.agent_selection = chosen = self.possible_agents[seat]
        self.infos[chosen] = {"legal_actions": table.legal()}

    def record(self) -> GameRecord:
        """This game so far as a game record: ``skyhall replay`` steps through it once written with
        ``env.record().to_json()`` (see :meth:`Table.record`)."""
        return self.table.record()

    def action_name(self, index: int) -> str:
        """What the action numbered ``index`` does, in the game's notation."""
        return self.table.action_name(index)

    def render(self) -> str | None:
        """The table as a spectator sees it, in terminal text: returned (``render_mode="ansi"``) or
        printed (``"human"``)."""
        return shown(self.render_mode, self.table.render)

    def close(self) -> None:
        """Nothing to release."""


def aec_env(
    game: str,
    players: int = 2,
    options: Mapping[str, object] | None = None,
    reward: Reward = "margin",
    render_mode: str | None = None,
) -> SkyhallAEC:
    """A PettingZoo AEC environment of ``game`` (``skyport``, ``airport-rush``, ``skyrise``)."""
    return SkyhallAEC(game, players, options, reward, render_mode)
