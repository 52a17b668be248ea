"""Skyrise (2-4 players): win auctions for districts of a city in the sky, build, and score Prestige.

Unofficial fan implementation from the published rulebook (cut off mid-scoring); the
components and the missing rules are our reconstruction (``data/*.toml``, flagged
``reconstructed = true``; ``docs/skyrise.md`` lists every decision taken).

Package shape (the same in every game package):

``cards``     data classes and the validated loader for ``data/*.toml``
``district``  the islands in play as a graph: colours, adjacency, bridges, airships, waterfalls
``bid``       auction questions: owners, bid values, where bids may go, whose turn
``actions``   one small action type per decision, notation and codec
``steps``     the decisions a game is made of
``state``     the complete state, ``clone`` and ``snapshot``
``setup``     the rulebook's preparation
``rules``     legal actions and their effects, auction by auction, Era by Era
``wonder``    Wonder card effects that score when built
``scoring``   island control, Panoramas, the final score sheet and tie-break
``view``      what a seat may know; determinization from a view
``text``      the table drawn for a terminal
"""

from __future__ import annotations

from types import MappingProxyType

from skyhall.core.data import Variants
from skyhall.core.registry import Game, register
from skyhall.core.spec import FIRST_PLAYER, GameSpec, Option
from skyhall.games.skyrise.actions import Action, make_codec, universe
from skyhall.games.skyrise.cards import DATA_PACKAGE, build_catalog, load
from skyhall.games.skyrise.setup import new_state
from skyhall.games.skyrise.state import State
from skyhall.games.skyrise.view import determinize

CODEC = make_codec(load())
VARIANTS = Variants(DATA_PACKAGE, build_catalog, load, universe)

SPEC = GameSpec(
    id="skyrise",
    title="Skyrise",
    min_players=2,
    max_players=4,
    rules_version=2,
    action_count=len(CODEC),
    max_decisions=600,  # random play takes at most about 165
    options=MappingProxyType({"first_player": None, "city_keys": "lowest", "data": None}),
    offered=MappingProxyType(
        {
            "first_player": FIRST_PLAYER,
            "city_keys": Option(
                "City Keys",
                "to the least prestige (default; the rulebook is unclear)",
                choices=(("highest", "to the most prestige"), ("off", "none")),
            ),
        }
    ),
)


GAME = Game(spec=SPEC, variants=VARIANTS, setup=new_state, codec=CODEC, determinize=determinize)
register(GAME)

new_game = GAME.new_game
parse_action, encode, decode = CODEC.parse, CODEC.encode, CODEC.decode

__all__ = ["GAME", "SPEC", "Action", "State", "decode", "encode", "new_game", "parse_action"]
