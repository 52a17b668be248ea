"""Skyrise's data files: the shipped data loads, and each kind of corruption is named precisely.

Corrupt files are fed through :func:`build_catalog` with a reader that returns the
shipped document with one thing broken, under a made-up path, so the error must
name the file it was given, the entry and the field.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from skyhall.core.data import load_toml
from skyhall.core.errors import DataError
from skyhall.games.skyrise.cards import DATA_PACKAGE, build_catalog, load

Document = dict[str, Any]
FILES = ("board.toml", "buildings.toml", "components.toml", "wonders.toml", "cards.toml")


def shipped(name: str) -> Document:
    return load_toml(DATA_PACKAGE, name)[1]


def reader(name: str, breaks: Callable[[Document], object]) -> Callable[[str], tuple[str, Document]]:
    """Reads the shipped files from ``corrupt/``, with ``breaks`` applied to a copy of ``name``."""

    def read(file: str) -> tuple[str, Document]:
        document = copy.deepcopy(shipped(file))
        if file == name:
            breaks(document)
        return f"corrupt/{file}", document

    return read


def refused(name: str, breaks: Callable[[Document], object]) -> DataError:
    with pytest.raises(DataError) as raised:
        build_catalog(reader(name, breaks))
    assert raised.value.file == f"corrupt/{name}"
    return raised.value


def table(document: Document, array: str, key: str, value: object) -> Document:
    """The table of ``[[array]]`` whose ``key`` is ``value``."""
    found: Document = next(t for t in document[array] if t.get(key) == value)
    return found


def set_field(array: str, key: str, value: object, field: str, to: object) -> Callable[[Document], object]:
    return lambda document: table(document, array, key, value).__setitem__(field, to)


def drop_field(array: str, key: str, value: object, field: str) -> Callable[[Document], object]:
    return lambda document: table(document, array, key, value).pop(field)


def set_value(section: str, field: str, to: object) -> Callable[[Document], object]:
    return lambda document: document[section].__setitem__(field, to)


def island_colour(island: str, cell: int, colour: str) -> Callable[[Document], object]:
    return lambda document: table(document, "island", "id", island)["colours"].__setitem__(cell, colour)


def bid_value(set_id: str, band: int, value: object) -> Callable[[Document], object]:
    return lambda document: table(document, "set", "id", set_id)["values"].__setitem__(band, value)


def test_shipped_data_loads_and_is_flagged_reconstructed() -> None:
    cat = load()
    assert cat.reconstructed is True
    for name in FILES:
        assert shipped(name).get("reconstructed") is True, name
    assert (len(cat.buildings), len(cat.wonders), len(cat.panoramas), len(cat.objectives)) == (48, 20, 5, 4)
    assert len(cat.sites) == 4 + 4 * 14


def test_a_clean_reader_gives_the_same_catalog() -> None:
    assert build_catalog(reader("board.toml", lambda document: None)) == load()


def test_an_unflagged_file_makes_the_catalog_unreconstructed_only_when_flagged_false() -> None:
    cat = build_catalog(reader("cards.toml", lambda document: document.__setitem__("reconstructed", False)))
    assert cat.reconstructed is False
    error = refused("cards.toml", lambda document: document.pop("reconstructed"))
    assert (error.entry, error.field) == ("(top level)", "reconstructed")


@pytest.mark.parametrize(
    ("name", "breaks", "entry", "field", "expected"),
    [
        # a wrong colour
        (
            "board.toml",
            island_colour("I2", 3, "purple"),
            "I2",
            "colours",
            "values among brown, green, white, yellow, found 'purple'",
        ),
        (
            "board.toml",
            set_field("cell", "id", "C3", "colour", "red"),
            "C3",
            "colour",
            "one of brown, green, white, yellow, found 'red'",
        ),
        (
            "cards.toml",
            set_field("objective", "id", "O2", "colour", "blue"),
            "O2",
            "colour",
            "found 'blue'",
        ),
        # a missing field
        (
            "wonders.toml",
            drop_field("wonder", "number", 5, "text"),
            "wonder 5 (Oracle's Eye)",
            "text",
            "missing",
        ),
        (
            "wonders.toml",
            drop_field("wonder", "number", 9, "points"),
            "wonder 9 (Citadel)",
            "points",
            "missing",
        ),
        ("buildings.toml", drop_field("set", "id", "3", "values"), "3", "values", "missing"),
        ("board.toml", drop_field("cell", "id", "C2", "bridge"), "C2", "bridge", "missing"),
        ("components.toml", lambda doc: doc["discs"].pop("wild"), "discs", "wild", "missing"),
        # an unknown field
        (
            "cards.toml",
            set_field("panorama", "id", "avenue", "colour", "green"),
            "avenue",
            "colour",
            "no such field",
        ),
        (
            "wonders.toml",
            set_field("wonder", "number", 7, "value", 70),
            "wonder 7 (Garden Terraces)",
            "value",
            "no such field",
        ),
        ("components.toml", set_value("keys", "medium", 6), "keys", "medium", "no such field"),
        # bid values
        ("buildings.toml", bid_value("2", 4, 51), "2", "values", "band 4 to hold a value in 41..50"),
        ("buildings.toml", bid_value("2", 4, 40), "2", "values", "band 4 to hold a value in 41..50"),
        ("buildings.toml", bid_value("4", 0, "8"), "4", "values", "a list of integers"),
        # a wrong disc count
        (
            "components.toml",
            set_field("removal", "players", 3, "district", 2),
            "removal[1]",
            "district",
            "46 discs left for 46 districts, found 50",
        ),
        (
            "components.toml",
            set_field("removal", "players", 2, "patron", 1),
            "removal[2]",
            "district",
            "32 discs left for 32 districts, found 36",
        ),
        (
            "components.toml",
            set_value("discs", "district", 11),
            "removal[0]",
            "district",
            "60 discs left for 60 districts, found 64",
        ),
        (
            "components.toml",
            set_field("removal", "players", 4, "wild", 3),
            "removal[0]",
            "wild",
            "in 0..2, found 3",
        ),
        # points on a Wonder whose effect scores none (a change that would do nothing)
        (
            "wonders.toml",
            set_field("wonder", "number", 2, "points", 5),
            "wonder 2 (Gathering Spire)",
            "points",
            "scores no points of its own",
        ),
        # an unknown Wonder effect
        (
            "wonders.toml",
            set_field("wonder", "number", 7, "effect", "teleport"),
            "wonder 7 (Garden Terraces)",
            "effect",
            "found 'teleport'",
        ),
        # other shapes of corruption
        (
            "cards.toml",
            set_field("panorama", "id", "quarter", "kind", "district"),
            "quarter",
            "kind",
            "one of airship, bridge, chain, island, waterfall, found 'district'",
        ),
        (
            "wonders.toml",
            set_field("wonder", "number", 3, "number", 4),
            "wonder 4 (Patrons' Gallery)",
            "number",
            "3 here",
        ),
        ("components.toml", set_value("board", "row", [0, 2, 4, 6]), "board", "row", "5 values"),
        ("components.toml", set_value("patrons", "values", [3, 5, 7]), "patrons", "values", "four"),
        ("board.toml", set_field("cell", "id", "C4", "bridge", "N"), "C4", "bridge", "N is bridged twice"),
        ("board.toml", set_value("template", "bridge", "z"), "template", "bridge", "found 'z'"),
    ],
    ids=[
        "wrong-colour-island",
        "wrong-colour-central",
        "wrong-colour-objective",
        "missing-wonder-text",
        "missing-wonder-points",
        "missing-set-values",
        "missing-central-bridge",
        "missing-disc-kind",
        "unknown-panorama-field",
        "unknown-wonder-field-value",
        "unknown-key",
        "bid-value-out-of-band",
        "bid-value-below-band",
        "bid-value-not-integer",
        "disc-count-three-players",
        "disc-count-two-players",
        "disc-count-full-set",
        "more-removed-than-exist",
        "points-on-a-no-points-wonder",
        "unknown-wonder-effect",
        "unknown-panorama-kind",
        "wonder-out-of-order",
        "short-row-values",
        "three-patron-tiles",
        "slot-bridged-twice",
        "template-bridge-letter",
    ],
)
def test_corrupt_entry_is_named(
    name: str, breaks: Callable[[Document], object], entry: str, field: str, expected: str
) -> None:
    error = refused(name, breaks)
    assert (error.entry, error.field) == (entry, field)
    assert expected in error.expected
    assert f"corrupt/{name}: entry {entry!r}, field {field!r}: expected" in str(error)


def test_a_duplicate_bid_value_names_the_set_that_repeats_it() -> None:
    """Set 2's band-0 value becomes 2, the value set 1 already holds in that band."""
    error = refused("buildings.toml", bid_value("2", 0, 2))
    assert (error.entry, error.field) == ("2", "values")
    assert error.expected == "unique bid values, 2 is also in set 1"


