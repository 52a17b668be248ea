"""Airport Rush's incremental encoder gives every view the vector a first encoding gives it.

The encoder keeps, per observer, the last view's fields and its vector and rewrites only what
changed; an encoder with its records dropped has no such memory, so encoding there is the reference.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import pytest

from skyhall.core.registry import get
from skyhall.core.rng import Rng
from skyhall.rl.encoding.airport_rush import ENCODER
from tests.rl.threads import wrong_in_threads


def views(players: int, seed: int, every: int = 3) -> list[Any]:
    """Every seat's view of every ``every``-th position of a random game (and of its end)."""
    state = get("airport-rush").new_game(players, seed)
    rng = Rng(seed)
    found = []
    step = 0
    while not state.is_over:
        if step % every == 0:
            found += [state.view(seat, log=False) for seat in range(players)]
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        step += 1
    return found + [state.view(seat, log=False) for seat in range(players)]


COPIED = ("load", "supply", "hands", "dealt", "objectives", "departure", "waiting", "airport", "taken")
"""The view's tuples of rows, copied row by row into new objects."""


def fresh(view: Any) -> bytes:
    """``view``'s vector from an encoder with no memory."""
    ENCODER.records.clear()
    ENCODER.starts.clear()
    return ENCODER.encode(view).tobytes()


@pytest.fixture(scope="module")
def sample() -> tuple[list[Any], list[bytes]]:
    found = views(2, 3) + views(3, 4, every=7) + views(4, 5, every=11)
    return found, [fresh(v) for v in found]


def test_any_order_gives_the_fresh_vectors(sample: tuple[list[Any], list[bytes]]) -> None:
    found, expected = sample
    out = np.zeros(ENCODER.size, np.float32)
    half = len(found) // 2
    orders = [
        list(range(len(found))),
        list(reversed(range(len(found)))),
        [k for pair in zip(range(half), range(half, 2 * half), strict=True) for k in pair],
    ]
    shuffled = list(range(len(found)))
    Rng(9).shuffle(shuffled)
    orders.append(shuffled)
    for order in orders:
        wrong = [k for k in order if ENCODER.encode(found[k], out).tobytes() != expected[k]]
        assert wrong == []


def test_a_copy_with_new_objects_gives_the_same_vector(sample: tuple[list[Any], list[bytes]]) -> None:
    found, expected = sample
    view = found[len(found) // 3]
    copy = dataclasses.replace(
        view,
        **{name: tuple(tuple(list(row)) for row in getattr(view, name)) for name in COPIED},
        discard=tuple(list(view.discard)),
    )
    assert copy == view
    assert all(a is not b for a, b in zip(copy.hands, view.hands, strict=True) if a)
    ENCODER.encode(found[0])  # the record last saw another view
    assert ENCODER.encode(copy).tobytes() == expected[len(found) // 3]
    assert ENCODER.encode(view).tobytes() == expected[len(found) // 3]


def test_the_vector_is_the_callers_own(sample: tuple[list[Any], list[bytes]]) -> None:
    found, expected = sample
    first = ENCODER.encode(found[0])
    ENCODER.encode(found[2])  # the same observer, another position
    assert first.tobytes() == expected[0]


def test_threads_encoding_at_once_get_the_fresh_vectors(
    sample: tuple[list[Any], list[bytes]],
) -> None:
    """Four threads each encode every view, in orders of their own, with the interpreter switching
    threads as often as it can: a record put back before its vector was copied out would let another
    thread rewrite it for its own view half way through that copy."""
    found, expected = sample
    assert wrong_in_threads(ENCODER, found, expected) == []
