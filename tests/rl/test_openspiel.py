"""Skyhall games run under OpenSpiel's own random simulation test, and resample from a view only."""

from __future__ import annotations

import copy
import json
import pickle

import pyspiel
import pytest

from skyhall.core.registry import available
from skyhall.rl import openspiel
from skyhall.rl.encoding import margin_scale
from skyhall.rl.table import final_rewards


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


def dealt_games(game: pyspiel.Game, count: int, observe: bool) -> list[str]:
    """The first ``count`` games the game's seed stream deals, each observed (and its tensor's size
    asked, which makes OpenSpiel observe a throwaway initial state) before its first move if ``observe``."""
    found = []
    for _ in range(count):
        state = game.new_initial_state()
        if observe:
            state.observation_tensor(0)
            state.observation_string(1)
            game.observation_tensor_shape()
            game.observation_tensor_size()
        found.append(str(state))
    return found


@pytest.mark.parametrize("game", sorted(available()))
def test_observing_a_state_before_its_first_move_changes_no_game_the_seed_deals(game: str) -> None:
    """OpenSpiel's ``rl_environment`` reads every seat's tensor before the first move, and the C++ side
    observes a throwaway initial state at every tensor call: neither may use up a seed."""
    assert dealt_games(openspiel.load(game, seed=3), 3, True) == dealt_games(
        openspiel.load(game, seed=3), 3, False
    )


def test_a_state_not_dealt_yet_shows_the_game_it_will_be_dealt() -> None:
    game = openspiel.load("skyrise", players=3, seed=5)
    state = game.new_initial_state()
    before = [state.observation_tensor(p) for p in range(3)], state.information_state_string(2)
    game.observation_tensor_size()  # a throwaway state observed meanwhile
    state.current_player()  # dealt now
    assert ([state.observation_tensor(p) for p in range(3)], state.information_state_string(2)) == before


def test_a_game_pickled_after_a_state_was_observed_deals_the_same_games() -> None:
    game = openspiel.load("airport-rush", seed=9)
    game.new_initial_state().observation_tensor(0)  # the next game dealt ahead, not yet taken
    twin, copied = pickle.loads(pickle.dumps(game)), copy.deepcopy(game)
    assert str(game.new_initial_state()) == str(twin.new_initial_state()) == str(copied.new_initial_state())


def test_the_options_players_choose_are_game_parameters() -> None:
    spec = pyspiel.load_game("python_skyhall_skyrise").get_type().parameter_specification
    assert (spec["first_player"], spec["city_keys"]) == (-1, "lowest")
    game = openspiel.load("skyrise", players=3, city_keys="off", first_player=2)
    state = game.new_initial_state()
    assert state.current_player() == 2
    assert '"city_keys":"off"' in state.observation_string(0)
    assert pyspiel.load_game("python_skyhall_skyport(players=2,cities=CA)").new_initial_state()
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'data'"):
        pyspiel.load_game("python_skyhall_skyport", {"data": "x"})
    with pytest.raises(ValueError, match="city_keys"):
        openspiel.load("skyrise", city_keys="maybe")


@pytest.mark.parametrize("game", sorted(available()))
def test_the_strings_leave_out_what_the_cards_ids_already_say(game: str) -> None:
    _game, state = played(game, 1, 10)
    player = state.current_player()
    view = state.engine_state.view(player)
    assert view.LOOKUPS
    for string in (state.observation_string(player), state.information_state_string(player)):
        assert not set(view.LOOKUPS) & set(json.loads(string))


def test_states_observed_before_any_is_dealt_each_show_their_own_game() -> None:
    """Batched self-play may encode every new state's first observation before it plays any."""
    game = openspiel.load("skyrise", players=2, seed=0)
    states = [game.new_initial_state() for _ in range(3)]
    before = [s.observation_tensor(0) for s in states]
    assert [s.observation_tensor(0) for s in states] == before
    for state in states:
        state.current_player()
    assert [s.observation_tensor(0) for s in states] == before
    assert len({str(s) for s in states}) == 3
    fresh = openspiel.load("skyrise", players=2, seed=0)
    assert [str(s) for s in states] == [str(fresh.new_initial_state()) for _ in range(3)]


