"""Action 1, take dice (ARU-DICE): choosing a load space, the dice taken, and where each die goes.

Positions use Departure planes whose slots are known from the data: DE3 (blue,
blue), JP5 ("6", "3", "5"), ES7 ("6", "4") and CA3 ("5", "4", "4") take no die
showing 1 or 2 unless it is blue (DE3), so such dice have nowhere to go but the
Airport. Every position gives seat 0 a single card, so Action 2 plays itself.
"""

from __future__ import annotations

import dataclasses

import pytest

from skyhall.core.errors import IllegalAction, MalformedAction
from skyhall.games.airport_rush.actions import TakeDice
from skyhall.games.airport_rush.state import State
from skyhall.games.airport_rush.steps import DRAW, PLAY_CARD, TAKE_DICE, TAKE_OFF
from tests.games.airport_rush.position import (
    CAT,
    DepartureSpec,
    dice,
    faces,
    idx,
    legal,
    play,
    position,
    with_deck,
)

NO_LOW_DICE: list[DepartureSpec] = ["DE3", "JP5", "ES7"]
"""Departure planes on which no yellow or red 1 or 2 fits."""


def refused(s: State, notation: str) -> IllegalAction:
    """``notation`` is refused through the checked entry and the state is left exactly as it was."""
    before = s.snapshot()
    with pytest.raises(IllegalAction) as raised:
        play(s, notation)
    assert s.snapshot() == before
    return raised.value


def docked_dice(s: State, seat: int, plane: int) -> str:
    docked = s.departure[seat][plane]
    assert docked is not None
    return faces(docked.dice)


# -- which dice may be taken ----------------------------------------------------------


@pytest.mark.rule("ARU-DICE-01")
def test_the_choice_is_one_load_space_and_dice_from_it() -> None:
    s = position(load={0: "r1 r2 b6", 2: "y1 b2 r3"}, hands={0: ["FR3"]})
    assert s.step == TAKE_DICE
    assert legal(s) == [
        "take 1 b6", "take 1 r1", "take 1 r2", "take 1 b6 r1", "take 1 b6 r2", "take 1 r1 r2",
        "take 3 y1", "take 3 b2", "take 3 r3", "take 3 y1 b2", "take 3 y1 r3", "take 3 b2 r3",
        "take 3 y1 b2 r3",
    ]  # fmt: skip
    refused(s, "take 2 r1")  # an empty space offers nothing
    refused(s, "take 1 r3")  # the red 3 lies on space 3
    play(s, "take 3 r3")
    assert [faces(space) for space in s.load] == ["b6 r1 r2", "", "y1 b2", "", "", ""]
    assert s.pending == dice("r3")


@pytest.mark.rule("ARU-DICE-02")
def test_one_to_three_dice_of_one_colour() -> None:
    s = position(load={0: "r1 r2 r5"})
    assert legal(s) == [
        "take 1 r1", "take 1 r2", "take 1 r5",
        "take 1 r1 r2", "take 1 r1 r5", "take 1 r2 r5", "take 1 r1 r2 r5",
    ]  # fmt: skip
    s = position(load={0: "r4 r4 b4"})
    assert legal(s) == ["take 1 b4", "take 1 r4", "take 1 b4 r4", "take 1 r4 r4"]
    refused(s, "take 1 b4 r4 r4")  # two reds and a blue: neither one colour nor all different


@pytest.mark.rule("ARU-DICE-03")
def test_one_to_three_dice_of_different_colours() -> None:
    s = position(load={0: "y6 b2 r2"})
    assert legal(s) == [
        "take 1 y6", "take 1 b2", "take 1 r2",
        "take 1 y6 b2", "take 1 y6 r2", "take 1 b2 r2", "take 1 y6 b2 r2",
    ]  # fmt: skip
    s = position(load={0: "r1 r2 b6"})
    refused(s, "take 1 b6 r1 r2")  # not even a selection the notation knows
    error = refused(s, "take 2 b6 r1")
    assert error.reason == "take 1-3 dice of one colour, or 1-3 of different colours, all from one load space"


@pytest.mark.rule("ARU-DICE-04")
def test_at_least_one_die_is_taken() -> None:
    s = position(hands={0: ["FR3"]})
    assert s.step == TAKE_DICE
    assert all(isinstance(a, TakeDice) and 1 <= len(a.faces) <= 3 for a in s.legal_actions())
    before = s.snapshot()
    with pytest.raises(MalformedAction):
        play(s, "take 1")
    with pytest.raises(IllegalAction, match="must now take dice"):
        play(s, "pass")
    assert s.snapshot() == before


