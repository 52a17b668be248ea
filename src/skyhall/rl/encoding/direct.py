"""The from-scratch encoder (Skyport's): every view written into a zeroed vector by the game's ``write``.

Its costly parts are remembered by the identity of the view's immutable tuples
(:class:`skyhall.core.memo.ByIdentity`), and a few scalars go straight in.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from skyhall.rl.encoding.layout import Encoder, Index, Layout, Vector

Write = Callable[[Any, Vector], list[Index]]
"""``write(view, out)``: set entries of the zeroed ``out`` one by one (numbers and single flags), and
return index arrays of further 1 flags (parts worked out once and cached), which ``encode`` sets.

Setting a lone entry costs about as much as converting one Python int to an index, so a few flags
go straight in; a part with many flags is worth an array only when it is cached (see
:class:`skyhall.core.memo.ByIdentity`).
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
            self.check_buffer(out)
            out.fill(0.0)
        for hot in self.write(view, out):
            out[hot] = 1.0
        return out


def index(hot: Sequence[int]) -> Index:
    """``hot`` as an index array (for a cached part)."""
    return np.array(hot, np.intp)


def write_header(starts: tuple[int, int, int], view: Any, rel: tuple[int, ...], out: Vector) -> None:
    """Set the header's flags for ``view`` (``rel``: the observer's :func:`relative` seats)."""
    players, to_act, decision = starts
    out[players + view.players - 2] = 1.0
    out[decision + view.step] = 1.0
    if view.to_act is not None:
        out[to_act + rel[view.to_act]] = 1.0