def test_a_state_that_was_only_observed_gives_its_game_to_the_next_state() -> None:
    game = openspiel.load("airport-rush", seed=4)
    looked = game.new_initial_state()
    looked.observation_tensor(1)
    shown = str(looked.observation_string(1))
    del looked  # never played: its game goes to the next state
    state = game.new_initial_state()
    assert state.observation_string(1) == shown
    assert str(state) == str(openspiel.load("airport-rush", seed=4).new_initial_state())


@pytest.mark.parametrize("game", sorted(available()))
def test_an_illegal_action_or_one_after_the_end_is_refused_and_changes_nothing(game: str) -> None:
    """The engine's ``apply`` trusts its caller; OpenSpiel's callers get a checked one."""
    state = openspiel.load(game, players=2, seed=1).new_initial_state()
    legal = state.legal_actions()
    illegal = next(a for a in range(len(legal) + 1) if a not in legal)
    before = (str(state), state.history(), state.information_state_string(0))
    with pytest.raises(ValueError, match=f"action {illegal} .* is not legal now"):
        state.apply_action(illegal)
    with pytest.raises(ValueError, match="action 1000000 is not legal now"):  # beyond every action
        state.apply_action(10**6)
    assert (str(state), state.history(), state.information_state_string(0)) == before
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    final = (state.returns(), state.history(), str(state))
    with pytest.raises(ValueError, match="the game is over"):
        state.apply_action(legal[0])
    assert (state.returns(), state.history(), str(state)) == final and state.is_terminal()


def test_an_observer_of_another_kind_is_refused_rather_than_given_a_seats_private_view() -> None:
    from open_spiel.python.observation import make_observation

    game = openspiel.load("skyport", players=2)
    for private in (pyspiel.PrivateInfoType.NONE, pyspiel.PrivateInfoType.ALL_PLAYERS):
        kind = pyspiel.IIGObservationType(perfect_recall=False, public_info=True, private_info=private)
        with pytest.raises(
            ValueError, match=f"no observer for public_info=True, private_info={private.name}"
        ):
            make_observation(game, kind)
    recall = make_observation(
        game,
        pyspiel.IIGObservationType(perfect_recall=True, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER),
    )
    state = game.new_initial_state()
    assert json.loads(recall.string_from(state, 0))["log"] is not None  # the information-state string
    assert recall.tensor is None and recall.dict == {}  # OpenSpiel's sign of no tensor
    with pytest.raises(ValueError, match="no information-state tensor"):
        recall.set_from(state, 0)
    one = make_observation(game)  # the default: one seat's observation tensor
    one.set_from(state, 0)
    assert one.tensor.any()


def test_load_takes_numpy_integers_and_refuses_flags_and_floats() -> None:
    import numpy as np

    game = openspiel.load("skyrise", players=np.int64(3), seed=np.int64(3), first_player=np.int64(1))
    same = openspiel.load("skyrise", players=3, seed=3, first_player=1)
    assert str(game.new_initial_state()) == str(same.new_initial_state())
    for bad in ({"seed": True}, {"players": 2.0}):
        with pytest.raises(TypeError, match="is an integer, not"):
            openspiel.load("skyrise", **bad)  # type: ignore[arg-type]


def test_the_scaled_reward_is_bounded_by_one_and_paid_as_the_environments_pay_it() -> None:
    game = openspiel.load("skyrise", players=2, reward="scaled", seed=3)
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    result = state.engine_state.result()
    assert state.returns() == list(final_rewards(result, "scaled", margin_scale("skyrise")))
    assert -1.0 <= state.returns()[0] == -state.returns()[1] <= 1.0


def test_there_is_no_information_state_tensor_and_rl_environment_takes_the_observation_tensor() -> None:
    from open_spiel.python import rl_environment

    game = openspiel.load("airport-rush", players=2, seed=1)
    assert not game.get_type().provides_information_state_tensor
    state = game.new_initial_state()
    with pytest.raises(ValueError, match="no information-state tensor"):
        state.information_state_tensor(0)
    env = rl_environment.Environment(game)  # its default: the information state, else the observation
    assert env.observation_spec()["info_state"] == (game.observation_tensor_size(),)
    step = env.reset()
    seat = step.observations["current_player"]
    assert step.observations["info_state"][seat] == env.get_state.observation_tensor(seat)
