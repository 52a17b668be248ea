"""Grand Central Skyport's observation: where every visible card is, each skyport row, the board.

The core is a card-by-location grid (one flag per card that the seat can see:
on a board space, in a hand, in a skyport, on top of either station deck or
the Promenade, being played). Hidden cards (a rival's face-down cards, the cards
under each deck's top) appear in no location, only in the counts. Skyport rows
add their order: per position, the lane's colour and size or the station's two
ribbon colours, for the first ``POSITIONS`` positions (rows rarely pass 18).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from skyhall.core.memo import ByIdentity, Remembered
from skyhall.games.skyport.cards import COLOURS, TYCOON_KINDS, load
from skyhall.games.skyport.lane import Lane, Row
from skyhall.games.skyport.steps import NAMES
from skyhall.games.skyport.view import View
from skyhall.rl.encoding.direct import Direct, index, write_header
from skyhall.rl.encoding.layout import SEATS, Index, Layout, Vector, header, relative

POSITIONS = 24
"""Skyport row positions encoded per seat."""

CAT = load()
CARDS = len(CAT.cards)
SPACES = len(CAT.spaces)
LOCATIONS = (
    *(f"space {s.id}" for s in CAT.spaces),
    *(f"hand {s}" for s in SEATS),
    *(f"skyport {s}" for s in SEATS),
    "station deck 1 top",
    "station deck 2 top",
    "promenade top",
    "being played",
)
L_SPACE, L_HAND, L_SKYPORT = 0, SPACES, SPACES + 4
L_STATION_TOP, L_PROMENADE_TOP, L_PLAYED = SPACES + 8, SPACES + 10, SPACES + 11
"""Where the location runs start (``L_STATION_TOP + k`` is station deck ``k``'s top: each Central
Skyport space takes from one of them)."""
POSITION_FEATURES = (
    *COLOURS,
    "station",
    "tycoon",
    *(f"left {c}" for c in COLOURS),
    *(f"right {c}" for c in COLOURS),
)
F_STATION, F_TYCOON, F_LEFT, F_RIGHT = 6, 7, 8, 14

MARGIN_SCALE = 150.0
"""The ``scaled`` reward's divisor (:func:`skyhall.rl.encoding.margin_scale`): the largest margin measured
in 60 deals each of ``greedy`` against 1-3 ``random`` seats was 94."""

LAYOUT = Layout("skyport")
HEADER = header(LAYOUT, NAMES)
FLAGS = LAYOUT.flags(
    "flags",
    ("last turn", "closing card in deck"),
    "the last turn has begun; the Station Closing card is still in the deck",
)
CURRENT = LAYOUT.flags("current", SEATS, "whose turn it is")
FIRST = LAYOUT.flags("first", SEATS, "the first player")
CITIES = LAYOUT.grid("cities", SEATS, [c.id for c in CAT.cities], "each seat's starting city")
WHERE = LAYOUT.grid(
    "cards",
    [c.id for c in CAT.cards],
    LOCATIONS,
    "where each card the seat can see lies (entry card * len(locations) + location)",
)
ROWS = LAYOUT.grid(
    "rows",
    [f"{s} {p + 1}" for s in SEATS for p in range(POSITIONS)],
    POSITION_FEATURES,
    "each skyport position, left to right: lane colour, or station with its ribbons and tycoon",
)
LANE_SIZES = LAYOUT.numbers(
    "lane_sizes",
    [f"{s} {p + 1}" for s in SEATS for p in range(POSITIONS)],
    "airships in the lane at each position, / 6",
)
STANDEES = LAYOUT.grid(
    "standees", SEATS, [s.id for s in CAT.spaces], "the board space of each seat's standee"
)
TOKENS = LAYOUT.grid(
    "tokens", SEATS, ("colours", "icons"), "value of each complete-set token held, / 10", True
)
COUNTS = LAYOUT.numbers(
    "counts",
    (
        "deck / 60",
        "turn / 40",
        *(f"hand {s} / 3" for s in SEATS),
        "station deck 1 / 6",
        "station deck 2 / 6",
        *(f"promenade {k} / 3" for k in TYCOON_KINDS),
        "colour tokens left / 4",
        "icon tokens left / 4",
        "top colour token / 10",
        "top icon token / 10",
        "movement / 10",
        "allowance / 10",
    ),
    "sizes of hands, decks and stacks; the turn; this turn's movement and walk allowance",
)
TYCOON = LAYOUT.flags("tycoon", TYCOON_KINDS, "the tycoon being used")
USED = LAYOUT.flags("used", TYCOON_KINDS, "tycoons already used this Tycoon phase")
SPACE = LAYOUT.flags("space", [s.id for s in CAT.spaces], "the space the standee stopped on this turn")
QUEUE = LAYOUT.flags("queue", SEATS, "rivals still to answer a Wild (may move a lane)")
SEEN = LAYOUT.flags("seen", [c.id for c in CAT.cards], "the cards of my hand my rivals saw me take")


def _count(label: str) -> int:
    """The index of the ``counts`` entry ``label``."""
    return COUNTS + LAYOUT.part("counts").labels.index(label)


C_DECK, C_TURN, C_HANDS = _count("deck / 60"), _count("turn / 40"), _count("hand me / 3")
C_STACKS = _count("station deck 1 / 6")
"""The sizes of the station decks then of the Promenade stacks: one run."""
C_TOKENS = _count("colour tokens left / 4")
"""The sizes of the colour and icon token stacks, then their top values."""
C_MOVE, C_ALLOWANCE = _count("movement / 10"), _count("allowance / 10")

NLOC = len(LOCATIONS)
NFEAT = len(POSITION_FEATURES)
ROW_FEATURES = POSITIONS * NFEAT
"""Entries of one seat's block of ``rows``: a row's features start at ``ROWS + r * ROW_FEATURES``."""
SKYPORT_END = WHERE + CARDS * NLOC
"""``out[WHERE + L_SKYPORT + r : SKYPORT_END : NLOC]`` is relative seat ``r``'s skyport column, by card."""