# -- the board is not refilled mid-turn -----------------------------------------------


@pytest.mark.rule("ARU-DICE-05")
def test_dice_left_on_the_board_wait_for_the_end_of_the_turn() -> None:
    s = position(departure={0: NO_LOW_DICE}, load={0: "r1 r2 b6", 1: "y3 y4 y5"}, hands={0: ["FR3"]})
    with_deck(s, 0, ["BR3", "BR4", "US5", "US6", "UK7"])  # no Event can come up while refilling
    bag = s.bag
    play(s, "take 1 r1 r2", "put r1 airport")  # the red 2 goes to the Airport too, FR3 is played
    assert s.step == DRAW  # nothing to take off
    assert faces(s.airport[0]) == "r1 r2"
    for _ in range(3):
        assert [faces(space) for space in s.load] == ["b6", "y3 y4 y5", "", "", "", ""]
        assert s.bag == bag
        play(s, "draw plane 1")
    play(s, "draw plane 1")  # the fourth card ends the turn: now the spaces are filled again
    assert s.current == 1
    assert [len(space) for space in s.load] == [3] * 6
    assert faces(s.load[1]) == "y3 y4 y5"
    assert dice("b6")[0] in s.load[0]


# -- where taken dice go --------------------------------------------------------------


@pytest.mark.rule("ARU-DICE-06")
def test_a_taken_die_goes_to_a_plane_slot_it_meets_or_the_airport() -> None:
    # BR1: "5", blue. US2: blue, "4". UK5: "2", red.
    s = position(departure={0: ["BR1", "US2", "UK5"]}, load={0: "b4 r2"}, hands={0: ["FR3"]})
    play(s, "take 1 b4 r2")
    assert legal(s) == [
        "put b4 plane 1", "put b4 plane 2", "put b4 airport", "put r2 plane 3", "put r2 airport",
    ]  # fmt: skip
    refused(s, "put r2 plane 1")
    play(s, "put b4 plane 2", "put r2 plane 3")
    assert [docked_dice(s, 0, p) for p in range(3)] == ["", "b4", "r2"]
    assert s.airport[0] == ()


@pytest.mark.rule("ARU-DICE-07")
def test_waiting_planes_receive_no_dice() -> None:
    # FR4 (red, red) would take the red 1, but it is waiting.
    s = position(departure={0: NO_LOW_DICE}, waiting={0: ["FR4"]}, load={0: "y2 r1"}, hands={0: ["FR3"]})
    play(s, "take 1 y2 r1")
    assert legal(s) == ["put y2 airport", "put r1 airport"]
    with pytest.raises(MalformedAction):
        play(s, "put r1 waiting 1")
    play(s, "put r1 airport")  # the yellow 2 follows by itself
    assert s.waiting[0][0] == idx("FR4")
    assert faces(s.airport[0]) == "y2 r1"


@pytest.mark.rule("ARU-DICE-08", "ARU-SET-02")
@pytest.mark.parametrize("airport", ["y1 y2 r1", "y1 y2 r1 r2"])
def test_the_airport_holds_four_dice(airport: str) -> None:
    s = position(departure={0: NO_LOW_DICE}, airport={0: airport}, load={0: "b6 r4"}, hands={0: ["FR3"]})
    play(s, "take 1 b6 r4")
    on_planes = ["put b6 plane 1", "put b6 plane 2", "put b6 plane 3", "put r4 plane 3"]
    if len(airport.split()) == 3:
        assert sorted(legal(s)) == sorted([*on_planes, "put b6 airport", "put r4 airport"])
        play(s, "put b6 airport")
        assert len(s.airport[0]) == 4
        assert legal(s) == ["put r4 plane 3", "load b6 plane 1", "load b6 plane 2", "load b6 plane 3"]
    else:
        assert sorted(legal(s)) == sorted(on_planes)
        refused(s, "put r4 airport")


@pytest.mark.rule("ARU-DICE-09")
def test_a_die_with_a_place_cannot_be_thrown_away() -> None:
    s = position(
        departure={0: NO_LOW_DICE}, airport={0: "y1 y2 r1 r2"}, load={0: "b6 r4"}, hands={0: ["FR3"]}
    )
    play(s, "take 1 b6 r4")
    error = refused(s, "discard b6")
    assert error.reason == "a die that can be placed must be placed"
    refused(s, "swap r4 y1")


# -- a full Airport -------------------------------------------------------------------


