"""Results remembered by the identity of the immutable values they were computed from.

A state keeps its tuples until they change, and its views, clones and
determinizations share them, so a value derived from a few of them (a rival's
masked hand, the tops of the station decks) is asked for again and again with
the very same objects. Finding it by their ``id`` skips hashing them. Each entry
holds its inputs, so while it is remembered no other object can take one of
their ids; the memo starts over when it holds ``limit`` entries. :class:`Guarded` is for a
result of one such value that also depends on another which rarely changes (a catalog).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

G = TypeVar("G")
R = TypeVar("R")
T = TypeVar("T")


class ByIdentity(Generic[R]):
    """``memo(parts, compute)``: ``compute()``, remembered by the identities of ``parts``."""

    __slots__ = ("found", "limit")

    def __init__(self, limit: int = 1 << 12) -> None:
        self.limit = limit
        self.found: dict[tuple[int, ...], tuple[tuple[object, ...], R]] = {}

    def __call__(self, parts: tuple[object, ...], compute: Callable[[], R]) -> R:
        key = tuple(map(id, parts))
        hit = self.found.get(key)
        if hit is not None:
            return hit[1]
        if len(self.found) >= self.limit:
            self.found.clear()
        result = compute()
        self.found[key] = (parts, result)
        return result


class Remembered(Generic[T, R]):
    """``compute(value)``, remembered by the identity of ``value`` alone: the lean form of
    :class:`ByIdentity` for a function of one part (no key tuple, no closure per call)."""

    __slots__ = ("compute", "found", "limit")

    def __init__(self, compute: Callable[[T], R], limit: int = 1 << 12) -> None:
        self.compute = compute
        self.limit = limit
        self.found: dict[int, tuple[T, R]] = {}

    def __call__(self, value: T) -> R:
        hit = self.found.get(id(value))
        if hit is not None:
            return hit[1]
        if len(self.found) >= self.limit:
            self.found.clear()
        result = self.compute(value)
        self.found[id(value)] = (value, result)
        return result


class Guarded(Generic[T, G, R]):
    """``memo.get(value, guard)``: ``compute(value, guard)``, remembered by the identity of ``value``
    for the same ``guard``: :class:`Remembered` for a result that also depends on another value which
    changes far more rarely (a catalog; what the seats know of a hand, with the catalog).

    One entry per ``value``, valid for its guard: the very object (the usual case, one ``is``) or an
    equal one, such as a tuple of the same objects built for each call (``(known, cards)``); another
    guard computes it again and replaces the entry. So a guard must be an immutable value whose
    equals give equal results. The entry holds ``value``, so no other object can take its id.

    Asked on hot paths, so it is asked through :meth:`get`, fetched once as a bound method
    (``masked_deck = Guarded(_mask_deck).get``): a fixed-arity call of a bound method costs less
    than calling an instance through ``__call__``, or than packing ``*guards``.
    """

    __slots__ = ("compute", "found", "limit")

    def __init__(self, compute: Callable[[T, G], R], limit: int = 1 << 12) -> None:
        self.compute = compute
        self.limit = limit
        self.found: dict[int, tuple[T, G, R]] = {}

    def get(self, value: T, guard: G) -> R:
        hit = self.found.get(id(value))
        if hit is not None and (hit[1] is guard or hit[1] == guard):
            return hit[2]
        if len(self.found) >= self.limit:
            self.found.clear()
        result = self.compute(value, guard)
        self.found[id(value)] = (value, guard, result)
        return result
