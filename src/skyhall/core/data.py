"""Reading and validating a game's TOML data files with errors that name file, entry and field.

Only the standard library: ``tomllib`` parses, :class:`Entry` checks each field
as it is read and :meth:`Entry.done` rejects fields nobody asked for (usually a typo).
"""

from __future__ import annotations

import copy
import difflib
import hashlib
import json
import tomllib
from collections.abc import Callable, Collection, Hashable, Iterable, Iterator, Mapping
from importlib import resources
from typing import Any, Generic, TypeGuard, TypeVar

from skyhall.core.errors import DataError

_READ: dict[tuple[str, str], str] = {}
"""Every data file this process has read, as first read: ``(package, name)`` to its text."""


def data_text(package: str, name: str) -> str:
    """The text of ``data/<name>`` inside ``package`` as this process first read it.

    A process reads each file once and keeps it, so every catalog it builds (the shipped data, each
    variant) and its :func:`data_digest` come from the same text, even if the file is edited while
    it runs: a long-running cluster worker goes on playing, and saying it plays, the data it started
    with, and a run's fingerprint check then tells it from a process that reads the edited file.
    """
    key = (package, name)
    found = _READ.get(key)
    if found is None:
        path = resources.files(package).joinpath("data").joinpath(name)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise DataError(
                f"{package.replace('.', '/')}/data/{name}", "(file)", "(file)", "the file to exist"
            ) from None
        found = _READ.setdefault(key, text)
    return found


def data_stems(package: str) -> list[str]:
    """The names of the ``data/*.toml`` files inside ``package``, without ``.toml``."""
    folder = resources.files(package).joinpath("data")
    return sorted(p.name[: -len(".toml")] for p in folder.iterdir() if p.name.endswith(".toml"))


def data_digest(package: str) -> str:
    """A digest of every ``data/*.toml`` file inside ``package``, as this process read them (see
    :func:`data_text`): 12 hex digits."""
    digest = hashlib.sha256()
    for stem in data_stems(package):
        name = f"{stem}.toml"
        digest.update(name.encode() + b"\0" + data_text(package, name).encode() + b"\0")
    return digest.hexdigest()[:12]


def load_toml(package: str, name: str) -> tuple[str, dict[str, Any]]:
    """Parse ``data/<name>`` inside ``package`` (as :func:`data_text` gives it); returns ``(display
    path, document)``."""
    shown = f"{package.replace('.', '/')}/data/{name}"
    return shown, parse_toml(data_text(package, name), shown)


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
            unread = [key for key in self._table if key not in self._seen]
            near = difflib.get_close_matches(field, unread, n=1, cutoff=0.7)
            hint = f"; is {near[0]!r} a misspelling of it?" if near else ""
            raise self.fail(field, f"a value (the field is missing{hint})")
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
            near = difflib.get_close_matches(extra[0], self._seen, n=1, cutoff=0.7)
            hint = f"; did you mean {near[0]!r}?" if near else ""
            known = ", ".join(sorted(self._seen))
            raise self.fail(extra[0], f"one of the fields {known} (there is no such field{hint})")


def entries(file: str, document: dict[str, Any], array: str) -> Iterator[Entry]:
    """The tables of ``[[array]]`` in ``document``, each named as a designer finds it in the file: by
    its ``id``, else its ``number`` and ``name`` (``wonder 2 (Open Plaza)``), else its place
    (``band[0]``, counted from 0)."""
    items = document.get(array)
    if not isinstance(items, list) or not items:
        raise DataError(file, f"[[{array}]]", "(array)", "a non-empty array of tables")
    for i, table in enumerate(items):
        yield Entry(file, entry_name(array, i, table), table)


def entry_name(array: str, i: int, table: object) -> str:
    """How an error (and ``skyhall data``) names entry ``i`` of ``[[array]]`` (see :func:`entries`)."""
    if not isinstance(table, dict):
        return f"{array}[{i}]"
    if "id" in table:
        return str(table["id"])
    number, name = table.get("number"), table.get("name")
    if number is not None:
        return f"{array} {number}" + (f" ({name})" if name is not None else "")
    return f"{array} {name}" if name is not None else f"{array}[{i}]"


