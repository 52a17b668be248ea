"""The incremental encoder (Airport Rush's and Skyrise's): each observer's last vector, patched.

An encoder is given the view's fields and the entries each sets (:class:`Field`).
It keeps each observer's last view and vector and rewrites only the fields that
changed. Most fields own their entries outright, a :class:`Run` per member (made
with :func:`run_field` and patterns such as :func:`one_hot` and :func:`scaled`),
and are rewritten by one slice copy; the others give their entries one by one
(e.g. :func:`flag`).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Sequence
from contextlib import suppress
from dataclasses import dataclass
from functools import lru_cache
from itertools import compress
from operator import attrgetter, is_not, ne
from typing import Any, TypeAlias, cast

import numpy as np

from skyhall.rl.encoding.layout import SEATS, Encoder, Layout, Vector, relative

Pairs = list[tuple[int, float]]
"""Entries of a vector: index and value."""

Rel = tuple[int, ...]
"""The observer's :func:`relative` seats: ``rel[p]`` is seat ``p`` as the observer sees it."""

Entries = Callable[[Any, int, Rel], Pairs]
"""``entries(member, k, rel)``: the entries that member ``k`` of a view field sets, for the observer whose
:func:`relative` seats are ``rel``; it must depend on nothing else (a field that is one member: ``k`` 0).
The encoder only reads the list, so ``entries`` may hand out a kept one (``functools.lru_cache``)."""


Cells: TypeAlias = "memoryview[float]"
"""A float32 vector seen through a memoryview: setting one entry costs half of ``vector[i] = x``, and
setting a slice from another such view costs about as much as setting one entry."""

Pattern = Callable[[Any, Rel], Cells]
"""``pattern(member, rel)``: the values of a :class:`Run`'s entries for ``member``, seen by the observer
whose :func:`relative` seats are ``rel`` (worked out once per member and kept: see :func:`cells`)."""


def cells(values: Iterable[float]) -> Cells:
    """``values`` as float32 :data:`Cells`, ready to be copied into a vector's slice (an ``array``: half
    the cost of a numpy one, the same float32 values)."""
    return cast(Cells, memoryview(array("f", values)))


@dataclass(frozen=True, slots=True)
class Run:
    """A run of ``width`` entries that each member owns alone, written at once from its :data:`Pattern`.

    Member ``k``'s run starts at ``part + k * stride`` (``part + rel[k] * stride`` when ``by_seat``: the
    members are seats, and a seat's row of a grid is ``stride`` long); a field that is one member has
    one run, at ``part``. No other member, of this field or another, may set an entry of a run in any
    view: then a changed member is one slice copied from a pattern kept per value, zeros and all, with
    nothing to clear or remember.
    """

    part: int
    width: int
    pattern: Pattern
    by_seat: bool = False
    stride: int = 0
    """``0``: ``width`` (the runs lie end to end)."""

    def start(self, k: int, rel: Rel) -> int:
        """The first entry of member ``k``'s run."""
        return self.part + (rel[k] if self.by_seat else k) * (self.stride or self.width)

    def entries(self, member: Any, k: int, rel: Rel) -> Pairs:
        """The run's nonzero entries for ``member`` (what a first encoding sets, and what tests check)."""
        start = self.start(k, rel)
        return [(start + j, x) for j, x in enumerate(self.pattern(member, rel).tolist()) if x]


@dataclass(frozen=True, slots=True)
class Field:
    """A field of the view and the entries it sets.

    With ``members`` the field is a tuple (one entry per seat, Supply row, district, ...) and each
    member is rewritten alone when it changes, which is what makes a change cheap: one move takes a card
    from one hand, not from every hand. Otherwise the field is rewritten whole (a number, a flag, a tuple
    read as one). No two members (of this field or another) may set the same entry in one view.
    With ``run`` (see :func:`run_field`) each member's entries are a :class:`Run` it owns: the fast way.
    """

    name: str
    entries: Entries
    members: bool = False
    run: Run | None = None


def run_field(
    name: str,
    part: int,
    width: int,
    pattern: Pattern,
    members: bool = False,
    by_seat: bool = False,
    stride: int = 0,
) -> Field:
    """A field whose each member (or the field, without ``members``) owns a :class:`Run`."""
    run = Run(part, width, pattern, by_seat, stride)
    return Field(name, run.entries, members, run)


