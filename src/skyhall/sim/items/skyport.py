"""Skyport: the ordinary airships, stations and tycoons in a seat's skyport, its city, and the
complete-set tokens it took."""

from __future__ import annotations

from skyhall.games.skyport.cards import KIND_NAMES, SET_KINDS
from skyhall.games.skyport.lane import Lane
from skyhall.games.skyport.view import View
from skyhall.sim.items import Item


def items(view: View) -> list[set[Item]]:
    cards = view.cat.cards
    out: list[set[Item]] = []
    for seat, row in enumerate(view.rows):
        held: set[Item] = {("city", view.cat.cities[view.cities[seat]].id)}
        for place in row:
            for card in place.cards if isinstance(place, Lane) else (place.station, place.tycoon):
                if card >= 0 and not cards[card].starting:
                    held.add((KIND_NAMES[cards[card].kind], cards[card].id))
        for kind, value in zip(SET_KINDS, view.owned[seat], strict=True):
            if value >= 0:
                held.add(("token", f"{kind} {value}"))
        out.append(held)
    return out
