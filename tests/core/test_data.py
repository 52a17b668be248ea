"""Data-file validation: every error names the file, the entry, the field and what was expected."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

from skyhall.core import data
from skyhall.core.data import Entry, data_digest, data_text, entries, load_toml, parse_toml
from skyhall.core.errors import DataError

FILE = "toy/data/cards.toml"


def entry(**table: Any) -> Entry:
    return Entry(FILE, "C1", table)


def refused(excinfo: pytest.ExceptionInfo[DataError], field: str, expected: str) -> None:
    error = excinfo.value
    assert (error.file, error.entry, error.field) == (FILE, "C1", field)
    assert expected in error.expected
    assert str(error).startswith(f"{FILE}: entry 'C1', field {field!r}: expected ")


def test_reads_valid_fields() -> None:
    e = entry(id="C1", colour="red", n=3, open=True, tags=["a", "b"], counts=[1, 2], sub={"k": 1})
    assert e.text("id") == "C1"
    assert e.text("colour", ("red", "blue")) == "red"
    assert e.integer("n", 1, 5) == 3
    assert e.flag("open") is True
    assert e.texts("tags", ("a", "b", "c")) == ["a", "b"]
    assert e.integers("counts", 0, 9) == [1, 2]
    assert e.sub("sub").integer("k") == 1
    assert e.integer("absent", default=7) == 7
    e.done()


@pytest.mark.parametrize(
    ("table", "read", "field", "expected"),
    [
        ({}, lambda e: e.text("name"), "name", "the field is missing"),
        ({"name": 3}, lambda e: e.text("name"), "name", "a string, found 3"),
        ({"colour": "teal"}, lambda e: e.text("colour", ("red", "blue")), "colour", "one of blue, red"),
        ({"n": "3"}, lambda e: e.integer("n"), "n", "an integer, found '3'"),
        ({"n": True}, lambda e: e.integer("n"), "n", "an integer, found True"),
        ({"n": 1.0}, lambda e: e.integer("n"), "n", "an integer"),
        ({"n": 12}, lambda e: e.integer("n", 1, 9), "n", "an integer in 1..9, found 12"),
        ({"f": "yes"}, lambda e: e.flag("f"), "f", "true or false"),
        ({"t": "a"}, lambda e: e.texts("t"), "t", "a list of strings"),
        ({"t": ["a", 1]}, lambda e: e.texts("t"), "t", "a list of strings"),
        ({"t": ["a", "z"]}, lambda e: e.texts("t", ("a", "b")), "t", "values among a, b, found 'z'"),
        ({"c": [1, False]}, lambda e: e.integers("c"), "c", "a list of integers"),
        ({"c": [1, 20]}, lambda e: e.integers("c", 0, 9), "c", "integers in 0..9, found 20"),
    ],
    ids=[
        "missing",
        "text-type",
        "text-choice",
        "int-text",
        "int-bool",
        "int-float",
        "int-range",
        "flag",
        "texts-type",
        "texts-item",
        "texts-choice",
        "ints-bool",
        "ints-range",
    ],
)
def test_field_errors(table: dict[str, Any], read: Any, field: str, expected: str) -> None:
    with pytest.raises(DataError) as raised:
        read(entry(**table))
    refused(raised, field, expected)


def test_unknown_field_is_a_typo() -> None:
    e = entry(id="C1", colur="red")
    e.text("id")
    with pytest.raises(DataError) as raised:
        e.done()
    refused(raised, "colur", "one of the fields id (there is no such field)")
    e = entry(id="C1", colour="red", movment=3)
    e.text("id"), e.text("colour")
    with pytest.raises(DataError) as raised:
        e.integer("movement")
    refused(raised, "movement", "a value (the field is missing; is 'movment' a misspelling of it?)")
    e = entry(id="C1", colur="red")
    e.text("id"), e.text("colour", default="")
    with pytest.raises(DataError) as raised:
        e.done()
    refused(raised, "colur", "one of the fields colour, id (there is no such field; did you mean 'colour'?)")


def test_nested_table_errors_name_the_path() -> None:
    with pytest.raises(DataError) as raised:
        entry(ability={"kind": 5}).sub("ability").text("kind")
    assert (raised.value.entry, raised.value.field) == ("C1.ability", "kind")
    with pytest.raises(DataError) as raised:
        entry(ability="move").sub("ability")
    assert (raised.value.entry, raised.value.field) == ("C1.ability", "(entry)")
    assert "a table, found str" in raised.value.expected


def test_entries_are_named_by_id_number_and_name_or_position() -> None:
    """As a designer finds them in the file: ``wonder 2 (Open Plaza)``, never a count from 0 that
    looks like another card's number."""
    document = {
        "card": [{"id": "A"}, {"name": "no id"}, {"number": 2, "name": "Plaza"}, {"number": 3}, {}, "oops"]
    }
    found = [entry.name for entry in itertools.islice(entries(FILE, document, "card"), 5)]
    assert found == ["A", "card no id", "card 2 (Plaza)", "card 3", "card[4]"]
    with pytest.raises(DataError) as raised:
        list(entries(FILE, document, "card"))
    assert (raised.value.entry, raised.value.field) == ("card[5]", "(entry)")


@pytest.mark.parametrize("document", [{}, {"card": []}, {"card": {"id": "A"}}])
def test_entries_need_a_non_empty_array(document: dict[str, Any]) -> None:
    with pytest.raises(DataError) as raised:
        list(entries(FILE, document, "card"))
    assert (raised.value.file, raised.value.entry) == (FILE, "[[card]]")
    assert "non-empty array" in raised.value.expected


def test_toml_syntax_error() -> None:
    assert parse_toml('a = "b"', FILE) == {"a": "b"}
    with pytest.raises(DataError) as raised:
        parse_toml("a = = 1", FILE)
    assert (raised.value.file, raised.value.field) == (FILE, "(syntax)")
    assert "valid TOML" in raised.value.expected


def test_missing_data_file() -> None:
    with pytest.raises(DataError) as raised:
        load_toml("skyhall.core", "nothing-here.toml")
    assert raised.value.file == "skyhall/core/data/nothing-here.toml"
    assert raised.value.expected == "the file to exist"


def test_a_process_keeps_the_data_files_as_it_first_read_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A running worker edited under: it goes on reading, and digesting, what it started with."""
    monkeypatch.setattr(data, "_READ", {})
    (tmp_path / "edited_data_pkg" / "data").mkdir(parents=True)
    (tmp_path / "edited_data_pkg" / "__init__.py").write_text("")
    card = tmp_path / "edited_data_pkg" / "data" / "cards.toml"
    card.write_text("value = 9\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    digest = data_digest("edited_data_pkg")
    assert load_toml("edited_data_pkg", "cards.toml")[1] == {"value": 9}

    card.write_text("value = 11\n")
    assert load_toml("edited_data_pkg", "cards.toml")[1] == {"value": 9}
    assert (data_text("edited_data_pkg", "cards.toml"), data_digest("edited_data_pkg")) == (
        "value = 9\n",
        digest,
    )
    monkeypatch.setattr(data, "_READ", {})  # a process started after the edit
    assert load_toml("edited_data_pkg", "cards.toml")[1] == {"value": 11}
    assert data_digest("edited_data_pkg") != digest
