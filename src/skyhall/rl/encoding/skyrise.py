"""Skyrise's observation: the districts (colour, disc, structure, bids), each seat's board, the auction.

Districts are numbered over the whole board of four Outer Island slots, as the
actions number them, so a district keeps its entries whatever the layout; those
not in play have no colour. Buildings are encoded per seat by their place in
that seat's set (seat ``k`` plays set ``k``). What a seat cannot see (rivals'
Wonder cards before they are revealed, Secret Objectives, Patron tiles it may
not look at) appears only as a count or not at all.

The encoder is :class:`~skyhall.rl.encoding.incremental.Incremental`: one move changes
little (a bid, a disc taken, a row filled), so each field below sets its entries and
a new position rewrites only the fields, and of a per-seat or per-district tuple
only the members, that changed since the observer's last view of the same game.
Almost every field owns its entries outright (a district's disc row, a seat's pool
row, a run of a seat's player board) and is rewritten by one slice copy of a
pattern kept per value; the structures and bids set single entries.
"""

from __future__ import annotations

from functools import lru_cache

from skyhall.core.state import EMPTY
from skyhall.games.skyrise.bid import WONDER
from skyhall.games.skyrise.cards import COLOURS, HEIGHTS, load
from skyhall.games.skyrise.district import board_for
from skyhall.games.skyrise.rules import KEY_MODES
from skyhall.games.skyrise.steps import NAMES
from skyhall.rl.encoding.incremental import (
    Cells,
    Field,
    Incremental,
    Pairs,
    Pattern,
    Rel,
    cells,
    header_fields,
    item_flags,
    one_hot,
    run_field,
    scaled,
    seat_hot,
    truth,
)
from skyhall.rl.encoding.layout import SEATS, Layout, header

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

MARGIN_SCALE = 150.0
"""The ``scaled`` reward's divisor (:func:`skyhall.rl.encoding.margin_scale`): the largest margin measured
in 60 deals each of ``greedy`` against 1-3 ``random`` seats was 101."""

LAYOUT = Layout("skyrise")
HEADER = header_fields(header(LAYOUT, NAMES), NAMES)
ERA = LAYOUT.flags("era", ("1", "2"), "the Era")
FIRST = LAYOUT.flags("first", SEATS, "the first player")
OPENER = LAYOUT.flags("opener", SEATS, "who opens this auction")
BIDDER = LAYOUT.flags("bidder", SEATS, "who leads this auction")
PASSED = LAYOUT.flags("passed", SEATS, "seats out of this auction")
WINNER = LAYOUT.flags("winner", SEATS, "the seat whose Wonder effect is being resolved")
REVEALED = LAYOUT.flags("revealed", ("kept Wonder cards revealed",), "the kept Wonder cards are public")
KEYS = LAYOUT.flags("city_keys", KEY_MODES, "who the City Keys go to (the game's option)")
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
NLETTERS = len(CAT.letters)
BUILDING_VALUE = {code: b.value / 100 for code, b in enumerate(CAT.buildings)}
"""The ``value`` entry of each Building's district (a Wonder's, or none, is 0)."""
ROWS_AT, EXCESS_AT, COMMISSIONS_AT = 0, BOARD.index("excess / 4"), BOARD.index("commissions / 4")
PATRONS_AT, KEYS_AT, PRESTIGE_AT = EXCESS_AT + 1, BOARD.index("keys / 3"), BOARD.index("prestige / 100")
SPARE_AT, CARDS_AT = BOARD.index("spare / 10"), BOARD.index("wonder cards / 5")
"""Where each field's entries start in a seat's row of ``boards``."""
BITS = tuple(tuple(k for k in range(NLETTERS) if mask >> k & 1) for mask in range(1 << NLETTERS))
"""The Patron letters whose bit is set in each ``peek`` mask."""
TERRAIN = COLOUR + NSITES * len(COLOURS) - ISLANDS
"""The ``islands`` and ``colour`` parts, which lie end to end, as one run."""


@lru_cache(maxsize=64)
def _passed(passed: int, rel: Rel) -> Cells:
    """The seats out of this auction (a bit per seat)."""
    return cells(
        [float(any(passed >> p & 1 for p, r in enumerate(rel) if r == s)) for s in range(len(SEATS))]
    )


_KEY_MODE = one_hot(len(KEY_MODES))


def _key_mode(mode: str, rel: Rel) -> Cells:
    """The flag of the City Keys option ``mode``."""
    return _KEY_MODE(KEY_MODES.index(mode), rel)


