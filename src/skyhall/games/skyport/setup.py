"""Setting up a game: the rulebook's ten setup steps for 2, 3 or 4 players."""

from __future__ import annotations

from collections.abc import Mapping

from skyhall.core import log
from skyhall.core.flow import first_player
from skyhall.core.log import seat_name
from skyhall.core.rng import Rng
from skyhall.core.state import EMPTY
from skyhall.games.skyport.cards import CLOSING, EXPLORER, MERCHANT, WILD, Catalog
from skyhall.games.skyport.lane import Berth, Lane, Position
from skyhall.games.skyport.rules import start_turn
from skyhall.games.skyport.state import State


def new_state(cat: Catalog, players: int, seed: int, options: Mapping[str, object]) -> State:
    """A new game after setup, waiting for the first player's first decision."""
    rng = Rng(seed)
    s = State(cat, players, rng)

    # Promenade: five face-up stacks; only Explorers and Merchants differ, so only they are shuffled.
    stacks = [list(stack) for stack in cat.tycoons]
    for kind in (EXPLORER, MERCHANT):
        rng.shuffle(stacks[kind])
    s.promenade = [tuple(stack) for stack in stacks]

    # Stations: shuffled, split into two face-up decks.
    stations = list(cat.stations)
    rng.shuffle(stations)
    half = len(stations) // 2
    s.station_decks = [tuple(stations[:half]), tuple(stations[half:])]

    # Complete-set tokens, highest on top (the data lists them top first).
    s.token_stacks = [tuple(reversed(values)) for values in cat.tokens]

    # Airship deck for this player count, the Closing card with 7 cards beneath it.
    deck = cat.deck_for(players)
    rng.shuffle(deck)
    deck.insert(cat.closing_beneath, CLOSING)
    s.deck = tuple(deck)

    # The eight spaces, dealt from the top in space order.
    for space in range(len(cat.spaces)):
        s.board[space] = s.deck[-1]
        s.deck = s.deck[:-1]

    s.cities = _cities(cat, players, options.get("cities"), rng)
    for city in s.cities:
        row: list[Position] = []
        for c in cat.cities[city].row:
            card = cat.cards[c]
            row.append(Lane(card.colour, (c,)) if card.kind == 0 else Berth(c))
        s.rows.append(tuple(row))
        s.standees.append(EMPTY)
        s.owned.append((EMPTY, EMPTY))
        s.known.append(frozenset())
        s.hands.append(())

    s.first = first_player(options, players, rng)

    names = ", ".join(f"{seat_name(i)} {cat.cities[c].name}" for i, c in enumerate(s.cities))
    s.log = log.append(s.log, f"Cities: {names}. {seat_name(s.first)} is the first player.")
    for k in range(players):
        seat = (s.first + k) % players
        hand: list[int] = []
        while len(hand) < cat.hand_size:
            c = s.deck[-1]
            s.deck = s.deck[:-1]
            if cat.cards[c].colour == WILD:
                # Back into the deck at random, above the Closing card, and draw again.
                at = cat.closing_beneath + 1 + rng.below(len(s.deck) - cat.closing_beneath)
                s.deck = (*s.deck[:at], c, *s.deck[at:])
                s.log = log.append(s.log, f"{seat_name(seat)} draws a Wild and shuffles it back.")
                continue
            hand.append(c)
        s.hands[seat] = tuple(hand)
        s.log = log.append(
            s.log,
            f"{seat_name(seat)} draws {len(hand)} cards.",
            seat,
            "You draw " + ", ".join(cat.cards[c].describe() for c in hand) + ".",
        )
    start_turn(s)
    s.settle()
    return s


def _cities(cat: Catalog, players: int, chosen: object, rng: Rng) -> tuple[int, ...]:
    ids = [city.id for city in cat.cities]
    if chosen is None:
        order = list(range(len(ids)))
        rng.shuffle(order)
        return tuple(order[:players])
    if isinstance(chosen, str):
        chosen = list(chosen.replace(",", " ").split()) if len(chosen) != players else list(chosen)
    if (
        not isinstance(chosen, list)
        or len(chosen) != players
        or len({str(c).casefold() for c in chosen}) != players
    ):
        raise ValueError(f"cities must name {players} different cities among {', '.join(ids)}")
    picked = []
    known = [i.casefold() for i in ids]
    for name in chosen:
        if str(name).casefold() not in known:
            raise ValueError(f"no city {name!r} (cities: {', '.join(ids)})")
        picked.append(known.index(str(name).casefold()))
    return tuple(picked)
