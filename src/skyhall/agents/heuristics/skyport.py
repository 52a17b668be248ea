"""Grand Central Skyport: a skyport's points now, plus what its hand and the Complete Sets promise.

Projected score of a seat =

- its score sheet as if the game ended now (lanes × stars, tycoons, tokens, the Supplier's
  hand icons): the game's own :func:`~skyhall.games.skyport.scoring.score_sheet`;
- the cards it can still play (at most one per turn left): an airship is worth its stars and
  its icons, more when a lane of its colour can grow; a Wild the best lane it can join; a
  station a share of the lanes it may boost; a tycoon a share of what it would score;
- a Complete Set token not yet owned: the top token's value when the set is complete (it
  still has to walk there), a share of it when the set is close.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from skyhall.agents.heuristics import Memo, Search, final_scores
from skyhall.core.state import EMPTY
from skyhall.games.skyport.cards import AIRSHIP, COLOURS, COLOURS_SET, STAR, STATION, Card, Catalog
from skyhall.games.skyport.lane import Lane, Row
from skyhall.games.skyport.rules import tycoons_placed
from skyhall.games.skyport.scoring import icon_counts, sheet_total
from skyhall.games.skyport.steps import PLACE_CARD

if TYPE_CHECKING:
    from skyhall.games.skyport.state import State

SCALE = 8.0
"""A typical winning margin, in points."""
SEARCH = Search(explore=0.2, depth=4)
"""ISMCTS here: Airport Rush's small exploration constant and Skyrise's four random moves at a new leaf."""
SET_READY = 0.8
"""Share of a token counted when its set is complete but not yet claimed."""
SET_CLOSE = 0.25
"""Share of a token counted per missing item short of one (for a set one item short)."""


def scores(s: State) -> tuple[float, ...]:
    """Each seat's projected final score."""
    if s.is_over:
        return final_scores(s)
    plays = plays_left(s)
    return tuple(seat_value(s, seat, plays) for seat in range(s.n))


def plays_left(s: State) -> float:
    """About how many more cards each seat will play (one per turn)."""
    if s.last_turn != EMPTY:
        return max(0.0, (s.last_turn - s.turn + 1) / s.n)
    under_closing = s.cat.closing_beneath + 1  # the Station Closing card and the cards beneath it (data)
    return max(0, len(s.deck) - under_closing) / s.n + 1.5


_BY_ROW: Memo[tuple[Row, float]] = Memo()
"""Values that depend on a skyport row, keyed by the row's identity (see :func:`by_row`)."""


def by_row(row: Row, key: tuple[object, ...], compute: Callable[[], float]) -> float:
    """``compute()``, remembered by the identity of ``row`` and ``key`` (whose first item names
    what is computed).

    Rows are immutable and shared: a state's clones and the determinizations of a view
    all hold the same row objects until a card is placed, so a search evaluates the
    same rows thousands of times. Each entry holds its row, so while it is remembered no
    other object can take its ``id``.
    """
    return _BY_ROW.get((id(row), *key), lambda: (row, compute()))[1]


def sheet_points(cat: Catalog, row: Row, hand: tuple[int, ...], owned: tuple[int, int]) -> float:
    """The score sheet's total as if the game ended now."""
    return by_row(
        row,
        ("sheet", id(cat), hand, owned),
        lambda: float(sheet_total(cat, row, hand, owned)),
    )


def seat_value(s: State, seat: int, plays: float) -> float:
    cat = s.cat
    row = s.rows[seat]
    hand = s.hands[seat]
    points = sheet_points(cat, row, hand, s.owned[seat])
    pending = hand
    if s.step == PLACE_CARD and s.current == seat and s.card != EMPTY:
        pending = (*hand, s.card)  # chosen, not yet placed
    if plays > 0 and pending:
        cards = cat.cards
        worth = sorted(
            (by_row(row, ("card", id(cat), c), partial(card_value, cards[c], row, cards)) for c in pending),
            reverse=True,
        )
        whole = int(plays)
        points += sum(worth[:whole])
        if whole < len(worth):
            points += (plays - whole) * worth[whole]
    return points + token_value(s, seat, plays)


def card_value(card: Card, row: Row, cards: tuple[Card, ...]) -> float:
    """What playing ``card`` into ``row`` is likely to add."""
    lanes = [item for item in row if isinstance(item, Lane)]
    if card.kind == AIRSHIP:
        if card.is_wild:
            return 1.0 + max((sum(cards[c].icons[STAR] for c in lane.cards) for lane in lanes), default=0)
        same = [lane for lane in lanes if lane.colour == card.colour]
        grow = max((len(lane.cards) for lane in same), default=0)
        icons = sum(card.icons[:STAR])
        return 1.0 + card.icons[STAR] * (1 + 0.5 * grow) + 0.5 * icons
    if card.kind == STATION:
        matching = sum(1 for lane in lanes if lane.colour in (card.left, card.right))
        return 1.5 + matching + card.icons[STAR]
    # A tycoon of a kind the row already hosts can never be placed: dead in hand (and it keeps the
    # seat from taking another tycoon).
    return 0.0 if card.tycoon in tycoons_placed(cards, row) else 3.0


def token_value(s: State, seat: int, plays: float) -> float:
    """Complete Set tokens: the one owned is in the sheet; the others by how close the set is."""
    total = 0.0
    row = s.rows[seat]
    for kind, owned in enumerate(s.owned[seat]):
        stack = s.token_stacks[kind]
        if owned != EMPTY or not stack or plays <= 0:
            continue
        missing = int(by_row(row, ("set", id(s.cat), kind), partial(set_missing, s.cat, row, kind)))
        if missing == 0:
            total += SET_READY * stack[-1]
        elif missing <= plays:
            total += max(0.0, SET_CLOSE * (2 - missing)) * stack[-1]
    return total


def set_missing(cat: Catalog, row: Row, kind: int) -> float:
    """How many colours (``COLOURS_SET``) or icon kinds the row lacks for that Complete Set."""
    if kind == COLOURS_SET:
        return len(COLOURS) - len({item.colour for item in row if isinstance(item, Lane)})
    return sum(1 for n in icon_counts(cat, row)[:STAR] if n == 0)
