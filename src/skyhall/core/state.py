"""The surface every game's ``State`` offers (``GameState``, a structural protocol) and the plumbing
shared by every game's ``State`` (``TurnState``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from skyhall.core.log import Log, lines_for
from skyhall.core.result import Result
from skyhall.core.rng import Rng

S = TypeVar("S", bound="GameState")

EMPTY = -1
"""What an integer slot of a state or view holds when nothing is there: no card, no seat, no tycoon,
no die (every game stores its pieces as small integers, so one sentinel serves all three)."""


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

    def view(self, seat: int | None, log: bool = True, reveal: bool = False) -> Any:
        """What ``seat`` may know (``None``: a spectator), its log left out when ``log`` is false.

        ``reveal`` shows every hidden part the end of the game reveals, as it would be shown
        then, while the position (whose turn, its choices) stays this one: a finished match's
        replay is drawn with it.
        """

    def determinize(self: S, seat: int | None, rng: Rng) -> S:
        """A full state consistent with ``view(seat)``, its hidden parts sampled with ``rng``."""

    def why_illegal(self, action: Any) -> str:
        """Why ``action`` is not legal now, in plain words."""

    def snapshot(self) -> Any:
        """A comparable value holding the whole state (for replay and clone checks)."""


A = TypeVar("A")


class TurnState(Generic[A]):
    """Plumbing of the contract that is the same in every game, for a game's ``State`` to inherit.

    Its only data is the cached legal set (``_legal``): the game's ``State`` declares
    ``n``, ``step``, ``actor`` and ``log`` in its own slots, names the step that
    means the game is over in ``OVER``, and supplies ``_compute_legal``, ``view`` and
    ``_sample`` (a full state drawn from a view). Every game does it the same way: its
    ``State`` binds its modules' functions as the methods (``apply = rules.apply``,
    ``view = build_view``, ``_sample = staticmethod(determinize)``...), so the rules stay in
    ``rules``, ``scoring`` and ``view``, and a call costs no extra frame.
    """

    __slots__ = ("_legal",)
    OVER: ClassVar[int]
    n: int
    step: int
    actor: int
    log: Log
    _legal: tuple[A, ...] | None

    @property
    def players(self) -> int:
        return self.n

    @property
    def to_act(self) -> int | None:
        """The seat that must decide now, or ``None`` when the game is over."""
        return None if self.step == self.OVER else self.actor

    @property
    def is_over(self) -> bool:
        return self.step == self.OVER

    def legal_actions(self) -> Sequence[A]:
        """The pending decision's legal actions, computed once per position."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def log_for(self, seat: int | None) -> list[str]:
        """The game log in plain words as ``seat`` may read it."""
        return lines_for(self.log, seat)

    def determinize(self: TS, seat: int | None, rng: Rng) -> TS:
        """A full state drawn from ``view(seat)`` alone, so it cannot know more than that seat."""
        return self._sample(self.view(seat), rng)

    def view(self, seat: int | None, log: bool = True, reveal: bool = False) -> Any:
        raise NotImplementedError

    def _compute_legal(self) -> tuple[A, ...]:
        raise NotImplementedError

    def _sample(self: TS, view: Any, rng: Rng) -> TS:
        raise NotImplementedError


TS = TypeVar("TS", bound="TurnState[Any]")
