"""The per-game evaluations behind ``greedy`` and the search's leaf values: positions where a
competent player sees a clear difference, which the evaluation must see too (found as blunders)."""

from __future__ import annotations

from skyhall.agents.heuristics.skyport import card_value
from tests.games.skyport.position import CAT, berth, idx, position


def test_skyport_a_tycoon_of_a_kind_the_skyport_already_hosts_is_worth_nothing() -> None:
    # It can never be placed (GCS-ARR-12), and holding it keeps the seat from taking another tycoon.
    s = position(rows={0: ["SA1", berth("SA2", "In1"), "SA3", "SA4"]})
    row, cards = s.rows[0], CAT.cards
    assert card_value(cards[idx("In2")], row, cards) == 0.0
    assert card_value(cards[idx("Su1")], row, cards) > 0.0
    empty = position(rows={0: ["SA1", "SA2", "SA3", "SA4"]}).rows[0]
    assert card_value(cards[idx("In2")], empty, cards) == card_value(cards[idx("Su1")], empty, cards) > 0.0
