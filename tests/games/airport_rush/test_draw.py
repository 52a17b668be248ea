"""Action 4, take cards and refill the load spaces (ARU-DRAW).

Scenarios start with empty load spaces (Action 1 skipped) and no plane ready, so after the
card of Action 2 the active seat is straight at Action 4.
"""

from __future__ import annotations

from collections import Counter

import pytest

from skyhall.games.airport_rush import die
from skyhall.games.airport_rush.state import State
from skyhall.games.airport_rush.steps import DRAW, TAKE_DICE
from tests.games.airport_rush.position import CAT, dice, legal, play, position

EVERY_SOURCE = [
    "draw plane 1", "draw plane 2", "draw plane 3", "draw plane deck",
    "draw action 1", "draw action 2", "draw action 3", "draw action deck",
]  # fmt: skip

NO_RED_6 = {0: ["UK6", "CA2", "ES2"]}
"""Departure planes ([5, yellow], [3, yellow], [3, yellow]) on which a red 6 never fits."""


def drawing(hand: list[str], card: str) -> State:
    """Seat 0 has played ``card`` from ``hand`` and is at Action 4."""
    s = position(hands={0: hand}, load={})
    play(s, f"play {card}")
    assert (s.step, s.actor) == (DRAW, 0)
    return s


@pytest.mark.rule("ARU-DRAW-01")
def test_the_player_takes_cards_until_the_hand_holds_four() -> None:
    s = drawing(["FR3", "IT2"], "FR3")
    for held in (1, 2, 3):
        assert len(s.hands[0]) == held and s.current == 0
        assert legal(s) == EVERY_SOURCE
        play(s, "draw plane deck")
    assert len(s.hands[0]) == 4
    assert (s.current, s.step) == (1, TAKE_DICE)  # the fourth card ended the turn


@pytest.mark.rule("ARU-DRAW-01")
def test_a_full_hand_minus_the_played_card_takes_one_card() -> None:
    s = drawing(["FR3", "IT2", "control", "flip"], "FR3")
    play(s, "draw action 1")
    assert len(s.hands[0]) == 4
    assert s.current == 1


@pytest.mark.rule("ARU-DRAW-02")
@pytest.mark.parametrize(("card", "deck"), [("FR3", 1), ("flip", 0)])
def test_any_source_whatever_was_played(card: str, deck: int) -> None:
    """A plane played, an action card drawn, and the other way round."""
    s = drawing(["FR3", "flip"], card)
    assert legal(s) == EVERY_SOURCE
    top = s.decks[deck][-1]
    play(s, f"draw {('plane', 'action')[deck]} deck")
    assert s.hands[0][-1] == top
    assert CAT.cards[top].type == deck  # PLANE 0, ACTION 1


@pytest.mark.rule("ARU-DRAW-03")
@pytest.mark.parametrize("deck", [0, 1])
def test_a_supply_card_taken_is_replaced_from_its_deck(deck: int) -> None:
    s = drawing(["FR3", "IT2"], "FR3")
    row, top, size = s.supply[deck], s.decks[deck][-1], len(s.decks[deck])
    other_row, other_deck = s.supply[1 - deck], s.decks[1 - deck]
    play(s, f"draw {('plane', 'action')[deck]} 2")
    assert s.hands[0][-1] == row[1]
    assert s.supply[deck] == (row[0], top, row[2])
    assert len(s.decks[deck]) == size - 1
    assert (s.supply[1 - deck], s.decks[1 - deck]) == (other_row, other_deck)


@pytest.mark.rule("ARU-DRAW-04")
def test_cards_are_taken_one_at_a_time_with_the_supply_refilled_in_between() -> None:
    s = drawing(["FR3", "IT2", "flip"], "FR3")
    top = s.decks[0][-1]
    play(s, "draw plane 3")
    assert s.supply[0][2] == top  # refilled before the next choice
    assert (s.step, s.actor) == (DRAW, 0)
    assert legal(s) == EVERY_SOURCE  # a fresh choice of source
    play(s, "draw plane 3")  # the card that has just come up
    assert s.hands[0][-1] == top
    assert s.current == 1


@pytest.mark.rule("ARU-DRAW-05")
def test_every_empty_place_on_the_load_spaces_is_refilled_to_three() -> None:
    s = position(
        departure=NO_RED_6, hands={0: ["FR3", "IT2", "flip", "control"]}, load={0: "r1 r2", 1: "r6 r6 r6"}
    )
    on_table_before = sum(len(a) for a in s.load)
    assert on_table_before == 5
    play(s, "take 2 r6", "play FR3")  # the r6 goes to the Airport, the only place it fits
    assert s.load[1] == dice("r6 r6")  # Action 1's hole is not refilled at once
    bag = sum(s.bag)
    play(s, "draw plane deck")
    assert [len(space) for space in s.load] == [3] * 6
    assert Counter(s.load[0]) >= Counter(dice("r1 r2")) and Counter(s.load[1]) >= Counter(dice("r6 r6"))
    assert sum(s.bag) == bag - (18 - 4)  # only the empty places were filled, from the bag


@pytest.mark.rule("ARU-DRAW-06")
def test_refill_dice_are_drawn_one_by_one_rolled_and_placed_at_random() -> None:
    """Each empty place gets one die of the bag, rolled; across seeds the colours land in different places.

    (Dice drawn at random into places in a fixed order are indistinguishable from dice placed at
    random, so the layout is only checked to vary.)
    """
    layouts: set[tuple[int, ...]] = set()
    values: set[int] = set()
    for seed in range(12):
        s = position(
            seed=seed,
            departure=NO_RED_6,
            hands={0: ["FR3", "IT2", "flip", "control"]},
            load={0: "r1 r1", 1: "r1 r1", 2: "r6 r6 r6", 3: "r2 r2 r2", 4: "r2 r2 r2", 5: "r2 r2 r2"},
        )
        play(s, "take 3 r6", "play FR3")
        s.bag = (1, 1, 1)  # exactly one die of each colour left for the three empty places
        before = [Counter(space) for space in s.load]
        play(s, "draw plane deck")
        assert s.bag == (0, 0, 0)
        assert [len(space) for space in s.load] == [3] * 6
        added = [list((Counter(space) - old).elements()) for space, old in zip(s.load, before, strict=True)]
        assert [len(a) for a in added] == [1, 1, 1, 0, 0, 0]  # one die into each empty place
        new = {die.true_colour(d): space for space, a in enumerate(added) for d in a}
        assert sorted(new) == [0, 1, 2]
        assert all(1 <= die.value(d) <= 6 for a in added for d in a)
        layouts.add(tuple(new[c] for c in range(3)))
        values.update(die.value(d) for a in added for d in a)
    assert len(layouts) > 1, "the dice always landed in the same places"
    assert len(values) > 1, "the refill dice were not rolled"
