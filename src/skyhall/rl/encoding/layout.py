"""Observation layouts: a flat ``float32`` vector cut into named parts, and the encoders built on one.

A game's encoder declares its parts once, at import, with :meth:`Layout.flags`
(entries that are 0 or 1) and :meth:`Layout.numbers` (scaled counts and values).
Each declaration returns the part's first index, which the encoder adds to; the
same declarations produce the documentation table (:meth:`Layout.table`) and the
debugging dump (:meth:`Layout.dump`), so the code, the docs and what a person
reads off a vector cannot disagree.

Seats are written relative to the observer: ``me``, then ``+1`` (next in seat
order), ``+2``, ``+3``. Every part is sized for the most players the game allows,
so one game has one observation size whatever the player count.

Two encoders build on a layout. :class:`Incremental` (Airport Rush, Skyrise) is
given the view's fields and the entries each sets (:class:`Field`, with helpers
such as :func:`flag` and :func:`seat_flag`), keeps each observer's last vector
and rewrites only the fields that changed. :class:`Direct` (Skyport) writes every
view from scratch with the game's ``write``, its costly parts remembered by
identity (:class:`ByIdentity`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import dataclass
from functools import cache
from itertools import compress
from operator import attrgetter, ne
from typing import Any, Generic, TypeAlias, TypeVar, cast

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
        """Each part with a nonzero entry, and those entries by label (a 1 flag shows its label alone)."""
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

Pairs = list[tuple[int, float]]
"""Entries of a vector: index and value."""

Rel = tuple[int, ...]
"""The observer's :func:`relative` seats: ``rel[p]`` is seat ``p`` as the observer sees it."""

Entries = Callable[[Any, int, Rel], Pairs]
"""``entries(member, k, rel)``: the entries that member ``k`` of a view field sets, for the observer whose
:func:`relative` seats are ``rel``; it must depend on nothing else (a field that is one member: ``k`` 0)."""


@dataclass(frozen=True, slots=True)
class Field:
    """A field of the view and the entries it sets.

    With ``members`` the field is a tuple (one entry per seat, Supply row, district, ...) and each
    member is rewritten alone when it changes, which is what makes a change cheap: one move takes a card
    from one hand, not from every hand. Otherwise the field is rewritten whole (a number, a flag, a tuple
    read as one). No two members (of this field or another) may set the same entry in one view.
    """

    name: str
    entries: Entries
    members: bool = False


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


Cells: TypeAlias = "memoryview[float]"
"""A float32 vector seen through a memoryview: setting one entry costs half of ``vector[i] = x``."""

_UNSEEN = object()
"""The value a record holds for each field before its first view: equal to no field's value."""


class _Record:
    """What one observer's last view set: each field's value, each member's entries, the vector."""

    __slots__ = ("cells", "game", "rel", "values", "vector", "written")

    def __init__(self, game: object, rel: tuple[int, ...], members: tuple[bool, ...], size: int) -> None:
        self.game = game
        """Kept alive so that no other game's object can take its ``id`` (part of the record's key)."""
        self.rel = rel
        self.values: tuple[Any, ...] = (_UNSEEN,) * len(members)
        self.written: list[list[Pairs]] = [[] if each else [[]] for each in members]
        """Per field, per member, the entries it set (what to clear when the member changes); a field
        that is one member has one."""
        self.vector = np.zeros(size, np.float32)
        self.cells = cast(Cells, self.vector.data)

    def copy(self, game: object) -> _Record:
        """A record of ``game`` that starts where this one is."""
        twin = _Record.__new__(_Record)
        twin.game, twin.rel, twin.values = game, self.rel, self.values
        twin.written = [list(w) for w in self.written]
        twin.vector = self.vector.copy()
        twin.cells = cast(Cells, twin.vector.data)
        return twin


