"""One game played through integers: what every environment wrapper shares.

A :class:`Table` holds the engine state and speaks the game's fixed action codec
(``registry.get(game).codec``, ``spec.action_count`` entries): the legal set as
indices and as a mask, observations through the game's encoder from
``view(seat)`` only, and the final reward of each seat.
"""

from __future__ import annotations

import operator
import sys
import warnings
from collections.abc import Callable, Mapping
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from skyhall.core import registry
from skyhall.core.record import GameRecord
from skyhall.core.result import Result
from skyhall.core.text import text_module
from skyhall.rl.encoding import Vector, encoder, margin_scale

Reward = Literal["margin", "win", "scaled"]
REWARDS: tuple[Reward, ...] = ("margin", "win", "scaled")
Mask = npt.NDArray[np.int8]
VERSION = 3
"""The environments' version, in their names (``skyhall/skyrise-v3``, ``skyhall_skyrise_v3``): raised
whenever observations, actions or rewards change meaning, so that a policy trained on one is never
silently run on another (v1: Skyport's observation tells the two station decks apart, Skyrise's holds
the City Keys option; v2: Skyport's holds which of the seat's cards its rivals saw it take; v3: Airport
Rush's actions gain ``use``, the choice to apply OVERLOAD, BAG DRAW or LOCATE rather than discard it, and
its observation tells SWAP PLANES' dice being sorted out)."""
HIGH = 10.0
"""Upper bound of every observation entry (entries are flags and counts scaled to about 0..1)."""


RENDER_MODES = ("ansi", "human")
"""``ansi``: ``render()`` returns the table in terminal text; ``human``: it prints it."""


class IllegalChoice(ValueError):
    """An action in the codec's range that the pending decision does not allow."""


def shown(mode: str | None, text: Callable[[], str]) -> str | None:
    """What ``render()`` does in ``mode``: returns the ``text`` (``ansi``), prints it (``human``), or,
    with no mode, warns as Gymnasium and PettingZoo do and returns ``None``."""
    if mode is None:
        warnings.warn(
            "render() without a render_mode draws nothing: make the environment with "
            "render_mode='ansi' (text returned) or 'human' (printed)",
            stacklevel=3,
        )
        return None
    if mode == "human":
        sys.stdout.write(text() + "\n")
        return None
    return text()


def check_render_mode(mode: str | None) -> None:
    """``ValueError`` unless ``mode`` is ``None`` or one the environments render in (terminal text)."""
    if mode is not None and mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be None or {' or '.join(map(repr, RENDER_MODES))}, not {mode!r}")


def legal_indices(mask: Mask) -> npt.NDArray[np.intp]:
    """The legal action indices of an ``action_mask``, in increasing order.

    Reads the int8 mask as booleans (same bytes, no copy): numpy's ``nonzero`` on
    int8 takes several times longer than on bool, over a few thousand entries
    enough to cost more than an environment step's other bookkeeping.
    """
    return np.flatnonzero(mask.view(np.bool_))


