"""Observation layouts: a flat ``float32`` vector cut into named parts, and what every encoder shares.

A game's encoder declares its parts once, at import, with :meth:`Layout.flags`
(entries that are 0 or 1) and :meth:`Layout.numbers` (scaled counts and values).
Each declaration returns the part's first index, which the encoder adds to; the
same declarations produce the documentation table (:meth:`Layout.table`) and the
debugging dump (:meth:`Layout.dump`), so the code, the docs and what a person
reads off a vector cannot disagree.

Seats are written relative to the observer: ``me``, then ``+1`` (next in seat
order), ``+2``, ``+3``. Every part is sized for the most players the game allows,
so one game has one observation size whatever the player count.

Two encoders build on a layout: :class:`~skyhall.rl.encoding.incremental.Incremental`
(Airport Rush, Skyrise) keeps each observer's last vector and rewrites only the
view fields that changed; :class:`~skyhall.rl.encoding.direct.Direct` (Skyport)
writes every view from scratch, its costly parts remembered by identity.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

Vector = npt.NDArray[np.float32]

SEATS = ("me", "+1", "+2", "+3")
"""Seat labels, relative to the observer."""


@dataclass(frozen=True, slots=True)
class Part:
    """One named slice of the vector."""

    name: str
    start: int
    labels: tuple[str, ...]
    """One label per entry, e.g. ``me/B3`` for row ``me`` and column ``B3`` of a grid."""
    what: str
    numeric: bool
    """``False``: every entry is 0 or 1; ``True``: scaled numbers (``what`` gives the scale)."""

    @property
    def stop(self) -> int:
        return self.start + len(self.labels)


class Layout:
    """The parts of one game's observation vector, in order."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.parts: list[Part] = []
        self.size = 0

    def flags(self, name: str, labels: Sequence[str], what: str) -> int:
        """Declare a part of 0/1 entries; returns its first index."""
        return self._add(name, tuple(labels), what, numeric=False)

    def numbers(self, name: str, labels: Sequence[str], what: str) -> int:
        """Declare a part of scaled numbers; returns its first index."""
        return self._add(name, tuple(labels), what, numeric=True)

    def grid(
        self, name: str, rows: Sequence[str], cols: Sequence[str], what: str, numeric: bool = False
    ) -> int:
        """Declare a row-major ``rows x cols`` part: entry ``start + r * len(cols) + c``."""
        return self._add(name, tuple(f"{r}/{c}" for r in rows for c in cols), what, numeric)

    def _add(self, name: str, labels: tuple[str, ...], what: str, numeric: bool) -> int:
        if any(p.name == name for p in self.parts):
            raise ValueError(f"{self.game} layout already has a part {name!r}")
        part = Part(name, self.size, labels, what, numeric)
        self.parts.append(part)
        self.size = part.stop
        return part.start

    def part(self, name: str) -> Part:
        for p in self.parts:
            if p.name == name:
                return p
        raise KeyError(f"{self.game} layout has no part {name!r}")

    def table(self) -> str:
        """The layout as a Markdown table (what ``docs/rl.md`` shows)."""
        lines = [
            f"`{self.game}`: {self.size} entries.",
            "",
            "| slice | part | entries | kind | what |",
            "| --- | --- | --- | --- | --- |",
        ]
        for p in self.parts:
            kind = "numbers" if p.numeric else "0/1"
            shown = p.labels[0] if len(p.labels) == 1 else f"{p.labels[0]} … {p.labels[-1]}"
            lines.append(
                f"| {p.start}:{p.stop} | `{p.name}` | {len(p.labels)} ({shown}) | {kind} | {p.what} |"
            )
        return "\n".join(lines)

    def dump(self, obs: Vector) -> str:
        """Each part with a nonzero entry, and those entries by label (a 1 flag shows its label alone).
        ``obs`` may be any sequence of numbers (a list read back from JSON, a tensor's ``.tolist()``)."""
        wrong = TypeError(f"a {self.game} observation is a sequence of numbers, not {type(obs).__name__}")
        try:
            obs = np.asarray(obs, dtype=np.float32)
        except (TypeError, ValueError):
            raise wrong from None
        if obs.ndim == 0:  # one number, or None (which numpy reads as NaN)
            raise wrong
        if obs.shape != (self.size,):
            raise ValueError(f"a {self.game} observation has shape ({self.size},), not {obs.shape}")
        lines = []
        for p in self.parts:
            values = obs[p.start : p.stop]
            shown = [
                p.labels[i] if not p.numeric and v == 1.0 else f"{p.labels[i]}={float(v):g}"
                for i in np.flatnonzero(values).tolist()
                for v in (values[i],)
            ]
            if shown:
                lines.append(f"{p.name} [{p.start}:{p.stop}]: {', '.join(shown)}")
        return "\n".join(lines)


Index = npt.NDArray[np.intp]
"""Indices into an observation vector."""


class Encoder:
    """Turns a seat's view into a vector of ``layout.size`` floats, optionally in a caller's buffer."""

    __slots__ = ("layout",)

    def __init__(self, layout: Layout) -> None:
        self.layout = layout

    @property
    def size(self) -> int:
        return self.layout.size

    def encode(self, view: Any, out: Vector | None = None) -> Vector:
        """Encode ``view`` (a seat's view, never a spectator's) into ``out`` (allocated when ``None``)."""
        raise NotImplementedError

    def dump(self, obs: Vector) -> str:
        return self.layout.dump(obs)

    def check_buffer(self, out: Vector) -> None:
        """``TypeError``/``ValueError`` unless ``out`` is a writable float32 vector of ``size`` entries
        (what ``encode`` writes into), before anything is written."""
        if not isinstance(out, np.ndarray) or out.dtype != np.float32:
            raise TypeError(
                f"out must be a numpy float32 array, not {getattr(out, 'dtype', type(out).__name__)}"
            )
        if out.shape != (self.layout.size,):
            raise ValueError(f"out must have shape ({self.layout.size},), not {out.shape}")
        if not out.flags.writeable:
            raise ValueError("out is read-only")


@cache
def relative(players: int, seat: int) -> tuple[int, ...]:
    """``relative(n, seat)[p]``: seat ``p`` as the observer sees it (0 is the observer)."""
    return tuple((p - seat) % players for p in range(players))


def header(layout: Layout, decisions: Sequence[str]) -> tuple[int, int, int]:
    """The first parts of every game's vector: player count, who acts, which decision.

    Returns the starts of ``players`` (one flag per count 2..4), ``to_act`` (a relative
    seat; none when the game is over) and ``decision`` (one flag per decision name).
    """
    return (
        layout.flags("players", ("2", "3", "4"), "how many play"),
        layout.flags("to_act", SEATS, "the seat that decides now (none: the game is over)"),
        layout.flags("decision", decisions, "the pending decision (the game's step)"),
    )
