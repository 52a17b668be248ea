"""Skyrise's observation: the districts (colour, disc, structure, bids), each seat's board, the auction.

Districts are numbered over the whole board of four Outer Island slots, as the
actions number them, so a district keeps its entries whatever the layout; those
not in play have no colour. Buildings are encoded per seat by their place in
that seat's set (seat ``k`` plays set ``k``). What a seat cannot see (rivals'
Wonder cards before they are revealed, Secret Objectives, Patron tiles it may
not look at) appears only as a count or not at all.

Why it is fast: one move changes little (a bid, a disc taken, a row filled), so
the encoder keeps, per observer (player count and seat: they fix the relative
seats), the last view it encoded and that view's vector, and patches the vector
where the new view differs. Each field is compared with the last view's (tuples
compare in C, and a view's per-seat tuples are the very objects the state holds),
and only what changed is rewritten: the districts whose disc or structure changed,
the Buildings that left or joined a pool, the board entries of a seat whose row
moved. Single entries go in through a memoryview (half the cost of numpy's
``vector[i] = x``); the caller's buffer gets one copy of the whole vector, so it
need not be zeroed. A first view starts from a blank view whose vector is all
zeros, so a fresh encoding and a patched one are the same code path and agree
entry for entry, whatever order views come in (another game's, an older one).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from itertools import compress
from operator import is_not
from typing import Any, TypeAlias, cast

import numpy as np

from skyhall.games.skyrise.catalog import COLOURS, HEIGHTS, load
from skyhall.games.skyrise.district import board_for
from skyhall.games.skyrise.state import EMPTY, WONDER
from skyhall.games.skyrise.steps import NAMES
from skyhall.games.skyrise.view import View
from skyhall.rl.encoding.layout import (
    SEATS,
    Encoder,
    Index,
    Layout,
    Vector,
    header,
    relative,
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
HEADER = header(LAYOUT, NAMES)
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


PLAYERS, TO_ACT, DECISION = HEADER
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


Cells: TypeAlias = "memoryview[float]"
"""A float32 vector seen through a memoryview: setting one entry costs half of ``vector[i] = x``."""


class _Last:
    """The view last encoded for one observer, the flags of its scalar fields, and its vector."""

    __slots__ = ("cells", "flags", "marks", "rel", "vector", "view")

    def __init__(self, view: View, rel: tuple[int, ...]) -> None:
        self.view = view
        self.rel = rel
        """The observer's :func:`relative` seats."""
        self.marks = _marks(rel)
        self.flags: list[int] = []
        self.vector = np.zeros(LAYOUT.size, np.float32)
        self.cells = cast(Cells, self.vector.data)


_LAST: dict[tuple[int, int, int], _Last] = {}
"""What the next view of an observer in a game is patched from, by ``(players, seat, game)``, the least
recently used first. ``game`` is the identity of the view's Panorama tuple, drawn once at setup and shared
by every view of that game: games played side by side (a vector of environments) each patch from their
own last view, not from another game's. The record keeps that tuple alive, so its ``id`` cannot be taken
by another game's; and a record of another game would still patch exactly, only slower."""
RECORDS = 256
"""At most this many records are kept (about 8 kB each)."""


@lru_cache(maxsize=8)
def _blank(n: int) -> View:
    """A view of ``n`` players whose every patched part encodes to zeros (the start of every patch)."""
    none: tuple[tuple[int, ...], ...] = ((),) * n
    zeros = (0,) * n
    return View(
        cat=CAT,
        seat=None,
        players=n,
        layout=(),
        keys_mode="",
        era=0,
        step=0,
        to_act=None,
        first=0,
        opener=0,
        bidder=EMPTY,
        passed=0,
        bids=(),
        discs=(EMPTY,) * NSITES,
        occupant=(EMPTY,) * NSITES,
        pool=none,
        reserve=none,
        hands=none,
        chosen=none,
        wonders=none,
        revealed=False,
        built=none,
        rows=((0,) * len(COLOURS),) * n,
        wilds=zeros,
        excess=zeros,
        patrons=((0,) * len(CAT.letters),) * n,
        commissions=zeros,
        keys=none,
        peek=zeros,
        tiles=(0,) * len(CAT.letters),
        objectives=(EMPTY,) * n,
        panoramas=(),
        prestige=zeros,
        spare=zeros,
        ledger=((),) * n,
        stage=0,
        winner=EMPTY,
        site=EMPTY,
        effect=EMPTY,
        log=(),
    )


@lru_cache(maxsize=64)
def _layout_flags(layout: tuple[int, ...]) -> tuple[int, ...]:
    """The islands' and the districts' colour flags of ``layout`` (none for the blank's empty layout)."""
    if not layout:
        return ()
    ntiles = len(CAT.tile_ids)
    islands = [ISLANDS + slot * ntiles + t for slot, t in enumerate(layout) if t >= 0]
    colours = [COLOUR + d * len(COLOURS) + c for d, c in enumerate(board_for(CAT, layout).colour) if c >= 0]
    return (*islands, *colours)


