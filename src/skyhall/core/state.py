"""The surface every game's ``State`` offers (a structural protocol: games do not inherit from it)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from skyhall.core.result import Result
from skyhall.core.rng import Rng

S = TypeVar("S", bound="GameState")


class GameState(Protocol):
    """A game in progress.

    ``apply`` mutates and trusts its input (search calls it millions of times);
    untrusted input goes through :func:`skyhall.core.engine.play`.
    """

    game_id: str

    @property
    def players(self) -> int: ...

    @property
    def to_act(self) -> int | None:
        """The seat that must decide now, or ``None`` when the game is over."""

    @property
    def is_over(self) -> bool: ...

    def legal_actions(self) -> Sequence[Any]: ...

    def apply(self, action: Any) -> None: ...

    def clone(self: S) -> S: ...

    def result(self) -> Result: ...

    def view(self, seat: int | None) -> Any:
        """What ``seat`` may know (``None``: a spectator)."""

    def determinize(self: S, seat: int | None, rng: Rng) -> S:
        """A full state consistent with ``view(seat)``, its hidden parts sampled with ``rng``."""

    def why_illegal(self, action: Any) -> str:
        """Why ``action`` is not legal now, in plain words."""

    def snapshot(self) -> Any:
        """A comparable value holding the whole state (for replay and clone checks)."""
