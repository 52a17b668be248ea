"""Skyhall games run under OpenSpiel's own random simulation test, and resample from a view only."""

from __future__ import annotations

import copy
import pickle

import pyspiel
import pytest

from skyhall.core.registry import available
from skyhall.rl import openspiel


@pytest.mark.parametrize("game", sorted(available()))
def test_openspiel_random_simulation_test(game: str) -> None:
    pyspiel.random_sim_test(openspiel.load(game, players=2, reward="win", seed=1), 1, False, False)


def test_game_type_is_zero_sum_for_two_players_only() -> None:
    two = openspiel.load("skyport", players=2).get_type()
    three = openspiel.load("skyport", players=3).get_type()
    assert two.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert three.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert two.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert two.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION


def test_resampled_state_agrees_with_the_players_observation() -> None:
    game = openspiel.load("skyrise", players=3, seed=4)
    state = game.new_initial_state()
    for _ in range(20):
        state.apply_action(state.legal_actions()[0])
    player = state.current_player()
    sample = state.resample_from_infostate(player, None)
    assert sample.observation_string(player) == state.observation_string(player)
    assert sample.observation_tensor(player) == state.observation_tensor(player)
    assert sample.legal_actions() == state.legal_actions()
    assert len(state.observation_tensor(player)) == game.observation_tensor_size()


def played(game_id: str, seed: int, moves: int) -> tuple[pyspiel.Game, pyspiel.State]:
    game = openspiel.load(game_id, players=3, seed=seed)
    state = game.new_initial_state()
    for k in range(moves):
        legal = state.legal_actions()
        state.apply_action(legal[k % len(legal)])
    return game, state


@pytest.mark.parametrize("game", sorted(available()))
def test_clone_and_child_keep_the_history_and_move_number(game: str) -> None:
    _game, state = played(game, 2, 12)
    history = state.history()
    assert len(history) == state.move_number() == 12
    twin = state.clone()
    assert (twin.history(), twin.move_number(), str(twin)) == (history, 12, str(state))
    action = state.legal_actions()[-1]
    child = state.child(action)
    assert (child.history(), child.move_number()) == ([*history, action], 13)
    twin.apply_action(twin.legal_actions()[0])
    assert (state.history(), str(state)) == (history, str(state.clone()))  # the original is untouched


def test_clones_draw_nothing_from_the_games_seed_stream() -> None:
    """OpenSpiel copies a Python state through a new initial state: that one must deal nothing."""
    busy, state = played("skyport", 7, 3)
    for _ in range(5):
        state.clone()
        state.child(state.legal_actions()[0])
    idle, _state = played("skyport", 7, 3)
    assert str(busy.new_initial_state()) == str(idle.new_initial_state())


@pytest.mark.parametrize("game", sorted(available()))
def test_pickle_and_deepcopy_give_the_same_game_state_and_history(game: str) -> None:
    spiel_game, state = played(game, 4, 15)
    game_copy, state_copy = pickle.loads(pickle.dumps((spiel_game, state)))
    assert state_copy.get_game() is game_copy
    assert (str(state_copy), state_copy.history(), state_copy.legal_actions()) == (
        str(state),
        state.history(),
        state.legal_actions(),
    )
    player = state.current_player()
    assert state_copy.observation_tensor(player) == state.observation_tensor(player)
    assert str(game_copy.new_initial_state()) == str(
        spiel_game.new_initial_state()
    )  # the stream goes on alike
    deep = copy.deepcopy(state)
    assert (str(deep), deep.history()) == (str(state), state.history())
    sample = state.resample_from_infostate(player, None)
    assert sample.history() == []  # the real history holds other seats' hidden choices
    sample.apply_action(sample.legal_actions()[0])
    again = pickle.loads(pickle.dumps(sample))
    assert (str(again), again.history()) == (str(sample), sample.history())
    again.resample_from_infostate(player, None)  # its own stream came along
