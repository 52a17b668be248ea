"""What each seat ended a game with, as labelled items, for the report's per-card impact tables.

A finished game is replayed from its record and read through the spectator view,
which reveals everything once the game is over. Each game has one small function
mapping that view to one set of items per seat; an item is ``(kind, name)``, e.g.
``("airship", "B3")``. The report then compares the win rate of seats that had an
item with those that did not (:mod:`skyhall.sim.balance`).

- Skyport: the ordinary airships, stations and tycoons in the seat's skyport, its city,
  and the complete-set tokens it took.
- Airport Rush: the planes it took off and the objectives it kept.
- Skyrise: the Wonders it built, the districts it built on (``Wb (West Island)``: the board's
  positions, whichever Outer Island was dealt there) and its secret objective.

A game with no function here simply gets no impact section.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from skyhall.core.record import GameRecord
from skyhall.games.airport_rush.view import View as RushView
from skyhall.games.skyport.cards import KIND_NAMES, SET_KINDS
from skyhall.games.skyport.lane import Lane
from skyhall.games.skyport.view import View as SkyportView
from skyhall.games.skyrise.bid import WONDER
from skyhall.games.skyrise.view import View as SkyriseView

Item = tuple[str, str]
"""``(kind, name)``: ``("tycoon", "Ex3")``, ``("wonder", "12 Open Plaza")``…"""


def skyport(view: SkyportView) -> list[set[Item]]:
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


def airport_rush(view: RushView) -> list[set[Item]]:
    cat = view.cat
    return [
        {("plane", cat.cards[c].id) for c in view.taken[seat]}
        | {("objective", cat.objectives[o].id) for o in view.objectives[seat]}
        for seat in range(view.players)
    ]


def skyrise(view: SkyriseView) -> list[set[Item]]:
    cat = view.cat
    out: list[set[Item]] = []
    for seat in range(view.players):
        held: set[Item] = set()
        for district in view.built[seat]:
            site = cat.sites[district]
            where = "Central Island" if site.island == 0 else f"{cat.slot_names[site.island - 1]} Island"
            held.add(("district", f"{site.id} ({where})"))
            code = view.occupant[district]
            if code >= WONDER:
                card = cat.wonders[code - WONDER]
                held.add(("wonder", f"{card.number} {card.name}"))
        if view.objectives[seat] >= 0:
            held.add(("objective", cat.objectives[view.objectives[seat]].id))
        out.append(held)
    return out


ITEMS: dict[str, Callable[[Any], list[set[Item]]]] = {
    "skyport": skyport,
    "airport-rush": airport_rush,
    "skyrise": skyrise,
}
"""Per game id: the final spectator view to one item set per seat."""


def items_of(record: GameRecord) -> list[set[Item]] | None:
    """Replay ``record`` and read each seat's items; ``None`` for a game without an item function."""
    read = ITEMS.get(record.game)
    if read is None:
        return None
    return read(record.replay().view(None, log=False))