def _scalar_flags(view: View, rel: tuple[int, ...]) -> list[int]:
    """The flags of the single-valued fields: the header, the Era, the auction's seats, the effect."""
    flags = [
        PLAYERS + view.players - 2,
        DECISION + view.step,
        ERA + view.era - 1,
        FIRST + rel[view.first],
        OPENER + rel[view.opener],
    ]
    if view.to_act is not None:
        flags.append(TO_ACT + rel[view.to_act])
    if view.bidder >= 0:
        flags.append(BIDDER + rel[view.bidder])
    if view.winner >= 0:
        flags.append(WINNER + rel[view.winner])
    if view.site >= 0:
        flags.append(SITE + view.site)
    if view.effect >= 0:
        flags.append(EFFECT + view.effect)
    if view.revealed:
        flags.append(REVEALED)
    if view.passed:
        flags += [PASSED + rel[p] for p in range(view.players) if view.passed >> p & 1]
    return flags


def _bid_flags(bids: tuple[tuple[int, int], ...]) -> list[int]:
    flags = [BIDS + 2 * d for d, _ in bids]
    if bids:
        flags.append(BIDS + 2 * bids[-1][0] + 1)
    return flags


def _swap(cells: Cells, old: Iterable[int], new: Iterable[int]) -> None:
    """Clear the flags ``old``, then set the flags ``new`` (both of one part, so nothing else moves)."""
    for i in old:
        cells[i] = 0.0
    for i in new:
        cells[i] = 1.0


