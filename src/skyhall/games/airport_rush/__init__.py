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
    rules_version=3,
    action_count=len(CODEC),
    max_decisions=2000,  # random play takes at most about 510
    options=MappingProxyType({"first_player": None, "data": None}),
    offered=MappingProxyType({"first_player": FIRST_PLAYER}),
)


GAME = Game(spec=SPEC, variants=VARIANTS, setup=new_state, codec=CODEC, determinize=determinize)
register(GAME)

new_game = GAME.new_game
parse_action, encode, decode = CODEC.parse, CODEC.encode, CODEC.decode

__all__ = ["GAME", "SPEC", "Action", "State", "decode", "encode", "new_game", "parse_action"]
