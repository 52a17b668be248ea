"""Errors raised at the engine's edges.

Every error names what was wrong in words a player or a data author can act on.
"""

from __future__ import annotations

from collections.abc import Sequence


class SkyhallError(Exception):
    """Base class of every error Skyhall raises on purpose."""


class IllegalAction(SkyhallError):
    """An action that is not allowed in the current position.

    Carries what was tried, why it is illegal, and what is legal instead.
    The state it was tried on is left untouched.
    """

    def __init__(self, tried: str, reason: str, legal: Sequence[str]) -> None:
        self.tried = tried
        self.reason = reason
        self.legal = list(legal)
        shown = ", ".join(self.legal[:20])
        if len(self.legal) > 20:
            shown += f", … ({len(self.legal)} in all)"
        super().__init__(f"illegal action {tried!r}: {reason}. Legal now: {shown or 'nothing'}")


class MalformedAction(IllegalAction):
    """Text that is not an action of this game at all (a typo, a wrong game's notation)."""


class BrokenGame(UserWarning):
    """A game left out of the games listed because its data files do not load (the others play on)."""


class DataError(SkyhallError):
    """A card, board or token file that does not hold what the game expects."""

    def __init__(self, file: str, entry: str, field: str, expected: str) -> None:
        self.file = file
        self.entry = entry
        self.field = field
        self.expected = expected
        super().__init__(f"{file}: entry {entry!r}, field {field!r}: expected {expected}")


class RecordError(SkyhallError):
    """A game record that cannot be read or replayed."""

    def __init__(self, source: str, field: str, problem: str) -> None:
        self.source = source
        self.field = field
        self.problem = problem
        super().__init__(f"{source}: {field}: {problem}")
