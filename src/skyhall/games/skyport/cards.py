"""Skyport's cards, board spaces and tokens, loaded from the TOML files in ``data/`` and validated.

Every card of the game (ordinary and starting airships, stations, tycoons) gets
one :class:`Card` with a dense integer ``index``; the engine stores indices,
never objects, so states stay cheap to copy.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, partial

from skyhall.core.data import Entry, Reader, entries, load_toml
from skyhall.core.errors import DataError

COLOURS = ("blue", "purple", "green", "red", "orange", "yellow")
"""The six airship colours, in the order the data's "next colour" arithmetic uses."""
WILD = len(COLOURS)
"""The colour index of a Wild airship before it joins a lane."""
NO_COLOUR = -1

AIRSHIP, STATION, TYCOON = 0, 1, 2
KIND_NAMES = ("airship", "station", "tycoon")
CLOSING = -2
"""The Station Closing card, as it sits in the airship deck: not a catalog index (the card has no data
but its depth, ``Catalog.closing_beneath``), and not ``EMPTY``, which stands for a card hidden from a view."""

TYCOON_KINDS = ("merchant", "explorer", "diplomat", "inventor", "supplier")
MERCHANT, EXPLORER, DIPLOMAT, INVENTOR, SUPPLIER = range(5)

ICONS = ("passenger", "navigation", "cargo", "star")
PASSENGER, NAVIGATION, CARGO, STAR = range(4)

SPACE_KINDS = ("tycoon", "movement", "station", "set")
SET_KINDS = ("colours", "icons")
COLOURS_SET, ICONS_SET = 0, 1

DATA_PACKAGE = "skyhall.games.skyport"


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card. Fields that do not apply to its kind hold neutral values."""

    index: int
    id: str
    kind: int
    movement: int
    icons: tuple[int, int, int, int]
    """Counts of passenger, navigation, cargo and star icons."""
    colour: int = NO_COLOUR
    """Airships: 0..5, or ``WILD``."""
    ability: str = ""
    """Ordinary airships: ``"move"``, ``"swap"`` or ``"wild"``; starting airships: ``""``."""
    reach: tuple[int, int] = (0, 0)
    """``move`` ability (min, max) spaces; tycoons: their lane-move range."""
    swap_colours: tuple[int, ...] = ()
    marks: frozenset[int] = frozenset()
    left: int = NO_COLOUR
    """Stations: ribbon colour on the left side."""
    right: int = NO_COLOUR
    tycoon: int = -1
    """Tycoons: index into ``TYCOON_KINDS``."""
    tycoon_swap: bool = False
    """Explorers: may swap two other lanes instead of moving one."""
    starting: bool = False

    @property
    def is_wild(self) -> bool:
        return self.colour == WILD

    @property
    def is_standard_airship(self) -> bool:
        """A coloured (non-Wild) airship."""
        return self.kind == AIRSHIP and self.colour not in (WILD, NO_COLOUR)

    @property
    def stars(self) -> int:
        return self.icons[STAR]

    def describe(self) -> str:
        """A short plain-words name, e.g. ``Blue airship B3``."""
        if self.kind == AIRSHIP:
            colour = "Wild" if self.is_wild else COLOURS[self.colour].capitalize()
            return f"{colour} airship {self.id}"
        if self.kind == STATION:
            return f"Station {self.id} ({COLOURS[self.left]}/{COLOURS[self.right]})"
        return f"{TYCOON_KINDS[self.tycoon].capitalize()} {self.id}"


@dataclass(frozen=True, slots=True)
class City:
    id: str
    name: str
    row: tuple[int, ...]
    """Starting card indices, left to right."""


@dataclass(frozen=True, slots=True)
class Space:
    """One of the eight board spaces."""

    id: str
    kind: str
    reach: tuple[int, int] = (0, 0)
    deck: int = -1
    set: int = -1


@dataclass(frozen=True, slots=True)
class Catalog:
    """All of Skyport's static data, validated."""

    cards: tuple[Card, ...]
    by_id: dict[str, int]
    airships: tuple[int, ...]
    """Ordinary airships (the deck before filtering by player count)."""
    stations: tuple[int, ...]
    tycoons: tuple[tuple[int, ...], ...]
    """Tycoon indices per kind, in data order."""
    cities: tuple[City, ...]
    spaces: tuple[Space, ...]
    tokens: tuple[tuple[int, ...], tuple[int, ...]]
    """Token values per set kind, top of the stack first."""
    hand_size: int
    closing_beneath: int
    reconstructed: bool

    @property
    def max_positions(self) -> int:
        """Most positions one skyport can have: its starting cards plus every standard airship and station."""
        standard = sum(1 for i in self.airships if self.cards[i].is_standard_airship)
        return max(len(c.row) for c in self.cities) + standard + len(self.stations)

    @property
    def max_reach(self) -> int:
        """The longest lane move any card, tycoon or space allows."""
        reaches = [c.reach[1] for c in self.cards] + [s.reach[1] for s in self.spaces]
        return max(reaches)

    def deck_for(self, players: int) -> list[int]:
        """The ordinary airships used with ``players`` players (those whose marks include it)."""
        return [i for i in self.airships if players in self.cards[i].marks]


