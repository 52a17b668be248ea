"""Every Skyhall game as an OpenSpiel Python game, so OpenSpiel's tools run on it.

Importing this module registers ``python_skyhall_skyport``, ``python_skyhall_airport_rush``
and ``python_skyhall_skyrise`` with ``pyspiel``. Their parameters are ``players``, ``reward``
(``"margin"``/``"win"``/``"scaled"``), ``seed`` and the options players choose for a match
(``skyhall games``): a seat option is an ``int`` (``-1``, the default, leaves it to the game: a random
first player), any other a ``str`` (``""`` for the game's default). :func:`load` is the short way to get one::

    game = skyhall.rl.openspiel.load("skyrise", players=2, reward="win", city_keys="off")

The games are sequential, imperfect-information and *sampled stochastic*: dice and
shuffles happen inside the engine, from each game's seed (the next of the ``seed``
parameter's stream, drawn when a new initial state is first used), so there are no chance nodes.
Two players with either reward is zero-sum; more players is general-sum. Every
observation comes from ``view(player)``: the tensor is the Skyhall encoder's
vector (its parts are the observer's ``dict``), the observation string is the
view as JSON (less the view's ``LOOKUPS``, what is printed on the cards and spaces it names,
which follows from their ids), and the information-state string adds the seat's own log (what it
has seen happen, in order). ``resample_from_infostate`` draws a full state from
the player's view with ``game.determinize(view, rng)``, which is what OpenSpiel's
ISMCTS needs.
"""

from __future__ import annotations

import heapq
import itertools
import json
import weakref
from typing import Any, NamedTuple

import numpy as np
import pyspiel

from skyhall.core import registry
from skyhall.core.rng import Rng
from skyhall.core.spec import whole
from skyhall.rl.encoding import encoder, margin_scale
from skyhall.rl.table import REWARDS, final_rewards

MAX_MARGIN = 500.0
"""A bound on the score margin (no game's scores come near it)."""


def short_name(game_id: str) -> str:
    return f"python_skyhall_{game_id.replace('-', '_')}"


def parameters(game_id: str) -> dict[str, Any]:
    """The game's OpenSpiel parameters and their defaults: ``players``, ``reward``, ``seed``, then each
    option players choose (a seat option an ``int``, ``-1`` for the game's default; any other a ``str``,
    ``""`` for the game's default)."""
    spec = registry.get(game_id).spec
    found: dict[str, Any] = {"players": spec.min_players, "reward": "margin", "seed": 0}
    for name, option in spec.offered.items():
        default = spec.options[name]
        found[name] = -1 if option.seat else default if isinstance(default, str) else ""
    return found


def game_options(game_id: str, params: dict[str, Any]) -> dict[str, object]:
    """The engine's options for these OpenSpiel parameters (the defaults left out)."""
    spec = registry.get(game_id).spec
    options: dict[str, object] = {}
    for name, option in spec.offered.items():
        value = params[name]
        if option.seat and value != -1:
            options[name] = int(value)
        elif not option.seat and value != "":
            options[name] = str(value)
    return options


def game_type(game_id: str, zero_sum: bool) -> Any:
    spec = registry.get(game_id).spec
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"Skyhall {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters(game_id),
    )