def test_duplicate_initiative() -> None:
    error = refused("wonders.toml", set_field("wonder", "number", 12, "initiative", 4))
    assert (error.entry, error.field) == ("[[wonder]]", "initiative")


def test_a_duplicate_wonder_name_names_the_second_card() -> None:
    """Wonder 2 takes Wonder 1's name: players, the log and the score sheet could not tell them apart."""
    error = refused("wonders.toml", set_field("wonder", "number", 2, "name", "Hall of Echoes"))
    assert (error.entry, error.field) == ("wonder 2 (Hall of Echoes)", "name")
    assert error.expected == "a name no other Wonder has, 'Hall of Echoes' is taken"


def test_counts_of_arrays() -> None:
    error = refused("buildings.toml", lambda document: document["band"].pop())
    assert (error.entry, error.field, error.expected) == ("[[band]]", "(array)", "12 bands, found 11")
    error = refused("board.toml", lambda document: document["island"].pop())
    assert (error.entry, error.field) == ("[[island]]", "(array)")
    assert "4 Outer Islands" in error.expected
    error = refused("components.toml", lambda document: document["removal"].pop())
    assert (error.entry, error.field) == ("[[removal]]", "players")
    error = refused("cards.toml", lambda document: document.pop("objective"))
    assert (error.entry, error.field) == ("[[objective]]", "(array)")


def test_an_island_of_the_wrong_size() -> None:
    error = refused("board.toml", lambda document: table(document, "island", "id", "I3")["colours"].pop())
    assert (error.entry, error.field) == ("I3", "colours")
    assert error.expected == "14 colours, one per template letter"