def _colour(entry: Entry, field: str, allow_wild: bool = False) -> int:
    names = [*COLOURS, "wild"] if allow_wild else list(COLOURS)
    return names.index(entry.text(field, names))


def _icons(entry: Entry) -> tuple[int, int, int, int]:
    listed = entry.texts("icons", ICONS)
    counts = [listed.count(name) for name in ICONS]
    return counts[0], counts[1], counts[2], counts[3]


class _Builder:
    def __init__(self) -> None:
        self.cards: list[Card] = []
        self.by_id: dict[str, int] = {}

    def add(self, entry: Entry, **fields: object) -> int:
        card_id = entry.text("id")
        if card_id.lower() in {k.lower() for k in self.by_id}:
            raise entry.fail("id", f"an id used by no other card, {card_id!r} is taken")
        index = len(self.cards)
        self.cards.append(Card(index=index, id=card_id, **fields))  # type: ignore[arg-type]
        self.by_id[card_id] = index
        return index


def _airship(build: _Builder, entry: Entry) -> int:
    colour = _colour(entry, "colour", allow_wild=True)
    ability = entry.sub("ability")
    kind = ability.text("kind", ("move", "swap", "wild"))
    if (kind == "wild") != (colour == WILD):
        raise ability.fail("kind", '"wild" exactly when the airship\'s colour is wild')
    reach = (0, 0)
    swaps: tuple[int, ...] = ()
    if kind == "move":
        low = ability.integer("min", 1, 6)
        reach = (low, ability.integer("max", low, 6))
    elif kind == "swap":
        swaps = tuple(COLOURS.index(c) for c in ability.texts("colours", COLOURS))
        if not swaps or colour in swaps:
            raise ability.fail("colours", "at least one colour, other than the card's own")
    ability.done()
    marks = frozenset(entry.integers("marks", 2, 4))
    if not marks:
        raise entry.fail("marks", "at least one player count")
    return build.add(
        entry,
        kind=AIRSHIP,
        colour=colour,
        movement=entry.integer("movement", 1, 9),
        icons=_icons(entry),
        ability=kind,
        reach=reach,
        swap_colours=swaps,
        marks=marks,
    )


def _station(build: _Builder, entry: Entry, starting: bool) -> int:
    left = _colour(entry, "left")
    right = _colour(entry, "right")
    stars = entry.integer("stars", 0, 9)
    return build.add(
        entry,
        kind=STATION,
        movement=entry.integer("movement", 0 if starting else 1, 9),
        icons=(0, 0, 0, stars),
        left=left,
        right=right,
        starting=starting,
    )


@cache
def load() -> Catalog:
    """The shipped data, read and validated once per process."""
    return build_catalog(partial(load_toml, DATA_PACKAGE))


