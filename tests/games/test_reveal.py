"""Revealed views (``view(seat, reveal=True)``), checked on every registered game.

A finished match is replayed with everything shown as the end of the game shows it. So at
any position of a played game a revealed view must:

* equal the ordinary view once the game is over (reveal adds nothing the end does not);
* leave the position alone: the same seat to act, the same choices, the same log;
* show the same from every chair, but for what stays secret even at the end (what the
  finished game's views still show to one seat only);
* pin down every revealed view: a state sampled from one revealed view shows the true
  hidden parts in all of them, so nothing was left hidden to sample.
Nothing here may name a particular game.
"""

from __future__ import annotations

from typing import Any

import pytest

from skyhall.core.registry import Game, available
from skyhall.core.rng import Rng

GAMES = [pytest.param(game_id, id=game_id) for game_id in available()]
SEEDS = (1, 2)
CHAIR = ("seat", "legal", "log")
"""Keys that say who is looking (and its log, whose private lines stay its own) rather than what is."""


def playout(game: Game, seed: int) -> list[Any]:
    """Every position of a 2-player game played with seeded random choices, the last one over."""
    state = game.new_game(2, seed, {})
    rng = Rng(seed)
    states = [state.clone()]
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        states.append(state.clone())
    return states


def chairs(players: int) -> list[int | None]:
    return [*range(players), None]


def without(data: dict[str, Any], keys: set[str] | tuple[str, ...]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in keys}


def choices(view: Any) -> list[str]:
    """The choices a view offers its seat."""
    return [str(a) for a in view.legal]


def forever_secret(end: Any) -> set[str]:
    """The keys a finished game still shows differently to each chair."""
    views = [end.view(chair).to_dict() for chair in chairs(end.players)]
    return {k for k in views[0] if k not in CHAIR and any(v[k] != views[0][k] for v in views)}


def middle(states: list[Any]) -> list[Any]:
    """A few positions spread over the game, none of them the end."""
    return [states[len(states) * k // 4] for k in (1, 2, 3)]


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_a_revealed_view_of_a_finished_game_is_its_ordinary_view(game_id: str, seed: int) -> None:
    end = playout(available()[game_id], seed)[-1]
    for chair in chairs(end.players):
        assert end.view(chair, reveal=True).to_dict() == end.view(chair).to_dict()


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_reveal_shows_every_hidden_part_and_leaves_the_position(game_id: str, seed: int) -> None:
    game = available()[game_id]
    states = playout(game, seed)
    secret = forever_secret(states[-1])
    assert any(s.view(None, reveal=True).to_dict() != s.view(None).to_dict() for s in states[:-1])
    for state in middle(states):
        assert not state.is_over
        revealed = {chair: state.view(chair, reveal=True) for chair in chairs(state.players)}
        for chair, view in revealed.items():
            plain = state.view(chair)
            assert view.to_act == plain.to_act == state.to_act
            assert choices(view) == choices(plain)
            assert list(view.log) == list(plain.log)
        shown = [without(view.to_dict(), {*CHAIR, *secret}) for view in revealed.values()]
        assert all(s == shown[0] for s in shown), "a chair sees more than another"
        for looker, view in revealed.items():
            for draw in range(2):
                sampled = game.determinize(view, Rng(1000 * seed + draw))
                for chair, truth in revealed.items():
                    hidden_here = {*secret} if chair != looker else set()
                    got = without(sampled.view(chair, reveal=True).to_dict(), {"log", *hidden_here})
                    assert got == without(truth.to_dict(), {"log", *hidden_here}), (looker, chair)
