"""Runs side by side (:mod:`skyhall.sim.compare`): the changes from a baseline and their intervals."""

from __future__ import annotations

from typing import Any

import pytest

from skyhall.sim.balance import Impact, by_seat
from skyhall.sim.compare import Runs, impact_shifts, length_shift, paired, score_shifts, win_shifts
from skyhall.sim.intervals import Z95
from skyhall.sim.report import build_comparison


def line(
    index: int, scores: list[int], seed: int = 1, agents: tuple[str, ...] = ("a", "b")
) -> dict[str, Any]:
    best = max(scores)
    return {
        "index": index,
        "game": "skyport",
        "players": len(scores),
        "run": {"seed": seed, "agents": list(agents)},
        "agents": list(agents),
        "scores": scores,
        "winners": [s for s, x in enumerate(scores) if x == best],
        "decisions": 100,
        "categories": [{} for _ in scores],
    }


BASE = [line(i, [10 + 7 * (i % 5), 30 - i % 3]) for i in range(40)]
PLUS_ONE = [line(i, [10 + 7 * (i % 5) + 1, 30 - i % 3]) for i in range(40)]


def test_the_same_deals_are_compared_game_by_game() -> None:
    """Every game of the variant gives seat 0 exactly one point more: paired, the change is exactly +1
    with no spread, though the scores themselves vary a lot from deal to deal."""
    assert paired(BASE, PLUS_ONE)
    first, second = score_shifts(BASE, PLUS_ONE, by_seat)
    assert first.paired and first.change == pytest.approx(1.0)
    assert (first.low, first.high) == pytest.approx((1.0, 1.0))
    assert first.clear and second.change == 0 and not second.clear


def test_other_deals_are_compared_as_independent_samples() -> None:
    other = [line(i, [10 + 7 * (i % 5) + 1, 30 - i % 3], seed=2) for i in range(40)]
    assert not paired(BASE, other)
    first, _ = score_shifts(BASE, other, by_seat)
    assert not first.paired and first.change == pytest.approx(1.0)
    assert first.low < 0 < first.high  # the deal-to-deal spread swamps one point: Welch's interval


def test_win_rate_changes_carry_newcombe_intervals() -> None:
    flipped = [line(i, [30 - i % 3, 10 + 7 * (i % 5)]) for i in range(40)]
    seat0, seat1 = win_shifts(BASE, flipped, by_seat)
    assert seat0.before == pytest.approx(0.4) and seat0.after == pytest.approx(0.6)
    assert seat0.low < seat0.change < seat0.high and seat1.change == pytest.approx(-0.2)


def test_runs_of_other_games_or_player_counts_are_refused() -> None:
    with pytest.raises(ValueError, match="several games"):
        Runs(("a", "b"), (BASE, [{**g, "game": "skyrise"} for g in BASE]))
    with pytest.raises(ValueError, match="2 and 3 players"):
        Runs(("a", "b"), (BASE, [line(i, [1, 2, 3]) for i in range(4)]))


def test_runs_of_unequal_length_are_paired_over_the_games_both_played() -> None:
    """The baseline played 40 games, the variant 23: the change is over those 23 on both sides, so it is
    still exactly after - before (+1), not a mix of 40 games and 23."""
    half = PLUS_ONE[:23]
    first, _ = score_shifts(BASE, half, by_seat)
    assert first.paired and first.games == 23
    assert first.change == pytest.approx(first.after - first.before) == pytest.approx(1.0)


def test_other_options_are_not_paired() -> None:
    moved = [{**g, "run": {**g["run"], "options": {"first_player": 1}}} for g in PLUS_ONE]
    assert not paired(BASE, moved)
    assert not score_shifts(BASE, moved, by_seat)[0].paired


def impact(name: str, difference: float, half: float, games: int = 20) -> Impact:
    return Impact(
        "card", name, games, 0.5, games, 0.5 - difference, difference, difference - half, difference + half
    )


def test_impact_changes_combine_the_two_runs_intervals_largest_first() -> None:
    base = [impact("A", 0.10, 0.05), impact("B", 0.0, 0.05), impact("C", 0.0, 0.05, games=3)]
    other = [impact("A", 0.12, 0.05), impact("B", -0.30, 0.12), impact("C", 0.5, 0.05, games=3)]
    shifts = impact_shifts(base, other, least=5)
    assert [s.key for s in shifts] == ["B", "A"]  # C: too few seat-games; B moved most
    b, a = shifts
    assert (b.before, b.after, b.change) == pytest.approx((0.0, -0.30, -0.30))
    half = Z95 * ((0.05 / Z95) ** 2 + (0.12 / Z95) ** 2) ** 0.5
    assert (b.low, b.high) == pytest.approx((-0.30 - half, -0.30 + half))
    assert b.clear and not a.clear and a.change == pytest.approx(0.02)


def test_a_comparison_says_why_it_leaves_the_item_impact_out() -> None:
    page = build_comparison(
        Runs(("base", "plus"), (BASE, PLUS_ONE)), unreplayable="Per-item impact is left out: x."
    )
    assert '<section id="impact">' in page and "Per-item impact is left out: x." in page


def test_game_length_changes_are_paired_like_scores() -> None:
    longer = [{**g, "decisions": 100 + 2 * (g["index"] % 2)} for g in BASE]
    shift = length_shift(BASE, longer)
    assert shift.paired and shift.change == pytest.approx(1.0) and shift.before == 100
    assert shift.low < 1.0 < shift.high and shift.clear  # one or three more decisions each game
    other = [{**g, "run": {**g["run"], "seed": 2}} for g in longer]
    apart = length_shift(BASE, other)
    assert not apart.paired and apart.change == pytest.approx(1.0)


def test_items_a_variant_changed_come_first_and_are_found_by_entry_or_value() -> None:
    from skyhall.sim.report import changed_items
    from skyhall.sim.variant import changes

    base = [impact("B3", 0.0, 0.05), impact("R1", 0.0, 0.05)]
    other = [impact("B3", 0.01, 0.05), impact("R1", -0.30, 0.05)]
    assert [s.key for s in impact_shifts(base, other, least=5)] == ["R1", "B3"]
    assert [s.key for s in impact_shifts(base, other, least=5, first={"B3"})] == ["B3", "R1"]
    edited = changes("skyport", {"airships": {"B3": {"movement": 1}}})
    assert changed_items([base, other], [[], edited]) == {"B3"}
    assert changed_items([base, other], [edited, edited]) == set()  # both runs changed it alike
    token = [Impact("token", "colours #1", 10, 0.5, 10, 0.5, 0.0, -0.1, 0.1, "10")]
    more = [Impact("token", "colours #1", 10, 0.5, 10, 0.5, 0.0, -0.1, 0.1, "12")]
    assert changed_items([token, more], [[], []]) == {"colours #1"}
