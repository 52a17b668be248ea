"""The terminal front door: ``skyhall games | rules | play | sim | replay`` (typer + rich).

The commands know no game by name. They look games up in :mod:`skyhall.core.registry`
and draw them with the game's own text module, ``skyhall.games.<package>.text``
(see :class:`skyhall.cli.common.GameText`): plain strings built from a seat's view,
which :mod:`skyhall.cli.common` frames in rich panels and colours. A new game adds
its ``text.py`` and every command works for it.
"""
