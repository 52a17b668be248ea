"""Intervals and ratings: known values, and the behaviour a reader relies on."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from skyhall.sim.intervals import difference, wilson
from skyhall.sim.ratings import SCALE, Rating, fit, meetings, rate
from skyhall.sim.tournament import Standings, apart, groups, schedule


def odds(elo: Sequence[float], i: int, j: int) -> float:
    """``P(i beats j)`` for true ratings ``elo`` (the model the fit assumes), to simulate meetings."""
    return 1.0 / (1.0 + 10 ** ((elo[j] - elo[i]) / SCALE))


def test_wilson_matches_the_published_values() -> None:
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    assert wilson(0, 20)[0] == pytest.approx(0.0, abs=1e-12)  # 0, but for rounding in the last bit
    assert 0.16 < wilson(0, 20)[1] < 0.17
    assert wilson(3, 0) == (0.0, 1.0)


def test_a_difference_interval_holds_the_difference_and_shrinks_with_more_games() -> None:
    d, low, high = difference(30, 50, 20, 50)
    assert d == pytest.approx(0.2) and low < d < high
    _, wide_low, wide_high = difference(3, 5, 2, 5)
    assert wide_high - wide_low > high - low
    assert difference(40, 50, 10, 50)[1] > 0, "a large gap excludes 0"


def test_meetings_split_a_game_into_pairs_with_ties_as_halves() -> None:
    assert meetings([0, 1, 2], [2, 1, 2]) == [(0, 1, 0.0), (0, 2, 0.5), (1, 2, 1.0)]
    assert meetings([0, 0], [1, 2]) == [], "an agent does not meet itself"


def test_a_dominant_agent_rates_higher_and_intervals_hold_the_estimates() -> None:
    games = [[(0, 1, 1.0)]] * 18 + [[(0, 1, 0.0)]] * 2 + [[(1, 2, 1.0)]] * 14 + [[(1, 2, 0.0)]] * 6
    games += [[(0, 2, 1.0)]] * 20
    ratings = rate(["strong", "middle", "weak"], games)
    assert [r.agent for r in ratings] == ["strong", "middle", "weak"]
    for r in ratings:
        assert r.low < r.elo < r.high
    assert sum(r.elo for r in ratings) / 3 == pytest.approx(1500)
    assert ratings[0].score == pytest.approx(38 / 40)
    assert ratings[0].games == 40


def test_even_results_give_equal_ratings() -> None:
    games = [[(0, 1, 1.0)], [(0, 1, 0.0)], [(0, 1, 0.5)]] * 5
    assert fit(2, games) == pytest.approx([1500, 1500])


def test_round_robin_groups_and_schedule() -> None:
    assert groups(["a", "b", "c"], 2) == [("a", "b"), ("a", "c"), ("b", "c")]
    assert groups(["a", "b", "c"], 3) == [("a", "b", "c")]
    with pytest.raises(ValueError, match="each agent once"):
        groups(["a", "a"], 2)
    with pytest.raises(ValueError, match="at least 3 agents"):
        groups(["a", "b"], 3)
    work = schedule("skyport", ["a", "b", "c"], 3, 4, 1, {})
    assert len(work) == 1 and len(work[0][1]) == 6, "rounded up to a multiple of the players"
    deals = {
        run.agents: [j.deal for j in todo] for run, todo in schedule("skyport", ["a", "b", "c"], 2, 2, 1, {})
    }
    assert len({tuple(d) for d in deals.values()}) == 1, "every pairing plays the same deals"


def test_an_agent_that_never_won_still_gets_an_interval() -> None:
    """Eight wins out of eight: a bootstrap over those games gave the same 8-0 every time, a point."""
    for r in rate(["winner", "loser"], [[(0, 1, 1.0)]] * 8):
        assert r.high - r.low > 100 and r.low < r.elo < r.high
    more = rate(["winner", "loser"], [[(0, 1, 1.0)]] * 8 + [[(0, 1, 0.0)]] * 8)
    assert all(r.low < 1500 < r.high for r in more)  # 8-8: neither is known to be the better


def test_the_interval_of_a_far_apart_agent_reaches_further_away_from_the_mean() -> None:
    """The virtual draws pull a far-apart agent's estimate towards the mean; its interval must make up
    for that on the outer side (an interval symmetric about the pulled-in estimate missed the truth)."""
    games = [[(0, 1, 1.0)]] * 9 + [[(0, 1, 0.0)]] + [[(1, 2, 1.0)]] * 9 + [[(1, 2, 0.0)]]
    games += [[(0, 2, 1.0)]] * 10
    top, middle, bottom = rate(["strong", "middle", "weak"], games)
    assert top.high - top.elo > 1.2 * (top.elo - top.low)
    assert bottom.elo - bottom.low > 1.2 * (bottom.high - bottom.elo)
    assert middle.low < middle.elo < middle.high


def test_intervals_cover_the_true_ratings_of_far_apart_agents() -> None:
    """A small seeded coverage check (docs/sim.md has the full one): true ratings +400 / 0 / -400 and
    10 games per pair. The parametric bootstrap around the pulled-in estimate covered the outer two
    about 77 % of the time (here 0.76); the profile-likelihood interval about 91 %."""
    true = [1900.0, 1500.0, 1100.0]
    draw = random.Random(1)
    trials = 100
    hits = [0, 0, 0]
    for _ in range(trials):
        games = [
            [(i, j, float(draw.random() < odds(true, i, j)))]
            for i in range(3)
            for j in range(i + 1, 3)
            for _ in range(10)
        ]
        for r in rate(["0", "1", "2"], games):
            hits[int(r.agent)] += r.low <= true[int(r.agent)] <= r.high
    assert (hits[0] + hits[2]) / (2 * trials) >= 0.87, hits


def test_groups_of_agents_that_never_met_are_named() -> None:
    """A round robin stopped early: A met B and C met D, but no game linked the two pairs."""
    ratings = [Rating(name, 1500.0 + k, 1400.0, 1600.0, 2, 0.5) for k, name in enumerate("ACBD")]
    met = {("A", "B"), ("C", "D")}
    head = {
        a: {b: (0.5, 2 if (a, b) in met or (b, a) in met else 0) for b in "ABCD" if b != a} for a in "ABCD"
    }
    assert apart(Standings(ratings, head, 4)) == [["A", "B"], ["C", "D"]]
    head["B"]["C"] = head["C"]["B"] = (0.5, 1)  # one game between the pairs links all four
    assert apart(Standings(ratings, head, 5)) == []
