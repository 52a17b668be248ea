"""Airport Rush's observation: where every visible card is, the dice by face, objectives, counts.

The core is a card-by-location grid (Supply place, hand, Departure space, Waiting
queue, planes taken off, LOCATE, the card being resolved, the Event in force, the
discard pile), seats relative to the observer. A rival's hidden hand cards, Waiting
planes and planes taken off are only counted; so are the decks, with where their
Events lie (public: the cut into thirds is exact). Dice are counted by face (shown
colour and value: what actions name); a painted die's true colour is not encoded.

The encoder is :class:`~skyhall.rl.encoding.incremental.Incremental`: each field below
sets its entries, and a new position rewrites only the fields (and of a per-seat or
per-place tuple, only the members) that changed since the observer's last view. The
counts, dice and seat flags own their runs of entries (one slice copy each); the
card-by-location grid, card-major, is set entry by entry.
"""

from __future__ import annotations

from functools import lru_cache

from skyhall.games.airport_rush import die
from skyhall.games.airport_rush.cards import load
from skyhall.games.airport_rush.plane import Docked
from skyhall.games.airport_rush.steps import NAMES
from skyhall.games.airport_rush.view import EVENT_SLOT, HIDDEN_ACTION, HIDDEN_PLANE
from skyhall.rl.encoding.incremental import (
    Cells,
    Field,
    Incremental,
    Pairs,
    Pattern,
    Rel,
    cells,
    flag,
    header_fields,
    item_flags,
    one_hot,
    run_field,
    scaled,
    seat_hot,
    seats_hot,
    when_set,
)
from skyhall.rl.encoding.layout import SEATS, Layout, header

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

MARGIN_SCALE = 200.0
"""The ``scaled`` reward's divisor (:func:`skyhall.rl.encoding.margin_scale`): the largest margin measured
in 60 deals each of ``greedy`` against 1-3 ``random`` seats was 154."""

LAYOUT = Layout("airport-rush")
HEADER = header_fields(header(LAYOUT, NAMES), NAMES)
CURRENT = LAYOUT.flags("current", SEATS, "whose turn it is")
FIRST = LAYOUT.flags("first", SEATS, "the first player")
STORM = LAYOUT.flags("storm", SEATS, "the seat whose STORM is in force")
QUEUE = LAYOUT.flags("queue", SEATS, "seats still to answer the Event")
AFTER = LAYOUT.flags(
    "after", ("dice", "card", "event", "swap"), "what the dice being placed came from (swap: SWAP PLANES')"
)
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
C_TURN, C_BAG, C_DECKS = COUNTS, COUNTS + 1, COUNTS + 1 + len(die.COLOURS)
C_SWAPS = C_DECKS + 6
C_TAKEOFFS, C_LIMIT, C_LOCATE = C_SWAPS + 1, C_SWAPS + 2, C_SWAPS + 3
"""Where each of the ``counts`` entries lies."""

Cards = tuple[int, ...]


def _faces(weight: float) -> Pattern:
    """The pattern of a tuple of dice: ``weight`` per die at its face (dice of one face add up). Kept per
    tuple of dice."""

    @lru_cache(maxsize=1 << 12)
    def pattern(dice: Cards, _rel: Rel) -> Cells:
        return cells(_counted(dice, weight))

    return pattern


def _counted(dice: Cards, weight: float) -> list[float]:
    """``weight`` per die at its face, in a list of ``die.FACES`` entries."""
    run = [0.0] * die.FACES
    for d in dice:
        run[d % die.FACES] += weight
    return run


@lru_cache(maxsize=1 << 12)
def _supply(row: Cards, _k: int, _rel: Rel) -> Pairs:
    return [(WHERE + c * NLOC + L_SUPPLY + k, 1.0) for k, c in enumerate(row) if c >= 0]


@lru_cache(maxsize=1 << 12)
def _hand(hand: Cards, p: int, rel: Rel) -> Pairs:
    r = rel[p]
    at = SEAT_COUNTS + r * NSEAT
    pairs = [(WHERE + c * NLOC + L_HAND + r, 1.0) for c in hand if c >= 0]
    pairs += (
        (at, len(hand) / 4),
        (at + 1, hand.count(HIDDEN_PLANE) / 4),
        (at + 2, hand.count(HIDDEN_ACTION) / 4),
    )
    return pairs


@lru_cache(maxsize=1 << 12)
def _waiting(queue: Cards, p: int, rel: Rel) -> Pairs:
    r = rel[p]
    pairs = [(SEAT_COUNTS + r * NSEAT + 3, len(queue) / 16)]
    for k, c in enumerate(queue):
        if c >= 0:
            pairs += ((WHERE + c * NLOC + L_WAITING + r, 1.0), (WAITING_ORDER + c, (k + 1) / 16))
    return pairs