_REQUIRED = object()


Reader = Callable[[str], tuple[str, dict[str, Any]]]
"""Returns ``(path to show in errors, parsed document)`` for a data file name."""
C = TypeVar("C")


class Variants(Generic[C]):
    """A game's catalog built from its shipped data files with an *overlay* merged in, once per overlay.

    An overlay is a nested mapping that mirrors the data files: its first level names a file by
    stem (``board`` for ``data/board.toml``), the levels below name tables and fields. Inside an
    array of tables (``[[airship]]``) a key picks one entry by its ``id``, ``number`` or ``name``
    (:data:`ENTRY_NAMES`, tried in that order), or by its index when the entries carry none of them;
    a file's entries can also be named by id straight under the stem (``airships.B3.movement``).
    A first-level key that is not a stem but a table or entry id of exactly one file stands for that
    file (``tokens.colours`` means ``board.tokens.colours`` in Skyport). Values replace what is there;
    the merged documents then go through the game's own loader, so an overlay is validated exactly
    like the shipped data (errors name file, entry and field). An overlay may not change the
    action space: the codec is fixed per game.
    """

    def __init__(
        self,
        package: str,
        build: Callable[[Reader], C],
        base: Callable[[], C],
        actions: Callable[[C], Iterable[Hashable]],
    ) -> None:
        self.package = package
        self.build = build
        self.base = base
        self.actions = actions
        self._built: dict[str, C] = {}

    def stems(self) -> list[str]:
        """The data files' names without ``.toml``."""
        return data_stems(self.package)

    def get(self, overlay: object) -> C:
        """The catalog for ``overlay`` (``None`` or empty: the shipped data); :class:`DataError` if bad."""
        if overlay is None or overlay == {}:
            return self.base()
        if not isinstance(overlay, Mapping):
            raise DataError("variant", "(top level)", "data", f"a table of data files, found {overlay!r}")
        key = json.dumps(overlay, default=str)  # in order: a later change to a table wins
        if key not in self._built:
            patches = _by_file(self.package, overlay)

            def read(name: str) -> tuple[str, dict[str, Any]]:
                shown, document = load_toml(self.package, name)
                _patch(shown, document, patches.get(name[: -len(".toml")], {}), top=True)
                return shown, document

            catalog = self.build(read)
            self._same_actions(catalog)
            self._built[key] = catalog
        return self._built[key]

    def _same_actions(self, catalog: C) -> None:
        mine, shipped = tuple(self.actions(catalog)), tuple(self.actions(self.base()))
        if mine != shipped:
            new = [str(a) for a in mine if a not in set(shipped)]
            gone = [str(a) for a in shipped if a not in set(mine)]
            raise DataError(
                "variant",
                "(whole overlay)",
                "(action space)",
                f"changes that keep the game's {len(shipped)} actions (this one gives {len(mine)}; "
                f"new: {_some(new)}; gone: {_some(gone)})",
            )


def overlaid(package: str, overlay: Mapping[str, Any] | None) -> dict[str, dict[str, Any]]:
    """Every data file of ``package`` (by stem) as parsed, with ``overlay`` merged in as
    :class:`Variants` merges it, unvalidated (a fresh copy each call); ``None``: the shipped files."""
    patches = _by_file(package, overlay or {})
    out = {}
    for stem in data_stems(package):
        shown, document = load_toml(package, f"{stem}.toml")
        _patch(shown, document, patches.get(stem, {}), top=True)
        out[stem] = document
    return out


