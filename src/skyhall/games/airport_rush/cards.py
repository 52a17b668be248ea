"""Airport Rush's planes, action and event cards, objectives and limits, loaded from ``data/*.toml``.

Every card (plane, action, event) gets one :class:`Card` with a dense integer
``index``; states store indices only. Copies of an action card share a ``kind``
and are interchangeable, so actions name them by kind (``play control``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, partial
from typing import Any

from skyhall.core.data import Entry, Reader, entries, load_toml
from skyhall.core.errors import DataError
from skyhall.games.airport_rush import die
from skyhall.games.airport_rush.plane import COLOUR_SLOTS, reach

PLANE, ACTION, EVENT = 0, 1, 2
GROUPS = ("S", "base", "3", "4")
ACTION_KINDS = (
    "control", "locate", "overload", "adjust", "flip", "reroll",
    "extra-pick", "bag-draw", "swap-planes", "paint", "transfer", "scrap",
)  # fmt: skip
UNTARGETED = {
    "overload": "no waiting plane, or the extra space is already in use",
    "bag-draw": "the bag is empty",
    "locate": "the plane deck is empty",
}
"""The action cards with no target to choose, each with why it may do nothing: whoever plays one then
decides whether to ``use`` it, as any action card may be played without applying it (ARU-CARD-07)."""
EVENT_KINDS = ("storm", "fog", "strike", "tailwind", "inspection", "rush-hour")
DATA_PACKAGE = "skyhall.games.airport_rush"


@dataclass(frozen=True, slots=True)
class Card:
    """One card. Planes use country..value; action and event cards use ``kind`` and ``amount``."""

    index: int
    id: str
    type: int
    title: str = ""
    kind: str = ""
    """Action and event cards: the effect's name (``control``, ``storm``…)."""
    text: str = ""
    amount: int = 0
    """LOCATE: planes looked at; REROLL / BAG DRAW: dice."""
    country: int = -1
    airline: int = -1
    group: str = ""
    slots: tuple[int, ...] = ()
    value: int = 0

    def describe(self) -> str:
        if self.type == PLANE:
            return f"plane {self.id} ({self.value})"
        return self.title


@dataclass(frozen=True, slots=True)
class Objective:
    index: int
    id: str
    countries: tuple[int, ...]
    base: int
    airline: int
    bonus: int


@dataclass(frozen=True, slots=True)
class Limits:
    """The numbers of ``game.toml``."""

    dice: tuple[int, int, int]
    load_spaces: int
    dice_per_space: int
    airport_spaces: int
    departure_spaces: int
    start_departure: int
    start_waiting: int
    hand_planes: int
    hand_actions: int
    hand_size: int
    supply_size: int
    objectives_dealt: int
    objectives_kept: int
    events_in_game: int
    takeoffs_to_end: int
    penalty_plane: int
    penalty_die: int
    max_swaps: int
    decks: dict[int, tuple[str, ...]]


@dataclass(frozen=True, slots=True)
class Catalog:
    cards: tuple[Card, ...]
    by_id: dict[str, int]
    planes: tuple[int, ...]
    actions: tuple[int, ...]
    events: tuple[int, ...]
    objectives: tuple[Objective, ...]
    objective_ids: dict[str, int]
    countries: tuple[str, ...]
    airlines: tuple[str, ...]
    limits: Limits
    reconstructed: bool

    def planes_in(self, *groups: str) -> list[int]:
        return [c for c in self.planes if self.cards[c].group in groups]

    def action_of_kind(self, kind: str) -> list[int]:
        return [c for c in self.actions if self.cards[c].kind == kind]


@cache
def load() -> Catalog:
    """The shipped data, read and validated once per process."""
    return build_catalog(partial(load_toml, DATA_PACKAGE))


def _slot(entry: Entry, text: str) -> int:
    if text in die.COLOURS:
        return die.COLOURS.index(text)
    if text.isdigit() and 1 <= int(text) <= 6:
        return COLOUR_SLOTS + int(text) - 1
    raise entry.fail("slots", f'"yellow", "blue", "red" or "1".."6", found {text!r}')


