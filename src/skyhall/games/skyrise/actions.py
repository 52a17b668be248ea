"""Skyrise's actions: one small frozen value per atomic decision, with notation and codec.

A bid names the Building by its bid value (no two Buildings share one) and the
district by its board name: ``C1``..``C4`` on the Central Island, the slot and
template letter on an Outer Island (``Ng``, ``Wa``).

=======================  ======================================================
notation                 decision
=======================  ======================================================
``bid 54 C3``            open or outbid with Building 54 on district C3
``wonder 7 Ng``          place the Wonder carrying Wonder card 7 on Ng (Era 2)
``pass``                 leave the auction; or decline an optional Wonder effect
``keep 7``               start of Era 2: keep Wonder card 7
``assign green``         put a collected Wild disc in the green row
``take Ea``              Wonder effect: take the disc on Ea
``panorama avenue``      Wonder effect: score the Avenue Panorama alone
``move yellow green``    Wonder effect: move a disc from the yellow row to the green row
=======================  ======================================================

Bids are single decisions (Building and district together): the universe stays a
few thousand actions, and every legal action is one the player can see on the board.

Legal sets are built with ``Cls.of(...)`` (:class:`~skyhall.core.actions.Interned`), so they
hold the codec's own objects; a plain ``Cls(...)`` is an equal value.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from skyhall.core.actions import Codec, Interned
from skyhall.games.skyrise.cards import COLOURS, Catalog


@dataclass(frozen=True, slots=True)
class Bid(Interned):
    value: int
    district: str

    def __str__(self) -> str:
        return f"bid {self.value} {self.district}"


@dataclass(frozen=True, slots=True)
class PlaceWonder(Interned):
    card: int
    """The Wonder card's number."""
    district: str

    def __str__(self) -> str:
        return f"wonder {self.card} {self.district}"


@dataclass(frozen=True, slots=True)
class Pass(Interned):
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Keep(Interned):
    card: int

    def __str__(self) -> str:
        return f"keep {self.card}"


@dataclass(frozen=True, slots=True)
class Assign(Interned):
    colour: int

    def __str__(self) -> str:
        return f"assign {COLOURS[self.colour]}"


@dataclass(frozen=True, slots=True)
class TakeDisc(Interned):
    district: str

    def __str__(self) -> str:
        return f"take {self.district}"


@dataclass(frozen=True, slots=True)
class ScorePanorama(Interned):
    panorama: str

    def __str__(self) -> str:
        return f"panorama {self.panorama}"


@dataclass(frozen=True, slots=True)
class MoveDisc(Interned):
    source: int
    target: int

    def __str__(self) -> str:
        return f"move {COLOURS[self.source]} {COLOURS[self.target]}"


Action = Bid | PlaceWonder | Pass | Keep | Assign | TakeDisc | ScorePanorama | MoveDisc
PASS = Pass.of()


@dataclass(frozen=True, slots=True)
class Tables:
    """The universe's bids and Wonder placements, indexed for fast legal-move generation."""

    bids: tuple[tuple[Bid, ...], ...]
    """``bids[building][district]``."""
    wonders: tuple[tuple[PlaceWonder, ...], ...]
    """``wonders[card][district]``."""
    keep: tuple[Keep, ...]
    assign: tuple[Assign, ...]
    take: tuple[TakeDisc, ...]
    panorama: tuple[ScorePanorama, ...]
    move: tuple[tuple[MoveDisc, ...], ...]


_TABLES: dict[int, Tables] = {}


def tables(cat: Catalog) -> Tables:
    """The action objects of ``cat``'s universe, indexed once per catalog (shared instances: the codec
    numbers these very objects, whichever data variant ``cat`` comes from)."""
    found = _TABLES.get(id(cat))
    if found is None:
        names = [site.id for site in cat.sites]
        colours = range(len(COLOURS))
        found = _TABLES[id(cat)] = Tables(
            bids=tuple(tuple(Bid.of(b.value, name) for name in names) for b in cat.buildings),
            wonders=tuple(tuple(PlaceWonder.of(w.number, name) for name in names) for w in cat.wonders),
            keep=tuple(Keep.of(w.number) for w in cat.wonders),
            assign=tuple(Assign.of(c) for c in colours),
            take=tuple(TakeDisc.of(name) for name in names),
            panorama=tuple(ScorePanorama.of(p.id) for p in cat.panoramas),
            move=tuple(tuple(MoveDisc.of(a, b) for b in colours) for a in colours),
        )
    return found


def universe(catalog: Catalog) -> Iterator[Action]:
    """Every action that can ever be legal with this data, in codec order."""
    t = tables(catalog)
    for bids in t.bids:
        yield from bids
    for wonders in t.wonders:
        yield from wonders
    yield PASS
    yield from t.keep
    yield from t.assign
    yield from t.take
    yield from t.panorama
    for a, moves in enumerate(t.move):
        yield from (m for b, m in enumerate(moves) if a != b)


def make_codec(catalog: Catalog) -> Codec[Action]:
    return Codec(universe(catalog))
