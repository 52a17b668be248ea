"""Skyport's fast paths remember work by the identity of view parts: they must never change a result.

The encoder keeps each skyport row's and the stacks' entries (found again by ``id``), the view keeps the
masked station decks and Promenade; each is checked here against the work done from scratch, in orders
that would expose a stale entry.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from skyhall.core.registry import get
from skyhall.core.rng import Rng
from skyhall.core.state import EMPTY
from skyhall.games.skyport.state import State
from skyhall.games.skyport.view import View, build_view
from skyhall.rl.encoding import skyport

ENCODER = skyport.ENCODER


def game_views(players: int, seed: int) -> list[View]:
    """The view of the seat to act at every position of a random game, then every seat's at its end."""
    state: State = get("skyport").new_game(players, seed)
    rng = Rng(seed)
    views = []
    while not state.is_over:
        views.append(state.view(state.to_act, log=False))
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    return views + [state.view(seat, log=False) for seat in range(players)]


def from_scratch(view: View) -> bytes:
    """``view``'s encoding with every cache emptied first."""
    skyport.row_entries.found.clear()
    skyport._STACKS.found.clear()
    skyport._placed.cache_clear()
    return ENCODER.encode(view).tobytes()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_encodings_do_not_depend_on_what_was_encoded_before(players: int) -> None:
    first, second = game_views(players, seed=5), game_views(players, seed=6)
    expected = {id(view): from_scratch(view) for view in first + second}
    out = np.full(ENCODER.size, 7.0, np.float32)
    orders = [
        first + second,
        list(reversed(first + second)),
        [view for pair in zip(first, reversed(second), strict=False) for view in pair],
    ]
    for order in orders:
        for view in order:
            assert ENCODER.encode(view, out).tobytes() == expected[id(view)]


def test_equal_parts_that_are_other_objects_encode_alike() -> None:
    views = game_views(3, seed=8)
    for view in views[::5]:
        copied = dataclasses.replace(
            view,
            rows=tuple(tuple(item for item in row) for row in view.rows),
            station_decks=tuple(tuple(d) for d in view.station_decks),
            promenade=tuple(tuple(t) for t in view.promenade),
        )
        assert ENCODER.encode(copied).tobytes() == ENCODER.encode(view).tobytes() == from_scratch(view)


def hidden_below_top(stack: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(EMPTY if k < len(stack) - 1 else c for k, c in enumerate(stack))


@pytest.mark.parametrize("players", [2, 4])
def test_views_mask_exactly_what_the_rules_hide_and_set_every_field(players: int) -> None:
    state: State = get("skyport").new_game(players, 9)
    rng = Rng(9)
    names = [f.name for f in dataclasses.fields(View)]
    while not state.is_over:
        for seat in (None, *range(players)):
            view = build_view(state, seat)
            assert type(view) is View
            assert View(**{name: getattr(view, name) for name in names}) == view
            assert view.station_decks == tuple(map(hidden_below_top, state.station_decks))
            assert view.promenade == tuple(map(hidden_below_top, state.promenade))
            assert view.hands == tuple(
                hand if owner == seat else tuple(c if c in state.known[owner] else EMPTY for c in hand)
                for owner, hand in enumerate(state.hands)
            )
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
