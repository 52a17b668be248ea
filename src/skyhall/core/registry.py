"""Games register themselves here on import; nothing lists all games by hand."""

from __future__ import annotations

import importlib
import pkgutil
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from types import ModuleType
from typing import Any

from skyhall.core.actions import Codec
from skyhall.core.data import Variants
from skyhall.core.errors import BrokenGame, DataError
from skyhall.core.spec import GameSpec


@dataclass(frozen=True)
class Game:
    """One registered game: its spec, its card data, its setup and its action codec; every game
    package makes one (``GAME``) and exports its ``new_game``, ``parse_action``, ``encode`` and
    ``decode`` from it, so all three offer the same surface built the same way."""

    spec: GameSpec
    variants: Variants[Any]
    """The game's card data as shipped, or with a designer's overlay (the ``data`` option)."""
    setup: Callable[[Any, int, int, dict[str, object]], Any]
    """``setup(catalog, players, seed, options) -> State``: the rulebook's setup (options resolved)."""
    codec: Codec[Any]
    determinize: Callable[[Any, Any], Any]
    """``determinize(view, rng) -> State``: a full state sampled to agree with a seat's view alone
    (what search agents think over; they never hold the true state)."""

    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def package(self) -> str:
        """The game's package (``skyhall.games.skyport``): its data files, its ``text`` module."""
        return self.variants.package

    def new_game(self, players: int, seed: int, options: Mapping[str, object] | None = None) -> Any:
        """A new game after setup, the first decision pending. ``options`` are over ``spec.options``
        (unknown names are an error naming the known ones): ``first_player`` a seat (default random),
        ``data`` an overlay on the card data (see :class:`~skyhall.core.data.Variants`), and the game's
        own (``skyhall games`` lists those players choose)."""
        players = self.spec.check_players(players)
        chosen = self.spec.resolve_options(options)
        return self.setup(self.variants.get(chosen["data"]), players, seed, chosen)


_GAMES: dict[str, Game] = {}


def register(game: Game) -> None:
    """Add ``game`` to the registry (called by each game package's ``__init__``)."""
    existing = _GAMES.get(game.id)
    if existing is not None and existing is not game:
        raise ValueError(f"a different game is already registered as {game.id!r}")
    _GAMES[game.id] = game


GAMES_PACKAGE = "skyhall.games"


def _discover() -> None:
    """Import every game package. One whose data files do not load (a designer's edit gone wrong) is
    left out with a warning naming the file, entry and field, so the other games stay playable."""
    games = importlib.import_module(GAMES_PACKAGE)
    for info in pkgutil.iter_modules(games.__path__):
        try:
            importlib.import_module(f"{GAMES_PACKAGE}.{info.name}")
        except DataError as exc:
            warnings.warn(f"{info.name.replace('_', '-')} is left out: {exc}", BrokenGame, stacklevel=3)


def available() -> Mapping[str, Game]:
    """Every game whose data loads, by id, importing the game packages on first use."""
    _discover()
    return dict(sorted(_GAMES.items()))


@cache
def per_game(package: str, game_id: str) -> ModuleType:
    """``package``'s module for ``game_id`` (``per_game("skyhall.rl.encoding", "airport-rush")`` is
    ``skyhall.rl.encoding.airport_rush``): the layers above the games keep one module per game, found
    by the game's name, so none of them lists the games by hand. ``KeyError`` for an unknown game,
    ``ModuleNotFoundError`` for a game the package has no module for."""
    get(game_id)
    return importlib.import_module(f"{package}.{game_id.replace('-', '_')}")


def get(game_id: str) -> Game:
    """The game registered as ``game_id``, importing its package alone (so another game's broken data
    file does not stop this one); its own data's :class:`DataError` if they do not load, ``KeyError``
    naming the known ids for no such game."""
    if game_id not in _GAMES:
        module = f"{GAMES_PACKAGE}.{game_id.replace('-', '_')}"
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
    if game_id not in _GAMES:
        _discover()
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(_GAMES))
        raise KeyError(f"no game {game_id!r} (games: {known})") from None
