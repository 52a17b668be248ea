"""Results: competition ranks with shared places, winners, score sheets."""

from __future__ import annotations

from skyhall.core.result import Result, ScoreLine, rank_by


def test_rank_by_orders_larger_first() -> None:
    assert rank_by([(3,), (10,), (7,)]) == (3, 1, 2)


def test_ties_share_a_rank_and_skip_the_next() -> None:
    assert rank_by([(5,), (9,), (5,), (1,)]) == (2, 1, 2, 4)
    assert rank_by([(4,), (4,)]) == (1, 1)


def test_tie_breaks_separate_equal_scores() -> None:
    assert rank_by([(5, 2), (5, 3), (5, 2, 0)]) == (3, 1, 2)
    assert rank_by([(5, 2, 1), (5, 2, 1)]) == (1, 1)


def result() -> Result:
    sheets = (
        (
            ScoreLine("lanes", "Blue lane", 6),
            ScoreLine("tycoons", "Merchant", 4),
            ScoreLine("lanes", "Red", 2),
        ),
        (ScoreLine("lanes", "Green lane", 12),),
        (ScoreLine("sets", "Token", 12),),
    )
    keys = [(12, 1), (12, 2), (12, 2)]
    return Result(scores=(12, 12, 12), ranks=rank_by(keys), breakdown=sheets, tiebreak=((1,), (2,), (2,)))


def test_winners_are_everyone_ranked_first() -> None:
    assert result().ranks == (3, 1, 1)
    assert result().winners == (1, 2)


def test_category_totals() -> None:
    assert result().category_totals(0) == {"lanes": 8, "tycoons": 4}
    assert result().category_totals(2) == {"sets": 12}


def test_to_dict_is_json_ready() -> None:
    data = result().to_dict()
    assert data["scores"] == [12, 12, 12]
    assert data["winners"] == [1, 2]
    assert data["tiebreak"] == [[1], [2], [2]]
    breakdown = data["breakdown"]
    assert isinstance(breakdown, list)
    assert breakdown[1] == [{"category": "lanes", "label": "Green lane", "points": 12}]
