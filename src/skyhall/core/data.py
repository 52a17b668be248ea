"""Reading and validating a game's TOML data files with errors that name file, entry and field.

Only the standard library: ``tomllib`` parses, :class:`Entry` checks each field
as it is read and :meth:`Entry.done` rejects fields nobody asked for (usually a typo).
"""

from __future__ import annotations

import tomllib
from collections.abc import Collection, Iterator
from importlib import resources
from typing import Any

from skyhall.core.errors import DataError


def load_toml(package: str, name: str) -> tuple[str, dict[str, Any]]:
    """Parse ``data/<name>`` inside ``package``; returns ``(display path, document)``."""
    path = resources.files(package).joinpath("data").joinpath(name)
    shown = f"{package.replace('.', '/')}/data/{name}"
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(shown, "(file)", "(file)", "the file to exist") from None
    return shown, parse_toml(text, shown)


def parse_toml(text: str, shown: str) -> dict[str, Any]:
    """Parse TOML text, turning syntax errors into :class:`DataError`."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(shown, "(file)", "(syntax)", f"valid TOML ({exc})") from None


class Entry:
    """One table of a data file, read field by field."""

    def __init__(self, file: str, name: str, table: Any) -> None:
        self.file = file
        self.name = name
        if not isinstance(table, dict):
            raise DataError(file, name, "(entry)", f"a table, found {type(table).__name__}")
        self._table: dict[str, Any] = table
        self._seen: set[str] = set()

    def fail(self, field: str, expected: str) -> DataError:
        return DataError(self.file, self.name, field, expected)

    def _get(self, field: str, default: Any) -> Any:
        self._seen.add(field)
        if field in self._table:
            return self._table[field]
        if default is _REQUIRED:
            raise self.fail(field, "a value (the field is missing)")
        return default

    def text(self, field: str, choices: Collection[str] | None = None, default: Any = ...) -> str:
        value = self._get(field, _REQUIRED if default is ... else default)
        if not isinstance(value, str):
            raise self.fail(field, f"a string, found {value!r}")
        if choices is not None and value not in choices:
            raise self.fail(field, f"one of {', '.join(sorted(choices))}, found {value!r}")
        return value

    def integer(self, field: str, lo: int | None = None, hi: int | None = None, default: Any = ...) -> int:
        value = self._get(field, _REQUIRED if default is ... else default)
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(field, f"an integer, found {value!r}")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise self.fail(field, f"an integer in {lo}..{hi}, found {value}")
        return value

    def flag(self, field: str, default: Any = ...) -> bool:
        value = self._get(field, _REQUIRED if default is ... else default)
        if not isinstance(value, bool):
            raise self.fail(field, f"true or false, found {value!r}")
        return value

    def texts(self, field: str, choices: Collection[str] | None = None, default: Any = ...) -> list[str]:
        value = self._get(field, _REQUIRED if default is ... else default)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(field, f"a list of strings, found {value!r}")
        if choices is not None:
            for v in value:
                if v not in choices:
                    raise self.fail(field, f"values among {', '.join(sorted(choices))}, found {v!r}")
        return list(value)

    def integers(
        self, field: str, lo: int | None = None, hi: int | None = None, default: Any = ...
    ) -> list[int]:
        value = self._get(field, _REQUIRED if default is ... else default)
        if not isinstance(value, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in value
        ):
            raise self.fail(field, f"a list of integers, found {value!r}")
        for v in value:
            if (lo is not None and v < lo) or (hi is not None and v > hi):
                raise self.fail(field, f"integers in {lo}..{hi}, found {v}")
        return list(value)

    def sub(self, field: str) -> Entry:
        """A nested table, validated in turn."""
        return Entry(self.file, f"{self.name}.{field}", self._get(field, _REQUIRED))

    def done(self) -> None:
        """Reject any field that was never read: a typo would otherwise pass silently."""
        extra = sorted(set(self._table) - self._seen)
        if extra:
            raise self.fail(extra[0], "no such field (known: " + ", ".join(sorted(self._seen)) + ")")


def entries(file: str, document: dict[str, Any], array: str) -> Iterator[Entry]:
    """The tables of ``[[array]]`` in ``document``, each named by its ``id`` field when it has one."""
    items = document.get(array)
    if not isinstance(items, list) or not items:
        raise DataError(file, f"[[{array}]]", "(array)", "a non-empty array of tables")
    for i, table in enumerate(items):
        name = table.get("id", f"{array}[{i}]") if isinstance(table, dict) else f"{array}[{i}]"
        yield Entry(file, str(name), table)


_REQUIRED = object()
