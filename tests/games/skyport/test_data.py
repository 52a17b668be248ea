"""Skyport's card files: the shipped data loads, and each kind of corruption is named precisely.

Corrupt files are fed through :func:`build_catalog` with a reader that returns the
shipped document with one thing broken, under a made-up path, so the error must
name the file it was given, the entry and the field.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from skyhall.core.data import data_stems, load_toml
from skyhall.core.errors import DataError
from skyhall.games.skyport.cards import DATA_PACKAGE, build_catalog, load

Document = dict[str, Any]


def reader(name: str, breaks: Callable[[Document], object]) -> Callable[[str], tuple[str, Document]]:
    """Reads the shipped files from ``corrupt/``, with ``breaks`` applied to a copy of ``name``."""

    def read(file: str) -> tuple[str, Document]:
        _, document = load_toml(DATA_PACKAGE, file)
        document = copy.deepcopy(document)
        if file == name:
            breaks(document)
        return f"corrupt/{file}", document

    return read


def card(document: Document, array: str, card_id: str) -> Document:
    found: Document = next(t for t in document[array] if t.get("id") == card_id)
    return found


def refused(name: str, breaks: Callable[[Document], object]) -> DataError:
    with pytest.raises(DataError) as raised:
        build_catalog(reader(name, breaks))
    assert raised.value.file == f"corrupt/{name}"
    return raised.value


def test_shipped_data_loads_and_is_flagged_reconstructed() -> None:
    cat = load()
    assert cat.reconstructed is True
    assert len(cat.airships) == 60
    assert len(cat.stations) == 12
    assert [len(stack) for stack in cat.tycoons] == [3, 3, 3, 3, 3]
    assert [c.id for c in cat.cities] == ["A", "B", "C", "D"]
    assert len(cat.spaces) == 8
    for stem in data_stems(DATA_PACKAGE):
        assert load_toml(DATA_PACKAGE, f"{stem}.toml")[1].get("reconstructed") is True, stem


def test_a_clean_reader_gives_the_same_catalog() -> None:
    assert build_catalog(reader("airships.toml", lambda d: None)) == load()


def set_field(array: str, card_id: str, field: str, value: object) -> Callable[[Document], object]:
    return lambda document: card(document, array, card_id).__setitem__(field, value)


def drop_field(array: str, card_id: str, field: str) -> Callable[[Document], object]:
    return lambda document: card(document, array, card_id).pop(field)


@pytest.mark.parametrize(
    ("name", "breaks", "entry", "field", "expected"),
    [
        (
            "airships.toml",
            set_field("airship", "B3", "colour", "teal"),
            "B3",
            "colour",
            "one of blue, green, orange, purple, red, wild, yellow, found 'teal'",
        ),
        ("airships.toml", drop_field("airship", "G4", "movement"), "G4", "movement", "missing"),
        ("airships.toml", set_field("airship", "R2", "speed", 3), "R2", "speed", "no such field"),
        ("airships.toml", set_field("airship", "Y1", "movement", "4"), "Y1", "movement", "an integer"),
        ("airships.toml", set_field("airship", "Y1", "movement", 0), "Y1", "movement", "in 1..9"),
        ("airships.toml", set_field("airship", "P7", "icons", ["star", "sun"]), "P7", "icons", "'sun'"),
        ("airships.toml", set_field("airship", "O2", "id", "B1"), "B1", "id", "'B1' is taken"),
        ("airships.toml", set_field("airship", "O2", "id", "b1"), "b1", "id", "is taken"),
        ("airships.toml", set_field("airship", "B1", "marks", []), "B1", "marks", "at least one"),
        (
            "airships.toml",
            set_field("airship", "B1", "ability", {"kind": "wild"}),
            "B1.ability",
            "kind",
            "colour is wild",
        ),
        (
            "airships.toml",
            set_field("airship", "W1", "ability", {"kind": "move", "min": 1, "max": 2}),
            "W1.ability",
            "kind",
            "colour is wild",
        ),
        ("airships.toml", set_field("airship", "B1", "marks", [1, 2, 3, 4]), "B1", "marks", "2..4"),
        (
            "airships.toml",
            set_field("airship", "B5", "ability", {"kind": "swap", "colours": ["blue"]}),
            "B5.ability",
            "colours",
            "other than the card's own",
        ),
        (
            "airships.toml",
            set_field("airship", "B1", "ability", {"kind": "move", "min": 2, "max": 1}),
            "B1.ability",
            "max",
            "in 2..6",
        ),
        ("stations.toml", set_field("station", "S03", "left", "black"), "S03", "left", "one of"),
        ("stations.toml", drop_field("station", "S12", "stars"), "S12", "stars", "missing"),
        ("tycoons.toml", set_field("tycoon", "Ex2", "kind", "pirate"), "Ex2", "kind", "one of"),
        (
            "tycoons.toml",
            set_field("tycoon", "Me1", "effect", {"min": 1, "max": 2}),
            "Me1.effect",
            "swap",
            "missing",
        ),
        ("tycoons.toml", set_field("tycoon", "Di1", "stars", True), "Di1", "stars", "an integer"),
    ],
    ids=[
        "wrong-colour",
        "missing-field",
        "unknown-field",
        "bad-type",
        "out-of-range",
        "unknown-icon",
        "duplicate-id",
        "duplicate-id-case",
        "no-marks",
        "wild-ability-on-a-colour",
        "colour-ability-on-a-wild",
        "marks-below-two-players",
        "swap-own-colour",
        "move-range-reversed",
        "station-ribbon",
        "station-missing-stars",
        "tycoon-kind",
        "tycoon-effect-missing-swap",
        "tycoon-stars-bool",
    ],
)
def test_corrupt_card_is_named(
    name: str, breaks: Callable[[Document], object], entry: str, field: str, expected: str
) -> None:
    error = refused(name, breaks)
    assert (error.entry, error.field) == (entry, field)
    assert expected in error.expected
    assert f"corrupt/{name}: entry {entry!r}, field {field!r}" in str(error)


def test_city_starting_card_is_named_by_position() -> None:
    def breaks(document: Document) -> None:
        card(document, "city", "C")["row"][2]["colour"] = "grey"

    error = refused("cities.toml", breaks)
    assert (error.entry, error.field) == ("C.row[2]", "colour")


def test_too_few_cities() -> None:
    error = refused("cities.toml", lambda document: document["city"].pop())
    assert (error.entry, error.field) == ("[[city]]", "(array)")


def test_a_missing_tycoon_kind() -> None:
    def breaks(document: Document) -> None:
        document["tycoon"] = [t for t in document["tycoon"] if t["kind"] != "inventor"]

    error = refused("tycoons.toml", breaks)
    assert (error.entry, error.field) == ("[[tycoon]]", "kind")
    assert "inventor" in error.expected


def test_too_few_airships_for_a_player_count() -> None:
    """Marking every airship for four players only leaves no deck for two or three."""

    def breaks(document: Document) -> None:
        for table in document["airship"]:
            table["marks"] = [4]

    error = refused("airships.toml", breaks)
    assert (error.entry, error.field) == ("[[airship]]", "marks")
    assert "marked for 2 players" in error.expected


def test_board_errors() -> None:
    def no_second_station_deck(document: Document) -> None:
        document["space"] = [s for s in document["space"] if s.get("deck") != 1]

    error = refused("board.toml", no_second_station_deck)
    assert (error.entry, error.field) == ("[[space]]", "deck")
    error = refused("board.toml", lambda document: document.__setitem__("hand_size", 0))
    assert (error.entry, error.field) == ("(top level)", "hand_size")
    error = refused("board.toml", lambda document: document.__setitem__("extra", 1))
    assert (error.entry, error.field) == ("(top level)", "extra")


def test_empty_file() -> None:
    error = refused("stations.toml", lambda document: document.clear())
    assert (error.entry, error.field) == ("[[station]]", "(array)")
