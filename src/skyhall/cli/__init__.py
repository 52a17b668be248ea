"""The terminal front door: ``skyhall games | rules | play | sim | replay`` (typer + rich).

The commands know no game by name. They look games up in :mod:`skyhall.core.registry`
and draw them with the game's own text module, ``skyhall.games.<package>.text``
(see :class:`skyhall.cli.common.GameText`): plain strings built from a seat's view,
which :mod:`skyhall.cli.common` frames in rich panels and colours. A new game adds
its ``text.py`` and every command works for it.
"""

from __future__ import annotations

import sys

from skyhall.core.errors import DataError


def main() -> None:
    """The ``skyhall`` script: the commands, with a data file that cannot be loaded said in one line.

    The games' card, board and token files are read and checked as the commands are imported, so a
    data file edited wrong would otherwise end every command in a traceback; its error names the
    file, the entry, the field and what was expected.
    """
    try:
        from skyhall.cli.main import app  # imports the games, which load their data

        app(prog_name="skyhall")
    except DataError as exc:
        print(f"Error: a data file could not be loaded: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