def _pattern(*features: int) -> bytes:
    """One position's ``NFEAT`` entries with ``features`` set, as raw ``float32`` bytes."""
    entries = np.zeros(NFEAT, np.float32)
    entries[list(features)] = 1.0
    return entries.tobytes()


LANE_PATTERNS = [_pattern(colour) for colour in range(len(COLOURS))]
"""A lane's position entries, by the lane's colour."""
BERTH_PATTERNS = {
    (c.index, tycoon): _pattern(F_STATION, F_LEFT + c.left, F_RIGHT + c.right, *([F_TYCOON] * tycoon))
    for c in CAT.cards
    if c.left >= 0 and c.right >= 0
    for tycoon in (False, True)
}
"""A station's position entries (its ribbons, and whether it hosts a tycoon), by station and tycoon."""


RowEntries = tuple[Index, Vector, Vector]


def _row(row: Row) -> RowEntries:
    """What the skyport row ``row`` contributes, whoever holds it: its cards (whose flags go in the
    holder's ``skyport`` location), and the entries of its positions' features and of its lane sizes, each
    a contiguous run of the holder's block (for the first ``POSITIONS`` positions; the entries past the
    last position are 0, as ``out`` starts).

    None of it depends on the holder's relative seat, so one new row (a row is a tuple that stays the same
    object until the row changes) is worked out once however many seats see it (the unused argument is
    :class:`ByIdentity`'s; :func:`write` passes 0). The features come as whole positions' precomputed
    bytes, so a position costs two look-ups."""
    cards: list[int] = []
    features: list[bytes] = []
    sizes: list[float] = []
    for item in row:
        if isinstance(item, Lane):
            cards += item.cards
            features.append(LANE_PATTERNS[item.colour])
            sizes.append(len(item.cards) / 6)
        else:
            hosts = item.tycoon >= 0
            cards += (item.station, item.tycoon) if hosts else (item.station,)
            features.append(BERTH_PATTERNS[item.station, hosts])
            sizes.append(0.0)
    return (
        np.array(cards, np.intp),
        np.frombuffer(b"".join(features[:POSITIONS]), np.float32),
        np.array(sizes[:POSITIONS], np.float32),
    )


row_entries: Remembered[Row, RowEntries] = Remembered(_row, 1 << 14)


Stacks = tuple[tuple[int, ...], ...]


def _stacks(decks: Stacks, promenade: Stacks) -> tuple[Index, Vector]:
    """The station decks ``decks`` and Promenade stacks ``promenade``: the flags of their visible tops,
    and their sizes (the run of ``counts`` at ``C_STACKS``). A view shares these tuples with the views
    before it until a card is taken from one, so this is worked out about once per take."""
    tops = [WHERE + d[-1] * NLOC + L_STATION_TOP + k for k, d in enumerate(decks) if d]
    tops += [WHERE + t[-1] * NLOC + L_PROMENADE_TOP for t in promenade if t]
    sizes = [len(d) / 6 for d in decks] + [len(t) / 3 for t in promenade]
    return index(tops), np.array(sizes, np.float32)