def full_airport(take: str) -> State:
    """Seat 0's Airport is full of dice that fit nowhere; it takes ``take``, which fits no plane either."""
    s = position(
        departure={0: ["JP5", "ES7", "CA3"]}, airport={0: "y2 b1 r1 r2"}, load={0: take}, hands={0: ["FR3"]}
    )
    play(s, f"take 1 {take}")
    return s


@pytest.mark.rule("ARU-DICE-10", "ARU-DICE-12")
def test_a_die_that_fits_nowhere_is_discarded_or_swapped() -> None:
    s = full_airport("y1 r2")
    bag = s.bag
    assert legal(s) == [
        "discard y1",
        "swap y1 y2",
        "swap y1 b1",
        "swap y1 r1",
        "swap y1 r2",
        "discard r2",
        "swap r2 y2",
        "swap r2 b1",
        "swap r2 r1",
    ]  # fmt: skip  (swapping a die for an identical one would change nothing: not offered)
    play(s, "swap y1 b1")
    assert faces(s.airport[0]) == "y1 y2 r1 r2"
    assert s.bag == (bag[0], bag[1] + 1, bag[2])  # the blue 1 went back into the bag
    assert legal(s) == ["discard r2", "swap r2 y1", "swap r2 y2", "swap r2 r1"]
    play(s, "discard r2")
    assert s.bag == (bag[0], bag[1] + 1, bag[2] + 1)
    assert faces(s.airport[0]) == "y1 y2 r1 r2"
    assert s.step == DRAW  # FR3 played itself, nothing to take off


@pytest.mark.rule("ARU-DICE-11", "ARU-DICE-12")
def test_up_to_three_swaps_in_one_take() -> None:
    s = full_airport("y1 b2 r1")
    bag = s.bag
    play(s, "swap y1 y2", "swap b2 b1", "swap r1 r2")
    assert faces(s.airport[0]) == "y1 b2 r1 r1"
    assert s.bag == (bag[0] + 1, bag[1] + 1, bag[2] + 1)
    assert CAT.limits.max_swaps == 3  # three dice at most are taken, so Action 1 can always swap them all


@pytest.mark.rule("ARU-DICE-11", "ARU-DICE-12")
def test_dice_beyond_the_swap_limit_are_discarded() -> None:
    """The limit comes from ``game.toml``; with a limit of 2 the third die can only be discarded."""
    s = position(
        departure={0: ["JP5", "ES7", "CA3"]},
        airport={0: "y2 b1 r1 r2"},
        load={0: "y1 b2 r1"},
        hands={0: ["FR3"]},
    )
    s.cat = dataclasses.replace(CAT, limits=dataclasses.replace(CAT.limits, max_swaps=2))
    bag = s.bag
    play(s, "take 1 y1 b2 r1", "swap y1 y2", "swap b2 b1")
    # The red 1 had one choice left, discard, and it was taken at once.
    assert s.pending == ()
    assert faces(s.airport[0]) == "y1 b2 r1 r2"
    assert s.bag == (bag[0] + 1, bag[1] + 1, bag[2] + 1)
    assert s.step == DRAW  # FR3 played itself, nothing to take off


@pytest.mark.rule("ARU-DICE-11")
def test_the_swap_limit_is_counted_afresh_in_each_take_dice_action() -> None:
    """Player 1 uses all three swaps; in the next turn Player 2's Take-Dice action has its own three."""
    s = position(
        departure={0: ["JP5", "ES7", "CA3"], 1: [None, None, None]},  # Player 2 has no plane to load
        waiting={0: [], 1: []},
        airport={0: "y2 b1 r1 r2", 1: "y2 b1 r1 r2"},
        load={0: "y1 b2 r1", 1: "y1 b2 r1"},
        hands={0: ["FR3", "IT2", "JP1", "ES2"], 1: ["UK6", "JP6", "DE3", "UK5"]},
    )
    play(s, "take 1 y1 b2 r1", "swap y1 y2", "swap b2 b1", "swap r1 r2", "play FR3")
    assert s.step == DRAW
    play(s, "draw plane deck")
    assert s.current == 1 and faces(s.load[1]) == "y1 b2 r1"  # only emptied places were refilled
    play(s, "take 2 y1 b2 r1")
    assert legal(s)[:5] == ["discard y1", "swap y1 y2", "swap y1 b1", "swap y1 r1", "swap y1 r2"]
    play(s, "swap y1 y2", "swap b2 b1", "swap r1 r2")
    assert faces(s.airport[1]) == "y1 b2 r1 r1"
    assert s.pending == () and s.step == PLAY_CARD


# -- dice on planes -------------------------------------------------------------------


