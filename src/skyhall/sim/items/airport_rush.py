"""Airport Rush: the planes a seat took off and the objectives it kept."""

from __future__ import annotations

from skyhall.games.airport_rush.view import View
from skyhall.sim.items import Item


def items(view: View) -> list[set[Item]]:
    cat = view.cat
    return [
        {Item("plane", cat.cards[c].id) for c in view.taken[seat]}
        | {Item("objective", cat.objectives[o].id) for o in view.objectives[seat]}
        for seat in range(view.players)
    ]
