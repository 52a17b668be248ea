"""Every agent plays legally, reproducibly, from its seat's view alone, and leaves its inputs alone."""

from __future__ import annotations

import pytest

from skyhall.agents import make_agent
from skyhall.core.registry import get
from skyhall.core.rng import Rng
from tests.agents.positions import GAMES, positions

AGENTS = ("random", "greedy", "easy", "ismcts:25", "ismcts:5ms")
"""Small budgets keep the tests quick; ``ismcts:5ms`` exercises the time budget."""
DETERMINISTIC = ("random", "greedy", "easy", "ismcts:25")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [2, 3])
def test_every_agent_chooses_a_legal_action(game: str, players: int) -> None:
    for name in AGENTS:
        agent = make_agent(name, 7)
        assert agent.name == name
        for state in positions(game, players, 6, seed=players):
            legal = state.legal_actions()
            assert agent.choose(state.view(state.to_act, log=False), legal) in legal


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_choices(game: str) -> None:
    sample = positions(game, 2, 6, seed=3)
    for name in DETERMINISTIC:
        runs = []
        for _ in range(2):
            agent = make_agent(name, 11)
            runs.append([agent.choose(s.view(s.to_act, log=False), s.legal_actions()) for s in sample])
        assert runs[0] == runs[1], name


@pytest.mark.parametrize("game", GAMES)
def test_decisions_ignore_what_the_seat_cannot_see(game: str) -> None:
    """Two full states the seat cannot tell apart (sampled from its view) get the same decision."""
    g = get(game)
    differs_for_a_rival = 0
    for state in positions(game, 2, 5, seed=5):
        seat = state.to_act
        view = state.view(seat, log=False)
        one, two = g.determinize(view, Rng(1)), g.determinize(view, Rng(2))
        assert one.view(seat, log=False) == two.view(seat, log=False)
        rival = 1 - seat
        differs_for_a_rival += one.view(rival, log=False) != two.view(rival, log=False)
        for name in DETERMINISTIC:
            first = make_agent(name, 3).choose(one.view(seat, log=False), one.legal_actions())
            second = make_agent(name, 3).choose(two.view(seat, log=False), two.legal_actions())
            assert first == second, name
    assert differs_for_a_rival > 0  # the two states really differ in hidden information


@pytest.mark.parametrize("game", GAMES)
def test_agents_do_not_mutate_their_inputs(game: str) -> None:
    for state in positions(game, 2, 4, seed=9):
        before = state.snapshot()
        view = state.view(state.to_act)
        shown = view.to_dict()
        legal = list(state.legal_actions())
        for name in AGENTS:
            make_agent(name, 1).choose(view, legal)
        assert view.to_dict() == shown
        assert legal == list(state.legal_actions())
        assert state.snapshot() == before
