"""The three environment wrappers pass their library's own checks, for every game."""

from __future__ import annotations

import copy
import pickle
import re
import subprocess
import sys
import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from skyhall.core.registry import available
from skyhall.core.result import Result
from skyhall.rl import aec_env, gym_env
from skyhall.rl.encoding import margin_scale
from skyhall.rl.single_seat import SkyhallSeat
from skyhall.rl.table import IllegalChoice, final_rewards

GAMES = sorted(available())


@pytest.mark.parametrize("game", GAMES)
def test_aec_env_passes_pettingzoo_api_test(game: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Dict observations with a mask: expected warnings
        api_test(aec_env(game, players=3), num_cycles=20)


@pytest.mark.parametrize("game", GAMES)
def test_aec_env_passes_pettingzoo_seed_test(game: str) -> None:
    seed_test(lambda: aec_env(game, players=2, reward="win"), num_cycles=20)


@pytest.mark.parametrize("game", GAMES)
def test_gym_env_passes_gymnasium_check_env(game: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(gym_env(game, players=2, opponents=["random"]), skip_render_check=True)


@pytest.mark.parametrize("game", GAMES)
def test_aec_mask_is_the_engine_legal_set_at_every_step(game: str) -> None:
    env = aec_env(game, players=2)
    env.reset(seed=7)
    table = env.table
    rng = np.random.default_rng(7)
    steps = 0
    for agent in env.agent_iter():
        obs, _reward, done, truncated, info = env.last()
        if done or truncated:
            result = table.state.result()
            assert info == {"scores": tuple(result.scores), "winners": tuple(result.winners)}
            env.step(None)
            continue
        in_order = [table.codec.encode(a) for a in table.state.legal_actions()]
        legal = sorted(in_order)
        assert np.flatnonzero(obs["action_mask"]).tolist() == legal
        assert list(info["legal_actions"]) == in_order
        assert agent == f"player_{table.state.to_act}"
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
                assert env.infos[other] == {}
        env.step(int(rng.choice(legal)))
        steps += 1
    assert steps > 50
    assert sorted(env._cumulative_rewards) == []  # every agent was stepped out after the end


def test_game_over_pays_the_margin_or_the_win() -> None:
    env = aec_env("skyrise", players=3, reward="margin")
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    while not env.table.state.is_over:
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
    result = env.table.state.result()
    scores = result.scores
    assert [env.rewards[f"player_{p}"] for p in range(3)] == [
        scores[p] - max(s for q, s in enumerate(scores) if q != p) for p in range(3)
    ]
    wins = final_rewards(result, "win")
    assert sorted(wins)[-1] == (1.0 if len(result.winners) == 1 else 0.0)
    assert wins.count(-1.0) == 3 - len(result.winners)


def test_gym_env_rejects_an_illegal_action_by_ending_the_episode() -> None:
    env = gym_env("skyport", players=2, opponents=["random"])
    _obs, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _obs, reward, done, _truncated, info = env.step(illegal)
    assert (reward, done, info["illegal"]) == (-1.0, True, True)


def test_an_action_outside_the_action_space_is_refused_and_changes_nothing() -> None:
    """Not merely illegal: no action at all, a ``ValueError``; the episode and the game go on."""
    env = gym_env("skyport", players=2, opponents="random")  # one name, as a plain string, for all
    _obs, info = env.reset(seed=1)
    before = env.table.state.snapshot()
    for outside in (-1, 3296, 10**9):
        with pytest.raises(ValueError, match=f"no action {outside}: actions are 0..3295"):
            env.step(outside)
    assert env.table.state.snapshot() == before
    assert env.step(info["legal_actions"][0])[2] is False  # the episode goes on
    aec = aec_env("skyport")
    aec.reset(seed=1)
    with pytest.raises(ValueError, match="no action -1"):
        aec.step(-1)
    assert aec.table.state.snapshot() == before


def test_numpy_integers_are_seeds_and_player_counts_and_floats_are_neither() -> None:
    env = aec_env("skyport", players=np.int64(3), options={"first_player": np.int64(1)})
    env.reset(seed=np.int64(7))
    same = aec_env("skyport", players=3, options={"first_player": 1})
    same.reset(seed=7)
    assert env.table.players == 3 and env.table.state.snapshot() == same.table.state.snapshot()
    gym, twin = gym_env("skyrise"), gym_env("skyrise")
    assert np.array_equal(gym.reset(seed=np.int64(3))[0], twin.reset(seed=3)[0])
    for flag in (True, np.True_):
        with pytest.raises(TypeError, match=r"a seed is an integer, not (np\.)?True"):
            env.reset(seed=flag)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match=r"a seed is an integer, not (np\.)?True"):
            gym.reset(seed=flag)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"players is a whole number of players, not 2\.5"):
        gym_env("skyport", players=2.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"a seed is an integer, not 1\.5"):
        env.reset(seed=1.5)  # type: ignore[arg-type]


