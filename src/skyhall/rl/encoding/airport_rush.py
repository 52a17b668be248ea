"""Airport Rush's observation: where every visible card is, the dice by face, objectives, counts.

The core is a card-by-location grid (Supply place, hand, Departure space, Waiting
queue, planes taken off, LOCATE, the card being resolved, the Event in force, the
discard pile), seats relative to the observer. A rival's hidden hand cards, Waiting
planes and planes taken off are only counted; so are the decks, with where their
Events lie (public: the cut into thirds is exact). Dice are counted by face (shown
colour and value: what actions name); a painted die's true colour is not encoded.

Encoding is incremental, because an environment encodes every new position and a
position differs from the one before in a part or two. Each observer (player count
and seat) keeps, per thread, the last view it encoded and that view's vector, less
the few scalars written every time (:class:`Stream`). A new view is compared with
the last part by part: a part is the same object when unchanged (views share their
tuples with the state), and tuples compare by identity first, so the comparison is
cheap. For each changed member (one load space, one seat's hand, ...) the entries
the old member set are cleared, then those of the new member set, and the kept
vector is copied out. Equality of values is what decides, so any view in any order
(another game, another seat) gets exactly the vector a first encoding would give.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from skyhall.games.airport_rush import die
from skyhall.games.airport_rush.cards import load
from skyhall.games.airport_rush.plane import Docked
from skyhall.games.airport_rush.steps import NAMES
from skyhall.games.airport_rush.view import EVENT_SLOT, HIDDEN_ACTION, HIDDEN_PLANE, View
from skyhall.rl.encoding.layout import (
    SEATS,
    Encoder,
    Index,
    Layout,
    Vector,
    header,
    relative,
    write_header,
)

CAT = load()
LIM = CAT.limits
SPACES = LIM.departure_spaces + 1  # OVERLOAD's extra space
FACES = [die.face_name(f) for f in range(die.FACES)]
OBJECTIVES = [o.id for o in CAT.objectives]
LOCATIONS = (
    *(f"supply {k + 1}" for k in range(LIM.supply_size)),
    *(f"hand {s}" for s in SEATS),
    *(f"departure {s} {k + 1}" for s in SEATS for k in range(SPACES)),
    *(f"waiting {s}" for s in SEATS),
    *(f"taken off {s}" for s in SEATS),
    "locate",
    "being resolved",
    "event in force",
    "discard",
)
NLOC = len(LOCATIONS)
L_SUPPLY = 0
L_HAND = L_SUPPLY + LIM.supply_size
L_DEPARTURE = L_HAND + 4
L_WAITING = L_DEPARTURE + 4 * SPACES
L_TAKEN = L_WAITING + 4
L_LOCATE, L_CARD, L_EVENT, L_DISCARD = L_TAKEN + 4, L_TAKEN + 5, L_TAKEN + 6, L_TAKEN + 7

LAYOUT = Layout("airport-rush")
HEADER = header(LAYOUT, NAMES)
CURRENT = LAYOUT.flags("current", SEATS, "whose turn it is")
FIRST = LAYOUT.flags("first", SEATS, "the first player")
STORM = LAYOUT.flags("storm", SEATS, "the seat whose STORM is in force")
QUEUE = LAYOUT.flags("queue", SEATS, "seats still to answer the Event")
AFTER = LAYOUT.flags("after", ("dice", "card", "event"), "what the dice being placed came from")
FLAGS = LAYOUT.flags("flags", ("last round", "a die was rerolled"), "the last round has begun; REROLL used")
WHERE = LAYOUT.grid(
    "cards",
    [c.id for c in CAT.cards],
    LOCATIONS,
    "where each card the seat can see lies (entry card * len(locations) + location)",
)
WAITING_ORDER = LAYOUT.numbers(
    "waiting_order", [c.id for c in CAT.cards], "place in its Waiting queue (front = 1), / 16"
)
DEALT = LAYOUT.flags("dealt", OBJECTIVES, "the objectives dealt to me")
KEPT = LAYOUT.grid("kept", SEATS, OBJECTIVES, "each seat's kept objectives, where the seat may see them")
LOAD = LAYOUT.grid(
    "load", [str(k + 1) for k in range(LIM.load_spaces)], FACES, "dice on each load space", True
)
DEPARTURE_DICE = LAYOUT.grid(
    "departure_dice",
    [f"{s} {k + 1}" for s in SEATS for k in range(SPACES)],
    FACES,
    "dice on each seat's Departure planes, by face",
    True,
)
AIRPORT = LAYOUT.grid("airport", SEATS, FACES, "dice on each seat's Airport", True)
PENDING = LAYOUT.numbers("pending", FACES, "dice waiting to be placed")
SEAT_COUNTS = LAYOUT.grid(
    "seat_counts",
    SEATS,
    ("hand / 4", "hidden planes / 4", "hidden actions / 4", "waiting / 16", "taken off / 7"),
    "per seat: hand size, hand cards it hides by kind, Waiting queue, planes taken off",
    True,
)
NSEAT = 5
COUNTS = LAYOUT.numbers(
    "counts",
    (
        "turn / 40",
        *(f"bag {c} / 20" for c in die.COLOURS),
        *(
            f"{deck} deck {what}"
            for deck in ("plane", "action")
            for what in ("/ 60", "events / 4", "first event from top / 60")
        ),
        "swaps / 3",
        "takeoffs / 3",
        "takeoff limit / 3",
        "locate / 4",
    ),
    "the turn, the bag, the decks (size, Events left, depth of the next Event), this action's counters",
)
SCALARS = LAYOUT.size


Pairs = list[tuple[int, float]]
"""Entries of the vector: index and value."""
Cards = tuple[int, ...]


def _faces(dice: Cards, base: int, weight: float) -> Pairs:
    """``weight`` per die at ``base`` + its face (dice of one face add up)."""
    counts: dict[int, float] = {}
    for d in dice:
        i = base + d % die.FACES
        counts[i] = counts.get(i, 0.0) + weight
    return list(counts.items())


def _load(dice: Cards, k: int) -> Pairs:
    return _faces(dice, LOAD + k * die.FACES, 1 / 3)


def _airport(dice: Cards, r: int) -> Pairs:
    return _faces(dice, AIRPORT + r * die.FACES, 1 / 4)


def _pending(dice: Cards, _: int) -> Pairs:
    return _faces(dice, PENDING, 1 / 3)


def _supply(row: Cards, _: int) -> Pairs:
    return [(WHERE + c * NLOC + L_SUPPLY + k, 1.0) for k, c in enumerate(row) if c >= 0]


def _discard(cards: Cards, _: int) -> Pairs:
    return [(WHERE + c * NLOC + L_DISCARD, 1.0) for c in cards]


def _hand(hand: Cards, r: int) -> Pairs:
    at = SEAT_COUNTS + r * NSEAT
    pairs = [(WHERE + c * NLOC + L_HAND + r, 1.0) for c in hand if c >= 0]
    pairs += (
        (at, len(hand) / 4),
        (at + 1, hand.count(HIDDEN_PLANE) / 4),
        (at + 2, hand.count(HIDDEN_ACTION) / 4),
    )
    return pairs


def _waiting(queue: Cards, r: int) -> Pairs:
    pairs = [(SEAT_COUNTS + r * NSEAT + 3, len(queue) / 16)]
    for k, c in enumerate(queue):
        if c >= 0:
            pairs += ((WHERE + c * NLOC + L_WAITING + r, 1.0), (WAITING_ORDER + c, (k + 1) / 16))
    return pairs


def _taken(planes: Cards, r: int) -> Pairs:
    pairs = [(WHERE + c * NLOC + L_TAKEN + r, 1.0) for c in planes if c >= 0]
    pairs.append((SEAT_COUNTS + r * NSEAT + 4, len(planes) / 7))
    return pairs


def _kept(objectives: Cards, r: int) -> Pairs:
    return [(KEPT + r * len(OBJECTIVES) + o, 1.0) for o in objectives if o >= 0]


def _dealt(objectives: Cards, _: int) -> Pairs:
    return [(DEALT + o, 1.0) for o in objectives]


def _departure(spaces: tuple[Docked | None, ...], r: int) -> Pairs:
    pairs: Pairs = []
    for k, docked in enumerate(spaces):
        if docked is not None:
            pairs.append((WHERE + docked.card * NLOC + L_DEPARTURE + r * SPACES + k, 1.0))
            pairs += _faces(docked.dice, DEPARTURE_DICE + (r * SPACES + k) * die.FACES, 1 / 6)
    return pairs


def _sync(
    old: Sequence[Any],
    new: Sequence[Any],
    entries: Callable[[Any, int], Pairs],
    args: Sequence[int],
    clear: Pairs,
    put: Pairs,
) -> None:
    """Add to ``clear`` the entries of each member of ``old`` that differs from ``new``'s, and to
    ``put`` those of ``new``'s (``entries(member, args[k])`` for member ``k``; a missing member
    has none). Clearing all before putting any keeps an entry a member moved to another intact."""
    for k in range(max(len(old), len(new))):
        was = old[k] if k < len(old) else None
        now = new[k] if k < len(new) else None
        if was is not now and was != now:
            if was is not None:
                clear += entries(was, args[k])
            if now is not None:
                put += entries(now, args[k])


def deck_numbers(deck: Cards) -> tuple[float, float, float]:
    """A deck's size, its Events left and how deep the next one lies (60 when none is left)."""
    events = deck.count(EVENT_SLOT)
    depth = deck[::-1].index(EVENT_SLOT) if events else 60
    return len(deck) / 60, events / 4, depth / 60


