"""Card anatomy (ARU-CMP) and Airport Rush's data files.

Slot rules are checked through play: a die is taken from a load space and the
legal placements must be exactly the slots it meets (plus the Airport). The
reconstructed ([R]) plane and objective data are checked against the loaded
catalog, so a replacement file that breaks a clause fails here. Corrupt files are
fed through :func:`build_catalog` with a reader that returns the shipped document
with one thing broken, under a made-up path, so the error must name the file it
was given, the entry and the field.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Callable
from itertools import product
from typing import Any

import pytest

from skyhall.core.data import data_stems, load_toml
from skyhall.core.errors import DataError
from skyhall.core.rng import Rng
from skyhall.games import airport_rush
from skyhall.games.airport_rush.cards import (
    ACTION_KINDS,
    DATA_PACKAGE,
    PLANE,
    Card,
    build_catalog,
    load,
)
from skyhall.games.airport_rush.plane import COLOUR_SLOTS
from skyhall.games.airport_rush.scoring import sheet
from skyhall.games.airport_rush.state import State
from skyhall.games.airport_rush.steps import DRAW, TAKE_OFF
from tests.games.airport_rush.position import CAT, DepartureSpec, dice, idx, legal, play, position

Document = dict[str, Any]

# -- placing dice through play --------------------------------------------------------


def placements(row: list[DepartureSpec], taken: str) -> list[str]:
    """Seat 0 (Departure ``row``, empty Airport) takes the dice ``taken`` from load space 1: where may
    each go? ``taken`` must hold at least two faces, so the choice is never forced away."""
    s = position(departure={0: row}, load={0: taken})
    play(s, f"take 1 {taken}")
    return sorted(legal(s))


def puts(where: dict[str, list[str]]) -> list[str]:
    """The legal set ``{"b5": ["plane 1", "airport"]}`` stands for."""
    return sorted(f"put {face} {place}" for face, places in where.items() for place in places)


@pytest.mark.rule("ARU-CMP-04")
def test_a_value_slot_takes_that_value_in_any_colour() -> None:
    # BR1: slots "5" and blue; its blue slot is filled, so only the "5" slot is free.
    row: list[DepartureSpec] = [("BR1", "b2"), None, None]
    assert placements(row, "y5 b5 r5") == puts(
        {"y5": ["plane 1", "airport"], "b5": ["plane 1", "airport"], "r5": ["plane 1", "airport"]}
    )
    assert placements(row, "y4 b6 r1") == puts({"y4": ["airport"], "b6": ["airport"], "r1": ["airport"]})


@pytest.mark.rule("ARU-CMP-05")
def test_a_colour_slot_takes_that_colour_at_any_value() -> None:
    # BR1 with a yellow 5 in its "5" slot: only the blue slot is free.
    row: list[DepartureSpec] = [("BR1", "y5"), None, None]
    assert placements(row, "b1 b6") == puts({"b1": ["plane 1", "airport"], "b6": ["plane 1", "airport"]})
    assert placements(row, "b3 b4") == puts({"b3": ["plane 1", "airport"], "b4": ["plane 1", "airport"]})
    assert placements(row, "y1 r6") == puts({"y1": ["airport"], "r6": ["airport"]})


@pytest.mark.rule("ARU-CMP-06")
def test_one_die_suits_either_slot_it_meets() -> None:
    """IT3 has slots "3" and red: a red 3 goes in the red slot next to a blue 3, or in the "3" slot
    next to a red 5; a blue 3 already there leaves only the red slot."""
    assert placements([("IT3", "b3"), None, None], "y5 r3") == puts(
        {"r3": ["plane 1", "airport"], "y5": ["airport"]}
    )
    assert placements([("IT3", "r5"), None, None], "y5 r3") == puts(
        {"r3": ["plane 1", "airport"], "y5": ["airport"]}
    )
    # The same red 3 on an empty IT3 leaves either slot for the next die: a blue 3 or a red 6.
    assert placements([("IT3", "r3"), None, None], "y6 b3 r6") == puts(
        {"b3": ["plane 1", "airport"], "y6": ["airport"], "r6": ["plane 1", "airport"]}
    )


@pytest.mark.rule("ARU-CMP-07")
def test_a_full_plane_takes_no_more_dice() -> None:
    # BR1 holds a blue 5 and a blue 2: both slots are taken, even a die meeting either waits at the Airport.
    assert placements([("BR1", "b2 b5"), None, None], "b5 r5") == puts({"b5": ["airport"], "r5": ["airport"]})


@pytest.mark.rule("ARU-CMP-07")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_plane_ever_carries_more_dice_than_slots(players: int) -> None:
    s = airport_rush.new_game(players, players)
    rng = Rng(players)
    while not s.is_over:
        actions = s.legal_actions()
        play(s, str(actions[rng.below(len(actions))]))
        for row in s.departure:
            for docked in row:
                if docked is not None:
                    assert len(docked.dice) <= len(CAT.cards[docked.card].slots)


def ready_after(second: str) -> State:
    """Seat 0's IT3 ("3" and red, target 8) holds a red 3; it takes ``second`` onto the plane."""
    s = position(departure={0: [("IT3", "r3"), None, None]}, load={0: second}, hands={0: ["FR3"]})
    play(s, f"take 1 {second}", f"put {second} plane 1")
    assert s.departure[0][0] is not None and s.departure[0][0].dice == dice(f"r3 {second}")
    return s