class SkyhallGame(pyspiel.Game):  # type: ignore[misc]
    """One Skyhall game with its parameters; subclassed per game id by :func:`_register`."""

    game_id = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**parameters(self.game_id), **(params or {})}
        self.engine = registry.get(self.game_id)
        self.players = int(params["players"])
        self.engine.spec.check_players(self.players)
        self.reward = str(params["reward"])
        if self.reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {self.reward!r}")
        self.options = game_options(self.game_id, params)
        self.engine.new_game(self.players, 0, self.options)  # a bad option value fails now
        self.encoder = encoder(self.game_id)
        self.scale = margin_scale(self.game_id)
        self.seeds = Rng(int(params["seed"]))
        self._draws = itertools.count()
        self._returned: list[Drawn] = []
        """Games dealt to states that were only ever observed, given back when those states went (a
        heap, the earliest drawn first): the next states to be dealt get them before any new seed."""
        zero_sum = self.players == 2
        bound = MAX_MARGIN if self.reward == "margin" else 1.0
        info = pyspiel.GameInfo(
            num_distinct_actions=self.engine.spec.action_count,
            max_chance_outcomes=0,
            num_players=self.players,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=self.engine.spec.max_decisions,
        )
        super().__init__(game_type(self.game_id, zero_sum), info, params)

    def __deepcopy__(self, memo: dict[int, Any]) -> SkyhallGame:
        """The same game with the same seed stream (OpenSpiel copies games; the stream is the RNG state)."""
        twin = type(self)(self.get_parameters())
        twin.seeds = Rng(self.stream())
        return twin

    def __reduce__(self) -> tuple[Any, ...]:
        return _loaded, (self.game_id, self.get_parameters(), self.stream())

    def stream(self) -> int:
        """The seed stream's state as if no game given back had been drawn yet."""
        return self._returned[0].before if self._returned else self.seeds.state()

    def deal(self, seed: int | None = None) -> Drawn:
        """A game for a state dealt now: from ``seed``, else a game given back, else the next seed of
        the ``seed`` stream."""
        if seed is not None:
            return Drawn(-1, seed, self.engine.new_game(self.players, seed, self.options), -1)
        if self._returned:
            return heapq.heappop(self._returned)
        before = self.seeds.state()
        seed = self.seeds.next64()
        return Drawn(next(self._draws), seed, self.engine.new_game(self.players, seed, self.options), before)

    def give_back(self, drawn: Drawn) -> None:
        """Take back the game of a state that went having only been observed, to be dealt next.

        OpenSpiel's C++ side works out the tensor's size by observing a throwaway initial state at
        every ``observation_tensor()`` call; if such a state kept its seed, the games a seed gives
        would depend on how often tensors were asked for.
        """
        heapq.heappush(self._returned, drawn)

    def new_initial_state(self) -> SkyhallState:
        """A new game, dealt (its seed drawn from the ``seed`` stream) when it is first used."""
        return SkyhallState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> SkyhallObserver:
        """The observer of one seat's public and private information (``perfect_recall``: with its log,
        strings only). Other kinds, such as a public-only or an all-seats observation, are not made:
        ``ValueError`` rather than one seat's private view under another name."""
        if iig_obs_type is not None and not (
            iig_obs_type.public_info and iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            asked = f"public_info={iig_obs_type.public_info}, private_info={iig_obs_type.private_info.name}"
            raise ValueError(
                f"{self.engine.spec.title} observes one seat's public and private information "
                f"(public_info=True, private_info=SINGLE_PLAYER); no observer for {asked}"
            )
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return SkyhallObserver(self, perfect_recall)


class Drawn(NamedTuple):
    """A game dealt from the ``seed`` stream: its place in the stream's order, its seed, its engine state,
    and the stream's state before the seed was drawn (``-1``: not from the stream)."""

    place: int
    seed: int
    engine_state: Any
    before: int

    def __lt__(self, other: object) -> bool:  # the heap orders by place alone
        return isinstance(other, Drawn) and self.place < other.place


class Held:
    """What a :class:`SkyhallState` holds, in one object that copies as an engine ``clone()`` and keeps
    sharing the (immutable) game.

    OpenSpiel copies a Python state by making a new initial state and deep-copying the old one's
    attributes into it (that copy keeps the action history). So a state deals its game only when it is
    first used (:meth:`deal`): the throwaway initial state of a copy costs nothing and draws no seed. A
    state dealt to be observed, and never played, queried or copied before it goes, gives its game
    back (:meth:`SkyhallGame.give_back`), so that observing changes which games states get no more than
    not observing. ``origin`` is where the state's history starts, so that a pickled state can be
    played back to the same history: its game's seed, or the engine state a resample drew (kept as drawn).
    """

    __slots__ = ("__weakref__", "engine_state", "game", "legal_indices", "legal_of", "origin", "rng", "undo")

    def __init__(self, game: SkyhallGame, engine_state: Any = None, rng: Rng | None = None) -> None:
        self.game = game
        self.engine_state = engine_state
        self.origin: int | Any = None if engine_state is None else engine_state.clone()
        self.rng = rng
        self.legal_of: object = None
        self.legal_indices: tuple[int, ...] = ()
        self.undo: weakref.finalize[Any, Any] | None = None
        """Gives the game back if this state goes having only been observed."""

    def deal(self, seed: int | None = None) -> Drawn:
        """Deal this state's game from ``seed``, by default the next of the game's ``seed`` stream."""
        drawn = self.game.deal(seed)
        self.origin, self.engine_state = drawn.seed, drawn.engine_state
        self.rng = Rng(drawn.seed).fork(1)
        return drawn

    def used(self) -> Any:
        """The engine state, dealt first if need be, for a use that keeps it (a move, a question, a
        copy): it will not be given back."""
        if self.engine_state is None:
            self.deal()
        if self.undo is not None:
            self.undo.detach()
            self.undo = None
        return self.engine_state

    def legal(self) -> tuple[int, ...]:
        """The legal actions' codec indices in increasing order, worked out once per position (the
        engine keeps one legal tuple per position, and OpenSpiel asks for them again and again)."""
        actions = self.engine_state.legal_actions()
        if actions is not self.legal_of:
            self.legal_indices = tuple(sorted(self.game.engine.codec.encode_all(actions)))
            self.legal_of = actions
        return self.legal_indices

    def seen(self) -> Any:
        """The engine state its observers see, dealt first if need be (given back if nothing else
        ever uses it)."""
        if self.engine_state is None:
            self.undo = weakref.finalize(self, self.game.give_back, self.deal())
        return self.engine_state

    def dealt(self) -> tuple[Any, Rng]:
        """The engine state and the resampling stream, dealt first if need be."""
        engine_state = self.used()
        assert self.rng is not None  # a dealt state has its stream
        return engine_state, self.rng

    def __deepcopy__(self, memo: dict[int, Any]) -> Held:
        engine_state, rng = self.dealt()
        twin = Held(self.game)
        twin.engine_state, twin.origin, twin.rng = engine_state.clone(), self.origin, rng.clone()
        return twin


class SkyhallState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state holding a Skyhall engine state.

    ``clone()`` and ``child()`` are OpenSpiel's own (the action history and move number come along);
    ``copy.deepcopy`` is a clone, and ``pickle`` plays the state's history again from its
    ``origin`` (OpenSpiel's ``serialize()`` needs a game RNG state, which Python games cannot give).
    """

    def __init__(self, game: SkyhallGame, engine_state: Any = None, rng: Rng | None = None) -> None:
        super().__init__(game)
        self.held = Held(game, engine_state, rng)

    @property
    def engine_state(self) -> Any:
        return self.held.used()

    def current_player(self) -> int:
        if self.engine_state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        seat: int = self.engine_state.to_act
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        if self.engine_state.is_over or player != self.engine_state.to_act:
            return []
        return list(self.held.legal())

    def _apply_action(self, action: int) -> None:
        """Play ``action``; ``ValueError`` (nothing changed, the history neither) when the game is over or
        the action is not legal now: the engine's own ``apply`` trusts its caller."""
        engine_state = self.engine_state
        if engine_state.is_over:
            raise ValueError(f"the game is over: no action can be applied (got {action})")
        codec = self.held.game.engine.codec
        if action not in self.held.legal():
            shown = f" ({codec.decode(action)})" if 0 <= action < len(codec) else ""
            raise ValueError(f"action {action}{shown} is not legal now")
        engine_state.apply(codec.decode(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self.held.game.engine.codec.decode(action))

    def is_terminal(self) -> bool:
        over: bool = self.engine_state.is_over
        return over

    def returns(self) -> list[float]:
        game = self.held.game
        if not self.engine_state.is_over:
            return [0.0] * game.players
        return list(final_rewards(self.engine_state.result(), game.reward, game.scale))  # type: ignore[arg-type]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> SkyhallState:
        """A full state drawn from ``player_id``'s view alone (the hidden parts sampled with this
        state's own stream, never the game's dice). Its history is empty: the real one holds other
        seats' hidden choices."""
        engine_state, rng = self.held.dealt()
        game = self.held.game
        return SkyhallState(game, game.engine.determinize(engine_state.view(player_id), rng), rng.fork(1))

    def __deepcopy__(self, memo: dict[int, Any]) -> SkyhallState:
        twin: SkyhallState = self.clone()
        return twin

    def __reduce__(self) -> tuple[Any, ...]:
        _engine_state, rng = self.held.dealt()  # dealt, so that the origin is known
        return _played_back, (self.held.game, self.held.origin, self.history(), rng.state())

    def __str__(self) -> str:
        return json.dumps(self.engine_state.view(None, log=False).to_dict(), sort_keys=True)


class SkyhallObserver:
    """OpenSpiel's observer interface: ``tensor`` and ``dict`` (the encoder's parts), strings."""

    def __init__(self, game: SkyhallGame, perfect_recall: bool) -> None:
        self.encoder = game.encoder
        self.perfect_recall = perfect_recall
        self.tensor: np.ndarray[Any, np.dtype[np.float32]] | None = None
        """``None`` for a perfect-recall observer: OpenSpiel's sign of no tensor (strings only)."""
        self.dict: dict[str, Any] = {}
        if not perfect_recall:
            self.tensor = np.zeros(self.encoder.size, np.float32)
            self.dict = {p.name: self.tensor[p.start : p.stop] for p in self.encoder.layout.parts}

    def set_from(self, state: SkyhallState, player: int) -> None:
        if self.tensor is None:  # the games provide no information-state tensor
            raise ValueError(
                "no information-state tensor: use the observation tensor, or the information-state string"
            )
        self.encoder.encode(state.held.seen().view(player, log=False), self.tensor)

    def string_from(self, state: SkyhallState, player: int) -> str:
        view = state.held.seen().view(player, log=self.perfect_recall)
        seen = view.to_dict()
        for name in (*view.LOOKUPS, *(() if self.perfect_recall else ("log",))):
            seen.pop(name, None)
        return json.dumps(seen, sort_keys=True, separators=(",", ":"))


def _register(game_id: str) -> None:
    cls = type(f"Skyhall_{game_id.replace('-', '_')}", (SkyhallGame,), {"game_id": game_id})
    pyspiel.register_game(game_type(game_id, False), cls)


def _loaded(game_id: str, params: dict[str, Any], seeds: int) -> SkyhallGame:
    """A pickled game: loaded again with its parameters, its seed stream where it was."""
    game: SkyhallGame = pyspiel.load_game(short_name(game_id), params)
    game.seeds = Rng(seeds)
    return game


def _played_back(game: SkyhallGame, origin: int | Any, history: list[int], rng: int) -> SkyhallState:
    """A pickled state: its ``origin`` (a seed, or a resampled engine state) with its history played
    again, so that OpenSpiel's history and move number come back too."""
    state = SkyhallState(game)
    if isinstance(origin, int):
        state.held.deal(origin)
    else:
        state.held = Held(game, origin.clone())
    state.held.rng = Rng(rng)
    for action in history:
        state.apply_action(action)
    return state


def load(game_id: str, players: int = 2, reward: str = "margin", seed: int = 0, **options: int | str) -> Any:
    """``pyspiel.load_game`` of ``game_id`` with these parameters (``options``: see :func:`parameters`)."""
    numbers = {
        "players": players,
        "seed": seed,
        **{k: v for k, v in options.items() if not isinstance(v, str)},
    }
    params: dict[str, Any] = {**options, "reward": reward}
    for name, value in numbers.items():  # numpy's integers too: pyspiel takes Python's only
        params[name] = whole(value, f"{name} is an integer")
    return pyspiel.load_game(short_name(game_id), params)


for _game_id in registry.available():
    _register(_game_id)
