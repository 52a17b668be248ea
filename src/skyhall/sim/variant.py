"""Variants: changes to a game's card and board data for one run, from ``--set`` and ``--variant``.

A variant is an *overlay* on the data files (see :class:`skyhall.core.data.Variants`):
a nested table whose first level names a data file by stem, then tables, entries (by
id, number or name) and fields. It travels as the game option ``data``, so it is recorded in every
game record and a replay rebuilds the same catalog.

- ``--set skyport.board.tokens.colours=12,9,6,3``: game id, file stem, table, field. The
  file may be left out when the table or entry id is in one file only
  (``skyport.tokens.colours``, ``skyport.B3.icons=cargo,``). The value is read as a
  TOML value (``5``, ``true``, ``"text"``, ``[1, 2]``); a bare word is a string and
  commas make a list (``12,9,6,3``, ``passenger,cargo``); a bare number is text where the shipped
  field is text (``airport-rush.BR1.slots=6,blue``).
- ``--variant overlay.toml``: a TOML file whose tables mirror the data files::

      [board.tokens]
      colours = [12, 9, 6, 3]

      [airships.B3]
      icons = ["cargo"]

  A copy of one whole data file (``reconstructed`` and that file's tables, as shipped), edited,
  is a variant too: it replaces that file's tables.

``--set`` changes are applied over the file's. The result is checked by building the
catalog after each source (the file, then each ``--set``), with the same errors as the shipped
data (file, entry, field, expected), which also name the source that made the change.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from skyhall.core.data import ENTRY_NAMES, data_stems, load_toml, overlaid, parse_toml
from skyhall.core.errors import DataError
from skyhall.core.registry import get

Overlay = dict[str, Any]


def value_of(text: str) -> Any:
    """A ``--set`` value: a TOML value, else a comma list of TOML values or bare words, else a bare word."""
    parsed = _toml_value(text)
    if parsed is not _NOTHING:
        return parsed
    if "," in text:
        return [value_of(part.strip()) for part in text.split(",") if part.strip()]
    return text.strip()


def setting(game: str, text: str) -> Overlay:
    """The overlay of one ``--set GAME.PATH=VALUE``; :class:`DataError` on a malformed one."""
    key, sep, raw = text.partition("=")
    path = [part.strip() for part in key.split(".")]
    if not sep or len(path) < 3 or not all(path):
        raise DataError(
            "--set",
            text,
            "(syntax)",
            f"{game}.FILE.TABLE.FIELD=VALUE, {game}.FILE.FIELD=VALUE or {game}.TABLE.FIELD=VALUE "
            "(FILE: a data file's name without .toml, e.g. board)",
        )
    if path[0] != game:
        raise DataError("--set", text, path[0], f"the game being played, {game!r}")
    overlay: Overlay = {path[-1]: value_of(raw.strip())}
    for part in reversed(path[1:-1]):
        overlay = {part: overlay}
    return overlay


def as_text_where_shipped(game: str, text: str, overlay: Overlay) -> Overlay:
    """The overlay of ``--set`` ``text`` with its bare numbers read as text where the shipped value of
    the field is text (a string, or a list of strings): ``airport-rush.BR1.slots=6,blue`` sets
    ``["6", "blue"]`` as ``"6",blue`` does. Other values, and values written as TOML (``[6, "blue"]``),
    are left as they are."""
    raw = text.partition("=")[2].strip()
    read = value_of(raw)
    if _toml_value(raw) is not _NOTHING and not isinstance(read, int | float):
        return overlay  # TOML as written: a list, a quoted string, a boolean…
    try:
        (found,) = changes(game, _marked(overlay))
    except (DataError, ValueError):  # not a field of the shipped data, or several: checked later
        return overlay
    shipped = found.before
    parts = [part.strip() for part in raw.split(",") if part.strip()]
    if isinstance(shipped, str) and isinstance(read, int | float):
        value: Any = raw
    elif _texts(shipped) and isinstance(read, list):
        value = [v if isinstance(v, str) else part for v, part in zip(read, parts, strict=True)]
    else:
        return overlay
    out: Overlay = {}
    inner = out
    keys = _leaf_keys(overlay)
    for key in keys[:-1]:
        inner = inner.setdefault(key, {})
    inner[keys[-1]] = value
    return out


def _texts(value: object) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, str) for v in value)


def _leaf_keys(overlay: Mapping[str, Any]) -> list[str]:
    """The keys down to the one value of a ``--set`` overlay."""
    keys: list[str] = []
    inner: Any = overlay
    while isinstance(inner, Mapping):
        key = next(iter(inner))
        keys.append(key)
        inner = inner[key]
    return keys


def read_file(path: Path, game: str) -> Overlay:
    """The overlay in a ``--variant`` TOML file of ``game`` (a copy of one of its data files is the
    overlay that replaces that file's tables: see :func:`whole_file`)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(str(path), "(file)", "(file)", f"a readable file ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise DataError(str(path), "(file)", "(file)", "a TOML text file (it is not UTF-8 text)") from None
    document = parse_toml(text, str(path))
    if "reconstructed" in document:
        return whole_file(game, path, document)
    return document


def whole_file(game: str, path: Path, document: Overlay) -> Overlay:
    """A ``--variant`` file that is a copy of one of ``game``'s data files (it holds ``reconstructed``,
    as they all do, and no table another file does not have), as the overlay that replaces that
    file's tables with the copy's."""
    package = get(game).package
    tables = set(document) - {"reconstructed"}
    copied = [
        stem
        for stem in data_stems(package)
        if tables and tables <= set(load_toml(package, f"{stem}.toml")[1])
    ]
    if len(copied) != 1:
        raise DataError(
            str(path),
            "(top level)",
            ", ".join(sorted(document)),
            "an overlay (tables named after the data files, e.g. [airships.B1]) or a copy of one whole "
            f"data file with its tables ({', '.join(data_stems(package))}); "
            + (f"these tables are in {', '.join(copied)}" if copied else "no data file has these tables"),
        )
    return {copied[0]: {key: value for key, value in document.items() if key != "reconstructed"}}


def described(overlay: Mapping[str, Any], shown: int = 6) -> str:
    """What ``overlay`` changes, in ``--set`` words: ``airships.B1.movement=3, board.tokens.colours=[12, 9]``
    (a replaced array of tables by its name alone; past ``shown`` changes, how many more)."""
    changes: list[str] = []

    def walk(path: str, value: Any) -> None:
        if isinstance(value, Mapping):
            for key, inner in value.items():
                walk(f"{path}.{key}" if path else str(key), inner)
        elif isinstance(value, list) and value and all(isinstance(v, Mapping) for v in value):
            changes.append(f"{path} (all {len(value)} entries replaced)")
        else:
            changes.append(f"{path}={json.dumps(value)}")

    walk("", overlay)
    more = f" and {len(changes) - shown} more" if len(changes) > shown else ""
    return ", ".join(changes[:shown]) + more


def merge(base: Mapping[str, Any], change: Mapping[str, Any]) -> Overlay:
    """``change`` merged over ``base``, tables merged key by key, other values replaced."""
    out = dict(base)
    for key, value in change.items():
        if isinstance(out.get(key), Mapping) and isinstance(value, Mapping):
            out[key] = merge(out[key], value)
        else:
            out[key] = value
    return out


@dataclass(frozen=True)
class Variant:
    """A checked variant: the ``overlay`` to record (``None`` when it changes nothing) and ``notes`` for
    the designer (a change that overrides an earlier one, a change that changes nothing)."""

    overlay: Overlay | None
    notes: list[str] = field(default_factory=list)


def build(game: str, file: Path | None, settings: Sequence[str]) -> Overlay | None:
    """The checked overlay of ``--variant file`` and ``--set`` items (``None`` when there is none, or
    when it changes nothing); see :func:`prepare`."""
    return prepare(game, file, settings).overlay


def prepare(game: str, file: Path | None, settings: Sequence[str]) -> Variant:
    """The checked variant of ``--variant file`` and ``--set`` items, in that order.

    Raises :class:`DataError` naming what is wrong (syntax, unknown key, wrong type,
    invalid value, a change of the action space); nothing is changed then. Two changes to one field
    (under any of its names: ``board.tokens.colours``, ``tokens.colours``) keep the last, with a note
    that it overrides the earlier one. A variant whose values are all the shipped ones is no variant
    (``overlay`` ``None``, with a note saying so). An overlay that replaces a whole array of tables (an
    edited copy of a data file) or that overrides a change is recorded as its differences from the
    shipped data (``airships.B3.movement``) when they give the same data; otherwise as written.
    """
    sources = [(read_file(file, game), f"the variant {file}")] if file is not None else []
    sources += [
        (as_text_where_shipped(game, text, setting(game, text)), f"--set {text}") for text in settings
    ]
    overlay: Overlay = {}
    definition = get(game)
    package = definition.package
    notes: list[str] = []
    seen: list[tuple[set[tuple[str, ...]], str]] = []
    overridden = False
    for change, source in sources:
        before = overlay
        overlay = merge(overlay, change)
        try:
            json.dumps(overlay)
        except TypeError:
            raise DataError(
                source, "(values)", "(type)", "strings, numbers, booleans, lists and tables"
            ) from None
        try:
            definition.new_game(definition.spec.min_players, 0, {"data": overlay})
        except DataError as exc:  # the shipped file's name, entry and field, and where the change came from
            hint = (
                '; quote a bare number to make it text: "6"'
                if source.startswith("--set") and "string" in exc.expected and _has_number(source)
                else ""
            )
            raise DataError(
                exc.file, exc.entry, exc.field, f"{exc.expected} (changed by {source}{hint})"
            ) from None
        mine = touched(game, change)
        for paths, earlier in seen:
            common = sorted(
                ".".join(p) for p in mine if any(p[: len(q)] == q or q[: len(p)] == p for q in paths)
            )
            if common:
                overridden = True
                notes.append(
                    f"{source} overrides {earlier} on {', '.join(common)}: the last change to a field wins"
                )
        seen.append((mine, source))
        if len(sources) > 1 and overlaid(package, before) == overlaid(package, overlay):
            notes.append(f"{source} changes nothing: its values are already those of the shipped data")
    if not overlay:
        return Variant(None, notes)
    found = changes(game, overlay)
    if not found:
        already = (
            "is already the shipped value"
            if len(settings_of(overlay)) == 1
            else "are already the shipped values"
        )
        notes.append(
            f"this variant changes nothing: {described(overlay)} {already}; the run plays the shipped data "
            "and is recorded as no variant"
        )
        return Variant(None, notes)
    if overridden or _replaces_tables(overlay):
        small = minimal(found)
        if small is not None and overlaid(package, small) == overlaid(package, overlay):
            return Variant(small, notes)
    return Variant(overlay, notes)


MISSING: Any = type("Missing", (), {"__repr__": lambda self: "(none)"})()
"""A field one side of a :class:`Change` does not have."""


@dataclass(frozen=True)
class Change:
    """One field a variant changes, against the shipped data: ``keys`` in ``--set`` words
    (``("airships", "B3", "movement")``: the file, then an entry by id, or a table, an array and an
    entry by number, name or place, then the field), its ``before`` and ``after`` values
    (:data:`MISSING` for none), and the shipped table of the array entry it is in, if any."""

    keys: tuple[str, ...]
    before: Any
    after: Any
    entry: Mapping[str, Any] | None = None

    @property
    def path(self) -> str:
        return ".".join(self.keys)

    def __str__(self) -> str:
        return f"{self.path} {_value(self.before)} → {_value(self.after)}"


def changes(game: str, overlay: Mapping[str, Any] | None) -> list[Change]:
    """Every field ``overlay`` changes in ``game``'s data as installed here, in file order (none for a
    value that is already the shipped one); entries are matched by their names, so an edited copy of a
    whole data file gives just the fields edited."""
    package = get(game).package
    out: list[Change] = []
    shipped, mine = overlaid(package, None), overlaid(package, overlay)
    for stem in shipped:
        _walk((stem,), shipped[stem], mine[stem], None, out)
    return out


def touched(game: str, overlay: Mapping[str, Any]) -> set[tuple[str, ...]]:
    """The fields ``overlay`` sets, whatever their values (as :class:`Change` keys); a replaced array
    of tables sets the fields that differ from the shipped ones."""
    return {c.keys for c in changes(game, _marked(overlay))}


def described_changes(game: str, overlay: Mapping[str, Any] | None, shown: int | None = None) -> list[str]:
    """What ``overlay`` changes, one line per field, as ``airships.B3.movement 3 → 1`` (against the
    data installed here); past ``shown`` lines, how many more. An overlay that does not apply here
    (other data files) is described as written (:func:`settings_of`)."""
    if not overlay:
        return []
    try:
        lines = [str(c) for c in changes(game, overlay)]
    except (DataError, KeyError):
        lines = settings_of(overlay)
    if not lines:
        lines = [f"{line} (already the shipped value)" for line in settings_of(overlay)]
    if shown is not None and len(lines) > shown:
        lines = [*lines[:shown], f"and {len(lines) - shown} more"]
    return lines


def settings_of(overlay: Any, path: str = "") -> list[str]:
    """An overlay as the ``--set`` settings that make it (``board.tokens.colours=[12, 9, 6, 3]``; a
    replaced array of tables by its name alone)."""
    if isinstance(overlay, Mapping):
        return [s for key, value in overlay.items() for s in settings_of(value, f"{path}{key}.")]
    if not path:
        return []
    if _tables(overlay):
        return [f"{path.rstrip('.')} (all {len(overlay)} entries replaced)"]
    return [f"{path.rstrip('.')}={json.dumps(overlay)}"]


def minimal(found: Sequence[Change]) -> Overlay | None:
    """The overlay that makes just ``found`` (entries by id, number, name or place), or ``None`` when
    one removes a field (no overlay can)."""
    out: Overlay = {}
    for change in found:
        if change.after is MISSING:
            return None
        table = out
        for key in change.keys[:-1]:
            table = table.setdefault(key, {})
        table[change.keys[-1]] = change.after
    return out


def _walk(
    keys: tuple[str, ...], before: Any, after: Any, entry: Mapping[str, Any] | None, out: list[Change]
) -> None:
    if before is after or (type(before) is type(after) and before == after):
        return
    if isinstance(before, dict) and isinstance(after, dict):
        for key in [*before, *(k for k in after if k not in before)]:
            _walk((*keys, key), before.get(key, MISSING), after.get(key, MISSING), entry, out)
    elif _tables(before) and _tables(after) and _same_entries(keys[-1], before, after):
        for i, (b, a) in enumerate(zip(before, after, strict=True)):
            _walk(_entry_keys(keys, i, b), b, a, b, out)
    else:
        out.append(Change(keys, before, after, entry))


def _entry_keys(keys: tuple[str, ...], i: int, table: Mapping[str, Any]) -> tuple[str, ...]:
    """How ``--set`` names entry ``i`` of the array at ``keys``: by id straight under the file (for an
    array at a file's top level), else by id, number or name, else by place."""
    if "id" in table and len(keys) == 2:
        return (keys[0], str(table["id"]))
    pick = next((str(table[name]) for name in ENTRY_NAMES if name in table), str(i))
    return (*keys, pick)


def _same_entries(array: str, before: list[dict[str, Any]], after: list[dict[str, Any]]) -> bool:
    """Whether two arrays of tables hold the same entries in the same order (by their names)."""
    names = [tuple(t.get(n) for n in ENTRY_NAMES) for t in before]
    return len(before) == len(after) and names == [tuple(t.get(n) for n in ENTRY_NAMES) for t in after]


def _tables(value: object) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, Mapping) for v in value)


def _replaces_tables(overlay: Any) -> bool:
    """Whether ``overlay`` replaces a whole array of tables somewhere (an edited copy of a data file)."""
    if isinstance(overlay, Mapping):
        return any(_replaces_tables(v) for v in overlay.values())
    return _tables(overlay)


class _Mark:
    """A value unlike any other, put in place of each value of an overlay to find the fields it sets."""


def _marked(overlay: Any) -> Any:
    if isinstance(overlay, Mapping):
        return {key: _marked(value) for key, value in overlay.items()}
    return overlay if _tables(overlay) else _Mark()


def _value(value: Any) -> str:
    return repr(value) if value is MISSING else json.dumps(value, ensure_ascii=False)


def _toml_value(text: str) -> Any:
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        return _NOTHING


_NOTHING = object()


def _has_number(setting: str) -> bool:
    """Whether the value of ``--set key=value`` holds a bare number (``6`` in ``6,blue``)."""
    parts = re.split(r"[\s,\[\]]+", setting.partition("=")[2])
    return any(re.fullmatch(r"-?\d+(\.\d+)?", p) for p in parts)
