"""The from-scratch encoder (Skyport's): every view written into a zeroed vector by the game's ``write``.

Its costly parts are remembered by the identity of the view's immutable tuples
(:class:`ByIdentity`), and a few scalars go straight in.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

import numpy as np

from skyhall.rl.encoding.layout import Encoder, Index, Layout, Vector

Write = Callable[[Any, Vector], list[Index]]
"""``write(view, out)``: set entries of the zeroed ``out`` one by one (numbers and single flags), and
return index arrays of further 1 flags (parts worked out once and cached), which ``encode`` sets.

Setting a lone entry costs about as much as converting one Python int to an index, so a few flags
go straight in; a part with many flags is worth an array only when it is cached (see :class:`ByIdentity`).
"""


class Direct(Encoder):
    """An encoder that writes every view from scratch into a zeroed vector (``write``)."""

    __slots__ = ("write",)

    def __init__(self, layout: Layout, write: Write) -> None:
        super().__init__(layout)
        self.write = write

    def encode(self, view: Any, out: Vector | None = None) -> Vector:
        if view.seat is None:
            raise ValueError("observations are a seat's: encode view(seat), not a spectator's view")
        if out is None:
            out = np.zeros(self.layout.size, np.float32)
        else:
            out.fill(0.0)
        for hot in self.write(view, out):
            out[hot] = 1.0
        return out


def index(hot: Sequence[int]) -> Index:
    """``hot`` as an index array (for a cached part)."""
    return np.array(hot, np.intp)


K = TypeVar("K")
R = TypeVar("R")


class ByIdentity(Generic[K, R]):
    """``compute(value, arg)`` remembered by the identity of ``value``, an immutable part of a view.

    Views share their tuples with the state and with each other (a skyport row
    stays the same object until it changes), so most parts of a new view were
    seen before, and finding them by ``id`` skips hashing them. With ``members``,
    ``value`` is a tuple of such parts, found by the identity of each (a view's
    tuple of rows is new, its rows are not). The cache keeps each value alive, so
    an ``id`` it holds cannot be reused; it starts over when full.
    """

    def __init__(self, compute: Callable[[K, int], R], members: bool = False, limit: int = 1 << 14) -> None:
        self.compute = compute
        self.members = members
        self.limit = limit
        self.found: dict[tuple[int, ...], tuple[K, R]] = {}

    def __call__(self, value: K, arg: int) -> R:
        key = (*map(id, value), arg) if self.members else (id(value), arg)  # type: ignore[call-overload]
        hit = self.found.get(key)
        if hit is not None:
            return hit[1]
        if len(self.found) >= self.limit:
            self.found.clear()
        result = self.compute(value, arg)
        self.found[key] = (value, result)
        return result


def write_header(starts: tuple[int, int, int], view: Any, rel: tuple[int, ...], out: Vector) -> None:
    """Set the header's flags for ``view`` (``rel``: the observer's :func:`relative` seats)."""
    players, to_act, decision = starts
    out[players + view.players - 2] = 1.0
    out[decision + view.step] = 1.0
    if view.to_act is not None:
        out[to_act + rel[view.to_act]] = 1.0