@pytest.mark.rule("ARU-CMP-01")
@pytest.mark.parametrize(("second", "ready"), [("r4", False), ("r5", True), ("r6", False)])
def test_a_plane_needs_its_exact_total(second: str, ready: bool) -> None:
    """Red 3 + red 5 is 8, IT3's number; one more or one less is not enough."""
    s = ready_after(second)
    if ready:
        assert s.step == TAKE_OFF
        assert legal(s) == ["takeoff 1", "pass"]
    else:  # nothing to decide at Action 3: it is skipped
        assert s.step == DRAW
        assert s.taken[0] == ()


@pytest.mark.rule("ARU-CMP-02")
def test_a_plane_taken_off_scores_its_number() -> None:
    s = ready_after("r5")
    play(s, "takeoff 1")
    assert s.taken[0] == (idx("IT3"),)
    planes = [(line.label, line.points) for line in sheet(s, 0) if line.category == "planes"]
    assert planes == [("Plane IT3 (Italy, yellow airline)", CAT.cards[idx("IT3")].value)]
    assert CAT.cards[idx("IT3")].value == 8


@pytest.mark.rule("ARU-CMP-02", "ARU-CMP-03")
def test_every_plane_scores_its_number_and_names_country_and_airline() -> None:
    for start in range(0, len(CAT.planes), 10):
        ten = [CAT.cards[c] for c in CAT.planes[start : start + 10]]
        s = position(taken={0: [card.id for card in ten]})
        planes = [(line.label, line.points) for line in sheet(s, 0) if line.category == "planes"]
        assert planes == [
            (f"Plane {c.id} ({CAT.countries[c.country]}, {CAT.airlines[c.airline]} airline)", c.value)
            for c in ten
        ]


# -- reconstructed data ---------------------------------------------------------------

GROUP_SHAPE = {
    "S": (20, 2, 3, 6, 12),
    "base": (34, 2, 4, 8, 20),
    "3": (10, 3, 4, 10, 22),
    "4": (6, 4, 5, 14, 24),
}
"""Group: count, fewest and most slots, lowest and highest target (gaps-and-reconstructions.md 3d)."""


def reachable_totals(card: Card) -> set[int]:
    """Every total some dice meeting the plane's slots can show (brute force over each slot's values)."""
    choices = [range(1, 7) if slot < COLOUR_SLOTS else (slot - COLOUR_SLOTS + 1,) for slot in card.slots]
    return {sum(values) for values in product(*choices)}


@pytest.mark.rule("ARU-CMP-03", "ARU-CMP-08")
def test_reconstructed_countries_and_airlines() -> None:
    planes = [CAT.cards[c] for c in CAT.planes]
    assert len(planes) == 70
    assert all(card.type == PLANE for card in planes)
    assert len(CAT.countries) == 10
    assert len(CAT.airlines) == 5
    assert Counter(card.country for card in planes) == dict.fromkeys(range(10), 7)
    assert Counter(card.airline for card in planes) == dict.fromkeys(range(5), 14)
    # Ids are the country's code and 1..7.
    for country in range(10):
        ids = sorted(card.id for card in planes if card.country == country)
        code = ids[0][:2]
        assert ids == [f"{code}{k}" for k in range(1, 8)]


@pytest.mark.rule("ARU-CMP-08")
@pytest.mark.parametrize("group", list(GROUP_SHAPE))
def test_reconstructed_groups_slots_and_targets(group: str) -> None:
    count, fewest, most, lowest, highest = GROUP_SHAPE[group]
    planes = [CAT.cards[c] for c in CAT.planes_in(group)]
    assert len(planes) == count
    for card in planes:
        assert fewest <= len(card.slots) <= most, card.id
        assert lowest <= card.value <= highest, card.id
        assert card.value in reachable_totals(card), card.id
    if group == "S":  # two starting planes per country
        assert Counter(card.country for card in planes) == dict.fromkeys(range(10), 2)


