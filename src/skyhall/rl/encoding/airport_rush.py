"""Airport Rush's observation: where every visible card is, the dice by face, objectives, counts.

The core is a card-by-location grid (Supply place, hand, Departure space, Waiting
queue, planes taken off, LOCATE, the card being resolved, the Event in force, the
discard pile), seats relative to the observer. A rival's hidden hand cards, Waiting
planes and planes taken off are only counted; so are the decks, with where their
Events lie (public: the cut into thirds is exact). Dice are counted by face (shown
colour and value: what actions name); a painted die's true colour is not encoded.
"""

from __future__ import annotations

from functools import lru_cache

from skyhall.games.airport_rush import die
from skyhall.games.airport_rush.cards import load
from skyhall.games.airport_rush.plane import Docked
from skyhall.games.airport_rush.steps import NAMES
from skyhall.games.airport_rush.view import EVENT_SLOT, HIDDEN_ACTION, HIDDEN_PLANE, View
from skyhall.rl.encoding.layout import (
    SEATS,
    ByIdentity,
    Encoder,
    Layout,
    Vector,
    header,
    header_hot,
    relative,
    scatter,
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


def _departure(spaces: tuple[Docked | None, ...], r: int) -> tuple[tuple[int, ...], dict[int, float]]:
    """The plane flags and dice counts of the Departure spaces of relative seat ``r``."""
    hot = []
    counts: dict[int, float] = {}
    for k, docked in enumerate(spaces):
        if docked is None:
            continue
        hot.append(WHERE + docked.card * NLOC + L_DEPARTURE + r * SPACES + k)
        base = DEPARTURE_DICE + (r * SPACES + k) * die.FACES
        for d in docked.dice:
            i = base + d % die.FACES
            counts[i] = counts.get(i, 0.0) + 1 / 6
    return tuple(hot), counts


departure_entries = ByIdentity(_departure)


@lru_cache(maxsize=1 << 16)
def counted(dice: tuple[int, ...], base: int, weight: float) -> dict[int, float]:
    """``weight`` per die of ``dice`` at ``base`` + its face (dice of one face add up)."""
    counts: dict[int, float] = {}
    for d in dice:
        i = base + d % die.FACES
        counts[i] = counts.get(i, 0.0) + weight
    return counts


def deck_numbers(deck: tuple[int, ...]) -> tuple[float, float, float]:
    """A deck's size, its Events left and how deep the next one lies (60 when none is left)."""
    events = deck.count(EVENT_SLOT)
    depth = deck[::-1].index(EVENT_SLOT) if events else 60
    return len(deck) / 60, events / 4, depth / 60


def write(view: View, out: Vector) -> list[int]:
    """Fill ``out``'s numeric parts for ``view``; the 1 flags are returned."""
    n = view.players
    seat = view.seat if view.seat is not None else 0
    rel = relative(n, seat)
    hot = header_hot(HEADER, view, rel)
    hot += [CURRENT + rel[view.current], FIRST + rel[view.first], AFTER + view.after]
    if view.storm >= 0:
        hot.append(STORM + rel[view.storm])
    hot += [QUEUE + rel[p] for p in view.queue]
    if view.last_turn >= 0:
        hot.append(FLAGS)
    if view.rerolled >= 0:
        hot.append(FLAGS + 1)
    hot += [WHERE + c * NLOC + L_SUPPLY + k for row in view.supply for k, c in enumerate(row) if c >= 0]
    hot += [WHERE + c * NLOC + L_DISCARD for c in view.discard]
    hot += [WHERE + c * NLOC + L_LOCATE for c in view.locate if c >= 0]
    if view.card >= 0:
        hot.append(WHERE + view.card * NLOC + L_CARD)
    if view.event >= 0:
        hot.append(WHERE + view.event * NLOC + L_EVENT)
    hot += [DEALT + o for o in view.dealt[seat]]

    numbers: dict[int, float] = {}
    seats = [0.0] * (4 * NSEAT)
    for p in range(n):
        r = rel[p]
        hand, waiting, taken = view.hands[p], view.waiting[p], view.taken[p]
        hot += [WHERE + c * NLOC + L_HAND + r for c in hand if c >= 0]
        hot += [WHERE + c * NLOC + L_TAKEN + r for c in taken if c >= 0]
        hot += [KEPT + r * len(OBJECTIVES) + o for o in view.objectives[p] if o >= 0]
        for k, c in enumerate(waiting):
            if c >= 0:
                hot.append(WHERE + c * NLOC + L_WAITING + r)
                numbers[WAITING_ORDER + c] = (k + 1) / 16
        docked, dice = departure_entries(view.departure[p], r)
        hot += docked
        numbers.update(dice)
        numbers.update(counted(view.airport[p], AIRPORT + r * die.FACES, 1 / 4))
        seats[r * NSEAT : r * NSEAT + NSEAT] = (
            len(hand) / 4,
            hand.count(HIDDEN_PLANE) / 4,
            hand.count(HIDDEN_ACTION) / 4,
            len(waiting) / 16,
            len(taken) / 7,
        )
    for k, space in enumerate(view.load):
        numbers.update(counted(space, LOAD + k * die.FACES, 1 / 3))
    numbers.update(counted(view.pending, PENDING, 1 / 3))
    scatter(out, numbers)
    out[SEAT_COUNTS : SEAT_COUNTS + 4 * NSEAT] = seats
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
