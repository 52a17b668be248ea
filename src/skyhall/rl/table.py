"""One game played through integers: what every environment wrapper shares.

A :class:`Table` holds the engine state and speaks the game's fixed action codec
(``registry.get(game).codec``, ``spec.action_count`` entries): the legal set as
indices and as a mask, observations through the game's encoder from
``view(seat)`` only, and the final reward of each seat.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from skyhall.core import registry
from skyhall.core.result import Result
from skyhall.rl.encoding import Vector, encoder

Reward = Literal["margin", "win"]
REWARDS: tuple[Reward, ...] = ("margin", "win")
Mask = npt.NDArray[np.int8]
HIGH = 10.0
"""Upper bound of every observation entry (entries are flags and counts scaled to about 0..1)."""


def legal_indices(mask: Mask) -> npt.NDArray[np.intp]:
    """The legal action indices of an ``action_mask``, in increasing order.

    Reads the int8 mask as booleans (same bytes, no copy): numpy's ``nonzero`` on
    int8 takes several times longer than on bool, over a few thousand entries
    enough to cost more than an environment step's other bookkeeping.
    """
    return np.flatnonzero(mask.view(np.bool_))


def final_rewards(result: Result, reward: Reward) -> tuple[float, ...]:
    """Each seat's reward for a finished game.

    ``margin``: the seat's score minus the best score among the other seats.
    ``win``: +1 for the only winner, -1 for a seat that did not win, 0 for a shared win
    (the rulebook's tie-breaks included).
    """
    scores = result.scores
    if reward == "margin":
        return tuple(float(s - max(scores[:p] + scores[p + 1 :])) for p, s in enumerate(scores))
    winners = result.winners
    return tuple((1.0 if len(winners) == 1 else 0.0) if p in winners else -1.0 for p in range(len(scores)))


class Table:
    """A game of ``game_id`` for ``players`` seats, restarted by :meth:`reset`."""

    def __init__(
        self, game_id: str, players: int, options: Mapping[str, object] | None, reward: Reward
    ) -> None:
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        self.game = registry.get(game_id)
        self.game.spec.check_players(players)
        self.players = players
        self.options = dict(options or {})
        self.game.spec.resolve_options(self.options)  # unknown options fail now, not at reset
        self.reward: Reward = reward
        self.codec = self.game.codec
        self.encoder = encoder(game_id)
        self.actions = self.game.spec.action_count
        self.state: Any = None
        self._legal_of: object = None
        self._legal: tuple[int, ...] = ()
        self._legal_mask: Mask = np.zeros(self.actions, np.int8)

    def reset(self, seed: int) -> None:
        self.state = self.game.new_game(self.players, seed, self.options)

    def legal(self) -> tuple[int, ...]:
        """The pending decision's legal actions as codec indices (empty once the game is over)."""
        self._refresh()
        return self._legal

    def _refresh(self) -> None:
        """Encode the legal set once per position, as indices and as a mask.

        The engine keeps one legal tuple per position, so while ``legal_actions()`` returns
        the same object the indices and the mask still hold. The games build legal sets from the
        codec's shared action objects, so encoding them is one identity lookup per action.
        """
        actions = () if self.state.is_over else self.state.legal_actions()
        if actions is self._legal_of:
            return
        indices = self.codec.encode_all(actions)
        self._legal = tuple(indices)
        self._legal_mask = np.zeros(self.actions, np.int8)
        self._legal_mask.put(indices, 1)  # cheaper than ``mask[indices] = 1``
        self._legal_of = actions

    def is_legal(self, index: int) -> bool:
        """Whether the action numbered ``index`` may be played now."""
        self._refresh()
        return 0 <= index < self.actions and bool(self._legal_mask[index])

    def mask(self, seat: int | None = None) -> Mask:
        """1 at every legal index when ``seat`` (default: the seat to act) decides now, else all 0.

        A fresh array each call: the caller may keep or change it.
        """
        if seat is None or seat == self.state.to_act:
            self._refresh()
            return self._legal_mask.copy()
        return np.zeros(self.actions, np.int8)

    def observe(self, seat: int, out: Vector | None = None) -> Vector:
        """``seat``'s observation, encoded from its view alone."""
        return self.encoder.encode(self.state.view(seat, log=False), out)

    def play(self, index: int) -> None:
        """Apply the action numbered ``index``; ``ValueError`` naming the decision if it is not legal now."""
        index = int(index)
        if not self.is_legal(index):
            shown = f" ({self.codec.decode(index)})" if 0 <= index < self.actions else ""
            raise ValueError(f"action {index}{shown} is not legal now")
        self.state.apply(self.codec.decode(index))

    def rewards(self) -> tuple[float, ...]:
        """Each seat's final reward (all 0 until the game is over)."""
        if not self.state.is_over:
            return (0.0,) * self.players
        return final_rewards(self.state.result(), self.reward)

    def render(self) -> str:
        """The table in terminal text, as a spectator sees it."""
        text = importlib.import_module(f"skyhall.games.{self.game.id.replace('-', '_')}.text")
        return "\n\n".join(f"{title}\n{body}" for title, body in text.render(self.state.view(None)))