def build_catalog(read: Reader) -> Catalog:
    """Read and validate every data file through ``read``; :class:`DataError` names what is wrong."""
    cards: list[Card] = []
    by_id: dict[str, int] = {}

    def add(entry: Entry, card_id: str, **fields: Any) -> int:
        if card_id in by_id:
            raise entry.fail("id", f"an id no other card uses, {card_id!r} is taken")
        index = len(cards)
        cards.append(Card(index=index, id=card_id, **fields))
        by_id[card_id] = index
        return index

    file, doc = read("planes.toml")
    countries: list[str] = []
    airlines: list[str] = []
    planes = []
    for entry in entries(file, doc, "plane"):
        country = entry.text("country")
        airline = entry.text("airline")
        if country not in countries:
            countries.append(country)
        if airline not in airlines:
            airlines.append(airline)
        slots = tuple(_slot(entry, s) for s in entry.texts("slots"))
        if not 1 <= len(slots) <= 6:
            raise entry.fail("slots", "1 to 6 slots")
        value = entry.integer("value", 1, 36)
        low, high = reach(slots)
        if not low <= value <= high:
            raise entry.fail("value", f"a total its slots can reach ({low}..{high}), found {value}")
        planes.append(
            add(
                entry,
                entry.text("id"),
                type=PLANE,
                country=countries.index(country),
                airline=airlines.index(airline),
                group=entry.text("group", GROUPS),
                slots=slots,
                value=value,
            )
        )
        entry.done()

    file, doc = read("cards.toml")
    actions = []
    for entry in entries(file, doc, "action"):
        kind = entry.text("id", ACTION_KINDS)
        copies = entry.integer("copies", 1, 20)
        amount = entry.integer("look" if kind == "locate" else "dice", 0, 10, default=0)
        if kind in ("locate", "reroll", "bag-draw") and amount == 0:
            raise entry.fail("look" if kind == "locate" else "dice", "a positive number")
        fields = {"type": ACTION, "kind": kind, "title": entry.text("title"), "text": entry.text("text")}
        for k in range(1, copies + 1):
            actions.append(add(entry, f"{kind}-{k}", amount=amount, **fields))
        entry.done()
    missing = set(ACTION_KINDS) - {cards[c].kind for c in actions}
    if missing:
        raise DataError(file, "[[action]]", "id", f"every action kind, missing {', '.join(sorted(missing))}")
    events = []
    for entry in entries(file, doc, "event"):
        kind = entry.text("id", EVENT_KINDS)
        events.append(
            add(entry, kind, type=EVENT, kind=kind, title=entry.text("title"), text=entry.text("text"))
        )
        entry.done()

    file, doc = read("objectives.toml")
    objectives: list[Objective] = []
    objective_ids: dict[str, int] = {}
    for entry in entries(file, doc, "objective"):
        named = entry.texts("countries", countries)
        if not named or len(set(named)) != len(named):
            raise entry.fail("countries", "at least one country, none twice")
        airline = entry.text("airline", airlines)
        objective = Objective(
            index=len(objectives),
            id=entry.text("id"),
            countries=tuple(countries.index(c) for c in named),
            base=entry.integer("base", 0, 99),
            airline=airlines.index(airline),
            bonus=entry.integer("bonus", 0, 99),
        )
        if objective.id in objective_ids:
            raise entry.fail("id", f"an id no other objective uses, {objective.id!r} is taken")
        objective_ids[objective.id] = objective.index
        objectives.append(objective)
        entry.done()

    file, doc = read("game.toml")
    top = Entry(file, "(top level)", doc)
    dice = top.sub("dice")
    counts = (dice.integer("yellow", 1, 99), dice.integer("blue", 1, 99), dice.integer("red", 1, 99))
    dice.done()
    decks_entry = top.sub("decks")
    decks = {n: tuple(decks_entry.texts(str(n), GROUPS)) for n in (2, 3, 4)}
    decks_entry.done()
    limits = Limits(
        dice=counts,
        load_spaces=top.integer("load_spaces", 1, 12),
        dice_per_space=top.integer("dice_per_space", 1, 6),
        airport_spaces=top.integer("airport_spaces", 0, 12),
        departure_spaces=top.integer("departure_spaces", 1, 6),
        start_departure=top.integer("start_departure", 0, 6),
        start_waiting=top.integer("start_waiting", 0, 6),
        hand_planes=top.integer("hand_planes", 0, 9),
        hand_actions=top.integer("hand_actions", 0, 9),
        hand_size=top.integer("hand_size", 1, 12),
        supply_size=top.integer("supply_size", 0, 9),
        objectives_dealt=top.integer("objectives_dealt", 0, 9),
        objectives_kept=top.integer("objectives_kept", 0, 9),
        events_in_game=top.integer("events_in_game", 0, len(events)),
        takeoffs_to_end=top.integer("takeoffs_to_end", 1, 30),
        penalty_plane=top.integer("penalty_plane", 0, 99),
        penalty_die=top.integer("penalty_die", 0, 99),
        max_swaps=top.integer("max_swaps", 0, 9),
        decks=decks,
    )
    top.flag("reconstructed")
    top.done()
    if limits.start_departure > limits.departure_spaces:
        raise DataError(file, "(top level)", "start_departure", "no more than departure_spaces")
    if limits.hand_size < limits.hand_planes + limits.hand_actions:  # Action 4 would never draw
        raise DataError(file, "(top level)", "hand_size", "at least hand_planes + hand_actions (cards dealt)")
    if limits.objectives_kept > limits.objectives_dealt:
        raise DataError(file, "(top level)", "objectives_kept", "no more than objectives_dealt")
    starting = sum(1 for c in planes if cards[c].group == "S")
    if starting < 4 * (limits.start_departure + limits.start_waiting):
        raise DataError("planes.toml", '[[plane]] group "S"', "group", "enough S planes to deal 4 players")
    if len(objectives) < 4 * limits.objectives_dealt:
        raise DataError("objectives.toml", "[[objective]]", "(array)", "enough objectives to deal 4 players")

    _, planes_doc = read("planes.toml")
    return Catalog(
        cards=tuple(cards),
        by_id=by_id,
        planes=tuple(planes),
        actions=tuple(actions),
        events=tuple(events),
        objectives=tuple(objectives),
        objective_ids=objective_ids,
        countries=tuple(countries),
        airlines=tuple(airlines),
        limits=limits,
        reconstructed=bool(planes_doc.get("reconstructed", False)),
    )
