"""Skyrise's encoder patches the last vector of each observer: whatever came before, the result is the
vector a first encoding gives, and that vector says what the view says."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from skyhall.core.registry import get
from skyhall.core.rng import Rng
from skyhall.games.skyrise.cards import COLOURS
from skyhall.games.skyrise.view import View
from skyhall.rl import encoder
from skyhall.rl.encoding import skyrise

ENC = encoder("skyrise")


def views(players: int, seed: int) -> list[View]:
    """Every seat's view at every position of a random game, in play order."""
    state = get("skyrise").new_game(players, seed)
    rng = Rng(seed)
    found = []
    while True:
        found += [state.view(seat, log=False) for seat in range(players)]
        if state.is_over:
            return found
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])


def fresh(view: View) -> bytes:
    """``view``'s vector with nothing to patch from."""
    forget()
    return ENC.encode(view).tobytes()


def forget() -> None:
    """Drop every record the encoder keeps (its observers' last vectors and their starts)."""
    skyrise.ENCODER.records.clear()
    skyrise.ENCODER.starts.clear()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_any_order_gives_the_fresh_vector(players: int) -> None:
    game = views(players, seed=players)[::3]
    other = views(players, seed=40 + players)[::3]
    expected = [fresh(v) for v in game]
    rng = Rng(players)
    shuffled = list(range(len(game)))
    rng.shuffle(shuffled)
    forget()
    out = np.full(ENC.size, 7.0, np.float32)
    for k in shuffled:  # each patched from a random earlier view, another game's views in between
        ENC.encode(other[k % len(other)], out)
        assert ENC.encode(game[k], out).tobytes() == expected[k]
    for k in reversed(range(len(game))):
        assert ENC.encode(game[k]).tobytes() == expected[k]


def test_games_side_by_side_keep_their_own_records(monkeypatch: pytest.MonkeyPatch) -> None:
    games = [views(2, seed) for seed in (21, 22, 23)]
    expected = [[fresh(v) for v in game] for game in games]
    monkeypatch.setattr(skyrise.ENCODER, "limit", 4)  # 3 games x 2 seats: records are dropped and begun again
    forget()
    for k in range(max(map(len, games))):
        for game, wanted in zip(games, expected, strict=True):
            if k < len(game):
                assert ENC.encode(game[k]).tobytes() == wanted[k]
    assert len(skyrise.ENCODER.records) == 4


def test_a_failed_encoding_leaves_nothing_stale() -> None:
    game = views(2, seed=5)
    first, later = game[0], game[len(game) // 2 & ~1]  # seat 0 at the start and half way
    expected = fresh(first)
    broken = replace(later, pool=(*later.pool[:-1], ("not a Building",)))
    with pytest.raises(TypeError):  # half written toward ``later`` when a pool turns out to be broken
        ENC.encode(broken)
    assert ENC.encode(first).tobytes() == expected


def test_the_vector_says_what_the_view_says() -> None:
    """A few parts read back through the layout's labels, against the view's own fields."""
    layout = skyrise.LAYOUT
    for view in views(3, seed=9)[::7]:
        obs = ENC.encode(view)
        assert view.seat is not None
        rel = [(p - view.seat) % 3 for p in range(3)]
        part = layout.part("disc")
        discs = obs[part.start : part.stop].reshape(skyrise.NSITES, skyrise.NDISCS)
        for d, c in enumerate(view.discs):
            assert discs[d].tolist() == [float(k == c) for k in range(skyrise.NDISCS)]
        part = layout.part("pool")
        pool = obs[part.start : part.stop].reshape(4, skyrise.SET_SIZE)
        for p in range(3):
            assert pool[rel[p]].sum() == len(view.pool[p])
        boards = layout.part("boards")
        rows = obs[boards.start : boards.stop].reshape(4, skyrise.NBOARD)
        for p in range(3):
            assert rows[rel[p], : len(COLOURS)].tolist() == [x / 4 for x in view.rows[p]]
            assert rows[rel[p], skyrise.PRESTIGE_AT] == np.float32(view.prestige[p] / 100)
        occupied = layout.part("value")
        for d, code in enumerate(view.occupant):
            worth = view.cat.buildings[code].value / 100 if 0 <= code < skyrise.WONDER else 0.0
            assert obs[occupied.start + d] == np.float32(worth)
