"""The auction: who owns a bid, what it is worth, where bids may go, and whose turn it is.

Pure questions about a :class:`~skyhall.games.skyrise.state.State`; the changes
are made by :mod:`skyhall.games.skyrise.rules`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skyhall.core.state import EMPTY
from skyhall.games.skyrise.cards import Catalog

if TYPE_CHECKING:
    from skyhall.games.skyrise.state import State

WONDER = 100
"""Structure code of a Wonder: ``WONDER + card index`` (a Building's code is its index, below it)."""


def is_wonder(code: int) -> bool:
    return code >= WONDER


def owner(s: State, code: int) -> int:
    """The seat a structure code belongs to."""
    if code < WONDER:
        return s.cat.buildings[code].owner
    card = code - WONDER
    for seat in range(s.n):
        if card in s.chosen[seat]:
            return seat
    raise AssertionError(f"Wonder card {card + 1} is kept by nobody")


def outbids(cat: Catalog, card: int) -> bool:
    """Does this Wonder card let its Wonder be placed as an ordinary bid (card 18)?"""
    return cat.wonders[card].effect == "outbid"


def value(cat: Catalog, code: int) -> int:
    """What a bid is worth: a Building's number, an outbidding Wonder's printed value."""
    if code < WONDER:
        return cat.buildings[code].value
    return cat.wonders[code - WONDER].points


def describe(cat: Catalog, code: int) -> str:
    """``tall 106`` or ``Wonder 7 (Garden Terraces)``."""
    if code < WONDER:
        return cat.buildings[code].describe()
    card = cat.wonders[code - WONDER]
    return f"Wonder {card.number} ({card.name})"


def remaining(s: State, seat: int) -> int:
    """Structures ``seat`` has still to build (bids on the board included)."""
    left = len(s.pool[seat]) + len(s.reserve[seat]) + len(s.wonders[seat])
    if not s.revealed:
        left += wonders_each(s.n)  # not yet chosen
    for _, code in s.bids:
        if owner(s, code) == seat:
            left += 1
    return left


def wonders_each(n: int) -> int:
    """Wonders (and kept Wonder cards) per player: two in a 2-player game."""
    return 2 if n == 2 else 1


def opening_districts(s: State) -> list[int]:
    """Unoccupied districts on the Central Island or next to any built Structure."""
    occupant = s.occupant
    board = s.board
    out = []
    for d in board.in_play:
        if occupant[d] != EMPTY:
            continue
        if board.central[d]:
            out.append(d)
            continue
        for x in board.adjacent[d]:
            if occupant[x] != EMPTY:
                out.append(d)
                break
    return out


def targets(s: State) -> list[int]:
    """Unoccupied districts adjacent to the most recent bid."""
    occupant = s.occupant
    return [x for x in s.board.adjacent[s.bids[-1][0]] if occupant[x] == EMPTY]


def next_bidder(s: State, after: int) -> int:
    """The next seat clockwise after ``after`` still in the auction (not the leader), or ``EMPTY``."""
    for k in range(1, s.n):
        seat = (after + k) % s.n
        if seat != s.bidder and not s.passed & (1 << seat):
            return seat
    return EMPTY


def initiative(s: State, seat: int) -> int:
    """A seat's initiative: its lowest kept Wonder card's."""
    return min(s.cat.wonders[c].initiative for c in s.chosen[seat])
