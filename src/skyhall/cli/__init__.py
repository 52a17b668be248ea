"""The terminal front door: ``skyhall games | rules | play | sim | replay`` (typer + rich).

The commands know no game by name. They look games up in :mod:`skyhall.core.registry`
and draw them with the game's own text module, ``skyhall.games.<package>.text``
(see :class:`skyhall.cli.common.GameText`): plain strings built from a seat's view,
which :mod:`skyhall.cli.common` frames in rich panels and colours. A new game adds
its ``text.py`` and every command works for it.
"""

from __future__ import annotations

import sys
import warnings
from typing import Any

from skyhall.core.errors import BrokenGame, DataError


def _one_line(message: Warning | str, category: type[Warning], *where: Any, **more: Any) -> str:
    """A game left out for its data (:class:`BrokenGame`) in one line, as a data error is said; other
    warnings as Python says them."""
    if issubclass(category, BrokenGame):
        return f"Warning: {message}\n"
    return _python_format(message, category, *where, **more)


_python_format = warnings.formatwarning


def main() -> None:
    """The ``skyhall`` script: the commands, with a data file that cannot be loaded said in one line.

    The games' card, board and token files are read and checked as the commands are imported, so a
    data file edited wrong would otherwise end every command in a traceback; its error names the
    file, the entry, the field and what was expected.
    """
    warnings.formatwarning = _one_line
    try:
        from skyhall.cli.main import app  # imports the games, which load their data

        app(prog_name="skyhall")
    except DataError as exc:
        print(f"Error: a data file could not be loaded: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
