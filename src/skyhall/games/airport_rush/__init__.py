"""Airport Rush (2-4 players): draft dice onto your planes and take off seven of them.

Unofficial fan implementation from the published rulebook; plane, action, event
and objective data are our reconstruction (``data/*.toml``, ``reconstructed = true``).

Package shape (the same in every game package):

``cards``    data classes and the validated loader for ``data/*.toml``
``die``      dice as small integers; the bag
``plane``    planes at a Departure space: which dice fit, when a plane is ready
``actions``  one small action type per decision, notation and codec
``steps``    the decisions a turn is made of
``state``    the complete state, ``clone`` and ``snapshot``
``setup``    the rulebook's setup
``rules``    legal actions and their effects: the four actions, events, the end
``scoring``  score sheet (with the best objective assignment) and tie-breaks
``view``     what a seat may know; determinization from a view
``text``     the table drawn for a terminal
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from skyhall.core.data import Variants
from skyhall.core.registry import Game, register
from skyhall.core.spec import FIRST_PLAYER, GameSpec
from skyhall.games.airport_rush.actions import Action, make_codec, universe
from skyhall.games.airport_rush.cards import DATA_PACKAGE, build_catalog, load
from skyhall.games.airport_rush.setup import new_state
from skyhall.games.airport_rush.state import State
from skyhall.games.airport_rush.view import determinize

CODEC = make_codec(load())
VARIANTS = Variants(DATA_PACKAGE, build_catalog, load, universe)

SPEC = GameSpec(
    id="airport-rush",
    title="Airport Rush",
    min_players=2,
    max_players=4,
    rules_version=2,
    action_count=len(CODEC),
    options=MappingProxyType({"first_player": None, "data": None}),
    offered=MappingProxyType({"first_player": FIRST_PLAYER}),
)


def new_game(players: int, seed: int, options: Mapping[str, object] | None = None) -> State:
    """A new game after setup.

    Options: ``first_player`` (a seat; default random), ``data`` (an overlay on the card data, see
    :class:`~skyhall.core.data.Variants`; default none).
    """
    players = SPEC.check_players(players)
    chosen = SPEC.resolve_options(options)
    return new_state(VARIANTS.get(chosen["data"]), players, seed, chosen)


GAME = Game(spec=SPEC, new_game=new_game, codec=CODEC, determinize=determinize)
register(GAME)

__all__ = ["GAME", "SPEC", "Action", "State", "new_game"]
