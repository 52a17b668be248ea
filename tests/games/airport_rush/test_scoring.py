"""Final scoring and the winner (SCO), with the rulebook's objective example.

Most tests build the finished Airports from real card ids, end the game (``step = OVER``) and
read :meth:`State.result`: the exact score-sheet lines, category totals, scores and ranks. Plane
values, countries and airlines come from the loaded data and are checked next to each position,
so a change of data fails loudly here. One test scores a game ended through play.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from skyhall.core.result import Result
from skyhall.games.airport_rush.scoring import best_assignment
from skyhall.games.airport_rush.state import State
from skyhall.games.airport_rush.steps import OVER
from tests.games.airport_rush.position import CAT, DepartureSpec, idx, play, position
from tests.games.airport_rush.test_end import FINAL_TAKEN, SIX, final_scenario

UNMET = ["O02", "O03"]
"""Canada + Argentina and Italy + Spain: met by no position below unless named."""


def final(
    taken: Mapping[int, Sequence[str]],
    objectives: Mapping[int, Sequence[str]] | None = None,
    departure: Mapping[int, Sequence[DepartureSpec]] | None = None,
    waiting: Mapping[int, Sequence[str]] | None = None,
    airport: Mapping[int, str] | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
    players: int = 2,
) -> Result:
    """The result of a game over with these Airports (everything not named is empty)."""
    seats = range(players)
    s = position(
        players,
        departure={seat: (departure or {}).get(seat, [None, None, None]) for seat in seats},
        waiting={seat: (waiting or {}).get(seat, []) for seat in seats},
        airport={seat: (airport or {}).get(seat, "") for seat in seats},
        taken={seat: taken.get(seat, []) for seat in seats},
        objectives={seat: (objectives or {}).get(seat, UNMET) for seat in seats},
        hands={seat: (hands or {}).get(seat, []) for seat in seats},
    )
    s.step = OVER
    return s.result()


def lines(result: Result, seat: int, category: str) -> list[tuple[str, int]]:
    return [(ln.label, ln.points) for ln in result.breakdown[seat] if ln.category == category]


def plane(card: str) -> tuple[str, str, int]:
    c = CAT.cards[idx(card)]
    return CAT.countries[c.country], CAT.airlines[c.airline], c.value


def objective(o: str) -> tuple[list[str], int, str, int]:
    ob = CAT.objectives[CAT.objective_ids[o]]
    return [CAT.countries[k] for k in ob.countries], ob.base, CAT.airlines[ob.airline], ob.bonus


O01 = (["United States", "France", "United Kingdom"], 7, "blue", 2)
O05 = (["Germany", "United States"], 5, "yellow", 2)
O01_LABEL = "Objective O01 (United States + France + United Kingdom)"


def test_the_objectives_used_here_are_the_data() -> None:
    assert objective("O01") == O01
    assert objective("O05") == O05
    assert objective("O02")[0] == ["Canada", "Argentina"]
    assert objective("O03")[0] == ["Italy", "Spain"]


# -- planes ---------------------------------------------------------------------------------------


@pytest.mark.rule("ARU-SCO-01", "ARU-CMP-02")
def test_each_plane_taken_off_scores_its_printed_number() -> None:
    assert [plane(c) for c in ("BR3", "BR7", "JP1")] == [
        ("Brazil", "yellow", 12),
        ("Brazil", "red", 19),
        ("Japan", "purple", 7),
    ]
    result = final({0: ["BR3", "BR7", "JP1"], 1: ["BR4"]})
    assert lines(result, 0, "planes") == [
        ("Plane BR3 (Brazil, yellow airline)", 12),
        ("Plane BR7 (Brazil, red airline)", 19),
        ("Plane JP1 (Japan, purple airline)", 7),
    ]
    assert result.scores == (38, 12)
    assert result.category_totals(0) == {"planes": 38, "objectives": 0}


# -- objectives -----------------------------------------------------------------------------------

US_FR_UK = {  # country, airline (O01 pays for blue)
    "US2": ("United States", "green"),
    "US4": ("United States", "blue"),
    "FR1": ("France", "red"),
    "FR5": ("France", "blue"),
    "UK1": ("United Kingdom", "purple"),
    "UK5": ("United Kingdom", "green"),
    "UK7": ("United Kingdom", "blue"),
}


def test_the_planes_used_for_o01_are_the_data() -> None:
    assert {c: plane(c)[:2] for c in US_FR_UK} == US_FR_UK


@pytest.mark.rule("ARU-SCO-02", "ARU-SCO-03", "ARU-CMP-09")
def test_an_objective_is_met_with_one_taken_off_plane_per_listed_country() -> None:
    result = final({0: ["US2", "FR1", "UK1", "BR3"]}, {0: ["O01", "O02"]})
    assert lines(result, 0, "objectives") == [
        (
            f"{O01_LABEL} with US2, FR1, UK1: 7 + 0 × 2 (blue airline)",
            7,
        ),
        ("Objective O02 (Canada + Argentina): not met (missing Canada, Argentina)", 0),
    ]
    assert result.scores[0] == 8 + 6 + 7 + 12 + 7


@pytest.mark.rule("ARU-SCO-03")
@pytest.mark.parametrize(
    "taken",
    [
        ["US2", "FR1"],  # no United Kingdom plane
        ["US2", "US4", "FR1", "FR5"],  # two planes of a country do not stand in for another
        ["US2", "FR1", "BR3"],
    ],
)
def test_an_objective_missing_a_country_scores_nothing(taken: list[str]) -> None:
    result = final({0: taken}, {0: ["O01", "O02"]})
    assert lines(result, 0, "objectives") == [
        (f"{O01_LABEL}: not met (missing United Kingdom)", 0),
        ("Objective O02 (Canada + Argentina): not met (missing Canada, Argentina)", 0),
    ]
    assert result.scores[0] == sum(plane(c)[2] for c in taken)


@pytest.mark.rule("ARU-SCO-04")
def test_the_bonus_counts_only_when_the_base_is_met() -> None:
    result = final({0: ["US4", "FR5"]}, {0: ["O01", "O02"]})  # two blue planes, no United Kingdom
    assert lines(result, 0, "objectives")[0] == (
        f"{O01_LABEL}: not met (missing United Kingdom)",
        0,
    )
    assert result.category_totals(0)["objectives"] == 0


@pytest.mark.rule("ARU-SCO-05", "ARU-SCO-15", "ARU-SCO-16", "ARU-CMP-10")
@pytest.mark.parametrize(
    ("taken", "blue", "points"),
    [
        (["US2", "FR1", "UK1"], 0, 7),
        (["US4", "FR1", "UK5"], 1, 9),
        (["US4", "FR5", "UK5"], 2, 11),  # the rulebook's example: two of the three planes blue
        (["US4", "FR5", "UK7"], 3, 13),  # the largest bonus: 3 × 2
    ],
)
def test_the_rulebook_objective_pays_two_per_blue_plane(taken: list[str], blue: int, points: int) -> None:
    assert sum(plane(c)[1] == "blue" for c in taken) == blue
    result = final({0: taken}, {0: ["O01", "O02"]})
    ids = ", ".join(taken)
    assert lines(result, 0, "objectives")[0] == (
        f"{O01_LABEL} with {ids}: 7 + {blue} × 2 (blue airline)",
        points,
    )
    assert result.category_totals(0)["objectives"] == points


# -- sharing planes between objectives ------------------------------------------------------------


@pytest.mark.rule("ARU-SCO-06", "ARU-SCO-07")
def test_one_plane_serves_one_objective_the_better_one() -> None:
    # One United States plane (US4, blue) for O05 (Germany + US) and O01 (US + France + UK):
    # O05 would pay 5, O01 pays 7 + 3 × 2; only one of them can have it, so O01 is met.
    assert plane("DE3")[:2] == ("Germany", "blue")
    result = final({0: ["DE3", "US4", "FR5", "UK7"]}, {0: ["O05", "O01"]})
    assert lines(result, 0, "objectives") == [
        (
            "Objective O05 (Germany + United States): not met "
            "(the United States plane scores another objective)",
            0,
        ),
        (
            f"{O01_LABEL} with US4, FR5, UK7: 7 + 3 × 2 (blue airline)",
            13,
        ),
    ]


@pytest.mark.rule("ARU-SCO-06", "ARU-SCO-07")
def test_planes_are_assigned_for_the_highest_total() -> None:
    # A second US plane (US6, yellow) lets both objectives be met; the best split gives the yellow
    # US6 to O05 (yellow bonus) and the blue US4 to O01 (blue bonus): 7 + 13, not 5 + 11.
    assert plane("US6")[:2] == ("United States", "yellow")
    result = final({0: ["DE3", "US4", "US6", "FR5", "UK7"]}, {0: ["O05", "O01"]})
    assert lines(result, 0, "objectives") == [
        ("Objective O05 (Germany + United States) with DE3, US6: 5 + 1 × 2 (yellow airline)", 7),
        (
            f"{O01_LABEL} with US4, FR5, UK7: 7 + 3 × 2 (blue airline)",
            13,
        ),
    ]
    assert result.scores[0] == 12 + 15 + 16 + 19 + 14 + 20
    total, plan = best_assignment(
        CAT,
        tuple(idx(c) for c in ("DE3", "US4", "US6", "FR5", "UK7")),
        tuple(CAT.objective_ids[o] for o in ("O05", "O01")),
    )
    assert total == 20
    used = [c for group in plan if group is not None for c in group]
    assert len(used) == len(set(used))


# -- penalties ------------------------------------------------------------------------------------


@pytest.mark.rule("ARU-SCO-08", "ARU-SCO-09")
def test_planes_and_dice_left_at_the_airport_cost_two_each() -> None:
    result = final(
        {0: ["BR3"]},
        departure={0: [("BR1", "b5"), "BR2", None]},
        waiting={0: ["US1", "US2"]},
        airport={0: "y1 y2"},
    )
    assert lines(result, 0, "penalties") == [("4 plane cards left × −2", -8), ("3 dice left × −2", -6)]
    assert result.scores[0] == 12 - 8 - 6


@pytest.mark.rule("ARU-SCO-08", "ARU-ACT-06")
def test_a_plane_on_the_overload_space_costs_two_as_well() -> None:
    result = final({0: ["BR3"]}, departure={0: ["DE3", "IT2", "FR4", ("CA2", "r3")]})
    assert lines(result, 0, "penalties") == [("4 plane cards left × −2", -8), ("1 die left × −2", -2)]


@pytest.mark.rule("ARU-SCO-08", "ARU-SCO-09")
def test_a_single_plane_or_die_left_is_one_penalty() -> None:
    result = final({0: ["BR3"]}, waiting={0: ["US1"]}, airport={0: "r6"})
    assert lines(result, 0, "penalties") == [("1 plane card left × −2", -2), ("1 die left × −2", -2)]


@pytest.mark.rule("ARU-SCO-10")
def test_cards_left_in_hand_cost_nothing() -> None:
    result = final({0: ["BR3"]}, hands={0: ["US1", "US2", "control", "locate"]})
    assert lines(result, 0, "penalties") == []
    assert result.scores[0] == 12


@pytest.mark.rule("ARU-SCO-11")
def test_a_total_may_be_negative() -> None:
    result = final({}, departure={0: [("BR1", "b5"), "BR2", "US1"]}, airport={0: "r6"})
    assert result.scores[0] == -6 - 4
    assert result.ranks == (2, 1)


# -- the winner -----------------------------------------------------------------------------------


@pytest.mark.rule("ARU-SCO-12")
def test_the_most_points_wins() -> None:
    result = final({0: ["BR3"], 1: ["BR7"], 2: ["US1", "US2"]}, players=3)
    assert result.scores == (12, 19, 16)
    assert result.ranks == (3, 1, 2)
    assert result.winners == (1,)


@pytest.mark.rule("ARU-SCO-13")
def test_a_tie_goes_to_the_most_planes_taken_off() -> None:
    # 24 points each: BR3 + BR4 (two planes) against US1 + US2 + UK5 (three planes of 8).
    result = final({0: ["BR3", "BR4"], 1: ["US1", "US2", "UK5"]})
    assert result.scores == (24, 24)
    assert result.tiebreak == ((2,), (3,))
    assert result.ranks == (2, 1)
    assert result.winners == (1,)


@pytest.mark.rule("ARU-SCO-14")
def test_a_tie_on_points_and_planes_is_a_shared_victory() -> None:
    result = final({0: ["BR3", "US1"], 1: ["BR4", "US2"], 2: ["BR7"]}, players=3)
    assert result.scores == (20, 20, 19)
    assert result.ranks == (1, 1, 3)
    assert result.winners == (0, 1)


# -- a game ended through play --------------------------------------------------------------------


@pytest.mark.rule("ARU-SCO-01", "ARU-SCO-02", "ARU-SCO-08", "ARU-SCO-09", "ARU-SCO-12")
def test_a_game_played_to_its_end_is_scored_from_the_final_airports() -> None:
    s: State = final_scenario()
    s.objectives = [tuple(CAT.objective_ids[o] for o in kept) for kept in (["O05", "O04"], UNMET)]
    play(s, "load y6 plane 3")
    if not s.is_over:
        play(s, "pass")
    result = s.result()
    planes0 = [*FINAL_TAKEN, "US2", "UK5", "UK6", "DE3"]
    assert [label for label, _ in lines(result, 0, "planes")] == [
        f"Plane {c} ({plane(c)[0]}, {plane(c)[1]} airline)" for c in planes0
    ]
    assert sum(p for _, p in lines(result, 0, "planes")) == 12 + 12 + 11 + 19 + 9 + 8 + 8 + 11 + 12
    assert lines(result, 0, "objectives") == [
        ("Objective O05 (Germany + United States) with DE3, US3: 5 + 0 × 2 (yellow airline)", 5),
        ("Objective O04 (Brazil + Japan): not met (missing Japan)", 0),
    ]
    # Waiting ES7, CA7, IT5; one Airport die (taken in turn 2).
    assert lines(result, 0, "penalties") == [("3 plane cards left × −2", -6), ("1 die left × −2", -2)]
    # Seat 1: CA3 on Departure 1 and CA5 waiting; the two dice it put on its Airport.
    assert sum(p for _, p in lines(result, 1, "planes")) == 16 + 16 + 10 + 13 + 14 + 6 + 12 + 8 + 10
    assert [label for label, _ in lines(result, 1, "planes")][:6] == [
        f"Plane {c} ({plane(c)[0]}, {plane(c)[1]} airline)" for c in SIX[1]
    ]
    assert lines(result, 1, "penalties") == [("2 plane cards left × −2", -4), ("2 dice left × −2", -4)]
    assert result.scores == (102 + 5 - 8, 105 - 8)
    assert result.winners == (0,)
