"""``skyhall data``: a game's card, board and token files, where they are, and what a variant can change."""

from __future__ import annotations

from importlib import resources
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from skyhall.cli.common import find_game
from skyhall.core.data import data_stems, entry_name, load_toml
from skyhall.core.errors import DataError
from skyhall.sim import variant

SHOWN = 6
"""Entries named per array before the rest are counted."""


def data(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="Game id (see `skyhall games`).")],
) -> None:
    """List a game's data files: where they are, their tables, entries and fields (--set, --variant)."""
    game = find_game(game_id)
    folder = resources.files(game.package).joinpath("data")
    console = Console(highlight=False)
    console.print(f"{game.spec.title}: data files in {folder}")
    table = Table(header_style="bold")
    table.add_column("file")
    table.add_column("table")
    table.add_column("entries")
    table.add_column("fields")
    example = ""
    for stem in data_stems(game.package):
        _shown, document = load_toml(game.package, f"{stem}.toml")
        file = f"{stem}.toml" + (" (reconstructed)" if document.get("reconstructed") else "")
        for key, value in document.items():
            if key == "reconstructed":
                continue
            entries, fields = _contents(key, value)
            table.add_row(file, key, entries, fields)
            file = ""
            if not example and isinstance(value, list) and value and isinstance(value[0], dict):
                example = _example(game.id, key, value[0])
    console.print(table)
    for_example = f", e.g. skyhall sim {game.id} --set {example}" if example else ""
    console.print(
        "Change a value for one run with --set GAME.FILE.TABLE.FIELD=VALUE (the file may be left out when "
        f"the table or entry is in one file only){for_example}; "
        f"or copy a file, edit it and run skyhall sim {game.id} --variant COPY.toml. Entries are named by "
        "id, else by number or name. A file marked reconstructed holds data the rulebook does not print."
    )


def _contents(key: str, value: Any) -> tuple[str, str]:
    """An array of tables: its entries' names and the first one's fields; a table: its fields; else
    the value."""
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        names = [entry_name(key, i, v) for i, v in enumerate(value)]
        more = f" … ({len(names)})" if len(names) > SHOWN else ""
        return ", ".join(names[:SHOWN]) + more, ", ".join(value[0])
    if isinstance(value, dict):
        return "", ", ".join(_field(k, v) for k, v in value.items())
    return "", f"= {value!r}"


def _field(key: str, value: Any) -> str:
    """A field of a table with its value when that is short (``colours = [10, 8, 6, 4]``), else its name."""
    shown = f"{key} = {value!r}"
    return shown if not isinstance(value, dict) and len(shown) <= SHORT else key


SHORT = 32
"""The longest field shown with its value in the fields column."""


def _example(game_id: str, key: str, first: dict[str, Any]) -> str:
    """A --set item that changes the first number of an array's first entry (as data files name
    entries): one more than shipped, else one less, whichever the game accepts; ``""`` if neither."""
    name = entry_name(key, 0, first)
    number = next(
        (f for f, v in first.items() if isinstance(v, int) and not isinstance(v, bool) and f != "number"),
        None,
    )
    if number is None or " " in name:
        return ""
    for value in (first[number] + 1, first[number] - 1):
        example = f"{game_id}.{name}.{number}={value}"
        try:
            if variant.build(game_id, None, [example]) is not None:
                return example
        except DataError:
            continue
    return ""
