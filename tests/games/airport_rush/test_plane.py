"""Slot arithmetic shared by the loader, the rules and the table: values, reachable totals, open slots."""

from __future__ import annotations

from skyhall.games.airport_rush.plane import open_slots, reach, slot_value
from tests.games.airport_rush.position import dice

RED, BLUE = 2, 1
FOUR, SIX = 3 + 3, 3 + 5  # value slots are 3 + (value - 1)


def test_slot_values_and_reachable_totals() -> None:
    assert (slot_value(RED), slot_value(FOUR), slot_value(SIX)) == (0, 4, 6)
    assert reach((RED, FOUR)) == (5, 10)  # 1..6 on red, exactly 4
    assert reach((FOUR, SIX)) == (10, 10)
    assert reach((RED, BLUE)) == (2, 12)


def test_open_slots_lists_every_arrangement() -> None:
    # A red 4 can fill the red slot or the "4" slot: either may stay open.
    assert sorted(open_slots((RED, FOUR), dice("r4"))) == [(RED,), (FOUR,)]
    # A blue 4 only fits the "4" slot.
    assert open_slots((RED, FOUR), dice("b4")) == [(RED,)]
    assert open_slots((RED, FOUR), dice("b4 r2")) == [()]