def build_catalog(read: Reader) -> Catalog:
    """Read every data file through ``read`` and validate it; :class:`DataError` names what is wrong."""
    build = _Builder()
    file, doc = read("airships.toml")
    airships_file = file
    reconstructed = bool(doc.get("reconstructed", False))
    airships = []
    for entry in entries(file, doc, "airship"):
        airships.append(_airship(build, entry))
        entry.done()

    file, doc = read("stations.toml")
    stations = []
    for entry in entries(file, doc, "station"):
        stations.append(_station(build, entry, starting=False))
        entry.done()

    file, doc = read("tycoons.toml")
    tycoons: list[list[int]] = [[] for _ in TYCOON_KINDS]
    for entry in entries(file, doc, "tycoon"):
        kind = TYCOON_KINDS.index(entry.text("kind", TYCOON_KINDS))
        fields: dict[str, object] = {
            "kind": TYCOON,
            "tycoon": kind,
            "movement": entry.integer("movement", 1, 9),
            "icons": (0, 0, 0, entry.integer("stars", 0, 9)),
        }
        if kind in (MERCHANT, EXPLORER):
            fields["colour"] = _colour(entry, "colour")
            effect = entry.sub("effect")
            low = effect.integer("min", 1, 6)
            fields["reach"] = (low, effect.integer("max", low, 6))
            fields["tycoon_swap"] = effect.flag("swap")
            effect.done()
        tycoons[kind].append(build.add(entry, **fields))
        entry.done()
    for kind, stack in enumerate(tycoons):
        if not stack:
            raise DataError(file, "[[tycoon]]", "kind", f"at least one {TYCOON_KINDS[kind]}")

    file, doc = read("cities.toml")
    cities = []
    for entry in entries(file, doc, "city"):
        items = entry._get("row", ...)  # validated item by item below
        if not isinstance(items, list) or len(items) < 2:
            raise entry.fail("row", "a list of at least two starting cards")
        row = []
        for n, item in enumerate(items):
            card = Entry(file, f"{entry.name}.row[{n}]", item)
            if card.text("type", ("airship", "station")) == "airship":
                row.append(
                    build.add(
                        card,
                        kind=AIRSHIP,
                        colour=_colour(card, "colour"),
                        movement=card.integer("movement", 0, 9),
                        icons=_icons(card),
                        starting=True,
                    )
                )
            else:
                row.append(_station(build, card, starting=True))
            card.done()
        cities.append(City(entry.text("id"), entry.text("name"), tuple(row)))
        entry.done()
    if len(cities) < 4:
        raise DataError(file, "[[city]]", "(array)", "four cities, one per possible player")

    file, doc = read("board.toml")
    top = Entry(file, "(top level)", doc)
    spaces = []
    for entry in entries(file, doc, "space"):
        space_kind = entry.text("kind", SPACE_KINDS)
        space = Space(entry.text("id"), space_kind)
        if space_kind == "movement":
            low = entry.integer("min", 1, 6)
            space = Space(space.id, space_kind, reach=(low, entry.integer("max", low, 6)))
        elif space_kind == "station":
            space = Space(space.id, space_kind, deck=entry.integer("deck", 0, 1))
        elif space_kind == "set":
            space = Space(space.id, space_kind, set=SET_KINDS.index(entry.text("set", SET_KINDS)))
        spaces.append(space)
        entry.done()
    tokens_entry = top.sub("tokens")
    tokens = (tuple(tokens_entry.integers("colours", 0, 99)), tuple(tokens_entry.integers("icons", 0, 99)))
    tokens_entry.done()
    hand_size = top.integer("hand_size", 1, 9)
    closing_beneath = top.integer("closing_beneath", 0, 60)
    top._get("reconstructed", False)
    top._get("space", None)
    top.done()
    for deck in (0, 1):
        if not any(s.kind == "station" and s.deck == deck for s in spaces):
            raise DataError(file, "[[space]]", "deck", f"a station space for station deck {deck}")

    catalog = Catalog(
        cards=tuple(build.cards),
        by_id=build.by_id,
        airships=tuple(airships),
        stations=tuple(stations),
        tycoons=tuple(tuple(s) for s in tycoons),
        cities=tuple(cities),
        spaces=tuple(spaces),
        tokens=tokens,
        hand_size=hand_size,
        closing_beneath=closing_beneath,
        reconstructed=reconstructed,
    )
    for players in (2, 3, 4):
        need = closing_beneath + len(spaces) + players * hand_size + 1
        if len(catalog.deck_for(players)) < need:
            raise DataError(
                airships_file,
                "[[airship]]",
                "marks",
                f"at least {need} airships marked for {players} players",
            )
    return catalog
