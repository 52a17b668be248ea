"""Airport Rush's actions: one small frozen value per decision, with notation and codec.

Dice are named by face (``r5``: shown colour letter and value); a die's place is
``airport`` or ``plane N`` (Departure space N, 1-based). Waiting planes are
numbered from the front, 1-based.

Legal sets are built with ``Cls.of(...)`` (:class:`~skyhall.core.actions.Interned`), so they
hold the codec's own objects; a plain ``Cls(...)`` is an equal value.

=============================  ================================================
notation                       decision
=============================  ================================================
``keep O03 O11``               setup: the two objectives kept
``take 3 b2 r5``               Action 1: these dice from load space 3
``put r5 plane 2``             place a taken die (or ``put r5 airport``)
``discard r5`` / ``swap r5 b3``  a die that fits nowhere: discard it, or swap it for an Airport die
``load b3 plane 2``            move an Airport die onto a Departure plane
``play BR3`` / ``play control``  Action 2: a plane by id, an action card by kind
``adjust airport r5 up``       ADJUST (``down``); ``flip``, ``reroll``, ``paint ... blue`` alike
``pick 3 r5``                  EXTRA PICK: one die from load space 3
``transfer plane 1 r5 airport``  TRANSFER (or ``... plane 2``)
``exchange plane 2 waiting 3``   SWAP PLANES
``scrap plane 2``              SCRAP (or ``scrap waiting 3``)
``choose BR3``                 LOCATE: the plane kept
``use``                        OVERLOAD, BAG DRAW, LOCATE: apply the card (``pass``: discard it unused)
``takeoff 2``                  Action 3 (and RUSH HOUR): the plane on Departure space 2
``drop r5``                    FOG: the Airport die discarded
``draw plane 2``               Action 4: plane Supply card 2 (``draw action deck``: blind)
``pass``                       decline an optional step, or end Action 3
=============================  ================================================
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement, product

from skyhall.core.actions import Codec, Interned
from skyhall.games.airport_rush import die
from skyhall.games.airport_rush.cards import ACTION_KINDS, Catalog

AIRPORT = -1
"""A die's place: the Airport's free spaces (else a Departure position ``0..3``)."""
DECK = -1
"""A draw from the top of a deck (else a Supply place ``0..2``)."""
DECK_NAMES = ("plane", "action")


def place_name(where: int) -> str:
    return "airport" if where == AIRPORT else f"plane {where + 1}"


@dataclass(frozen=True, slots=True)
class Keep(Interned):
    first: str
    second: str

    def __str__(self) -> str:
        return f"keep {self.first} {self.second}"


@dataclass(frozen=True, slots=True)
class TakeDice(Interned):
    space: int
    faces: tuple[int, ...]

    def __str__(self) -> str:
        return f"take {self.space + 1} " + " ".join(die.face_name(f) for f in self.faces)


@dataclass(frozen=True, slots=True)
class Put(Interned):
    face: int
    where: int

    def __str__(self) -> str:
        return f"put {die.face_name(self.face)} {place_name(self.where)}"


@dataclass(frozen=True, slots=True)
class Discard(Interned):
    face: int

    def __str__(self) -> str:
        return f"discard {die.face_name(self.face)}"


@dataclass(frozen=True, slots=True)
class SwapIn(Interned):
    face: int
    out: int

    def __str__(self) -> str:
        return f"swap {die.face_name(self.face)} {die.face_name(self.out)}"


@dataclass(frozen=True, slots=True)
class Load(Interned):
    face: int
    plane: int

    def __str__(self) -> str:
        return f"load {die.face_name(self.face)} plane {self.plane + 1}"


@dataclass(frozen=True, slots=True)
class Play(Interned):
    card: str
    """A plane's id, or an action card's kind."""

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Adjust(Interned):
    where: int
    face: int
    delta: int

    def __str__(self) -> str:
        return (
            f"adjust {place_name(self.where)} {die.face_name(self.face)} {'up' if self.delta > 0 else 'down'}"
        )


@dataclass(frozen=True, slots=True)
class Flip(Interned):
    where: int
    face: int

    def __str__(self) -> str:
        return f"flip {place_name(self.where)} {die.face_name(self.face)}"


@dataclass(frozen=True, slots=True)
class Reroll(Interned):
    where: int
    face: int

    def __str__(self) -> str:
        return f"reroll {place_name(self.where)} {die.face_name(self.face)}"


@dataclass(frozen=True, slots=True)
class Paint(Interned):
    where: int
    face: int
    colour: int

    def __str__(self) -> str:
        return f"paint {place_name(self.where)} {die.face_name(self.face)} {die.COLOURS[self.colour]}"


@dataclass(frozen=True, slots=True)
class Pick(Interned):
    space: int
    face: int

    def __str__(self) -> str:
        return f"pick {self.space + 1} {die.face_name(self.face)}"


@dataclass(frozen=True, slots=True)
class Transfer(Interned):
    plane: int
    face: int
    where: int

    def __str__(self) -> str:
        return f"transfer plane {self.plane + 1} {die.face_name(self.face)} {place_name(self.where)}"


@dataclass(frozen=True, slots=True)
class Exchange(Interned):
    plane: int
    waiting: int

    def __str__(self) -> str:
        return f"exchange plane {self.plane + 1} waiting {self.waiting + 1}"


@dataclass(frozen=True, slots=True)
class Scrap(Interned):
    waiting: bool
    index: int

    def __str__(self) -> str:
        return f"scrap {'waiting' if self.waiting else 'plane'} {self.index + 1}"


@dataclass(frozen=True, slots=True)
class Choose(Interned):
    card: str

    def __str__(self) -> str:
        return f"choose {self.card}"


@dataclass(frozen=True, slots=True)
class TakeOff(Interned):
    plane: int

    def __str__(self) -> str:
        return f"takeoff {self.plane + 1}"


@dataclass(frozen=True, slots=True)
class Drop(Interned):
    face: int

    def __str__(self) -> str:
        return f"drop {die.face_name(self.face)}"


@dataclass(frozen=True, slots=True)
class Draw(Interned):
    deck: int
    slot: int

    def __str__(self) -> str:
        return f"draw {DECK_NAMES[self.deck]} {'deck' if self.slot == DECK else self.slot + 1}"


@dataclass(frozen=True, slots=True)
class Use(Interned):
    """Apply the action card just played that has no target to choose (OVERLOAD, BAG DRAW, LOCATE)."""

    def __str__(self) -> str:
        return "use"


@dataclass(frozen=True, slots=True)
class Pass(Interned):
    def __str__(self) -> str:
        return "pass"


Action = (
    Keep | TakeDice | Put | Discard | SwapIn | Load | Play | Adjust | Flip | Reroll | Paint | Pick
    | Transfer | Exchange | Scrap | Choose | TakeOff | Drop | Draw | Use | Pass
)  # fmt: skip
USE = Use.of()
PASS = Pass.of()


def selections() -> Iterator[tuple[int, ...]]:
    """Every legal choice of 1-3 dice faces from one load space: one colour, or all colours different."""
    seen: set[tuple[int, ...]] = set()
    for colour in range(3):
        for size in (1, 2, 3):
            for values in combinations_with_replacement(range(6), size):
                faces = tuple(colour * 6 + v for v in values)
                seen.add(faces)
                yield faces
    for size in (2, 3):
        for colours in combinations(range(3), size):
            for values in product(range(6), repeat=size):
                faces = tuple(sorted(c * 6 + v for c, v in zip(colours, values, strict=True)))
                if faces not in seen:
                    seen.add(faces)
                    yield faces


def universe(cat: Catalog) -> Iterator[Action]:
    """Every action that can ever be legal with this data, in codec order."""
    lim = cat.limits
    planes = range(lim.departure_spaces + 1)  # OVERLOAD's extra space included
    places = (AIRPORT, *planes)
    faces = range(die.FACES)
    ids = [o.id for o in cat.objectives]
    yield from (Keep(a, b) for a, b in combinations(ids, 2))
    choices = list(selections())
    yield from (TakeDice(space, sel) for space in range(lim.load_spaces) for sel in choices)
    yield from (Put(f, w) for f in faces for w in places)
    yield from (Discard(f) for f in faces)
    yield from (SwapIn(f, g) for f in faces for g in faces)
    yield from (Load(f, p) for f in faces for p in planes)
    yield from (Play(cat.cards[c].id) for c in cat.planes)
    yield from (Play(kind) for kind in ACTION_KINDS)
    yield from (Adjust(w, f, d) for w in places for f in faces for d in (1, -1))
    yield from (Flip(w, f) for w in places for f in faces)
    yield from (Reroll(w, f) for w in places for f in faces)
    yield from (Paint(w, f, c) for w in places for f in faces for c in range(3))
    yield from (Pick(space, f) for space in range(lim.load_spaces) for f in faces)
    yield from (Transfer(p, f, w) for p in planes for f in faces for w in places if w != p)
    queue = range(len(cat.planes))
    yield from (Exchange(p, w) for p in planes for w in queue)
    yield from (Scrap(False, p) for p in planes)
    yield from (Scrap(True, w) for w in queue)
    yield from (Choose(cat.cards[c].id) for c in cat.planes)
    yield from (TakeOff(p) for p in planes)
    yield from (Drop(f) for f in faces)
    yield from (Draw(d, slot) for d in (0, 1) for slot in (DECK, *range(lim.supply_size)))
    yield USE
    yield PASS


def make_codec(cat: Catalog) -> Codec[Action]:
    return Codec(universe(cat))