class Stream:
    """One observer's last encoding: its view and vector, the scalars left out (they are
    written every time), and its decks' numbers."""

    __slots__ = ("decks", "numbers", "vector", "view")

    def __init__(self) -> None:
        self.view: View | None = None
        self.vector = np.zeros(LAYOUT.size, np.float32)
        self.decks: tuple[Cards, ...] = ()
        self.numbers: tuple[float, ...] = ()


_streams = threading.local()
"""This thread's :class:`Stream` per ``(players, seat)``, in ``_streams.by_seat``."""


def stream(players: int, seat: int) -> Stream:
    """This thread's stream of encodings for ``seat`` of ``players``."""
    by_seat: dict[tuple[int, int], Stream] | None = getattr(_streams, "by_seat", None)
    if by_seat is None:
        by_seat = _streams.by_seat = {}
    found = by_seat.get((players, seat))
    if found is None:
        found = by_seat[players, seat] = Stream()
    return found


LOADS = range(LIM.load_spaces)
ALONE = (0, 0)
"""The ``args`` of a part with no seat or place to pass (a single member, or the Supply rows)."""


def write(view: View, out: Vector) -> list[Index]:
    """Set ``out``'s entries for ``view``: the parts that changed since this observer's last view
    are rewritten in its kept vector (all of them the first time), which is copied into ``out``;
    then the scalars. Returns no further flags."""
    n = view.players
    seat: int = view.seat  # type: ignore[assignment]  # never None: Encoder.encode refuses spectators
    rel = relative(n, seat)
    last = stream(n, seat)
    was = last.view
    clear: Pairs = []
    put: Pairs = []
    empty: tuple[()] = ()
    if was is None or was.load != view.load:
        _sync(empty if was is None else was.load, view.load, _load, LOADS, clear, put)
    if was is None or was.airport != view.airport:
        _sync(empty if was is None else was.airport, view.airport, _airport, rel, clear, put)
    if was is None or was.pending != view.pending:
        _sync(empty if was is None else (was.pending,), (view.pending,), _pending, ALONE, clear, put)
    if was is None or was.supply != view.supply:
        _sync(empty if was is None else was.supply, view.supply, _supply, ALONE, clear, put)
    if was is None or was.discard != view.discard:
        _sync(empty if was is None else (was.discard,), (view.discard,), _discard, ALONE, clear, put)
    if was is None or was.hands != view.hands:
        _sync(empty if was is None else was.hands, view.hands, _hand, rel, clear, put)
    if was is None or was.waiting != view.waiting:
        _sync(empty if was is None else was.waiting, view.waiting, _waiting, rel, clear, put)
    if was is None or was.taken != view.taken:
        _sync(empty if was is None else was.taken, view.taken, _taken, rel, clear, put)
    if was is None or was.objectives != view.objectives:
        _sync(empty if was is None else was.objectives, view.objectives, _kept, rel, clear, put)
    if was is None or was.departure != view.departure:
        _sync(empty if was is None else was.departure, view.departure, _departure, rel, clear, put)
    if was is None or was.dealt[seat] != view.dealt[seat]:
        _sync(empty if was is None else (was.dealt[seat],), (view.dealt[seat],), _dealt, ALONE, clear, put)
    vector = last.vector
    for i, _ in clear:
        vector[i] = 0.0
    for i, value in put:
        vector[i] = value
    last.view = view
    out[:] = vector
    write_header(HEADER, view, rel, out)
    out[CURRENT + rel[view.current]] = 1.0
    out[FIRST + rel[view.first]] = 1.0
    out[AFTER + view.after] = 1.0
    if view.storm >= 0:
        out[STORM + rel[view.storm]] = 1.0
    for p in view.queue:
        out[QUEUE + rel[p]] = 1.0
    if view.last_turn >= 0:
        out[FLAGS] = 1.0
    if view.rerolled >= 0:
        out[FLAGS + 1] = 1.0
    for c in view.locate:
        if c >= 0:
            out[WHERE + c * NLOC + L_LOCATE] = 1.0
    if view.card >= 0:
        out[WHERE + view.card * NLOC + L_CARD] = 1.0
    if view.event >= 0:
        out[WHERE + view.event * NLOC + L_EVENT] = 1.0
    if last.decks != view.decks:
        last.decks = view.decks
        last.numbers = (*deck_numbers(view.decks[0]), *deck_numbers(view.decks[1]))
    bag = view.bag
    out[COUNTS:SCALARS] = (
        view.turn / 40,
        bag[0] / 20,
        bag[1] / 20,
        bag[2] / 20,
        *last.numbers,
        view.swaps / 3,
        view.takeoffs / 3,
        view.takeoff_limit / 3,
        len(view.locate) / 4,
    )
    return []


ENCODER = Encoder(LAYOUT, write)