class Incremental(Encoder):
    """An encoder that keeps each observer's last vector and rewrites only what the new view changed.

    An environment encodes every position, and one move changes a field or two of the view: a card
    leaves a hand, dice land on a space, the turn passes. So each observer (player count and seat, which
    fix the relative seats; and the game, when ``game`` names a field that is one object for all of a
    game's views, so that games played side by side each keep their own) has a record of the field
    values it last encoded, the entries each member set, and the vector. A new view is compared with the
    record: views share their tuples with the state and with each other, and tuples compare by identity
    first, so one comparison per field (all of them mapped in C) finds the few that changed at little
    cost. Of those, the members that changed have their old entries cleared, then the new members'
    entries are set (all clears first: a card that moved from one member to another keeps its new
    entry). The vector is copied out, so the caller's buffer needs no zeroing.

    Equality of values decides, never history: a record of another game, another position or none
    at all gives exactly the vector a first encoding gives, only slower. A record is taken out of the
    table while it is brought up to date, so another thread (or an error half way) finds none and
    starts afresh rather than from a half-written vector.
    """

    __slots__ = ("entries", "fields", "game", "indices", "limit", "members", "records", "starts", "values")

    def __init__(
        self, layout: Layout, fields: Sequence[Field], game: str | None = None, limit: int = 256
    ) -> None:
        super().__init__(layout)
        self.fields = tuple(fields)
        self.values = attrgetter(*(f.name for f in self.fields))
        """All the fields of a view at once, as a tuple."""
        self.indices = range(len(self.fields))
        self.entries = tuple(f.entries for f in self.fields)
        self.members = tuple(f.members for f in self.fields)
        self.game = None if game is None else attrgetter(game)
        self.limit = limit
        """At most this many records are kept, the least recently used dropped first."""
        self.records: dict[tuple[int, int, int], _Record] = {}
        self.starts: dict[tuple[int, int], _Record] = {}
        """Per observer, the record of its first game after its first view (see :meth:`_begin`)."""

    def encode(self, view: Any, out: Vector | None = None) -> Vector:
        seat = view.seat
        if seat is None:
            raise ValueError("observations are a seat's: encode view(seat), not a spectator's view")
        players = view.players
        game = None if self.game is None else self.game(view)
        key = (players, seat, id(game))
        record = self.records.pop(key, None)
        if record is not None:
            self._update(record, self.values(view))
        else:
            record = self._begin(players, seat, game, self.values(view))
        self.records[key] = record
        if out is None:
            return record.vector.copy()
        out[:] = record.vector
        return out

    def _begin(self, players: int, seat: int, game: object, values: tuple[Any, ...]) -> _Record:
        """A record for an observer's first view of a game. It starts as a copy of where the observer's
        first game started (games start alike: empty boards, full pools), or from nothing for the first
        game, whose record after its first view is then copied as that start."""
        self._make_room()
        start = self.starts.get((players, seat))
        if start is not None:
            record = start.copy(game)
            self._update(record, values)
        else:
            record = _Record(game, relative(players, seat), self.members, self.layout.size)
            self._update(record, values)
            self.starts[players, seat] = record.copy(None)
        return record

    def _make_room(self) -> None:
        """Drop the least recently used record when the table is full (records are put back after
        each use, so the first in the table is the oldest). Another thread changing the table while
        it is looked at only means none is dropped this time."""
        if len(self.records) >= self.limit:
            with suppress(RuntimeError, StopIteration):
                self.records.pop(next(iter(self.records)), None)

    def _update(self, record: _Record, values: tuple[Any, ...]) -> None:
        """Make ``record`` encode a view whose fields are ``values``.

        For each field whose value changed: add to ``clear`` the entries (remembered in ``written``)
        of each member that differs from the new value's member at its place, and to ``put`` those of
        the new member, remembering them (a field that is one member is one such member; a tuple that
        grew by one, a card discarded, costs one member). Then the clears and the puts are written.
        It is one function with its loops inline: this is the hot path of every environment step.
        """
        clear: Pairs = []
        put: Pairs = []
        last, rel, written_by_field = record.values, record.rel, record.written
        entries_of, members_of = self.entries, self.members
        for i in compress(self.indices, map(ne, last, values)):
            entries, now, written = entries_of[i], values[i], written_by_field[i]
            if not members_of[i]:
                clear += written[0]
                written[0] = pairs = entries(now, 0, rel)
                put += pairs
                continue
            was = () if last[i] is _UNSEEN else last[i]
            common = len(now) if len(was) >= len(now) else len(was)
            for k in compress(range(common), map(ne, was, now)):
                clear += written[k]
                written[k] = pairs = entries(now[k], k, rel)
                put += pairs
            if len(written) != len(now):  # members were added or dropped at the end
                for pairs in written[common:]:
                    clear += pairs
                del written[common:]
                for k in range(common, len(now)):
                    written.append(pairs := entries(now[k], k, rel))
                    put += pairs
        cells = record.cells
        for at, _ in clear:
            cells[at] = 0.0
        for at, value in put:
            cells[at] = value
        record.values = values


def flag(start: int, stride: int = 1) -> Entries:
    """Entries of a field that is a number ``x``: the flag ``start + x * stride``, none when ``x`` is
    negative (a card ``c`` in one location of a card-by-location grid has ``stride`` the locations)."""

    def entries(x: int, _k: int, _rel: Rel) -> Pairs:
        return [(start + x * stride, 1.0)] if x >= 0 else []

    return entries


def flag_when_set(at: int) -> Entries:
    """Entries of a field that is a number, negative when unset (a turn, a die): the flag ``at`` when set."""

    def entries(x: int, _k: int, _rel: Rel) -> Pairs:
        return [(at, 1.0)] if x >= 0 else []

    return entries


def seat_flag(start: int) -> Entries:
    """Entries of a field that is a seat ``p``: the flag of ``p`` relative to the observer, at ``start``;
    none when ``p`` is ``None`` or negative (no seat)."""

    def entries(p: int | None, _k: int, rel: Rel) -> Pairs:
        return [(start + rel[p], 1.0)] if p is not None and p >= 0 else []

    return entries


def seat_flags(start: int) -> Entries:
    """Entries of a field that is a tuple of seats: their flags relative to the observer, at ``start``."""

    def entries(seats: tuple[int, ...], _k: int, rel: Rel) -> Pairs:
        return [(start + rel[p], 1.0) for p in seats]

    return entries


def number(at: int, scale: float) -> Entries:
    """Entries of a field that is a number ``x``: the entry ``at``, ``x / scale``."""

    def entries(x: int, _k: int, _rel: Rel) -> Pairs:
        return [(at, x / scale)]

    return entries


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


def header_fields(starts: tuple[int, int, int]) -> tuple[Field, Field, Field]:
    """The fields that set the :func:`header`'s flags, for an :class:`Incremental` encoder."""
    players, to_act, decision = starts
    return (
        Field("players", flag(players - 2)),
        Field("to_act", seat_flag(to_act)),
        Field("step", flag(decision)),
    )


def write_header(starts: tuple[int, int, int], view: Any, rel: tuple[int, ...], out: Vector) -> None:
    """Set the header's flags for ``view`` (``rel``: the observer's :func:`relative` seats)."""
    players, to_act, decision = starts
    out[players + view.players - 2] = 1.0
    out[decision + view.step] = 1.0
    if view.to_act is not None:
        out[to_act + rel[view.to_act]] = 1.0