def test_gym_env_plays_every_other_seat_with_the_agents() -> None:
    env = gym_env("skyrise", players=3, opponents=["random", "random"], seat=1)
    _obs, info = env.reset(seed=2)
    assert env.table.state.to_act == 1
    rng = np.random.default_rng(2)
    done = False
    while not done:
        assert sorted(info["legal_actions"]) == np.flatnonzero(info["action_mask"]).tolist()
        assert env.action_masks().dtype == np.bool_
        assert np.array_equal(env.action_masks(), info["action_mask"] == 1)
        assert len(info["legal_actions"]) == len(env.table.state.legal_actions())
        _obs, reward, done, _truncated, info = env.step(int(rng.choice(info["legal_actions"])))
        assert done or env.table.state.to_act == 1
    assert reward == final_rewards(env.table.state.result(), "margin")[1]
    assert info["legal_actions"] == () and not info["action_mask"].any()


def test_unknown_reward_and_options_fail_at_construction() -> None:
    with pytest.raises(ValueError, match="reward must be one of margin, win"):
        aec_env("skyport", reward="score")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no option"):
        gym_env("skyport", options={"colour": 1})
    with pytest.raises(ValueError, match="no agent 'nosuch'"):
        gym_env("skyrise", players=3, opponents=["greedy", "nosuch"])
    with pytest.raises(ValueError, match="ismcts"):
        gym_env("skyrise", opponents=["ismcts:lots"])


def test_gym_env_takes_the_illegal_reward() -> None:
    env = gym_env("airport-rush", illegal_reward=-5.0)
    _obs, info = env.reset(seed=3)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    assert env.step(illegal)[1:3] == (-5.0, True)


def test_aec_observes_a_position_once_and_never_changes_a_returned_observation() -> None:
    env = aec_env("skyport", players=2)
    env.reset(seed=5)
    agent = env.agent_selection
    first = env.last()[0]
    assert env.observe(agent) is first  # last() then observe(): one encoding
    kept_obs, kept_mask = first["observation"].copy(), first["action_mask"].copy()
    for name in ("observation", "action_mask"):  # every call returns them: nobody may change them
        with pytest.raises(ValueError, match="read-only"):
            first[name][:] = 0
    mine = first["action_mask"].copy()
    mine[:] = 0  # a copy is the caller's own
    assert np.array_equal(env.last()[0]["action_mask"], kept_mask)
    env.step(int(np.flatnonzero(kept_mask)[0]))
    after = env.observe(agent)
    assert after is not first and after["action_mask"] is not first["action_mask"]
    assert np.array_equal(first["observation"], kept_obs) and np.array_equal(first["action_mask"], kept_mask)


def test_a_copied_environment_hands_out_read_only_observations_too() -> None:
    env = aec_env("skyport")
    env.reset(seed=0)
    kept = env.last()[0]["observation"].copy()
    for twin in (copy.deepcopy(env), pickle.loads(pickle.dumps(env))):
        seen = twin.observe(twin.agent_selection)
        assert not seen["observation"].flags.writeable and not seen["action_mask"].flags.writeable
        assert np.array_equal(seen["observation"], kept)
    assert not env.last()[0]["observation"].flags.writeable