@lru_cache(maxsize=64)
def _terrain(layout: tuple[int, ...], _rel: Rel) -> Cells:
    """The islands' and the districts' colour flags of ``layout``."""
    run = [0.0] * TERRAIN
    ntiles = len(CAT.tile_ids)
    for slot, t in enumerate(layout):
        if t >= 0:
            run[slot * ntiles + t] = 1.0
    for d, c in enumerate(board_for(CAT, layout).colour):
        if c >= 0:
            run[COLOUR - ISLANDS + d * len(COLOURS) + c] = 1.0
    return cells(run)


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
    """A district's structure flags, and its Building's value (the two parts, one scan of the districts)."""
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


@lru_cache(maxsize=1 << 10)
def _tiles(tiles: tuple[int, ...], _rel: Rel) -> Cells:
    return cells([v / 10 if v > 0 else 0.0 for v in tiles])


def _peek(mask: int, rel: Rel) -> Cells:
    return _letters(BITS[mask], rel)


_letters = item_flags(NLETTERS)
_wonders = item_flags(NWONDERS)


def _objective(o: int, rel: Rel) -> Cells:
    return _objectives((o,), rel)


_objectives = item_flags(NOBJECTIVES)


@lru_cache(maxsize=1 << 10)
def _held(hand: tuple[int, ...], _rel: Rel) -> Cells:
    """How many Wonder cards a seat holds (which: ``hands``)."""
    return cells([len(hand) / 5])


@lru_cache(maxsize=1 << 10)
def _keys(keys: tuple[int, ...], _rel: Rel) -> Cells:
    """How many keys a seat holds, and what they are worth."""
    return cells([len(keys) / 3, sum(keys) / 20])


def _seats(name: str, part: int, width: int, pattern: Pattern) -> Field:
    """A per-seat field whose each seat owns a row ``width`` long of a per-seat grid at ``part``."""
    return run_field(name, part, width, pattern, members=True, by_seat=True)


def _board(name: str, column: int, width: int, pattern: Pattern) -> Field:
    """A per-seat field whose each seat owns ``width`` entries from ``column`` of its row of ``boards``."""
    return run_field(name, BOARDS + column, width, pattern, members=True, by_seat=True, stride=NBOARD)


ENCODER = Incremental(
    LAYOUT,
    (
        *HEADER,
        run_field("era", ERA, 2, one_hot(2, offset=1)),
        run_field("first", FIRST, len(SEATS), seat_hot()),
        run_field("opener", OPENER, len(SEATS), seat_hot()),
        run_field("bidder", BIDDER, len(SEATS), seat_hot()),
        run_field("passed", PASSED, len(SEATS), _passed),
        run_field("winner", WINNER, len(SEATS), seat_hot()),
        run_field("site", SITE, NSITES, one_hot(NSITES)),
        run_field("effect", EFFECT, NWONDERS, one_hot(NWONDERS)),
        run_field("revealed", REVEALED, 1, truth),
        run_field("keys_mode", KEYS, len(KEY_MODES), _key_mode),
        run_field("layout", ISLANDS, TERRAIN, _terrain),
        run_field("discs", DISC, NDISCS, one_hot(NDISCS), members=True),
        Field("occupant", _occupant, members=True),
        Field("bids", _bids),
        Field("panoramas", _panoramas),
        run_field("tiles", TILES, NLETTERS, _tiles),
        _seats("pool", POOL, SET_SIZE, item_flags(SET_SIZE, BUILDING_PLACE)),
        _seats("reserve", RESERVE, SET_SIZE, item_flags(SET_SIZE, BUILDING_PLACE)),
        _seats("hands", HANDS, NWONDERS, _wonders),
        _board("hands", CARDS_AT, 1, _held),
        _seats("chosen", CHOSEN, NWONDERS, _wonders),
        _seats("wonders", UNBUILT, NWONDERS, _wonders),
        _seats("peek", PEEK, NLETTERS, _peek),
        _seats("objectives", OBJECTIVES, NOBJECTIVES, _objective),
        _board("rows", ROWS_AT, len(COLOURS), scaled(4)),
        _board("excess", EXCESS_AT, 1, scaled(4)),
        _board("patrons", PATRONS_AT, NLETTERS, scaled(4)),
        _board("commissions", COMMISSIONS_AT, 1, scaled(4)),
        _board("keys", KEYS_AT, 2, _keys),
        _board("prestige", PRESTIGE_AT, 1, scaled(100)),
        _board("spare", SPARE_AT, 1, scaled(10)),
        run_field("stage", COUNTS, 1, scaled(4)),
    ),
    game="panoramas",
)
"""Records are kept per game as well: the Panorama tuple is drawn once at setup and shared by every view
of a game, so games played side by side (a vector of environments) each patch their own last view."""
