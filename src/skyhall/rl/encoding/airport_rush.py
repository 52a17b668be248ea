"""Airport Rush's observation: where every visible card is, the dice by face, objectives, counts.

The core is a card-by-location grid (Supply place, hand, Departure space, Waiting
queue, planes taken off, LOCATE, the card being resolved, the Event in force, the
discard pile), seats relative to the observer. A rival's hidden hand cards, Waiting
planes and planes taken off are only counted; so are the decks, with where their
Events lie (public: the cut into thirds is exact). Dice are counted by face (shown
colour and value: what actions name); a painted die's true colour is not encoded.
"""

from __future__ import annotations

import numpy as np

from skyhall.games.airport_rush import die
from skyhall.games.airport_rush.cards import load
from skyhall.games.airport_rush.plane import Docked
from skyhall.games.airport_rush.steps import NAMES
from skyhall.games.airport_rush.view import EVENT_SLOT, HIDDEN_ACTION, HIDDEN_PLANE, View
from skyhall.rl.encoding.layout import (
    SEATS,
    ByIdentity,
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


Numbers = tuple[Index, Vector]
"""Indices and their values, set at once."""


def numbers(counts: dict[int, float]) -> Numbers:
    return index(list(counts)), np.array(list(counts.values()), np.float32)


def _count(counts: dict[int, float], dice: tuple[int, ...], base: int, weight: float) -> None:
    """Add ``weight`` at ``base`` + the face of each die of ``dice`` (dice of one face add up)."""
    for d in dice:
        i = base + d % die.FACES
        counts[i] = counts.get(i, 0.0) + weight


def _departure(spaces: tuple[Docked | None, ...], r: int) -> tuple[Index, Numbers]:
    """The plane flags and dice counts of the Departure spaces of relative seat ``r``."""
    hot = []
    counts: dict[int, float] = {}
    for k, docked in enumerate(spaces):
        if docked is not None:
            hot.append(WHERE + docked.card * NLOC + L_DEPARTURE + r * SPACES + k)
            _count(counts, docked.dice, DEPARTURE_DICE + (r * SPACES + k) * die.FACES, 1 / 6)
    return index(hot), numbers(counts)


departure_entries = ByIdentity(_departure)


def _dice(places: tuple[tuple[int, ...], ...], seat: int) -> Numbers:
    """The dice of the load spaces, the Airports (seats relative to ``seat``) and the pending dice:
    ``places`` is the view's ``(*load, *airport, pending)``."""
    counts: dict[int, float] = {}
    spaces = LIM.load_spaces
    players = len(places) - spaces - 1
    rel = relative(players, seat)
    for k in range(spaces):
        _count(counts, places[k], LOAD + k * die.FACES, 1 / 3)
    for p in range(players):
        _count(counts, places[spaces + p], AIRPORT + rel[p] * die.FACES, 1 / 4)
    _count(counts, places[-1], PENDING, 1 / 3)
    return numbers(counts)


dice_entries = ByIdentity(_dice, members=True)


def _supply(rows: tuple[tuple[int, ...], ...], _: int) -> Index:
    return index([WHERE + c * NLOC + L_SUPPLY + k for row in rows for k, c in enumerate(row) if c >= 0])


supply_entries = ByIdentity(_supply, members=True)


def _discard(cards: tuple[int, ...], _: int) -> Index:
    return index([WHERE + c * NLOC + L_DISCARD for c in cards])


discard_entries = ByIdentity(_discard)


def deck_numbers(deck: tuple[int, ...]) -> tuple[float, float, float]:
    """A deck's size, its Events left and how deep the next one lies (60 when none is left)."""
    events = deck.count(EVENT_SLOT)
    depth = deck[::-1].index(EVENT_SLOT) if events else 60
    return len(deck) / 60, events / 4, depth / 60


def write(view: View, out: Vector) -> list[Index]:
    """Set ``out``'s entries for ``view``, but for the cached parts' flags, which are returned."""
    n = view.players
    seat: int = view.seat  # type: ignore[assignment]  # never None: Encoder.encode refuses spectators
    rel = relative(n, seat)
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
    for o in view.dealt[seat]:
        out[DEALT + o] = 1.0
    hot = [supply_entries(view.supply, 0), discard_entries(view.discard, 0)]
    nobj = len(OBJECTIVES)
    for p in range(n):
        r = rel[p]
        hand, waiting, taken = view.hands[p], view.waiting[p], view.taken[p]
        for c in hand:
            if c >= 0:
                out[WHERE + c * NLOC + L_HAND + r] = 1.0
        for c in taken:
            if c >= 0:
                out[WHERE + c * NLOC + L_TAKEN + r] = 1.0
        for o in view.objectives[p]:
            if o >= 0:
                out[KEPT + r * nobj + o] = 1.0
        for k, c in enumerate(waiting):
            if c >= 0:
                out[WHERE + c * NLOC + L_WAITING + r] = 1.0
                out[WAITING_ORDER + c] = (k + 1) / 16
        docked, (where, dice) = departure_entries(view.departure[p], r)
        hot.append(docked)
        out[where] = dice
        at = SEAT_COUNTS + r * NSEAT
        out[at : at + NSEAT] = (
            len(hand) / 4,
            hand.count(HIDDEN_PLANE) / 4,
            hand.count(HIDDEN_ACTION) / 4,
            len(waiting) / 16,
            len(taken) / 7,
        )
    where, dice = dice_entries((*view.load, *view.airport, view.pending), seat)
    out[where] = dice
    bag = view.bag
    out[COUNTS:SCALARS] = (
        view.turn / 40,
        bag[0] / 20,
        bag[1] / 20,
        bag[2] / 20,
        *deck_numbers(view.decks[0]),
        *deck_numbers(view.decks[1]),
        view.swaps / 3,
        view.takeoffs / 3,
        view.takeoff_limit / 3,
        len(view.locate) / 4,
    )
    return hot


ENCODER = Encoder(LAYOUT, write)
