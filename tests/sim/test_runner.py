"""The simulation runner: seats, turn order and records."""

from __future__ import annotations

from skyhall.agents import make_agent
from skyhall.core.record import GameRecord
from skyhall.sim.parallel import play_batch
from skyhall.sim.runner import Outcome, Run, jobs, play_game, seated


def played(agents: int, games: int, seed: int) -> list[Outcome]:
    """The first ``games`` games of a run of ``agents`` random agents at Skyport."""
    run = Run("skyport", ("random",) * agents, seed)
    return play_batch(run, jobs(run, games))


def test_seat_zero_plays_first_unless_the_caller_chooses() -> None:
    assert seated("skyport", None) == {"first_player": 0}
    assert seated("skyport", {"cities": "ABC"}) == {"cities": "ABC", "first_player": 0}
    assert seated("skyport", {"first_player": 2}) == {"first_player": 2}


def test_seat_i_is_the_i_th_to_play_in_every_simulated_game() -> None:
    outcomes = played(3, games=3, seed=5)
    assert [o.agents for o in outcomes] == [("random",) * 3] * 3
    for outcome in outcomes:
        assert outcome.record.options == {"first_player": 0}
        state = GameRecord.from_dict(outcome.record.to_dict()).replay()
        assert state.first == 0
        assert any(line.endswith("Player 1 is the first player.") for line in state.log_for(None))


def test_a_first_player_the_caller_sets_is_kept() -> None:
    agents = [make_agent("random", seat) for seat in range(2)]
    outcome = play_game("skyport", agents, seed=3, options={"first_player": 1})
    assert outcome.record.options == {"first_player": 1}
    assert GameRecord.from_dict(outcome.record.to_dict()).replay().first == 1


def test_rotated_games_of_one_deal_differ_even_with_identical_agents() -> None:
    outcomes = played(3, games=3, seed=11)
    assert len({o.record.seed for o in outcomes}) == 1, "one deal, rotated"
    assert len({tuple(o.record.actions) for o in outcomes}) == 3


def test_consecutive_games_share_a_deal_one_per_rotation() -> None:
    outcomes = played(2, games=4, seed=2)
    deals = [o.record.seed for o in outcomes]
    assert deals[0] == deals[1] and deals[2] == deals[3] and deals[0] != deals[2]
