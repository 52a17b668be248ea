"""Wonder card effects that grant prestige the moment the Wonder is built.

Each effect kind of ``data/wonders.toml`` is carried out here (prestige counted on
the board as it stands once the Wonder is built) or in :mod:`.rules` (effects that
need a decision: take a disc, score a Panorama, move a disc) or in :mod:`.scoring`
and :mod:`.bid` (lasting effects: tall for control, extra Commissions, best colour,
the outbidding Wonder).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skyhall.core.state import EMPTY
from skyhall.core.text import plural
from skyhall.games.skyrise.cards import WonderCard
from skyhall.games.skyrise.scoring import controllers, island_name, tall_buildings

if TYPE_CHECKING:
    from skyhall.games.skyrise.state import State


LASTING = frozenset({"tall_for_control", "extra_commission", "best_colour", "outbid"})
"""Effects with nothing to do when built: they change scoring or bidding from then on."""
DECISIONS = frozenset({"take_adjacent_disc", "score_panorama", "move_disc"})
"""Effects that ask their owner to choose (``take_special`` also gives points first)."""


def immediate(s: State, seat: int, card: WonderCard, d: int) -> tuple[int, str]:
    """Prestige the Wonder on ``d`` earns ``seat`` when built, and why, in plain words."""
    board = s.board
    kind = card.effect
    pts = card.points
    mine = set(s.built[seat])
    island = board.island[d]
    if kind == "per_own_on_island":
        n = sum(1 for x in mine if board.island[x] == island)
        return n * pts, f"{plural(n, 'Structure')} on {island_name(s, island)} × {pts}"
    if kind == "per_patron":
        n = sum(s.patrons[seat])
        return n * pts, f"{plural(n, 'Patron disc')} × {pts}"
    if kind == "per_adjacent_colour":
        n = len({board.colour[x] for x in board.adjacent[d]})
        return n * pts, f"{plural(n, 'colour')} next to it × {pts}"
    if kind == "peek_patrons":
        return pts, "sees every Patron tile"
    if kind == "per_own_adjacent":
        n = sum(1 for x in board.adjacent[d] if x in mine)
        return n * pts, f"{plural(n, 'own Structure')} next to it × {pts}"
    if kind == "control_bonus":
        held = seat in controllers(s, next(ds for i, ds in board.islands if i == island))
        return (pts if held else 0), f"controls {island_name(s, island)}" if held else "no control here"
    if kind == "per_unoccupied_adjacent":
        n = sum(1 for x in board.adjacent[d] if s.occupant[x] == EMPTY)
        return n * pts, f"{plural(n, 'unoccupied district')} next to it × {pts}"
    if kind == "central_bonus":
        there = board.central[d]
        return (pts if there else 0), "on the Central Island" if there else "not on the Central Island"
    if kind == "fullest_row":
        n = max(s.rows[seat])
        return n * pts, f"{plural(n, 'disc')} in the fullest row × {pts}"
    if kind == "first_on_island":
        first = not any(board.island[x] == island for x in mine if x != d)
        return (pts if first else 0), "first Structure on this island" if first else "not the first here"
    if kind == "per_bridge_end":
        n = sum(1 for x in mine if board.bridge_end[x])
        return n * pts, f"{plural(n, 'bridge-end district')} × {pts}"
    if kind == "take_special":
        return pts, "bonus"
    if kind == "per_own_tall":
        n = tall_buildings(s, seat)
        return n * pts, f"{plural(n, 'tall Building')} × {pts}"
    raise AssertionError(f"effect {kind!r} grants no immediate prestige")