def final_rewards(result: Result, reward: Reward, scale: float = 1.0) -> tuple[float, ...]:
    """Each seat's reward for a finished game.

    ``margin``: the seat's score minus the best score among the other seats.
    ``win``: +1 for the only winner, -1 for a seat that did not win, 0 for a shared win
    (the rulebook's tie-breaks included).
    ``scaled``: the margin divided by ``scale`` (the game's :func:`~skyhall.rl.encoding.margin_scale`),
    clipped to -1..1.
    """
    scores = result.scores
    if reward != "win":
        margins = [float(s - max(scores[:p] + scores[p + 1 :])) for p, s in enumerate(scores)]
        if reward == "margin":
            return tuple(margins)
        return tuple(max(-1.0, min(1.0, m / scale)) for m in margins)
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
        self.players = players = self.game.spec.check_players(players)
        self.options = dict(options or {})
        self.game.new_game(players, 0, self.options)  # unknown options and bad values fail now
        self.reward: Reward = reward
        self.scale = margin_scale(game_id)
        """What the ``scaled`` reward divides the margin by."""
        self.codec = self.game.codec
        self.encoder = encoder(game_id)
        self.actions = self.game.spec.action_count
        self.state: Any = None
        self._seed = 0
        self._chosen: dict[str, object] = {}
        self.played: list[Any] = []
        """The actions applied since the reset, in order (what :meth:`record` writes down)."""
        self._legal_of: object = None
        self._legal: tuple[int, ...] = ()
        self._scored: object = None
        self._result: Result | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        """A copy or a pickle keeps the game by its id (the registry's game, its codec and the encoder
        are shared, never copied), the settings, the position and what the record needs."""
        made = (self.game.id, self.players, self.options, self.reward)
        return _restored, (*made, self.state, self._seed, self._chosen, self.played)

    def reset(self, seed: int, options: Mapping[str, object] | None = None) -> None:
        """A new game from ``seed``; ``options`` that name game options set them for this game only,
        over the table's. Other names are warned about and left alone (PettingZoo's API test passes
        one to see that ``reset`` takes options); ``options`` that are no mapping are a ``TypeError``."""
        if options is not None and not isinstance(options, Mapping):
            raise TypeError(f"options are a mapping of option names to values, not {options!r}")
        known = self.game.spec.options
        unknown = sorted(set(options or {}) - set(known))
        if unknown:
            warnings.warn(
                f"{self.game.spec.title} has no option {', '.join(map(repr, unknown))} "
                f"(options: {', '.join(sorted(known))}); left alone",
                stacklevel=3,
            )
        chosen = {k: v for k, v in (options or {}).items() if k in known}
        self.state = None  # a bad option value leaves no game going, not the last one
        self.state = self.game.new_game(self.players, seed, {**self.options, **chosen})
        self._seed, self._chosen, self.played = seed, {**self.options, **chosen}, []

    def playing(self) -> Any:
        """The engine state; ``RuntimeError`` before the first :meth:`reset`."""
        if self.state is None:
            raise RuntimeError("no game yet: call reset() first")
        return self.state

    def index(self, action: object) -> int:
        """``action`` as a codec index: any integer (numpy's too) in ``0..actions - 1``; a float, a string,
        a flag or an array of several is a ``TypeError``, and an integer out of range a ``ValueError``
        (both naming what came)."""
        try:
            if isinstance(action, bool | np.bool_):
                raise TypeError  # a flag, not a choice
            index = operator.index(action)  # type: ignore[arg-type]
        except TypeError:
            raise TypeError(
                f"an action is an integer, a codec index 0..{self.actions - 1}; got {action!r}"
            ) from None
        if not 0 <= index < self.actions:
            raise ValueError(f"no action {index}: actions are 0..{self.actions - 1}")
        return index

    def action_name(self, index: int) -> str:
        """What the action numbered ``index`` does, in the game's notation (e.g. ``bid 16 C1``)."""
        return str(self.codec.decode(self.index(index)))

    def legal(self) -> tuple[int, ...]:
        """The pending decision's legal actions as codec indices (empty once the game is over)."""
        self._refresh()
        return self._legal

    def _refresh(self) -> None:
        """Encode the legal set once per position, as indices.

        The engine keeps one legal tuple per position, so while ``legal_actions()`` returns
        the same object the indices still hold. The games build legal sets from the
        codec's shared action objects, so encoding them is one identity lookup per action.
        """
        state = self.playing()
        actions = () if state.is_over else state.legal_actions()
        if actions is self._legal_of:
            return
        self._legal = tuple(self.codec.encode_all(actions))
        self._legal_of = actions

    def is_legal(self, index: int) -> bool:
        """Whether the action numbered ``index`` may be played now (``TypeError`` unless an integer; a
        scan of the few legal indices: cheaper than building a set or a mask for one question per
        position)."""
        index = self.index(index)
        self._refresh()
        return index in self._legal

    def mask(self, seat: int | None = None) -> Mask:
        """1 at every legal index when ``seat`` (default: the seat to act) decides now, else all 0.

        A fresh array each call: the caller may keep or change it. It is set through a
        ``memoryview`` of its bytes, one store per legal index: cheaper than numpy's ``put``, which
        first converts the index list to an array (an environment asks once per position, so a
        mask kept and copied would cost a second array).
        """
        mask = np.zeros(self.actions, np.int8)
        if seat is None or seat == self.playing().to_act:
            self._refresh()
            cells = mask.data
            for index in self._legal:
                cells[index] = 1
        return mask

    def observe(self, seat: int, out: Vector | None = None) -> Vector:
        """``seat``'s observation, encoded from its view alone."""
        return self.encoder.encode(self.playing().view(seat, log=False), out)

    def play(self, index: int) -> None:
        """Apply the action numbered ``index``; ``ValueError`` naming the decision if it is not legal now."""
        index = self.index(index)
        if self.playing().is_over:
            raise RuntimeError("the game is over: call reset() to start another")
        if not self.is_legal(index):
            raise IllegalChoice(f"action {index} ({self.codec.decode(index)}) is not legal now")
        self.apply(self.codec.decode(index))

    def apply(self, action: Any) -> None:
        """Apply an engine action known to be legal (an opponent agent's), keeping it for the record."""
        self.state.apply(action)
        self.played.append(action)

    def record(self) -> GameRecord:
        """The game so far as a :class:`~skyhall.core.record.GameRecord`: its seed, options and every
        choice made (the learner's and the opponents'), which ``skyhall replay FILE`` steps through once
        written with ``record().to_json()``. It holds every seat's choices, secrets included."""
        self.playing()
        return GameRecord(
            self.game.id,
            self.game.spec.rules_version,
            self.players,
            self._seed,
            dict(self._chosen),
            [str(a) for a in self.played],
        )

    def rewards(self) -> tuple[float, ...]:
        """Each seat's final reward (all 0 until the game is over)."""
        result = self._final()
        if result is None:
            return (0.0,) * self.players
        return final_rewards(result, self.reward, self.scale)

    def outcome(self) -> dict[str, Any]:
        """A finished game's scores (by seat) and winners (seats, after the tie-breaks): what an
        environment adds to its final infos. Empty while the game goes on."""
        result = self._final()
        if result is None:
            return {}
        return {"scores": tuple(result.scores), "winners": tuple(result.winners)}

    def _final(self) -> Result | None:
        """The finished game's result (``None`` while it goes on), scored once per game: an environment
        asks for the rewards and the outcome, and scoring is the dearest call it makes (about 100 µs for
        Skyport, as much as seven decisions)."""
        state = self.playing()
        if not state.is_over:
            return None
        if self._scored is not state:
            self._result, self._scored = state.result(), state
        return self._result

    def render(self, seat: int | None = None) -> str:
        """The table in terminal text, as ``seat`` sees it (``None``: a spectator)."""
        text = text_module(self.game)
        view = self.playing().view(seat)
        return "\n\n".join(f"{title}\n{body}" for title, body in text.render(view))


def _restored(
    game_id: str,
    players: int,
    options: Mapping[str, object],
    reward: Reward,
    state: Any,
    seed: int,
    chosen: dict[str, object],
    played: list[Any],
) -> Table:
    """A copied or unpickled :class:`Table`."""
    table = Table(game_id, players, options, reward)
    table.state, table._seed, table._chosen, table.played = state, seed, dict(chosen), list(played)
    return table
