"""The per-game evaluations behind ``greedy`` and the search's leaf values: positions where a
competent player sees a clear difference, which the evaluation must see too (found as blunders)."""

from __future__ import annotations

from skyhall.agents.heuristics.skyport import card_value, plays_left
from skyhall.games import skyport
from tests.games.skyport.position import CAT, berth, idx, position


def test_skyport_a_tycoon_of_a_kind_the_skyport_already_hosts_is_worth_nothing() -> None:
    # It can never be placed (GCS-ARR-12), and holding it keeps the seat from taking another tycoon.
    s = position(rows={0: ["SA1", berth("SA2", "In1"), "SA3", "SA4"]})
    row, cards = s.rows[0], CAT.cards
    assert card_value(cards[idx("In2")], row, cards) == 0.0
    assert card_value(cards[idx("Su1")], row, cards) > 0.0
    empty = position(rows={0: ["SA1", "SA2", "SA3", "SA4"]}).rows[0]
    assert card_value(cards[idx("In2")], empty, cards) == card_value(cards[idx("Su1")], empty, cards) > 0.0


def test_skyport_cards_left_to_play_follow_the_closing_cards_place_in_the_data() -> None:
    """A variant that buries the Station Closing card deeper leaves fewer plays before the end starts:
    the evaluation reads the depth from the data (``board.closing_beneath``), not a number of its own."""
    shipped = skyport.new_game(2, 3, {"first_player": 0})
    deeper = skyport.new_game(2, 3, {"first_player": 0, "data": {"board": {"closing_beneath": 17}}})
    assert len(shipped.deck) == len(deeper.deck)
    assert plays_left(shipped) - plays_left(deeper) == (17 - shipped.cat.closing_beneath) / 2