def _by_file(package: str, overlay: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """``overlay`` split by data file: a first-level key naming a table or entry id of one file only
    goes under that file's stem (see :class:`Variants`)."""
    stems = data_stems(package)
    patches: dict[str, dict[str, Any]] = {}
    for key, value in overlay.items():
        if key in stems:
            if not isinstance(value, Mapping):
                raise DataError(
                    f"{key}.toml", "(top level)", "(file)", f"a table of changes, found {value!r}"
                )
            _merge_into(patches.setdefault(key, {}), value)
            continue
        holders = [s for s in stems if _names(load_toml(package, f"{s}.toml")[1], key)]
        if len(holders) != 1:
            where = f"it is in {', '.join(holders)}" if holders else "no file has it"
            raise DataError(
                "variant",
                "(top level)",
                key,
                f"a data file ({', '.join(stems)}), or a table or entry id of just one of them ({where})",
            )
        _merge_into(patches.setdefault(holders[0], {}), {key: value})
    return patches


def _merge_into(target: dict[str, Any], change: Mapping[str, Any]) -> None:
    """``change`` merged into ``target`` in place, tables key by key (so ``board.tokens.colours`` and a
    later ``tokens.icons`` both stay), other values replaced (the later one wins)."""
    for key, value in change.items():
        current = target.get(key)
        if isinstance(current, dict) and isinstance(value, Mapping):
            _merge_into(current, value)
        else:
            target[key] = copy.deepcopy(value)


def _some(items: list[str], shown: int = 3) -> str:
    """The first ``shown`` of ``items`` and how many more ("walk 7, walk 8, walk 9 and 2 more")."""
    more = f" and {len(items) - shown} more" if len(items) > shown else ""
    return ", ".join(items[:shown]) + more if items else "none"


def _names(document: Mapping[str, Any], key: str) -> bool:
    """Whether ``key`` is a top-level key of ``document`` or the id of an entry of one of its arrays."""
    return key in document or _entry_of(document, key) is not None


def _entry_of(document: Mapping[str, Any], key: str) -> dict[str, Any] | None:
    for value in document.values():
        if _is_tables(value):
            for table in value:
                if table.get("id") == key:
                    return table
    return None


def _is_tables(value: object) -> TypeGuard[list[dict[str, Any]]]:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def _patch(shown: str, target: dict[str, Any], patch: Mapping[str, Any], top: bool = False) -> None:
    """Merge ``patch`` into ``target`` in place (see :class:`Variants`); ``top``: a file's top level."""
    for key, value in patch.items():
        current = target.get(key)
        entry = _entry_of(target, key) if top and key not in target else None
        if entry is not None and isinstance(value, Mapping):
            _patch(shown, entry, value)
        elif isinstance(current, dict) and isinstance(value, Mapping):
            _patch(shown, current, value)
        elif _is_tables(current) and isinstance(value, Mapping):
            for pick, change in value.items():
                _patch(shown, _pick(shown, key, current, pick), _table(shown, pick, change))
        elif top and key not in target:
            known = ", ".join(sorted(str(k) for k in target))
            ids = [str(t[name]) for arr in target.values() if _is_tables(arr) for t in arr
                   for name in ENTRY_NAMES[:1] if name in t]  # fmt: skip
            shown_ids = f"; entries: {', '.join(ids[:12])}{', …' if len(ids) > 12 else ''}" if ids else ""
            raise DataError(
                shown,
                "(top level)",
                key,
                f"a table, field or entry id of this file (tables and fields: {known}{shown_ids})",
            )
        else:
            target[key] = value


ENTRY_NAMES = ("id", "number", "name")
"""What a variant names an entry of an array of tables by, tried in this order (Skyrise's Wonder 3 is
``wonder.3``, by its ``number``, or ``wonder.Patrons' Gallery``, by its ``name``); only an array whose
entries carry none of them is addressed by position (``band.0``)."""


def _pick(shown: str, array: str, tables: list[dict[str, Any]], pick: str) -> dict[str, Any]:
    for key in ENTRY_NAMES:
        for table in tables:
            if key in table and str(table[key]) == pick:
                return table
    keys = [key for key in ENTRY_NAMES if any(key in t for t in tables)]
    if not keys:
        if pick.isdigit() and int(pick) < len(tables):
            return tables[int(pick)]
        raise DataError(shown, f"[[{array}]]", pick, f"an entry index 0..{len(tables) - 1}")
    names = [str(t[keys[0]]) for t in tables if keys[0] in t]
    raise DataError(shown, f"[[{array}]]", pick, f"an entry {' or '.join(keys)} ({', '.join(names)})")


def _table(shown: str, entry: str, change: object) -> Mapping[str, Any]:
    if not isinstance(change, Mapping):
        raise DataError(shown, entry, "(entry)", f"a table of field changes, found {change!r}")
    return change