def test_table_checks_an_action_against_the_position_now() -> None:
    env = aec_env("skyrise", players=2)
    env.reset(seed=4)
    table = env.table
    legal = table.legal()
    assert [table.is_legal(i) for i in legal] == [True] * len(legal)
    illegal = next(i for i in range(table.actions) if i not in legal)
    assert table.is_legal(illegal) is False
    for outside in (-1, table.actions, 10**20):  # no action at all: not merely an illegal one
        with pytest.raises(ValueError, match=f"no action {outside}: actions are 0..{table.actions - 1}"):
            table.play(outside)
    with pytest.raises(IllegalChoice, match=f"action {illegal} .* is not legal now"):
        table.play(illegal)
    assert table.legal() == legal  # nothing changed
    table.play(legal[0])
    assert table.legal() == tuple(table.codec.encode(a) for a in table.state.legal_actions())


def test_gymnasium_make_and_make_vec_build_every_game() -> None:
    assert {f"skyhall/{game}-v3" for game in GAMES} <= set(gymnasium.registry)
    env = gymnasium.make("skyhall/skyrise-v3", players=3, opponents=["greedy"], seat=2)
    _obs, info = env.reset(seed=4)
    seat = env.unwrapped
    assert isinstance(seat, SkyhallSeat)
    assert (seat.table.game.id, seat.table.players, seat.seat) == ("skyrise", 3, 2)
    assert seat.table.state.to_act == 2 and len(info["legal_actions"]) > 0

    envs = gymnasium.make_vec("skyhall/airport-rush-v3", num_envs=2, vectorization_mode="sync")
    _obs, info = envs.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(2000):
        actions = np.array([int(rng.choice(legal)) for legal in info["legal_actions"]])
        _obs, reward, done, _truncated, info = envs.step(actions)
        if done.any():
            k = int(np.flatnonzero(done)[0])
            table = envs.unwrapped.envs[k].unwrapped.table
            assert table.state.is_over
            assert reward[k] == final_rewards(table.state.result(), "margin")[0]
            break
    else:
        raise AssertionError("no Airport Rush game ended in 2000 steps")


def test_bad_option_values_and_render_modes_fail_at_construction() -> None:
    with pytest.raises(ValueError, match="city_keys"):
        aec_env("skyrise", options={"city_keys": "maybe"})
    with pytest.raises(ValueError, match="render_mode must be None or 'ansi' or 'human', not 'rgb_array'"):
        gym_env("skyrise", render_mode="rgb_array")
    with pytest.raises(ValueError, match="render_mode"):
        aec_env("skyrise", render_mode="rgb_array")


