"""ISMCTS tree reuse, and the per-game evaluations."""

from __future__ import annotations

import pytest

from skyhall.agents import heuristics, make_agent
from skyhall.agents.budget import Budget
from skyhall.agents.heuristics import search
from skyhall.agents.ismcts import IsmctsAgent, Node, settled
from skyhall.agents.lookahead import model_of
from skyhall.core.registry import get
from skyhall.core.rng import Rng
from skyhall.games.skyport.steps import CHOOSE_CARD
from tests.agents.positions import GAMES, positions


def test_the_subtree_is_reused_within_a_turn_only() -> None:
    """Choosing a Skyport card then placing it: the second search starts from the first one's subtree."""
    for state in positions("skyport", 2, 60, seed=4):
        seat = state.to_act
        if state.step != CHOOSE_CARD:
            continue
        agent = make_agent("ismcts:60", 2)
        assert isinstance(agent, IsmctsAgent)
        action = agent.choose(state.view(seat, log=False), state.legal_actions())
        assert not agent.reused
        state.apply(action)
        if state.to_act != seat:
            continue  # the card had one place to go
        assert agent._kept is not None
        subtree = agent._kept[2]
        visits = subtree.visits
        assert visits > 0
        assert agent.choose(state.view(seat, log=False), state.legal_actions()) in state.legal_actions()
        assert agent.reused
        assert subtree.visits == visits + 60
        # After the rivals' turns (and the draws) nothing is reused.
        rng = Rng(3)
        while not state.is_over and state.to_act == seat:
            state.apply(agent.choose(state.view(seat, log=False), state.legal_actions()))
        while not state.is_over and state.to_act != seat:
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
        assert not state.is_over
        agent.choose(state.view(seat, log=False), state.legal_actions())
        assert not agent.reused
        return
    raise AssertionError("no two-step Skyport turn in the sample")


def rival_nodes(agent: IsmctsAgent, root: Node, view: object, samples: int) -> int:
    """Tree nodes with children met at a rival's decision, walking the tree along sampled states."""
    game = get(view.game)  # type: ignore[attr-defined]
    seat = view.seat  # type: ignore[attr-defined]
    rng = Rng(11)
    found = 0
    for _ in range(samples):
        state, node = game.determinize(view, rng), root
        while not state.is_over:
            known = [a for a in state.legal_actions() if a in node.children]
            if not known:
                break
            found += state.to_act != seat
            action = known[rng.below(len(known))]
            node = node.children[action]
            state.apply(action)
    return found


@pytest.mark.parametrize(("game", "own_turn"), [("airport-rush", True), ("skyport", False)])
def test_the_tree_stops_at_the_end_of_the_own_turn_where_the_game_asks(game: str, own_turn: bool) -> None:
    """Airport Rush plans the searching seat's own turn only; Skyport's tree grows into the rivals' turns."""
    assert search(game).own_turn is own_turn
    met = 0
    for state in positions(game, 2, 6, seed=9):
        agent = IsmctsAgent(3, Budget(iterations=400))
        view = state.view(state.to_act, log=False)
        root = Node()
        agent._search(model_of(view), view, root, {}, None)
        met += rival_nodes(agent, root, view, 40)
    assert (met == 0) is own_turn


@pytest.mark.parametrize("game", GAMES)
def test_evaluation_is_the_real_margin_once_the_game_is_over(game: str) -> None:
    g = get(game)
    state = g.new_game(2, 5, {})
    rng = Rng(5)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    result = state.result()
    winner = result.winners[0]
    bonus = heuristics.WINNER_BONUS if len(result.winners) == 1 else 0.0
    margin = result.scores[winner] - result.scores[1 - winner] + bonus
    model = model_of(state.view(winner, log=False))
    assert model.margin(state, winner) == margin
    assert model.margin(state, 1 - winner) == -margin


@pytest.mark.parametrize("game", GAMES)
def test_projected_scores_are_finite_and_per_seat(game: str) -> None:
    for state in positions(game, 3, 10, seed=8):
        scores = heuristics.scorer(game)(state)
        assert len(scores) == 3
        assert all(abs(x) < 1000 for x in scores)


def test_win_chance_is_symmetric_for_two_seats() -> None:
    one, two = heuristics.win_chance((30.0, 20.0), 10.0)
    assert one == pytest.approx(1 / (1 + 2.718281828459045**-1))
    assert one + two == pytest.approx(1.0)


def test_airport_rush_seat_values_remembered_by_identity_match_fresh_ones() -> None:
    """The remembered value of a seat is found by its tuples' identity; along random games
    (clones and determinizations sharing tuples, the end drawing nearer) it always equals the
    value worked out afresh."""
    from skyhall.agents.heuristics import airport_rush as ar

    game = get("airport-rush")
    rng = Rng(5)
    checked = 0
    for state in positions("airport-rush", 3, 12, seed=4):
        for sample in (state, game.determinize(state.view(state.to_act), rng)):
            while not sample.is_over and checked < 400 * 12:
                end = sample.cat.limits.takeoffs_to_end
                late = 1.0 if sample.last_turn >= 0 else min(1.0, max(map(len, sample.taken)) / end)
                fresh = tuple(ar.seat_value(sample, seat, late) for seat in range(sample.n))
                assert ar.scores(sample) == fresh
                assert ar.scores(sample.clone()) == fresh
                legal = sample.legal_actions()
                sample.apply(legal[rng.below(len(legal))])
                checked += 1
    assert checked > 1000


def test_a_settled_choice_is_one_no_remaining_iteration_could_change() -> None:
    root = Node()
    for action, visits in {"a": 50, "b": 30, "c": 5}.items():
        root.children[action] = Node()
        root.children[action].visits = visits
    assert settled(root, 19)  # b reaches 49 at most
    assert not settled(root, 20)  # b could tie a, and the tie goes by mean reward


def test_a_timed_search_stops_once_its_choice_is_settled_and_chooses_the_same() -> None:
    """With a time in the budget the search ends when the leader cannot be caught within the iterations
    left; the whole budget of iterations, run to the end, makes the same choice from the same stream."""
    stopped = 0
    for game in GAMES:
        for state in positions(game, 2, 4, seed=7):
            view, legal = state.view(state.to_act, log=False), state.legal_actions()
            timed, counted = IsmctsAgent(3, Budget(1500, 60.0)), IsmctsAgent(3, Budget(1500))
            assert timed.choose(view, legal) == counted.choose(view, legal)
            assert counted.iterations == 1500 or len(legal) == 1
            stopped += timed.iterations < 1500
    assert stopped >= 3
