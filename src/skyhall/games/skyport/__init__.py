"""Grand Central Skyport (2-4 players): build a skyport of airship lanes and stations.

Unofficial fan implementation from the published rulebook; card data is our
reconstruction (``data/*.toml``, flagged ``reconstructed = true``).

Package shape (the same in every game package):

``cards``    data classes and the validated loader for ``data/*.toml``
``lane``     a skyport row: lanes and stations, moving, swapping, merging
``actions``  one small action type per decision, notation and codec
``steps``    the decisions a turn is made of
``state``    the complete state, ``clone`` and ``snapshot``
``setup``    the rulebook's setup
``rules``    legal actions and their effects, phase by phase
``scoring``  score sheet and tie-breaks
``view``     what a seat may know; determinization from a view
``text``     the table drawn for a terminal
"""

from __future__ import annotations

from types import MappingProxyType

from skyhall.core.data import Variants
from skyhall.core.registry import Game, register
from skyhall.core.spec import FIRST_PLAYER, GameSpec, Option
from skyhall.games.skyport.actions import Action, make_codec, universe
from skyhall.games.skyport.cards import DATA_PACKAGE, build_catalog, load
from skyhall.games.skyport.setup import new_state
from skyhall.games.skyport.state import State
from skyhall.games.skyport.view import determinize

CODEC = make_codec(load())
VARIANTS = Variants(DATA_PACKAGE, build_catalog, load, universe)

SPEC = GameSpec(
    id="skyport",
    title="Grand Central Skyport",
    min_players=2,
    max_players=4,
    rules_version=1,
    action_count=len(CODEC),
    max_decisions=1000,  # random play takes at most about 240
    options=MappingProxyType({"first_player": None, "cities": None, "data": None}),
    offered=MappingProxyType(
        {
            "first_player": FIRST_PLAYER,
            "cities": Option(
                "Cities", "random", hint="one city letter per seat, in seat order, e.g. AC (cities A to D)"
            ),
        }
    ),
)


GAME = Game(spec=SPEC, variants=VARIANTS, setup=new_state, codec=CODEC, determinize=determinize)
register(GAME)

new_game = GAME.new_game
parse_action, encode, decode = CODEC.parse, CODEC.encode, CODEC.decode

__all__ = ["GAME", "SPEC", "Action", "State", "decode", "encode", "new_game", "parse_action"]
