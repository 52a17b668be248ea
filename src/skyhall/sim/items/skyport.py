"""Skyport: the ordinary airships, stations and tycoons in a seat's skyport, its city, and the
complete-set tokens it took.

A token is named by its place in its stack, top first (``colours #1``), with its value in this run:
a variant that changes the stack's values changes the values of the same tokens, which a comparison
then lines up. Tokens leave a stack from the top, so the tokens taken are the top ones; seats holding
equal values of one stack (a variant's ``[1, 1, 1, 1]``) are given its places in seat order, as the
end of the game does not tell which came first.
"""

from __future__ import annotations

from skyhall.games.skyport.cards import KIND_NAMES, SET_KINDS
from skyhall.games.skyport.lane import Lane
from skyhall.games.skyport.view import View
from skyhall.sim.items import Item


def items(view: View) -> list[set[Item]]:
    cards = view.cat.cards
    out: list[set[Item]] = []
    for seat, row in enumerate(view.rows):
        held: set[Item] = {Item("city", view.cat.cities[view.cities[seat]].id)}
        for place in row:
            for card in place.cards if isinstance(place, Lane) else (place.station, place.tycoon):
                if card >= 0 and not cards[card].starting:
                    held.add(Item(KIND_NAMES[cards[card].kind], cards[card].id))
        out.append(held)
    for k, kind in enumerate(SET_KINDS):
        stack = view.cat.tokens[k]
        free = list(range(len(stack) - len(view.token_stacks[k])))  # the places taken, top first
        for seat, owned in enumerate(view.owned):
            value = owned[k]
            if value < 0:
                continue
            slot = next(p for p in free if stack[p] == value)  # a taken token came from its stack
            free.remove(slot)
            out[seat].add(Item("token", f"{kind} #{slot + 1}", str(value)))
    return out
