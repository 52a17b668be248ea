"""Skyrise: the Wonders a seat built, the districts it built on (``Wb (West Island)``: the board's
positions, whichever Outer Island was dealt there) and its secret objective."""

from __future__ import annotations

from skyhall.games.skyrise.bid import WONDER
from skyhall.games.skyrise.view import View
from skyhall.sim.items import Item


def items(view: View) -> list[set[Item]]:
    cat = view.cat
    out: list[set[Item]] = []
    for seat in range(view.players):
        held: set[Item] = set()
        for district in view.built[seat]:
            site = cat.sites[district]
            where = "Central Island" if site.island == 0 else f"{cat.slot_names[site.island - 1]} Island"
            held.add(Item("district", f"{site.id} ({where})"))
            code = view.occupant[district]
            if code >= WONDER:
                card = cat.wonders[code - WONDER]
                held.add(Item("wonder", f"{card.number} {card.name}"))
        if view.objectives[seat] >= 0:
            held.add(Item("objective", cat.objectives[view.objectives[seat]].id))
        out.append(held)
    return out