@lru_cache(maxsize=16)
def _marks(rel: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    """Per structure code (``EMPTY`` too), its flags in a district's ``occupant`` row, seen with ``rel``
    (only the Buildings of the seats in play: set ``k`` is seat ``k``'s)."""
    marks: dict[int, tuple[int, ...]] = {EMPTY: ()}
    marks.update({WONDER + c: (F_WONDER,) for c in range(NWONDERS)})
    for code, owner in enumerate(BUILDING_OWNER):
        if owner < len(rel):
            marks[code] = (rel[owner], F_HEIGHT + BUILDING_HEIGHT[code])
    return marks


def _seats(
    cells: Cells,
    rel: tuple[int, ...],
    was: Sequence[tuple[int, ...]],
    now: Sequence[tuple[int, ...]],
    part: int,
    width: int,
    place: Sequence[int],
) -> None:
    """Patch a per-seat grid of flags, one row per seat, a flag at ``place[x]`` for each item ``x``
    (``EMPTY`` items have none). A seat's entry that is the same object as before is the same value (the
    state shares its tuples); in any other row only the items that came or went are touched (a bid
    takes one Building out of a pool of up to twelve)."""
    for p, (a, b) in enumerate(zip(was, now, strict=True)):
        if a is not b:
            start = part + rel[p] * width
            for x in set(a).symmetric_difference(b):
                if x >= 0:
                    cells[start + place[x]] = 1.0 if x in b else 0.0


def _numbers(
    cells: Cells,
    rel: tuple[int, ...],
    was: Sequence[Any],
    now: Sequence[Any],
    column: int,
    numbers: Callable[[Any], Iterable[float]],
) -> None:
    """Patch the player-board entries from ``column`` on that one per-seat field gives (``numbers``),
    in the rows of the seats whose value is not the same object as before."""
    for p, (a, b) in enumerate(zip(was, now, strict=True)):
        if a is not b:
            at = BOARDS + rel[p] * NBOARD + column
            for k, x in enumerate(numbers(b)):
                cells[at + k] = x


def _quarters(counts: tuple[int, ...]) -> list[float]:
    return [x / 4 for x in counts]


def _patch(last: _Last, view: View) -> None:
    """Make ``last.vector`` encode ``view`` instead of ``last.view``, rewriting only what differs."""
    was, cells, rel = last.view, last.cells, last.rel
    if (
        view.step != was.step
        or view.bidder != was.bidder
        or view.opener != was.opener
        or view.to_act != was.to_act
        or view.passed != was.passed
        or view.winner != was.winner
        or view.site != was.site
        or view.effect != was.effect
        or view.era != was.era
        or view.first != was.first
        or view.revealed != was.revealed
    ):
        flags = _scalar_flags(view, rel)
        _swap(cells, last.flags, flags)
        last.flags = flags
    if view.layout != was.layout:
        _swap(cells, _layout_flags(was.layout), _layout_flags(view.layout))
    # Districts whose entry is not the same object: a cheaper test than ``!=`` that finds every change
    # (the same object is the same value), and at worst rewrites a district to the entries it has.
    if view.discs != was.discs:
        for d in compress(DISTRICTS, map(is_not, was.discs, view.discs)):
            old, new = was.discs[d], view.discs[d]
            if old >= 0:
                cells[DISC + d * NDISCS + old] = 0.0
            if new >= 0:
                cells[DISC + d * NDISCS + new] = 1.0
    if view.occupant != was.occupant:
        marks = last.marks
        for d in compress(DISTRICTS, map(is_not, was.occupant, view.occupant)):
            at, code = OCCUPANT + d * STRUCTURE_SIZE, view.occupant[d]
            for k in marks[was.occupant[d]]:
                cells[at + k] = 0.0
            for k in marks[code]:
                cells[at + k] = 1.0
            cells[VALUE + d] = BUILDING_VALUE.get(code, 0.0)
    if view.bids != was.bids:
        _swap(cells, _bid_flags(was.bids), _bid_flags(view.bids))
    if view.panoramas != was.panoramas:
        _swap(cells, [PANORAMAS + k for k in was.panoramas], [PANORAMAS + k for k in view.panoramas])
    if view.tiles != was.tiles:
        for k, v in enumerate(view.tiles):
            cells[TILES + k] = v / 10 if v > 0 else 0.0
    if view.pool != was.pool:
        _seats(cells, rel, was.pool, view.pool, POOL, SET_SIZE, BUILDING_PLACE)
    if view.reserve != was.reserve:
        _seats(cells, rel, was.reserve, view.reserve, RESERVE, SET_SIZE, BUILDING_PLACE)
    if view.hands != was.hands:
        _seats(cells, rel, was.hands, view.hands, HANDS, NWONDERS, SAME)
        _numbers(cells, rel, was.hands, view.hands, CARDS_AT, lambda hand: (len(hand) / 5,))
    if view.chosen != was.chosen:
        _seats(cells, rel, was.chosen, view.chosen, CHOSEN, NWONDERS, SAME)
    if view.wonders != was.wonders:
        _seats(cells, rel, was.wonders, view.wonders, UNBUILT, NWONDERS, SAME)
    if view.peek != was.peek:
        letters = [BITS[m] for m in was.peek], [BITS[m] for m in view.peek]
        _seats(cells, rel, *letters, PEEK, len(CAT.letters), SAME)
    if view.objectives != was.objectives:
        objectives = [(o,) for o in was.objectives], [(o,) for o in view.objectives]
        _seats(cells, rel, *objectives, OBJECTIVES, NOBJECTIVES, SAME)
    if view.rows != was.rows:
        _numbers(cells, rel, was.rows, view.rows, ROWS_AT, _quarters)
    if view.excess != was.excess:
        _numbers(cells, rel, was.excess, view.excess, EXCESS_AT, lambda n: (n / 4,))
    if view.patrons != was.patrons:
        _numbers(cells, rel, was.patrons, view.patrons, PATRONS_AT, _quarters)
    if view.commissions != was.commissions:
        _numbers(cells, rel, was.commissions, view.commissions, COMMISSIONS_AT, lambda n: (n / 4,))
    if view.keys != was.keys:
        _numbers(cells, rel, was.keys, view.keys, KEYS_AT, lambda keys: (len(keys) / 3, sum(keys) / 20))
    if view.prestige != was.prestige:
        _numbers(cells, rel, was.prestige, view.prestige, PRESTIGE_AT, lambda n: (n / 100,))
    if view.spare != was.spare:
        _numbers(cells, rel, was.spare, view.spare, SPARE_AT, lambda n: (n / 10,))
    if view.stage != was.stage:
        cells[COUNTS] = view.stage / 4
    last.view = view


def write(view: View, out: Vector) -> list[Index]:
    """Copy ``view``'s vector into ``out``, patched from the last one of the same observer in the same
    game (or from the blank); every entry is set, so no index arrays are left for ``encode`` to set.

    The observer's record is taken out while it is patched, so a second thread (or an error half way)
    finds none and starts from the blank: never a record that is half one view and half another.
    """
    seat = view.seat if view.seat is not None else 0
    observer = (view.players, seat, id(view.panoramas))
    last = _LAST.pop(observer, None)
    if last is None:
        if len(_LAST) >= RECORDS:
            _LAST.pop(next(iter(_LAST)), None)
        last = _Last(_blank(view.players), relative(view.players, seat))
    _patch(last, view)
    _LAST[observer] = last
    out[:] = last.vector
    return []


class _Patching(Encoder):
    """An :class:`Encoder` whose every ``encode`` writes the whole vector (a copy of the patched one),
    so it skips zeroing the buffer first."""

    __slots__ = ()

    def encode(self, view: Any, out: Vector | None = None) -> Vector:
        if view.seat is None:
            raise ValueError("observations are a seat's: encode view(seat), not a spectator's view")
        if out is None:
            out = np.empty(LAYOUT.size, np.float32)
        self.write(view, out)
        return out


ENCODER: Encoder = _Patching(LAYOUT, write)