@pytest.mark.rule("ARU-CMP-08", "ARU-CMP-11")
def test_the_reconstructed_files_say_so() -> None:
    assert CAT.reconstructed is True
    for name in ("planes.toml", "cards.toml", "objectives.toml"):
        assert load_toml(DATA_PACKAGE, name)[1]["reconstructed"] is True, name
    assert load_toml(DATA_PACKAGE, "game.toml")[1]["reconstructed"] is False  # the rulebook's own numbers


@pytest.mark.rule("ARU-CMP-11")
def test_reconstructed_objectives() -> None:
    objectives = CAT.objectives
    assert len(objectives) == 20
    assert [o.id for o in objectives] == [f"O{k:02}" for k in range(1, 21)]
    shapes = Counter((len(o.countries), o.base) for o in objectives)
    assert shapes == {(2, 5): 8, (3, 7): 8, (4, 9): 4}
    for o in objectives:
        assert o.bonus == 2, o.id
        assert len(set(o.countries)) == len(o.countries), o.id
        assert 0 <= o.airline < len(CAT.airlines)
    # The rulebook's example is one of them: United States, France, United Kingdom; +2 per blue plane.
    example = objectives[CAT.objective_ids["O01"]]
    assert [CAT.countries[k] for k in example.countries] == ["United States", "France", "United Kingdom"]
    assert CAT.airlines[example.airline] == "blue"
    assert example.base == 7


# -- objectives on the score sheet ----------------------------------------------------


def objective_lines(taken: list[str], objective: str) -> list[tuple[str, int]]:
    s = position(taken={0: taken}, objectives={0: [objective]})
    return [(line.label, line.points) for line in sheet(s, 0) if line.category == "objectives"]


@pytest.mark.rule("ARU-CMP-09")
def test_an_objective_base_needs_a_plane_per_listed_country() -> None:
    # O02: Canada + Argentina, base 5, +2 per blue plane. CA1 is red, AR1 green.
    assert objective_lines(["CA1", "AR1"], "O02") == [
        ("Objective O02 (Canada + Argentina) with CA1, AR1: 5 + 0 × 2 (blue airline)", 5)
    ]
    assert objective_lines(["CA1", "CA2", "BR1"], "O02") == [
        ("Objective O02 (Canada + Argentina): not met (missing Argentina)", 0)
    ]


@pytest.mark.rule("ARU-CMP-10")
def test_an_objective_bonus_pays_per_plane_of_its_airline() -> None:
    # CA5 and AR3 are blue, AR1 green.
    assert objective_lines(["CA5", "AR1"], "O02") == [
        ("Objective O02 (Canada + Argentina) with CA5, AR1: 5 + 1 × 2 (blue airline)", 7)
    ]
    assert objective_lines(["CA5", "AR3"], "O02") == [
        ("Objective O02 (Canada + Argentina) with CA5, AR3: 5 + 2 × 2 (blue airline)", 9)
    ]


# -- corrupt data ---------------------------------------------------------------------


def reader(name: str, breaks: Callable[[Document], object]) -> Callable[[str], tuple[str, Document]]:
    """Reads the shipped files from ``corrupt/``, with ``breaks`` applied to a copy of ``name``."""

    def read(file: str) -> tuple[str, Document]:
        document = copy.deepcopy(load_toml(DATA_PACKAGE, file)[1])
        if file == name:
            breaks(document)
        return f"corrupt/{file}", document

    return read


def table(document: Document, array: str, entry_id: str) -> Document:
    found: Document = next(t for t in document[array] if t.get("id") == entry_id)
    return found


def set_field(array: str, entry_id: str, field: str, value: object) -> Callable[[Document], object]:
    return lambda document: table(document, array, entry_id).__setitem__(field, value)


def drop_field(array: str, entry_id: str, field: str) -> Callable[[Document], object]:
    return lambda document: table(document, array, entry_id).pop(field)


def drop_action(kind: str) -> Callable[[Document], object]:
    return lambda document: document.__setitem__("action", [t for t in document["action"] if t["id"] != kind])


def test_shipped_data_loads() -> None:
    cat = load()
    assert data_stems(DATA_PACKAGE) == ["cards", "game", "objectives", "planes"]
    assert len(cat.actions) == 48
    assert Counter(cat.cards[c].kind for c in cat.actions) == dict.fromkeys(ACTION_KINDS, 4)
    assert len(cat.events) == 6


def test_a_clean_reader_gives_the_same_catalog() -> None:
    assert build_catalog(reader("planes.toml", lambda document: None)) == load()


