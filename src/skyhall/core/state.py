"""The surface every game's ``State`` offers (``GameState``, a structural protocol) and the plumbing
shared by every game's ``State`` (``TurnState``)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from types import ModuleType
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from skyhall.core.flow import take_forced
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


def check_seat(seat: int | None, players: int) -> None:
    """``ValueError`` unless ``seat`` is one of a ``players``-seat game's seats, or ``None`` (a spectator):
    every view starts here, so a seat number out of range never reads another seat's secrets."""
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < players):
        raise ValueError(
            f"no seat {seat!r} in a {players}-player game: seats are 0..{players - 1}, None a spectator"
        )


def filled(items: tuple[int, ...], pool: list[int], hidden: int = EMPTY) -> tuple[int, ...]:
    """``items`` (a row of a view) with each ``hidden`` entry drawn from the end of ``pool`` (shuffled by
    the caller; the cards drawn leave it): how a determinization deals a row's hidden cards. A row with
    none hidden is returned itself, shared as the state shares it (search remembers values by identity)."""
    if hidden not in items:
        return items
    return tuple(pool.pop() if c == hidden else c for c in items)


@cache
def rivals_of(players: int, seat: int | None) -> tuple[int, ...]:
    """The seats other than ``seat`` (every seat for a spectator): whose secrets a view masks. Made
    once per player count and seat (a view is built every environment step)."""
    return tuple(p for p in range(players) if p != seat)


class FaceDown:
    """Masked rows of a view: ``face_down(count)`` is ``count`` copies of the game's ``placeholder`` for a
    hidden card, one shared tuple per count below ``keep`` (every hidden row, in practice), so views
    share their masked rows and an encoder comparing by identity finds them again."""

    __slots__ = ("placeholder", "rows")

    def __init__(self, placeholder: int, keep: int = 64) -> None:
        self.placeholder = placeholder
        self.rows = tuple((placeholder,) * count for count in range(keep))

    def __call__(self, count: int) -> tuple[int, ...]:
        rows = self.rows
        return rows[count] if count < len(rows) else (self.placeholder,) * count


A = TypeVar("A")


class TurnState(Generic[A]):
    """Plumbing of the contract that is the same in every game, for a game's ``State`` to inherit.

    Its only data is the cached legal set (``_legal``): the game's ``State`` declares
    ``n``, ``step``, ``actor`` and ``log`` in its own slots, names the step that
    means the game is over in ``OVER``, and names its modules in the class statement::

        class State(TurnState[Action], rules=rules, scoring=scoring, view=view): ...

    Their functions become the contract's methods (:meth:`__init_subclass__`), so the rules
    stay in ``rules``, ``scoring`` and ``view``, and calling one costs no wrapper frame;
    :meth:`apply` (one action, then :meth:`settle`) is the one written here.
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

    def apply(self, action: A) -> None:
        """Carry out a legal ``action`` (unchecked), then every decision that has only one choice."""
        self._carry_out(action)
        self.settle()

    def settle(self) -> None:
        """Carry the game through every decision that has only one choice (records hold real choices
        only), and keep the legal set of the decision it stops at."""
        cls = type(self)
        self._legal = tuple(take_forced(self, cls._compute_legal, cls._carry_out))

    # The methods each game's modules supply (see __init_subclass__); declared here for their types.

    def _compute_legal(self) -> tuple[A, ...]:
        raise NotImplementedError

    def _carry_out(self, action: A) -> None:
        raise NotImplementedError

    def why_illegal(self, action: Any) -> str:
        """Why ``action`` is not legal now, in plain words."""
        raise NotImplementedError

    def result(self) -> Result:
        """The final scores, score sheets and winners."""
        raise NotImplementedError

    def view(self, seat: int | None, log: bool = True, reveal: bool = False) -> Any:
        """What ``seat`` may know (see :meth:`GameState.view`)."""
        raise NotImplementedError

    def _sample(self: TS, view: Any, rng: Rng) -> TS:
        raise NotImplementedError

    def __init_subclass__(
        cls,
        rules: ModuleType | None = None,
        scoring: ModuleType | None = None,
        view: ModuleType | None = None,
        **kwargs: Any,
    ) -> None:
        """Bind a game's functions as its ``State``'s methods: ``rules.legal`` (as ``_compute_legal``),
        ``rules.carry_out`` (as ``_carry_out``: one action's own effects, which :meth:`apply` follows with
        :meth:`settle`), ``rules.why_illegal``, ``scoring.result``, ``view.build_view`` (as ``view``) and
        ``view.determinize`` (as ``_sample``, a function of the view alone)."""
        super().__init_subclass__(**kwargs)
        if rules is None or scoring is None or view is None:
            raise TypeError(f"{cls.__name__} must name its rules, scoring and view modules")
        methods = {
            "_compute_legal": rules.legal,
            "_carry_out": rules.carry_out,
            "why_illegal": rules.why_illegal,
            "result": scoring.result,
            "view": view.build_view,
            "_sample": staticmethod(view.determinize),
        }
        for name, function in methods.items():
            setattr(cls, name, function)


TS = TypeVar("TS", bound="TurnState[Any]")
