"""Skyhall games run under OpenSpiel's own random simulation test, and resample from a view only."""

from __future__ import annotations

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
