"""Skyport's actions: one small frozen value per atomic decision, with notation and codec.

Positions in a skyport row are written 1-based from the left, as the table shows them.

Legal sets are built with ``Cls.of(...)`` (:class:`~skyhall.core.actions.Interned`), so they
hold the codec's own objects; a plain ``Cls(...)`` is an equal value.

=====================  ==========================================================
notation               decision
=====================  ==========================================================
``play B3``            Arrival: the card to play
``place left``         Arrival: put an airship or station at the left/right end
``place left-of 4``    Arrival (Inventor): new lane just left/right of station 4
``join 3``             Arrival: add the Wild to the lane at position 3
``host 2``             Arrival: put the tycoon under the station at position 2
``shift right 2``      Skyport phase: move the new lane
``swap 5``             Skyport phase: the new lane trades places with lane 5
``move 3 left 1``      a lane move (rival after a Wild, Merchant, Explorer, Movement space)
``swap 2 6``           Explorer: two other lanes trade places
``use merchant``       Tycoon phase: use this tycoon's ability now
``pass``               decline an optional move, or end the Tycoon phase
``walk 3``             Acquisition: move the standee 3 spaces clockwise
``take airship``       Acquisition: the airship beside the space
``take station``       Acquisition: the top of this space's station deck
``take explorer``      Acquisition: the top Explorer of the Promenade
=====================  ==========================================================
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from skyhall.core.actions import Codec, Interned
from skyhall.games.skyport.cards import AIRSHIP, EXPLORER, MERCHANT, TYCOON_KINDS, Catalog
from skyhall.games.skyport.lane import LEFT, RIGHT, SIDE_NAMES


@dataclass(frozen=True, slots=True)
class Play(Interned):
    card: str

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class PlaceEnd(Interned):
    side: int

    def __str__(self) -> str:
        return f"place {SIDE_NAMES[self.side]}"


@dataclass(frozen=True, slots=True)
class PlaceBeside(Interned):
    station: int
    side: int

    def __str__(self) -> str:
        return f"place {SIDE_NAMES[self.side]}-of {self.station + 1}"


@dataclass(frozen=True, slots=True)
class Join(Interned):
    lane: int

    def __str__(self) -> str:
        return f"join {self.lane + 1}"


@dataclass(frozen=True, slots=True)
class Host(Interned):
    station: int

    def __str__(self) -> str:
        return f"host {self.station + 1}"


@dataclass(frozen=True, slots=True)
class Shift(Interned):
    side: int
    distance: int

    def __str__(self) -> str:
        return f"shift {SIDE_NAMES[self.side]} {self.distance}"


@dataclass(frozen=True, slots=True)
class SwapWith(Interned):
    lane: int

    def __str__(self) -> str:
        return f"swap {self.lane + 1}"


@dataclass(frozen=True, slots=True)
class Move(Interned):
    lane: int
    side: int
    distance: int

    def __str__(self) -> str:
        return f"move {self.lane + 1} {SIDE_NAMES[self.side]} {self.distance}"


@dataclass(frozen=True, slots=True)
class SwapPair(Interned):
    first: int
    second: int

    def __str__(self) -> str:
        return f"swap {self.first + 1} {self.second + 1}"


@dataclass(frozen=True, slots=True)
class Use(Interned):
    tycoon: int

    def __str__(self) -> str:
        return f"use {TYCOON_KINDS[self.tycoon]}"


@dataclass(frozen=True, slots=True)
class Pass(Interned):
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Walk(Interned):
    spaces: int

    def __str__(self) -> str:
        return f"walk {self.spaces}"


@dataclass(frozen=True, slots=True)
class TakeAirship(Interned):
    def __str__(self) -> str:
        return "take airship"


@dataclass(frozen=True, slots=True)
class TakeStation(Interned):
    def __str__(self) -> str:
        return "take station"


@dataclass(frozen=True, slots=True)
class TakeTycoon(Interned):
    tycoon: int

    def __str__(self) -> str:
        return f"take {TYCOON_KINDS[self.tycoon]}"


Action = (
    Play
    | PlaceEnd
    | PlaceBeside
    | Join
    | Host
    | Shift
    | SwapWith
    | Move
    | SwapPair
    | Use
    | Pass
    | Walk
    | TakeAirship
    | TakeStation
    | TakeTycoon
)
PASS = Pass.of()
SIDES = (LEFT, RIGHT)


def universe(catalog: Catalog) -> Iterator[Action]:
    """Every action that can ever be legal with this data, in codec order."""
    positions = range(catalog.max_positions)
    reach = range(1, catalog.max_reach + 1)
    for card in catalog.cards:
        if not card.starting and (card.kind != AIRSHIP or card.ability):
            yield Play(card.id)
    yield from (PlaceEnd(side) for side in SIDES)
    yield from (PlaceBeside(p, side) for p in positions for side in SIDES)
    yield from (Join(p) for p in positions)
    yield from (Host(p) for p in positions)
    yield from (Shift(side, d) for side in SIDES for d in reach)
    yield from (SwapWith(p) for p in positions)
    yield from (Move(p, side, d) for p in positions for side in SIDES for d in reach)
    yield from (SwapPair(a, b) for a in positions for b in positions if a < b)
    yield from (Use(kind) for kind in (MERCHANT, EXPLORER))
    yield PASS
    most = max(card.movement for card in catalog.cards) + 2  # the Diplomat adds up to 2
    yield from (Walk(n) for n in range(1, most + 1))
    yield TakeAirship()
    yield TakeStation()
    yield from (TakeTycoon(kind) for kind in range(len(TYCOON_KINDS)))


def make_codec(catalog: Catalog) -> Codec[Action]:
    return Codec(universe(catalog))
