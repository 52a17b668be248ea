"""Skyrise's observation: the districts (colour, disc, structure, bids), each seat's board, the auction.

Districts are numbered over the whole board of four Outer Island slots, as the
actions number them, so a district keeps its entries whatever the layout; those
not in play have no colour. Buildings are encoded per seat by their place in
that seat's set (seat ``k`` plays set ``k``). What a seat cannot see (rivals'
Wonder cards before they are revealed, Secret Objectives, Patron tiles it may
not look at) appears only as a count or not at all.

The encoder is :class:`~skyhall.rl.encoding.layout.Incremental`: one move changes
little (a bid, a disc taken, a row filled), so each field below sets its entries and
a new position rewrites only the fields, and of a per-seat or per-district tuple
only the members, that changed since the observer's last view of the same game.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from skyhall.games.skyrise.catalog import COLOURS, HEIGHTS, load
from skyhall.games.skyrise.district import board_for
from skyhall.games.skyrise.state import EMPTY, WONDER
from skyhall.games.skyrise.steps import NAMES
from skyhall.rl.encoding.layout import (
    SEATS,
    Entries,
    Field,
    Incremental,
    Layout,
    Pairs,
    Rel,
    flag,
    header,
    header_fields,
    number,
    seat_flag,
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
HEADER = header_fields(header(LAYOUT, NAMES))
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


STRUCTURE_SIZE = len(STRUCTURE)
NDISCS = len(DISCS)
NOBJECTIVES = len(CAT.objectives)
DISTRICTS = range(NSITES)
BUILDING_VALUE = {code: b.value / 100 for code, b in enumerate(CAT.buildings)}
"""The ``value`` entry of each Building's district (a Wonder's, or none, is 0)."""
ROWS_AT, EXCESS_AT, COMMISSIONS_AT = 0, BOARD.index("excess / 4"), BOARD.index("commissions / 4")
PATRONS_AT, KEYS_AT, PRESTIGE_AT = EXCESS_AT + 1, BOARD.index("keys / 3"), BOARD.index("prestige / 100")
SPARE_AT, CARDS_AT = BOARD.index("spare / 10"), BOARD.index("wonder cards / 5")
"""Where each field's entries start in a seat's row of ``boards``."""
BITS = tuple(
    tuple(k for k in range(len(CAT.letters)) if mask >> k & 1) for mask in range(1 << len(CAT.letters))
)
"""The Patron letters whose bit is set in each ``peek`` mask."""
SAME = range(max(NWONDERS, NOBJECTIVES, len(CAT.letters)))
"""The place of item ``x`` is ``x`` (cards, letters, objectives)."""


def _passed(passed: int, _k: int, rel: Rel) -> Pairs:
    """The seats out of this auction (a bit per seat)."""
    return [(PASSED + r, 1.0) for p, r in enumerate(rel) if passed >> p & 1]


def _revealed(revealed: bool, _k: int, _rel: Rel) -> Pairs:
    return [(REVEALED, 1.0)] if revealed else []


@lru_cache(maxsize=64)
def _layout(layout: tuple[int, ...], _k: int, _rel: Rel) -> Pairs:
    """The islands' and the districts' colour flags of ``layout``."""
    ntiles = len(CAT.tile_ids)
    pairs = [(ISLANDS + slot * ntiles + t, 1.0) for slot, t in enumerate(layout) if t >= 0]
    colours = board_for(CAT, layout).colour
    pairs += [(COLOUR + d * len(COLOURS) + c, 1.0) for d, c in enumerate(colours) if c >= 0]
    return pairs


def _disc(code: int, d: int, _rel: Rel) -> Pairs:
    return [(DISC + d * NDISCS + code, 1.0)] if code >= 0 else []


@lru_cache(maxsize=16)
def _marks(rel: Rel) -> dict[int, tuple[int, ...]]:
    """Per structure code (``EMPTY`` too), its flags in a district's ``occupant`` row, seen with ``rel``
    (only the Buildings of the seats in play: set ``k`` is seat ``k``'s)."""
    marks: dict[int, tuple[int, ...]] = {EMPTY: ()}
    marks.update({WONDER + c: (F_WONDER,) for c in range(NWONDERS)})
    for code, owner in enumerate(BUILDING_OWNER):
        if owner < len(rel):
            marks[code] = (rel[owner], F_HEIGHT + BUILDING_HEIGHT[code])
    return marks


@lru_cache(maxsize=1 << 14)
def _occupant(code: int, d: int, rel: Rel) -> Pairs:
    """A district's structure flags, and its Building's value."""
    at = OCCUPANT + d * STRUCTURE_SIZE
    pairs = [(at + k, 1.0) for k in _marks(rel)[code]]
    pairs.append((VALUE + d, BUILDING_VALUE.get(code, 0.0)))
    return pairs


def _bids(bids: tuple[tuple[int, int], ...], _k: int, _rel: Rel) -> Pairs:
    """The districts bid on, and the leading (last) bid's."""
    pairs = [(BIDS + 2 * d, 1.0) for d, _ in bids]
    if bids:
        pairs.append((BIDS + 2 * bids[-1][0] + 1, 1.0))
    return pairs


def _panoramas(panoramas: tuple[int, ...], _k: int, _rel: Rel) -> Pairs:
    return [(PANORAMAS + k, 1.0) for k in panoramas]


def _tiles(tiles: tuple[int, ...], _k: int, _rel: Rel) -> Pairs:
    return [(TILES + k, v / 10 if v > 0 else 0.0) for k, v in enumerate(tiles)]


def _items(part: int, width: int, place: Sequence[int]) -> Entries:
    """Entries of a seat's items (Buildings, Wonder cards, ...) in a per-seat grid of flags: the flag at
    ``place[x]`` of the seat's row for each item ``x`` (``EMPTY`` items have none)."""

    def entries(items: Sequence[int], p: int, rel: Rel) -> Pairs:
        start = part + rel[p] * width
        return [(start + place[x], 1.0) for x in items if x >= 0]

    return entries


def _counts(column: int, scale: float) -> Entries:
    """Entries of a seat's player-board field that is a tuple of counts: each ``/ scale``, from ``column``
    of the seat's row of ``boards``."""

    def entries(counts: tuple[int, ...], p: int, rel: Rel) -> Pairs:
        at = BOARDS + rel[p] * NBOARD + column
        return [(at + k, x / scale) for k, x in enumerate(counts)]

    return entries


def _count(column: int, scale: float) -> Entries:
    """Entries of a seat's player-board field that is one count: ``/ scale`` at ``column``."""

    def entries(n: int, p: int, rel: Rel) -> Pairs:
        return [(BOARDS + rel[p] * NBOARD + column, n / scale)]

    return entries


def _keys(keys: tuple[int, ...], p: int, rel: Rel) -> Pairs:
    """How many keys a seat holds, and what they are worth."""
    at = BOARDS + rel[p] * NBOARD + KEYS_AT
    return [(at, len(keys) / 3), (at + 1, sum(keys) / 20)]


def _hand(hand: tuple[int, ...], p: int, rel: Rel) -> Pairs:
    """The Wonder cards held (where the seat may see them), and how many."""
    pairs = _held(hand, p, rel)
    pairs.append((BOARDS + rel[p] * NBOARD + CARDS_AT, len(hand) / 5))
    return pairs


_held = _items(HANDS, NWONDERS, SAME)
_objective = _items(OBJECTIVES, NOBJECTIVES, SAME)
_peek = _items(PEEK, len(CAT.letters), SAME)

ENCODER = Incremental(
    LAYOUT,
    (
        *HEADER,
        Field("era", flag(ERA - 1)),
        Field("first", seat_flag(FIRST)),
        Field("opener", seat_flag(OPENER)),
        Field("bidder", seat_flag(BIDDER)),
        Field("passed", _passed),
        Field("winner", seat_flag(WINNER)),
        Field("site", flag(SITE)),
        Field("effect", flag(EFFECT)),
        Field("revealed", _revealed),
        Field("layout", _layout),
        Field("discs", _disc, members=True),
        Field("occupant", _occupant, members=True),
        Field("bids", _bids),
        Field("panoramas", _panoramas),
        Field("tiles", _tiles),
        Field("pool", _items(POOL, SET_SIZE, BUILDING_PLACE), members=True),
        Field("reserve", _items(RESERVE, SET_SIZE, BUILDING_PLACE), members=True),
        Field("hands", _hand, members=True),
        Field("chosen", _items(CHOSEN, NWONDERS, SAME), members=True),
        Field("wonders", _items(UNBUILT, NWONDERS, SAME), members=True),
        Field("peek", lambda mask, p, rel: _peek(BITS[mask], p, rel), members=True),
        Field("objectives", lambda o, p, rel: _objective((o,), p, rel), members=True),
        Field("rows", _counts(ROWS_AT, 4), members=True),
        Field("excess", _count(EXCESS_AT, 4), members=True),
        Field("patrons", _counts(PATRONS_AT, 4), members=True),
        Field("commissions", _count(COMMISSIONS_AT, 4), members=True),
        Field("keys", _keys, members=True),
        Field("prestige", _count(PRESTIGE_AT, 100), members=True),
        Field("spare", _count(SPARE_AT, 10), members=True),
        Field("stage", number(COUNTS, 4)),
    ),
    game="panoramas",
)
"""Records are kept per game as well: the Panorama tuple is drawn once at setup and shared by every view
of a game, so games played side by side (a vector of environments) each patch their own last view."""
