"""Skyrise's observation: the districts (colour, disc, structure, bids), each seat's board, the auction.

Districts are numbered over the whole board of four Outer Island slots, as the
actions number them, so a district keeps its entries whatever the layout; those
not in play have no colour. Buildings are encoded per seat by their place in
that seat's set (seat ``k`` plays set ``k``). What a seat cannot see (rivals'
Wonder cards before they are revealed, Secret Objectives, Patron tiles it may
not look at) appears only as a count or not at all.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from skyhall.games.skyrise.catalog import COLOURS, HEIGHTS, load
from skyhall.games.skyrise.district import board_for
from skyhall.games.skyrise.state import WONDER
from skyhall.games.skyrise.steps import NAMES
from skyhall.games.skyrise.view import View
from skyhall.rl.encoding.layout import (
    SEATS,
    Encoder,
    Index,
    Layout,
    Vector,
    header,
    index,
    relative,
    write_header,
)

CAT = load()
SITES = [s.id for s in CAT.sites]
NSITES = len(SITES)
SET_SIZE = len(CAT.sets[0])
WONDERS = [str(w.number) for w in CAT.wonders]
NWONDERS = len(WONDERS)
DISCS = (*COLOURS, *(f"patron {x}" for x in CAT.letters), "wild", "commissions")
STRUCTURE = (*SEATS, "wonder", *HEIGHTS)
F_WONDER, F_HEIGHT = 4, 5
BUILDING_OWNER = tuple(b.owner for b in CAT.buildings)
BUILDING_HEIGHT = tuple(b.height for b in CAT.buildings)
BUILDING_PLACE = tuple(CAT.sets[b.owner].index(b.index) for b in CAT.buildings)

LAYOUT = Layout("skyrise")
HEADER = header(LAYOUT, NAMES)
ERA = LAYOUT.flags("era", ("1", "2"), "the Era")
FIRST = LAYOUT.flags("first", SEATS, "the first player")
OPENER = LAYOUT.flags("opener", SEATS, "who opens this auction")
BIDDER = LAYOUT.flags("bidder", SEATS, "who leads this auction")
PASSED = LAYOUT.flags("passed", SEATS, "seats out of this auction")
WINNER = LAYOUT.flags("winner", SEATS, "the seat whose Wonder effect is being resolved")
REVEALED = LAYOUT.flags("revealed", ("kept Wonder cards revealed",), "the kept Wonder cards are public")
ISLANDS = LAYOUT.grid("islands", CAT.slots, CAT.tile_ids, "the Outer Island tile in each slot")
COLOUR = LAYOUT.grid("colour", SITES, COLOURS, "each district's colour (none: not in play)")
DISC = LAYOUT.grid("disc", SITES, DISCS, "the disc lying on each district")
OCCUPANT = LAYOUT.grid(
    "occupant", SITES, STRUCTURE, "the structure on each district: its owner (Buildings), Wonder, height"
)
VALUE = LAYOUT.numbers("value", SITES, "the Building's value on each district, / 100")
BIDS = LAYOUT.grid("bids", SITES, ("bid", "leading"), "districts bid on in this auction, and the leading one")
SITE = LAYOUT.flags("site", SITES, "the district of the Wonder being resolved")
EFFECT = LAYOUT.flags("effect", WONDERS, "the Wonder card being resolved")
POOL = LAYOUT.grid("pool", SEATS, [str(k + 1) for k in range(SET_SIZE)], "Buildings each seat may bid with")
RESERVE = LAYOUT.grid("reserve", SEATS, [str(k + 1) for k in range(SET_SIZE)], "Era 2 Buildings not yet out")
HANDS = LAYOUT.grid("hands", SEATS, WONDERS, "Wonder cards held, where the seat may see them")
CHOSEN = LAYOUT.grid("chosen", SEATS, WONDERS, "Wonder cards kept, where the seat may see them")
UNBUILT = LAYOUT.grid("unbuilt", SEATS, WONDERS, "kept Wonder cards whose Wonder is not built")
OBJECTIVES = LAYOUT.grid("objectives", SEATS, [o.id for o in CAT.objectives], "Secret Objectives seen")
PEEK = LAYOUT.grid("peek", SEATS, CAT.letters, "the Patron tiles each seat may look at")
PANORAMAS = LAYOUT.flags("panoramas", [p.id for p in CAT.panoramas], "the Panorama cards in play")
TILES = LAYOUT.numbers("tiles", CAT.letters, "the value of each Patron tile this seat may see, / 10")
BOARD = (
    *(f"row {c} / 4" for c in COLOURS),
    "excess / 4",
    *(f"patron {x} / 4" for x in CAT.letters),
    "commissions / 4",
    "keys / 3",
    "key values / 20",
    "prestige / 100",
    "spare / 10",
    "wonder cards / 5",
)
NBOARD = len(BOARD)
BOARDS = LAYOUT.grid("boards", SEATS, BOARD, "each seat's player board, counts and scores", True)
COUNTS = LAYOUT.numbers("counts", ("stage / 4",), "the Wonder effect's stage")


@lru_cache(maxsize=64)
def _colours(layout: tuple[int, ...]) -> Index:
    return index([COLOUR + d * 4 + c for d, c in enumerate(board_for(CAT, layout).colour) if c >= 0])


@lru_cache(maxsize=1 << 14)
def _discs(discs: tuple[int, ...]) -> Index:
    return index([DISC + d * len(DISCS) + c for d, c in enumerate(discs) if c >= 0])


@lru_cache(maxsize=1 << 14)
def _structures(occupant: tuple[int, ...], rel: tuple[int, ...]) -> tuple[Index, Vector]:
    """The occupant flags and the Building values of every district."""
    hot: list[int] = []
    values = np.zeros(NSITES, np.float32)
    for d, code in enumerate(occupant):
        if code < 0:
            continue
        at = OCCUPANT + d * len(STRUCTURE)
        if code >= WONDER:
            hot.append(at + F_WONDER)
        else:
            hot += [at + rel[BUILDING_OWNER[code]], at + F_HEIGHT + BUILDING_HEIGHT[code]]
            values[d] = CAT.buildings[code].value / 100
    return index(hot), values


@lru_cache(maxsize=1 << 14)
def _buildings(buildings: tuple[int, ...], start: int) -> Index:
    """The flags of ``buildings`` (one seat's) by their place in the seat's set, from ``start``."""
    return index([start + BUILDING_PLACE[b] for b in buildings])


def write(view: View, out: Vector) -> list[Index]:
    """Set ``out``'s entries for ``view``, but for the cached parts' flags, which are returned."""
    n = view.players
    rel = relative(n, view.seat if view.seat is not None else 0)
    write_header(HEADER, view, rel, out)
    out[ERA + view.era - 1] = 1.0
    out[FIRST + rel[view.first]] = 1.0
    out[OPENER + rel[view.opener]] = 1.0
    if view.bidder >= 0:
        out[BIDDER + rel[view.bidder]] = 1.0
    if view.winner >= 0:
        out[WINNER + rel[view.winner]] = 1.0
    if view.site >= 0:
        out[SITE + view.site] = 1.0
    if view.effect >= 0:
        out[EFFECT + view.effect] = 1.0
    if view.revealed:
        out[REVEALED] = 1.0
    for p in range(n):
        if view.passed >> p & 1:
            out[PASSED + rel[p]] = 1.0
    ntiles = len(CAT.tile_ids)
    for slot, t in enumerate(view.layout):
        if t >= 0:
            out[ISLANDS + slot * ntiles + t] = 1.0
    structures, values = _structures(view.occupant, rel)
    out[VALUE : VALUE + NSITES] = values
    for d, _ in view.bids:
        out[BIDS + 2 * d] = 1.0
    if view.bids:
        out[BIDS + 2 * view.bids[-1][0] + 1] = 1.0
    for k in view.panoramas:
        out[PANORAMAS + k] = 1.0
    for k, v in enumerate(view.tiles):
        if v > 0:
            out[TILES + k] = v / 10
    hot = [_colours(view.layout), _discs(view.discs), structures]
    nobjectives = len(CAT.objectives)
    for p in range(n):
        r = rel[p]
        hot.append(_buildings(view.pool[p], POOL + r * SET_SIZE))
        hot.append(_buildings(view.reserve[p], RESERVE + r * SET_SIZE))
        for part, cards in ((HANDS, view.hands[p]), (CHOSEN, view.chosen[p]), (UNBUILT, view.wonders[p])):
            for c in cards:
                if c >= 0:
                    out[part + r * NWONDERS + c] = 1.0
        peek = view.peek[p]
        for k in range(4) if peek else ():
            if peek >> k & 1:
                out[PEEK + r * 4 + k] = 1.0
        if view.objectives[p] >= 0:
            out[OBJECTIVES + r * nobjectives + view.objectives[p]] = 1.0
        keys = view.keys[p]
        at = BOARDS + r * NBOARD
        out[at : at + NBOARD] = (
            *[x / 4 for x in view.rows[p]],
            view.excess[p] / 4,
            *[x / 4 for x in view.patrons[p]],
            view.commissions[p] / 4,
            len(keys) / 3,
            sum(keys) / 20,
            view.prestige[p] / 100,
            view.spare[p] / 10,
            len(view.hands[p]) / 5,
        )
    out[COUNTS] = view.stage / 4
    return hot


ENCODER = Encoder(LAYOUT, write)
