"""Setting up a game: starting planes, the two decks with their Events, Supplies, hands, objectives, dice."""

from __future__ import annotations

from collections.abc import Mapping

from skyhall.core import log
from skyhall.core.flow import first_player
from skyhall.core.log import seat_name
from skyhall.core.rng import Rng
from skyhall.core.state import EMPTY
from skyhall.games.airport_rush.cards import Catalog
from skyhall.games.airport_rush.plane import Docked
from skyhall.games.airport_rush.rules import begin_game, refill_load_spaces
from skyhall.games.airport_rush.state import State


def stacked(cards: list[int], events: list[int], rng: Rng) -> tuple[int, ...]:
    """The rulebook's deck: shuffle, cut in three near-equal piles, an Event on two, the third on top.

    The cut is exact (sizes differ by at most one, larger piles on top), so every
    player knows at which depths the two Events lie, though not which Events they are.
    Returned bottom first.
    """
    rng.shuffle(cards)
    q, r = divmod(len(cards), 3)
    sizes = [q + (1 if i < r else 0) for i in range(3)]
    top, middle = cards[: sizes[0]], cards[sizes[0] : sizes[0] + sizes[1]]
    bottom = cards[sizes[0] + sizes[1] :]
    first, second = [*events, EMPTY, EMPTY][:2]
    top_first = [*top, first, *middle, second, *bottom]
    return tuple(reversed([c for c in top_first if c != EMPTY]))


def new_state(cat: Catalog, players: int, seed: int, options: Mapping[str, object]) -> State:
    lim = cat.limits
    rng = Rng(seed)
    s = State(cat, players, rng)

    starting = cat.planes_in("S")
    rng.shuffle(starting)
    per_seat = lim.start_departure + lim.start_waiting
    for seat in range(players):
        four = starting[seat * per_seat : (seat + 1) * per_seat]
        spaces: list[Docked | None] = [Docked(c) for c in four[: lim.start_departure]]
        spaces += [None] * (lim.departure_spaces - len(spaces))
        s.departure.append(tuple(spaces))
        s.waiting.append(tuple(four[lim.start_departure :]))
        s.airport.append(())
        s.taken.append(())
        s.hands.append(())
        s.known.append(frozenset())
    dealt = set(starting[: players * per_seat])

    events = list(cat.events)
    rng.shuffle(events)
    in_game = events[: lim.events_in_game]
    half = len(in_game) // 2
    groups = lim.decks[players]
    planes = [c for c in cat.planes if cat.cards[c].group in groups and c not in dealt]
    s.decks = [stacked(planes, in_game[:half], rng), stacked(list(cat.actions), in_game[half:], rng)]

    for deck in (0, 1):
        row = []
        for _ in range(lim.supply_size):
            row.append(s.decks[deck][-1])
            s.decks[deck] = s.decks[deck][:-1]
        s.supply[deck] = tuple(row)

    s.first = first_player(options, players, rng)

    for k in range(players):
        seat = (s.first + k) % players
        hand = []
        for deck, count in ((0, lim.hand_planes), (1, lim.hand_actions)):
            for _ in range(count):
                hand.append(s.decks[deck][-1])
                s.decks[deck] = s.decks[deck][:-1]
        s.hands[seat] = tuple(hand)
        dealt_to = ", ".join(cat.cards[c].describe() for c in hand)
        s.log = log.append(s.log, f"{seat_name(seat)} is dealt 2 planes and 2 action cards.", seat,
                           f"You are dealt {dealt_to}.")  # fmt: skip

    objectives = list(range(len(cat.objectives)))
    rng.shuffle(objectives)
    for seat in range(players):
        s.dealt.append(tuple(objectives[seat * lim.objectives_dealt : (seat + 1) * lim.objectives_dealt]))
        s.objectives.append(())

    s.bag = lim.dice
    s.load = [() for _ in range(lim.load_spaces)]
    refill_load_spaces(s)
    s.log = log.append(s.log, f"{seat_name(s.first)} is the first player.")
    begin_game(s)
    s.settle()
    return s