def one_hot(width: int, offset: int = 0) -> Pattern:
    """The pattern of a member that is a number ``x``: the flag ``x - offset`` of the run, none when
    that is negative."""
    hot = [cells([float(j == x) for j in range(width)]) for x in range(-1, width)]

    def pattern(x: int, _rel: Rel) -> Cells:
        return hot[x - offset + 1 if x >= offset else 0]

    return pattern


def seat_hot(width: int = len(SEATS)) -> Pattern:
    """The pattern of a member that is a seat ``p``: the flag of ``p`` relative to the observer, none when
    ``p`` is ``None`` or negative."""
    hot = one_hot(width)

    def pattern(p: int | None, rel: Rel) -> Cells:
        return hot(rel[p] if p is not None and p >= 0 else -1, rel)

    return pattern


def seats_hot(width: int = len(SEATS)) -> Pattern:
    """The pattern of a member that is a tuple of seats: their flags relative to the observer."""

    @lru_cache(maxsize=1 << 8)
    def pattern(seats: tuple[int, ...], rel: Rel) -> Cells:
        run = [0.0] * width
        for p in seats:
            run[rel[p]] = 1.0
        return cells(run)

    return pattern


def when_set(x: int, _rel: Rel) -> Cells:
    """The pattern of a one-entry run for a number that is negative when unset (a turn): 1 when set."""
    return _FLAG[x >= 0]


def truth(b: bool, _rel: Rel) -> Cells:
    """The pattern of a one-entry run for a field that is true or false: 1 when true."""
    return _FLAG[b]


_FLAG = (cells([0.0]), cells([1.0]))


def item_flags(width: int, place: Sequence[int] | None = None) -> Pattern:
    """The pattern of a member that is a collection of items (Buildings in a pool, cards in a hand): the
    flag ``place[x]`` (``x`` without ``place``) of each item ``x``, none for a negative ``x``. Kept per
    member value."""

    @lru_cache(maxsize=1 << 12)
    def pattern(items: Sequence[int], _rel: Rel) -> Cells:
        run = [0.0] * width
        for x in items:
            if x >= 0:
                run[x if place is None else place[x]] = 1.0
        return cells(run)

    return pattern


def scaled(scale: float) -> Pattern:
    """The pattern of a member that is a count, or a tuple of counts: each ``/ scale``. Kept per value."""

    @lru_cache(maxsize=1 << 12)
    def pattern(counts: int | tuple[int, ...], _rel: Rel) -> Cells:
        return cells([x / scale for x in counts] if isinstance(counts, tuple) else [counts / scale])

    return pattern


_PLACES = range(1 << 20)
"""Every member's place (``_PLACES[k]`` is ``k``), for the members that are not seats."""

_UNSEEN = object()
"""The value a record holds for each field before its first view: equal to no field's value."""


RunData = tuple[int, int, Pattern, bool, Cells, int]
"""A :class:`Run` as :meth:`Incremental._update` reads it: part, width, pattern, ``by_seat``, a run of
zeros (what a dropped member leaves), stride."""