@lru_cache(maxsize=1 << 12)
def _taken(planes: Cards, p: int, rel: Rel) -> Pairs:
    r = rel[p]
    pairs = [(WHERE + c * NLOC + L_TAKEN + r, 1.0) for c in planes if c >= 0]
    pairs.append((SEAT_COUNTS + r * NSEAT + 4, len(planes) / 7))
    return pairs


def _dealt(objectives: Cards, p: int, rel: Rel) -> Pairs:
    """The objectives dealt to the observer (those of other seats are not encoded)."""
    return [(DEALT + o, 1.0) for o in objectives] if rel[p] == 0 else []


@lru_cache(maxsize=1 << 12)
def _departure(spaces: tuple[Docked | None, ...], p: int, rel: Rel) -> Pairs:
    """The planes on a seat's Departure spaces (their dice: :func:`_departure_dice`)."""
    at = WHERE + L_DEPARTURE + rel[p] * SPACES
    return [(at + docked.card * NLOC + k, 1.0) for k, docked in enumerate(spaces) if docked is not None]


@lru_cache(maxsize=1 << 12)
def _departure_dice(spaces: tuple[Docked | None, ...], _rel: Rel) -> Cells:
    """The dice on a seat's Departure spaces by face, space after space (a seat's run of
    ``departure_dice``)."""
    run: list[float] = []
    for docked in spaces:
        run += NO_DICE if docked is None else _space_dice(docked.dice)
    run += NO_DICE * (SPACES - len(spaces))
    return cells(run)


@lru_cache(maxsize=1 << 12)
def _space_dice(dice: Cards) -> list[float]:
    return _counted(dice, 1 / 6)


NO_DICE = [0.0] * die.FACES


def deck_numbers(deck: Cards) -> tuple[float, float, float]:
    """A deck's size, its Events left and how deep the next one lies (60 when none is left)."""
    events = deck.count(EVENT_SLOT)
    depth = deck[::-1].index(EVENT_SLOT) if events else 60
    return len(deck) / 60, events / 4, depth / 60


@lru_cache(maxsize=1 << 10)
def _deck(deck: Cards, _rel: Rel) -> Cells:
    return cells(deck_numbers(deck))


@lru_cache(maxsize=1 << 8)
def _locate(cards: Cards, _k: int, _rel: Rel) -> Pairs:
    pairs = [(WHERE + c * NLOC + L_LOCATE, 1.0) for c in cards if c >= 0]
    pairs.append((C_LOCATE, len(cards) / 4))
    return pairs


ENCODER = Incremental(
    LAYOUT,
    (
        *HEADER,
        run_field("current", CURRENT, len(SEATS), seat_hot()),
        run_field("first", FIRST, len(SEATS), seat_hot()),
        run_field("storm", STORM, len(SEATS), seat_hot()),
        run_field("queue", QUEUE, len(SEATS), seats_hot()),
        run_field("after", AFTER, 4, one_hot(4)),
        run_field("last_turn", FLAGS, 1, when_set),
        run_field("rerolled", FLAGS + 1, 1, when_set),
        Field("card", flag(WHERE + L_CARD, NLOC)),
        Field("event", flag(WHERE + L_EVENT, NLOC)),
        Field("locate", _locate),
        Field("supply", _supply, members=True),
        Field("discard", flag(WHERE + L_DISCARD, NLOC), members=True),
        Field("hands", _hand, members=True),
        Field("waiting", _waiting, members=True),
        Field("taken", _taken, members=True),
        Field("departure", _departure, members=True),
        run_field(
            "departure", DEPARTURE_DICE, SPACES * die.FACES, _departure_dice, members=True, by_seat=True
        ),
        Field("dealt", _dealt, members=True),
        run_field(
            "objectives", KEPT, len(OBJECTIVES), item_flags(len(OBJECTIVES)), members=True, by_seat=True
        ),
        run_field("load", LOAD, die.FACES, _faces(1 / 3), members=True),
        run_field("airport", AIRPORT, die.FACES, _faces(1 / 4), members=True, by_seat=True),
        run_field("pending", PENDING, die.FACES, _faces(1 / 3)),
        run_field("turn", C_TURN, 1, scaled(40)),
        run_field("bag", C_BAG, len(die.COLOURS), scaled(20)),
        run_field("decks", C_DECKS, 3, _deck, members=True),
        run_field("swaps", C_SWAPS, 1, scaled(3)),
        run_field("takeoffs", C_TAKEOFFS, 1, scaled(3)),
        run_field("takeoff_limit", C_LIMIT, 1, scaled(3)),
    ),
)
