"""A small seeded random number generator owned by a game state.

The generator is SplitMix64: its whole state is one integer, so cloning a game
state copies it for free, and its output is the same on every platform and
Python version. Nothing in Skyhall uses the module-level ``random``.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

from skyhall.core.spec import whole

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def seed_of(seed: object) -> int:
    """``seed`` as a Python ``int`` (numpy's integers too: their ``&`` with a 64-bit mask overflows);
    ``TypeError`` for anything else, a flag (``True``) or a float included."""
    return whole(seed, "a seed is an integer")


class Rng:
    """Seeded SplitMix64 stream with the few draws games need."""

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state = seed_of(seed) & _MASK

    def clone(self) -> Rng:
        """An independent copy that will produce the same future numbers."""
        return _at(self._state)

    def fork(self, salt: int) -> Rng:
        """A new stream derived from this one's current state and ``salt``, without advancing this one."""
        return _at(_mix((self._state ^ (salt * _GOLDEN)) & _MASK))

    def next64(self) -> int:
        """The next 64-bit value."""
        self._state = (self._state + _GOLDEN) & _MASK
        return _mix(self._state)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias).

        :meth:`next64` is written out here (the same numbers, without two more calls per draw:
        games and search agents draw hundreds of thousands per second)."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        limit = _MASK - (_MASK + 1) % n
        state = self._state
        while True:
            state = (state + _GOLDEN) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            x = z ^ (z >> 31)
            if x <= limit:
                self._state = state
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        below = self.below
        for i in range(len(items) - 1, 0, -1):
            j = below(i + 1)
            items[i], items[j] = items[j], items[i]

    def state(self) -> int:
        """The generator's whole state, for snapshots and equality checks."""
        return self._state


def _at(state: int) -> Rng:
    """A stream at ``state``, already a 64-bit ``int``: what a copy takes (every state's ``clone``
    copies its stream, so a copy skips the seed's check)."""
    rng = Rng.__new__(Rng)
    rng._state = state
    return rng


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)