def _unpacked(run: Run) -> RunData:
    return (run.part, run.width, run.pattern, run.by_seat, cells([0.0] * run.width), run.stride or run.width)


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
    cost. Of those, only the members that are not the same object as before are rewritten: a member
    that owns a :class:`Run` by one slice copy from its pattern; any other has its old entries cleared,
    then its new ones set (all clears first: a card that moved from one member to another keeps its new
    entry). The vector is copied out, so the caller's buffer needs no zeroing.

    Equality of values decides, never history: a record of another game, another position or none
    at all gives exactly the vector a first encoding gives, only slower. A record is taken out of the
    table while it is brought up to date and copied out, so another thread (or an error half way) finds
    none and starts afresh rather than from a vector half written for another view.
    """

    __slots__ = (
        "entries",
        "fields",
        "game",
        "indices",
        "limit",
        "members",
        "records",
        "runs",
        "starts",
        "values",
    )

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
        self.runs = tuple(None if f.run is None else _unpacked(f.run) for f in self.fields)
        """Per field with one :class:`Run`: its part, width, pattern, ``by_seat``, a run of zeros, stride."""
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
        if out is not None:
            self.check_buffer(out)
        players = view.players
        game = None if self.game is None else self.game(view)
        key = (players, seat, id(game))
        record = self.records.pop(key, None)
        if record is not None:
            self._update(record, self.values(view))
        else:
            record = self._begin(players, seat, game, self.values(view))
        if out is None:
            out = record.vector.copy()
        else:
            out[:] = record.vector
        self.records[key] = record  # only once copied out: another thread may take it from here
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

        Each field whose value changed is rewritten member by member: only the members that are not
        the very object at their place before (a field that is one member is one such member; a tuple
        that grew by one, a card discarded, costs one member; an equal member that is another object
        is rewritten to what it was, so identity is only ever a shortcut). A member that owns a
        :class:`Run` has its run copied from its pattern. Any other has the entries it set
        (remembered in ``written``) cleared at once, and its new entries computed, remembered and kept
        in ``puts``, which are written once every clear is done (a card that moved from one member to
        another keeps its new entry). It is one function with its loops inline: this is the hot path
        of every environment step.
        """
        puts: list[Pairs] = []
        last, rel, written_by_field, cells = record.values, record.rel, record.written, record.cells
        entries_of, members_of, runs = self.entries, self.members, self.runs
        for i in compress(self.indices, map(ne, last, values)):
            now, run, was = values[i], runs[i], last[i]
            if run is not None:
                part, width, pattern, by_seat, zeros, stride = run
                if not members_of[i]:
                    cells[part : part + width] = pattern(now, rel)
                    continue
                if was is _UNSEEN:
                    was = ()
                where = rel if by_seat else _PLACES
                for k in compress(_PLACES, map(is_not, was, now)):
                    at = part + where[k] * stride
                    cells[at : at + width] = pattern(now[k], rel)
                if len(was) != len(now):  # members were added or dropped at the end
                    for k in range(len(now), len(was)):
                        at = part + where[k] * stride
                        cells[at : at + width] = zeros
                    for k in range(len(was), len(now)):
                        at = part + where[k] * stride
                        cells[at : at + width] = pattern(now[k], rel)
                continue
            written = written_by_field[i]
            if not members_of[i]:
                for at, _ in written[0]:
                    cells[at] = 0.0
                written[0] = pairs = entries_of[i](now, 0, rel)
                puts.append(pairs)
                continue
            if was is _UNSEEN:
                was = ()
            entries = entries_of[i]
            for k in compress(_PLACES, map(is_not, was, now)):
                for at, _ in written[k]:
                    cells[at] = 0.0
                written[k] = pairs = entries(now[k], k, rel)
                puts.append(pairs)
            if len(written) != len(now):  # members were added or dropped at the end
                common = len(now) if len(was) >= len(now) else len(was)
                for pairs in written[common:]:
                    for at, _ in pairs:
                        cells[at] = 0.0
                del written[common:]
                for k in range(common, len(now)):
                    written.append(pairs := entries(now[k], k, rel))
                    puts.append(pairs)
        for pairs in puts:
            for at, value in pairs:
                cells[at] = value
        record.values = values


def flag(start: int, stride: int = 1) -> Entries:
    """Entries of a field that is a number ``x``: the flag ``start + x * stride``, none when ``x`` is
    negative (a card ``c`` in one location of a card-by-location grid has ``stride`` the locations)."""

    def entries(x: int, _k: int, _rel: Rel) -> Pairs:
        return [(start + x * stride, 1.0)] if x >= 0 else []

    return entries


def header_fields(starts: tuple[int, int, int], decisions: Sequence[str]) -> tuple[Field, Field, Field]:
    """The fields that set the :func:`header`'s flags (of these ``decisions``), for an
    :class:`Incremental` encoder."""
    players, to_act, decision = starts
    return (
        run_field("players", players, 3, one_hot(3, offset=2)),
        run_field("to_act", to_act, len(SEATS), seat_hot()),
        run_field("step", decision, len(decisions), one_hot(len(decisions))),
    )