@pytest.mark.parametrize("make", [aec_env, gym_env])
def test_render_returns_or_prints_the_table_and_warns_without_a_mode(
    make: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    env = make("airport-rush", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and "Supply" in text
    env = make("airport-rush", render_mode="human")
    env.reset(seed=1)
    capsys.readouterr()
    assert env.render() is None
    assert capsys.readouterr().out == text + "\n"
    env = make("airport-rush")
    env.reset(seed=1)
    with pytest.warns(UserWarning, match="render_mode='ansi'"):
        assert env.render() is None


def test_reset_options_set_game_options_for_that_game_only() -> None:
    env = gym_env("skyrise", players=3)
    env.reset(seed=0, options={"first_player": 2, "city_keys": "off"})
    assert (env.table.state.first, env.table.state.view(0).keys_mode) == (2, "off")
    env.reset(seed=0)
    assert env.table.state.view(0).keys_mode == "lowest"
    with pytest.warns(UserWarning, match="Skyrise has no option 'colour' .*left alone"):
        env.reset(seed=0, options={"colour": 1})


def test_an_action_must_be_an_integer_and_a_game_must_be_going_on() -> None:
    env = aec_env("skyrise", players=2)
    with pytest.raises(RuntimeError, match="call reset"):
        env.last()
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(0)
    env.reset(seed=1)
    legal = env.last()[4]["legal_actions"]
    for bad in (legal[0] + 0.5, str(legal[0]), np.array([legal[0]]), 2.0):
        with pytest.raises(
            TypeError, match=re.escape(f"an action is an integer, a codec index 0..4181; got {bad!r}")
        ):
            env.step(bad)  # type: ignore[arg-type]
    assert env.last()[4]["legal_actions"] == legal  # nothing changed
    env.step(np.int64(legal[0]))  # numpy's integers are integers
    seat = gym_env("skyrise")
    with pytest.raises(RuntimeError, match="call reset"):
        seat.step(0)
    _obs, _info = seat.reset(seed=1)
    with pytest.raises(TypeError, match="an action is an integer"):
        seat.step(None)  # type: ignore[arg-type]


def test_after_the_game_every_agent_learns_the_scores_and_stepping_on_says_to_reset() -> None:
    env = aec_env("airport-rush", players=3)
    env.reset(seed=2)
    seen: dict[str, dict[str, object]] = {}
    for agent in env.agent_iter():
        _obs, _reward, done, truncated, info = env.last()
        if done or truncated:
            seen[agent] = info
        env.step(None if done or truncated else info["legal_actions"][0])
    result = env.table.state.result()
    outcome = {"scores": tuple(result.scores), "winners": tuple(result.winners)}
    assert seen == dict.fromkeys(env.possible_agents, outcome)
    with pytest.raises(RuntimeError, match=r"the game is over .*call reset"):
        env.step(0)
    with pytest.raises(RuntimeError, match="the game is over"):
        env.last()


def test_a_finished_game_is_scored_once_and_the_next_game_anew(monkeypatch: pytest.MonkeyPatch) -> None:
    env = aec_env("skyport", players=2)
    env.reset(seed=3)
    cls = type(env.table.state)
    real = cls.result
    scored: list[int] = []

    def counted(state: object) -> object:
        scored.append(id(state))
        return real(state)

    monkeypatch.setattr(cls, "result", counted)
    finals = []
    for seed in (3, 4):
        env.reset(seed=seed)
        for _agent in env.agent_iter():
            _obs, _reward, done, truncated, info = env.last()
            env.step(None if done or truncated else info["legal_actions"][0])
        finals.append(
            (env.table.rewards(), env.table.outcome(), final_rewards(real(env.table.state), "margin"))
        )
    assert len(scored) == 2 and scored[0] != scored[1]  # the rewards and the outcome share one scoring
    assert [rewards for rewards, _outcome, _fresh in finals] == [fresh for _r, _o, fresh in finals]
    assert finals[0][1] != finals[1][1]


def test_a_gym_episode_that_ended_refuses_more_steps() -> None:
    env = gym_env("skyport")
    _obs, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    assert env.step(illegal)[2] is True
    with pytest.raises(RuntimeError, match="the episode is over: call reset"):
        env.step(info["legal_actions"][0])
    _obs, info = env.reset(seed=1)
    done = False
    while not done:
        _obs, _reward, done, _truncated, info = env.step(info["legal_actions"][0])
    result = env.table.state.result()
    assert (info["scores"], info["winners"]) == (tuple(result.scores), tuple(result.winners))
    with pytest.raises(RuntimeError, match="the episode is over"):
        env.step(0)


def test_action_names_and_the_learners_render() -> None:
    env = gym_env("airport-rush", render_mode="ansi")
    _obs, info = env.reset(seed=4)
    names = [env.action_name(i) for i in info["legal_actions"]]
    assert names == [str(a) for a in env.table.state.legal_actions()]
    with pytest.raises(ValueError, match=r"no action 5696: actions are 0\.\.5695"):
        env.action_name(5696)
    shown = env.render()
    assert shown is not None
    hand = env.table.state.view(0).hands[0]
    assert any(env.table.state.cat.cards[c].id in shown for c in hand if c >= 0)


@pytest.mark.parametrize("game", GAMES)
def test_environments_copy_and_pickle_with_their_game(game: str) -> None:
    env = aec_env(game, players=2)
    env.reset(seed=3)
    for _ in range(5):
        env.step(env.last()[4]["legal_actions"][-1])
    for twin in (copy.deepcopy(env), pickle.loads(pickle.dumps(env))):
        assert twin.table.encoder is env.table.encoder and twin.table.state is not env.table.state
        assert twin.table.state.snapshot() == env.table.state.snapshot()
        assert np.array_equal(twin.last()[0]["observation"], env.last()[0]["observation"])
        twin.step(twin.last()[4]["legal_actions"][0])
        assert twin.table.state.snapshot() != env.table.state.snapshot()
    seat = gym_env(game, opponents=["greedy"])
    seat.reset(seed=3)
    twin = pickle.loads(pickle.dumps(seat))
    assert twin.step(seat.table.legal()[0])[1:3] == seat.step(seat.table.legal()[0])[1:3]
    assert twin.table.state.snapshot() == seat.table.state.snapshot()


def test_time_limited_opponents_are_warned_about_and_others_are_not() -> None:
    with pytest.warns(
        UserWarning, match=r"hard, ismcts:50ms stop thinking at a time limit, so a seed does not fix"
    ):
        gym_env("skyrise", players=3, opponents=["hard", "ismcts:50ms"])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        gym_env("skyrise", players=3, opponents=["greedy", "ismcts:20"])


def test_a_reset_refused_for_a_bad_option_leaves_no_game_going() -> None:
    seat = gym_env("skyrise")
    _obs, info = seat.reset(seed=0)
    with pytest.raises(ValueError, match="city_keys"):
        seat.reset(seed=5, options={"city_keys": "maybe"})
    with pytest.raises(RuntimeError, match="call reset"):
        seat.step(info["legal_actions"][0])
    env = aec_env("skyrise")
    env.reset(seed=0)
    with pytest.raises(ValueError, match="city_keys"):
        env.reset(seed=5, options={"city_keys": "maybe"})
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(0)


def test_a_flag_is_no_action_and_a_finished_episode_masks_everything() -> None:
    seat = gym_env("skyport")
    _obs, info = seat.reset(seed=1)
    with pytest.raises(TypeError, match="got True"):
        seat.step(True)  # type: ignore[arg-type]
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    seat.step(illegal)
    assert not seat.action_masks().any()  # as the last info's mask: the episode is over


def test_gymnasium_make_knows_the_ansi_render_mode() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        env = gymnasium.make("skyhall/skyrise-v3", render_mode="ansi")
        env.reset(seed=1)
        rendered = env.render()
    assert isinstance(rendered, str) and rendered.startswith("Era 1")


@pytest.mark.parametrize("game", GAMES)
def test_an_episode_is_written_down_as_a_game_record_that_replays_it(game: str, tmp_path: Any) -> None:
    """Every seat's choices, the opponents' included, in order: the record rebuilds the very position,
    a copy of the environment keeps it, and ``skyhall replay`` reads the file."""
    env = gym_env(game, players=3, opponents="random")
    _obs, info = env.reset(seed=8, options={"first_player": 1})
    rng = np.random.default_rng(8)
    for _ in range(12):
        _obs, _reward, done, _truncated, info = env.step(int(rng.choice(info["legal_actions"])))
        if done:
            break
    record = env.record()
    assert (record.game, record.players, record.options["first_player"]) == (game, 3, 1)
    assert record.replay().snapshot() == env.table.state.snapshot()
    assert copy.deepcopy(env).record() == record
    assert pickle.loads(pickle.dumps(env)).record() == record

    aec = aec_env(game)
    aec.reset(seed=2)
    for agent in aec.agent_iter(max_iter=20):
        aec.step(None if aec.terminations[agent] else aec.infos[agent]["legal_actions"][0])
    assert aec.record().replay().snapshot() == aec.table.state.snapshot()
    aec.reset(seed=3)
    assert aec.record().actions == []  # a new game, a new record

    path = tmp_path / "episode.json"
    path.write_text(record.to_json())
    done_run = subprocess.run(
        [sys.executable, "-m", "skyhall", "replay", str(path), "--to-end"],
        check=False,
        capture_output=True,
        text=True,
    )
    assert done_run.returncode == 0, done_run.stderr
    assert f"Decision {len(record.actions)} of {len(record.actions)}" in done_run.stdout


def test_the_learners_seat_is_any_integer_and_a_flag_or_a_float_fails_at_construction() -> None:
    env = gym_env("skyport", players=3, seat=np.int64(2))
    _obs, info = env.reset(seed=4)
    assert env.seat == 2 and type(env.seat) is int and env.table.state.to_act == 2
    assert info["legal_actions"]
    for wrong in (True, np.True_, 1.0, "1"):
        with pytest.raises(TypeError, match="seat is a whole number"):
            gym_env("skyport", players=3, seat=wrong)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"seat must be 0\.\.2, not 3"):
        gym_env("skyport", players=3, seat=np.int64(3))


def test_the_scaled_reward_is_the_margin_over_the_games_scale_clipped_to_one() -> None:
    scale = margin_scale("airport-rush")
    result = Result((10, 10 + scale // 2, 10 - 3 * scale), (2, 1, 3), ((), (), ()))
    assert final_rewards(result, "scaled", scale) == (
        -(scale // 2) / scale,
        (scale // 2) / scale,
        -1.0,  # a margin beyond the scale is clipped
    )
    two = Result((-35, 86), (2, 1), ((), ()))
    low, high = final_rewards(two, "scaled", scale)
    assert low == -121 / scale == -high  # two players: still zero-sum
    for game in GAMES:
        env = aec_env(game, players=2, reward="scaled")
        env.reset(seed=1)
        paid = {}
        for agent in env.agent_iter():
            _obs, reward, done, truncated, info = env.last()
            if done:
                paid[agent] = reward
            env.step(None if done or truncated else info["legal_actions"][-1])
        margins = final_rewards(env.table.state.result(), "margin")
        scaled = [paid[f"player_{p}"] for p in range(2)]
        assert scaled == [max(-1.0, min(1.0, m / margin_scale(game))) for m in margins]
        assert all(-1.0 <= r <= 1.0 for r in scaled) and any(scaled)
    gym = gym_env("skyport", reward="scaled")
    _obs, info = gym.reset(seed=2)
    done = False
    while not done:
        _obs, reward, done, _truncated, info = gym.step(info["legal_actions"][0])
    assert reward == final_rewards(gym.table.state.result(), "scaled", margin_scale("skyport"))[0]


def test_reset_options_must_be_a_mapping_and_the_illegal_reward_a_number() -> None:
    for env in (aec_env("skyport"), gym_env("skyport")):
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # no warning about an option named ('first_player', 1)
            with pytest.raises(TypeError, match="options are a mapping of option names to values"):
                env.reset(seed=1, options=[("first_player", 1)])  # type: ignore[arg-type]
    for wrong in ("-1", None, True):
        with pytest.raises(TypeError, match="illegal_reward is a number"):
            gym_env("skyport", illegal_reward=wrong)  # type: ignore[arg-type]
    env = gym_env("skyport", illegal_reward=np.float32(-2))
    _obs, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    reward = env.step(illegal)[1]
    assert reward == -2.0 and type(reward) is float


def test_an_illegal_reward_that_is_no_finite_number_fails_at_construction() -> None:
    """A NaN or infinite reward would poison every value a learner estimates from it."""
    for wrong in (float("nan"), float("inf"), -np.inf):
        with pytest.raises(ValueError, match="illegal_reward is a finite number"):
            gym_env("skyport", illegal_reward=wrong)
