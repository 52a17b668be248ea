"""Grand Central Skyport's observation: where every visible card is, each skyport row, the board.

The core is a card-by-location grid (one flag per card that the seat can see:
on a board space, in a hand, in a skyport, on top of a station deck or the
Promenade, being played). Hidden cards (a rival's face-down cards, the cards
under each deck's top) appear in no location, only in the counts. Skyport rows
add their order: per position, the lane's colour and size or the station's two
ribbon colours, for the first ``POSITIONS`` positions (rows rarely pass 18).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from skyhall.games.skyport.cards import COLOURS, TYCOON_KINDS, load
from skyhall.games.skyport.lane import Lane, Row
from skyhall.games.skyport.steps import NAMES
from skyhall.games.skyport.view import View
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

POSITIONS = 24
"""Skyport row positions encoded per seat."""

CAT = load()
CARDS = len(CAT.cards)
SPACES = len(CAT.spaces)
LOCATIONS = (
    *(f"space {s.id}" for s in CAT.spaces),
    *(f"hand {s}" for s in SEATS),
    *(f"skyport {s}" for s in SEATS),
    "station deck top",
    "promenade top",
    "being played",
)
L_SPACE, L_HAND, L_SKYPORT = 0, SPACES, SPACES + 4
L_STATION_TOP, L_PROMENADE_TOP, L_PLAYED = SPACES + 8, SPACES + 9, SPACES + 10
POSITION_FEATURES = (
    *COLOURS,
    "station",
    "tycoon",
    *(f"left {c}" for c in COLOURS),
    *(f"right {c}" for c in COLOURS),
)
F_STATION, F_TYCOON, F_LEFT, F_RIGHT = 6, 7, 8, 14

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
SCALARS = LAYOUT.size
TYCOON = LAYOUT.flags("tycoon", TYCOON_KINDS, "the tycoon being used")
USED = LAYOUT.flags("used", TYCOON_KINDS, "tycoons already used this Tycoon phase")
SPACE = LAYOUT.flags("space", [s.id for s in CAT.spaces], "the space the standee stopped on this turn")
QUEUE = LAYOUT.flags("queue", SEATS, "rivals still to answer a Wild (may move a lane)")

STATION_RIBBONS = {
    c.index: (F_LEFT + c.left, F_RIGHT + c.right) for c in CAT.cards if c.left >= 0 and c.right >= 0
}
NLOC = len(LOCATIONS)
NFEAT = len(POSITION_FEATURES)


def _row(row: Row, r: int) -> tuple[Index, Index, Vector]:
    """The flags of the skyport row of relative seat ``r`` (its cards' locations, its positions' colours,
    stations, ribbons and tycoons), and its lane sizes: indices and values."""
    hot: list[int] = []
    sizes: dict[int, float] = {}
    where = WHERE + L_SKYPORT + r
    base = ROWS + r * POSITIONS * NFEAT
    for pos, item in enumerate(row):
        at = base + pos * NFEAT
        if isinstance(item, Lane):
            hot.extend(where + c * NLOC for c in item.cards)
            if pos < POSITIONS:
                hot.append(at + item.colour)
                sizes[LANE_SIZES + r * POSITIONS + pos] = len(item.cards) / 6
        else:
            hot.append(where + item.station * NLOC)
            if pos < POSITIONS:
                left, right = STATION_RIBBONS[item.station]
                hot.extend((at + F_STATION, at + left, at + right))
            if item.tycoon >= 0:
                hot.append(where + item.tycoon * NLOC)
                if pos < POSITIONS:
                    hot.append(at + F_TYCOON)
    return index(hot), index(list(sizes)), np.array(list(sizes.values()), np.float32)


row_entries = ByIdentity(_row)


@lru_cache(maxsize=1 << 14)
def _placed(cards: tuple[int, ...], location: int) -> Index:
    """The flags of each visible ``cards[k]`` at location ``location + k``."""
    return index([WHERE + c * NLOC + location + k for k, c in enumerate(cards) if c >= 0])


@lru_cache(maxsize=1 << 14)
def _hands(hands: tuple[tuple[int, ...], ...], seat: int) -> Index:
    """The flags of every visible card of each hand, at its holder's relative ``hand`` location."""
    rel = relative(len(hands), seat)
    return index([WHERE + c * NLOC + L_HAND + rel[p] for p, hand in enumerate(hands) for c in hand if c >= 0])


def write(view: View, out: Vector) -> list[Index]:
    """Set ``out``'s entries for ``view``, but for the cached parts' flags, which are returned."""
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
    hot = [_placed(view.board, L_SPACE), _hands(view.hands, seat)]
    hands = view.hands
    hand_sizes = [0.0] * 4
    for p in range(n):
        r = rel[p]
        flags, sizes, values = row_entries(view.rows[p], r)
        hot.append(flags)
        out[sizes] = values
        hand_sizes[r] = len(hands[p]) / 3
        standee = view.standees[p]
        if standee >= 0:
            out[STANDEES + r * SPACES + standee] = 1.0
        colours, icons = view.owned[p]
        if colours > 0:
            out[TOKENS + 2 * r] = colours / 10
        if icons > 0:
            out[TOKENS + 2 * r + 1] = icons / 10
    decks, stacks = view.station_decks, view.promenade
    for stack in decks:
        if stack:
            out[WHERE + stack[-1] * NLOC + L_STATION_TOP] = 1.0
    for stack in stacks:
        if stack:
            out[WHERE + stack[-1] * NLOC + L_PROMENADE_TOP] = 1.0
    if view.card >= 0:
        out[WHERE + view.card * NLOC + L_PLAYED] = 1.0
    colour_tokens, icon_tokens = view.token_stacks
    out[COUNTS:SCALARS] = (
        view.deck_size / 60,
        view.turn / 40,
        *hand_sizes,
        len(decks[0]) / 6,
        len(decks[1]) / 6,
        *[len(s) / 3 for s in stacks],
        len(colour_tokens) / 4,
        len(icon_tokens) / 4,
        colour_tokens[-1] / 10 if colour_tokens else 0.0,
        icon_tokens[-1] / 10 if icon_tokens else 0.0,
        view.base_move / 10,
        view.allowance / 10,
    )
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
    return hot


ENCODER = Encoder(LAYOUT, write)