@pytest.mark.parametrize(
    ("name", "breaks", "entry", "field", "expected"),
    [
        (
            "planes.toml",
            set_field("plane", "BR1", "slots", ["5", "green"]),
            "BR1",
            "slots",
            '"yellow", "blue", "red" or "1".."6", found \'green\'',
        ),
        ("planes.toml", set_field("plane", "BR1", "slots", ["7", "blue"]), "BR1", "slots", "found '7'"),
        (
            "planes.toml",
            set_field("plane", "BR1", "value", 12),
            "BR1",
            "value",
            "a total its slots can reach (6..11), found 12",
        ),
        (
            "planes.toml",
            set_field("plane", "US2", "value", 4),
            "US2",
            "value",
            "a total its slots can reach (5..10), found 4",
        ),
        ("planes.toml", drop_field("plane", "FR3", "airline"), "FR3", "airline", "the field is missing"),
        ("planes.toml", drop_field("plane", "JP2", "slots"), "JP2", "slots", "the field is missing"),
        ("planes.toml", set_field("plane", "DE4", "speed", 3), "DE4", "speed", "no such field"),
        ("planes.toml", set_field("plane", "US1", "id", "BR1"), "BR1", "id", "'BR1' is taken"),
        ("planes.toml", set_field("plane", "IT1", "group", "5"), "IT1", "group", "found '5'"),
        ("planes.toml", set_field("plane", "IT1", "value", "9"), "IT1", "value", "an integer"),
        ("cards.toml", drop_field("action", "reroll", "dice"), "reroll", "dice", "a positive number"),
        ("cards.toml", drop_field("action", "bag-draw", "dice"), "bag-draw", "dice", "a positive number"),
        ("cards.toml", set_field("action", "paint", "colour", "red"), "paint", "colour", "no such field"),
        ("cards.toml", drop_field("event", "fog", "text"), "fog", "text", "the field is missing"),
        ("cards.toml", drop_action("scrap"), "[[action]]", "id", "every action kind, missing scrap"),
        (
            "cards.toml",
            set_field("action", "paint", "id", "flip"),
            "flip",
            "id",
            "'flip-1' is taken",
        ),
        (
            "objectives.toml",
            set_field("objective", "O02", "countries", ["Canada", "Atlantis"]),
            "O02",
            "countries",
            "found 'Atlantis'",
        ),
        ("objectives.toml", set_field("objective", "O05", "id", "O04"), "O04", "id", "'O04' is taken"),
        (
            "objectives.toml",
            set_field("objective", "O02", "countries", ["Canada", "Canada"]),
            "O02",
            "countries",
            "none twice",
        ),
    ],
    ids=[
        "wrong-slot-colour",
        "wrong-slot-value",
        "value-above-reach",
        "value-below-reach",
        "missing-airline",
        "missing-slots",
        "unknown-field",
        "duplicate-plane-id",
        "unknown-group",
        "value-not-integer",
        "reroll-without-dice",
        "bag-draw-without-dice",
        "unknown-action-field",
        "event-missing-text",
        "missing-action-kind",
        "duplicate-action-kind",
        "unknown-country",
        "duplicate-objective-id",
        "a-country-twice",
    ],
)
def test_corrupt_data_is_named(
    name: str, breaks: Callable[[Document], object], entry: str, field: str, expected: str
) -> None:
    with pytest.raises(DataError) as raised:
        build_catalog(reader(name, breaks))
    error = raised.value
    assert (error.file, error.entry, error.field) == (f"corrupt/{name}", entry, field)
    assert expected in error.expected
    assert f"corrupt/{name}: entry {entry!r}, field {field!r}: expected" in str(error)


@pytest.mark.rule("ARU-CMP-04", "ARU-SET-16")
@pytest.mark.parametrize("value", ["0", "7"])
def test_a_value_slot_must_ask_for_a_die_face(value: str) -> None:
    """A value slot asks for a face a die shows, 1 to 6: "0" is no face (it must not be read as some
    other slot), nor is "7"."""
    with pytest.raises(DataError) as raised:
        build_catalog(reader("planes.toml", set_field("plane", "BR1", "slots", [value, "blue"])))
    assert (raised.value.entry, raised.value.field) == ("BR1", "slots")
    assert f"found {value!r}" in raised.value.expected


def test_a_hand_limit_below_the_cards_dealt_is_refused() -> None:
    """Action 4 refills the hand to ``hand_size``: below the 4 cards dealt, nobody would ever draw."""

    def small(document: Document) -> None:
        document["hand_size"] = 3

    with pytest.raises(DataError) as raised:
        build_catalog(reader("game.toml", small))
    assert (raised.value.entry, raised.value.field) == ("(top level)", "hand_size")
    assert "hand_planes + hand_actions" in raised.value.expected
    assert load().limits.hand_size == 4