_STACKS: ByIdentity[tuple[Index, Vector]] = ByIdentity(1 << 14)


def stack_entries(decks: Stacks, promenade: Stacks) -> tuple[Index, Vector]:
    """:func:`_stacks`, remembered by the identities of ``decks`` and ``promenade``."""
    return _STACKS((decks, promenade), lambda: _stacks(decks, promenade))


@lru_cache(maxsize=1 << 14)
def _placed(cards: tuple[int, ...], location: int) -> Index:
    """The flags of each visible ``cards[k]`` at location ``location + k``."""
    return index([WHERE + c * NLOC + location + k for k, c in enumerate(cards) if c >= 0])


def write(view: View, out: Vector) -> list[Index]:
    """Set ``out``'s entries for ``view``, but for the cached parts' flags, which are returned.

    A numpy call costs ~0.2 µs whatever it sets (more with a list to convert), setting one entry ~50 ns:
    small parts are set entry by entry; the skyport rows (the bulk), the board and the stacks are set
    from arrays worked out once per row, board and stacks (found again by identity or by value)."""
    n = view.players
    seat: int = view.seat  # type: ignore[assignment]  # never None: Encoder.encode refuses spectators
    rel = relative(n, seat)
    write_header(HEADER, view, rel, out)
    out[CURRENT + rel[view.current]] = 1.0
    out[FIRST + rel[view.first]] = 1.0
    if view.last_turn >= 0:
        out[FLAGS] = 1.0
    if view.closing_in_deck:
        out[FLAGS + 1] = 1.0
    ncities = len(CAT.cities)
    for p, c in enumerate(view.cities):
        out[CITIES + rel[p] * ncities + c] = 1.0
    tops, stack_sizes = stack_entries(view.station_decks, view.promenade)
    out[C_STACKS : C_STACKS + len(stack_sizes)] = stack_sizes
    hot = [_placed(view.board, L_SPACE), tops]
    for r, row, hand, standee, (colours, icons) in zip(
        rel, view.rows, view.hands, view.standees, view.owned, strict=True
    ):
        cards, features, sizes = row_entries(row)
        out[WHERE + L_SKYPORT + r : SKYPORT_END : NLOC][cards] = 1.0
        start = ROWS + r * ROW_FEATURES
        out[start : start + len(features)] = features
        start = LANE_SIZES + r * POSITIONS
        out[start : start + len(sizes)] = sizes
        at = WHERE + L_HAND + r
        for c in hand:
            if c >= 0:
                out[at + c * NLOC] = 1.0
        out[C_HANDS + r] = len(hand) / 3
        if standee >= 0:
            out[STANDEES + r * SPACES + standee] = 1.0
        if colours > 0:
            out[TOKENS + 2 * r] = colours / 10
        if icons > 0:
            out[TOKENS + 2 * r + 1] = icons / 10
    if view.card >= 0:
        out[WHERE + view.card * NLOC + L_PLAYED] = 1.0
    out[C_DECK] = view.deck_size / 60
    out[C_TURN] = view.turn / 40
    colour_tokens, icon_tokens = view.token_stacks
    if colour_tokens:
        out[C_TOKENS] = len(colour_tokens) / 4
        out[C_TOKENS + 2] = colour_tokens[-1] / 10
    if icon_tokens:
        out[C_TOKENS + 1] = len(icon_tokens) / 4
        out[C_TOKENS + 3] = icon_tokens[-1] / 10
    out[C_MOVE] = view.base_move / 10
    out[C_ALLOWANCE] = view.allowance / 10
    if view.tycoon >= 0:
        out[TYCOON + view.tycoon] = 1.0
    used = view.used
    for k in range(len(TYCOON_KINDS)) if used else ():
        if used >> k & 1:
            out[USED + k] = 1.0
    if view.space >= 0:
        out[SPACE + view.space] = 1.0
    for p in view.queue:
        out[QUEUE + rel[p]] = 1.0
    for c in view.seen_in_hand:
        out[SEEN + c] = 1.0
    return hot


ENCODER = Direct(LAYOUT, write)
