"""Setting up a game: the rulebook's preparation for 2, 3 or 4 players."""

from __future__ import annotations

from collections.abc import Mapping

from skyhall.core import log
from skyhall.core.flow import first_player
from skyhall.core.log import seat_name
from skyhall.core.rng import Rng
from skyhall.core.state import EMPTY
from skyhall.games.skyrise.bid import wonders_each
from skyhall.games.skyrise.cards import COLOURS, COMMISSIONS, PATRON, WILD, Catalog
from skyhall.games.skyrise.district import board_for
from skyhall.games.skyrise.rules import KEY_MODES, start_auction
from skyhall.games.skyrise.state import State


def disc_bag(cat: Catalog, players: int) -> list[int]:
    """The discs left for ``players`` after the removals, in a fixed order (shuffle before use)."""
    district, patron, wild, commissions = cat.discs
    less = cat.removals[players]
    bag: list[int] = []
    for colour in range(len(COLOURS)):
        bag.extend([colour] * (district - less[0]))
    for letter in range(len(cat.letters)):
        bag.extend([PATRON + letter] * (patron - less[1]))
    bag.extend([WILD] * (wild - less[2]))
    bag.extend([COMMISSIONS] * (commissions - less[3]))
    return bag


def new_state(cat: Catalog, players: int, seed: int, options: Mapping[str, object]) -> State:
    """A new game after setup, waiting for the first opening bid."""
    rng = Rng(seed)
    mode = options.get("city_keys", "lowest")
    if mode not in KEY_MODES:
        raise ValueError(f"city_keys must be one of {', '.join(KEY_MODES)}, not {mode!r}")

    # Outer Islands: as many as players, random tiles in random slots around the Central Island.
    tiles = list(range(len(cat.tiles)))
    rng.shuffle(tiles)
    slots = list(range(len(cat.slots)))
    rng.shuffle(slots)
    layout = [EMPTY] * len(cat.slots)
    for k in range(players):
        layout[slots[k]] = tiles[k]
    s = State(cat, players, rng, board_for(cat, tuple(layout)))
    s.keys_mode = str(mode)

    # One disc from the bag on every district in play.
    bag = disc_bag(cat, players)
    rng.shuffle(bag)
    for d in s.board.in_play:
        s.discs[d] = bag.pop()

    # Wonder cards, Secret Objectives, Panoramas, Patron tiles.
    deck = list(range(len(cat.wonders)))
    rng.shuffle(deck)
    dealt = cat.wonders_dealt_two if players == 2 else cat.wonders_dealt
    objectives = list(range(len(cat.objectives)))
    rng.shuffle(objectives)
    for seat in range(players):
        s.hands[seat] = tuple(sorted(deck[seat * dealt : (seat + 1) * dealt]))
        s.objectives[seat] = objectives[seat]
    panoramas = list(range(len(cat.panoramas)))
    rng.shuffle(panoramas)
    s.panoramas = tuple(panoramas[: cat.panoramas_drawn])
    tiles_values = list(cat.patron_values)
    rng.shuffle(tiles_values)
    s.tiles = tuple(tiles_values)

    # Buildings: undotted ones available, dotted ones and the Wonder(s) set aside.
    for seat in range(players):
        s.pool[seat] = tuple(b for b in cat.sets[seat] if cat.buildings[b].era == 1)
        s.reserve[seat] = tuple(b for b in cat.sets[seat] if cat.buildings[b].era == 2)

    s.first = first_player(options, players, rng)

    placed = ", ".join(
        f"{cat.tile_ids[tile]} in the {cat.slot_names[slot]}"
        for slot, tile in enumerate(layout)
        if tile != EMPTY
    )
    s.log = log.append(s.log, f"Outer Islands: {placed}.")
    names = " and ".join(cat.panoramas[p].name for p in s.panoramas)
    s.log = log.append(s.log, f"Panorama cards: {names}.")
    each = wonders_each(players)
    for seat in range(players):
        cards = ", ".join(str(cat.wonders[c].number) for c in s.hands[seat])
        objective = cat.objectives[s.objectives[seat]]
        s.log = log.append(
            s.log,
            f"{seat_name(seat)} is dealt {dealt} Wonder cards and a Secret Objective"
            + (f", and takes a second Wonder ({each} in all)." if each > 1 else "."),
            seat,
            f"You are dealt Wonder cards {cards} and Secret Objective {objective.id} "
            f"({objective.needed(players)} Structures on {COLOURS[objective.colour]}).",
        )
    s.log = log.append(s.log, f"{seat_name(s.first)} opens the first auction.")
    start_auction(s, s.first)
    s.settle()
    return s