@pytest.mark.rule("ARU-DICE-13")
def test_dice_on_a_plane_are_rearranged_to_fit() -> None:
    """IT3 ("3", red; 8): a red 3 goes on first, then a red 5 needs the red slot, so the red 3 moves to
    the "3" slot; the plane is then ready. A blue 3 can only sit in the "3" slot, so a yellow 5 never fits."""
    s = position(departure={0: ["IT3", "DE3", "JP5"]}, load={0: "r3 r5"}, hands={0: ["FR3"]})
    play(s, "take 1 r3 r5", "put r3 plane 1")
    assert "put r5 plane 1" in legal(s)
    play(s, "put r5 plane 1")
    assert docked_dice(s, 0, 0) == "r3 r5"
    assert s.step == TAKE_OFF
    assert "takeoff 1" in legal(s)

    s = position(departure={0: [("IT3", "b3"), "DE3", "ES7"]}, load={0: "y5 r5"}, hands={0: ["FR3"]})
    play(s, "take 1 y5 r5")
    assert legal(s) == ["put y5 airport", "put r5 plane 1", "put r5 airport"]


@pytest.mark.rule("ARU-DICE-14")
def test_airport_dice_move_onto_planes_during_the_turn() -> None:
    # US2: blue, "4"; DE3: blue, blue. The blue 4 on the Airport fits both; the yellow 1 taken fits nothing.
    s = position(
        departure={0: ["US2", "DE3", "JP5"]}, airport={0: "b4 b5"}, load={0: "y1 y2"}, hands={0: ["FR3"]}
    )
    play(s, "take 1 y1")
    moves = ["load b4 plane 1", "load b4 plane 2", "load b5 plane 1", "load b5 plane 2", "load b5 plane 3"]
    assert legal(s) == ["put y1 airport", *moves]
    play(s, "load b5 plane 3")  # while the taken die still waits for its place
    assert docked_dice(s, 0, 2) == "b5"
    assert s.pending == dice("y1")
    assert legal(s) == ["put y1 airport", "load b4 plane 1", "load b4 plane 2"]
    play(s, "put y1 airport")
    assert s.step == PLAY_CARD  # one card, but loading is offered at every decision of the turn
    assert legal(s) == ["play FR3", "load b4 plane 1", "load b4 plane 2"]
    play(s, "play FR3")
    assert s.step == TAKE_OFF
    assert legal(s) == ["load b4 plane 1", "load b4 plane 2", "pass"]
    play(s, "load b4 plane 1")
    assert [docked_dice(s, 0, p) for p in range(3)] == ["b4", "", "b5"]
    assert faces(s.airport[0]) == "y1"
    assert s.step == DRAW  # nothing left to decide in Action 3


@pytest.mark.rule("ARU-DICE-15")
def test_dice_never_leave_a_plane_without_a_card() -> None:
    s = position(
        departure={0: [("US2", "b4"), "DE3", "JP5"]}, airport={0: "b5"}, load={0: "y1 y2"}, hands={0: ["FR3"]}
    )
    play(s, "take 1 y1", "put y1 airport", "play FR3")
    assert s.step == TAKE_OFF
    assert legal(s) == ["load b5 plane 1", "load b5 plane 2", "load b5 plane 3", "pass"]
    refused(s, "transfer plane 1 b4 airport")
    refused(s, "transfer plane 1 b4 plane 2")
    refused(s, "load b4 plane 2")  # the blue 4 is on a plane, not on the Airport
    play(s, "load b5 plane 2")  # then nothing is left to decide in Action 3
    assert s.step == DRAW
    assert [docked_dice(s, 0, p) for p in range(3)] == ["b4", "b5", ""]


@pytest.mark.rule("ARU-DICE-14")
def test_loading_is_offered_before_taking_dice_and_while_drawing() -> None:
    # DE3: blue, blue. The blue 5 on the Airport fits it; FOG or a full Airport later could make this matter.
    s = position(
        departure={0: ["DE3", "US2", "JP5"]}, airport={0: "b5"}, load={0: "y1 y2"}, hands={0: ["FR3"]}
    )
    assert s.step == TAKE_DICE
    assert "load b5 plane 1" in legal(s)
    play(s, "take 1 y1", "put y1 airport", "play FR3", "pass")
    assert s.step == DRAW
    assert [a for a in legal(s) if a.startswith("load ")] == [
        "load b5 plane 1",
        "load b5 plane 2",
        "load b5 plane 3",
    ]
    play(s, "load b5 plane 1")
    assert s.step == DRAW and docked_dice(s, 0, 0) == "b5"
