"""Variants: changes to a game's card and board data for one run, from ``--set`` and ``--variant``.

A variant is an *overlay* on the data files (see :class:`skyhall.core.data.Variants`):
a nested table whose first level names a data file by stem, then tables, entries (by
id, number or name) and fields. It travels as the game option ``data``, so it is recorded in every
game record and a replay rebuilds the same catalog.

- ``--set skyport.board.tokens.colours=12,9,6,3``: game id, file stem, table, field. The
  file may be left out when the table or entry id is in one file only
  (``skyport.tokens.colours``, ``skyport.B3.icons=cargo``). The value is read as a
  TOML value (``5``, ``true``, ``"text"``, ``[1, 2]``); a bare word is a string and
  commas make a list (``12,9,6,3``, ``passenger,cargo``).
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
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from skyhall.core.data import data_stems, load_toml, parse_toml
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


def build(game: str, file: Path | None, settings: Sequence[str]) -> Overlay | None:
    """The checked overlay of ``--variant file`` and ``--set`` items (``None`` when there is none).

    Raises :class:`DataError` naming what is wrong (syntax, unknown key, wrong type,
    invalid value, a change of the action space); nothing is changed then.
    """
    sources = [(read_file(file, game), f"the variant {file}")] if file is not None else []
    sources += [(setting(game, text), f"--set {text}") for text in settings]
    overlay: Overlay = {}
    definition = get(game)
    for change, source in sources:
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
            raise DataError(exc.file, exc.entry, exc.field, f"{exc.expected} (changed by {source})") from None
    return overlay or None


def _toml_value(text: str) -> Any:
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        return _NOTHING


_NOTHING = object()
