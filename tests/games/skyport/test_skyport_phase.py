"""Skyport phase (GCS-SKY): the played airship's move or swap ability, and the rivals' moves after a Wild.

Rows are written with the scenario builder's card ids; the starting airships used as
neighbours have known colours (SA1 blue, SA3 purple, SB1 green, SB3 red, SC1 orange,
SC3 yellow) so every expected row below can be checked position by position.
"""

from __future__ import annotations

import pytest

from skyhall.core.errors import IllegalAction
from skyhall.games.skyport.cards import COLOURS
from skyhall.games.skyport.lane import LEFT, RIGHT, shift_options
from skyhall.games.skyport.steps import SHIFT_NEW_LANE, SWAP_NEW_LANE, WALK, WILD_MOVE
from tests.games.skyport.position import CAT, berth, idx, lane, legal, play, position


def walks(most: int) -> list[str]:
    """The legal set of an Acquisition walk of up to ``most`` spaces."""
    return [f"walk {d}" for d in range(1, most + 1)]


def reach(card_id: str) -> tuple[int, int]:
    card = CAT.cards[idx(card_id)]
    assert card.ability == "move", f"{card_id} is expected to carry a move ability"
    return card.reach


def swaps_with(card_id: str) -> set[str]:
    card = CAT.cards[idx(card_id)]
    assert card.ability == "swap", f"{card_id} is expected to carry a swap ability"
    return {COLOURS[c] for c in card.swap_colours}


# -- the played airship's own ability -------------------------------------------------------------


@pytest.mark.rule("GCS-SKY-01")
def test_a_standard_airship_uses_its_ability_once_right_after_it_is_added() -> None:
    assert reach("R1") == (1, 2)
    s = position(rows={0: ["SA1", "S01", "SB1"]}, hands={0: ["R1", "S02"]})
    play(s, "play R1", "place right")
    assert s.step == SHIFT_NEW_LANE
    assert legal(s) == ["shift left 1", "shift left 2"]
    play(s, "shift left 2")
    assert s.rows[0] == (lane("SA1"), lane("R1"), berth("S01"), lane("SB1"))
    # Used once: the next decision is the standee's walk (R1 has Player Movement 4), no second move.
    assert s.step == WALK
    assert legal(s) == walks(CAT.cards[idx("R1")].movement)


@pytest.mark.rule("GCS-SKY-01")
def test_a_station_gives_no_skyport_phase_action() -> None:
    s = position(rows={0: ["SA1", "S01", "SB1"]}, hands={0: ["S02", "R1"]})
    play(s, "play S02", "place left")
    assert s.rows[0] == (berth("S02"), lane("SA1"), berth("S01"), lane("SB1"))
    assert s.step == WALK
    assert legal(s) == walks(CAT.cards[idx("S02")].movement)


@pytest.mark.rule("GCS-SKY-01")
def test_a_tycoon_gives_no_skyport_phase_action() -> None:
    s = position(rows={0: ["SA1", "S01", "SB1"]}, hands={0: ["In1", "R1"]})
    play(s, "play In1")  # one free station: "host 2" is forced
    assert s.rows[0] == (lane("SA1"), berth("S01", "In1"), lane("SB1"))
    assert s.step == WALK
    assert legal(s) == walks(CAT.cards[idx("In1")].movement)


@pytest.mark.rule("GCS-SKY-02")
def test_an_earlier_airship_does_not_fire_again_when_its_lane_merges() -> None:
    # B1 was played on an earlier turn; B2 now moves next to it and the two lanes merge.
    s = position(rows={0: ["B1", "S01", "SB3"]}, hands={0: ["B2"]})
    play(s, "play B2", "place left")
    assert legal(s) == ["shift right 1", "shift right 2"]
    play(s, "shift right 1")
    assert s.rows[0] == (lane("B1", "B2"), berth("S01"), lane("SB3"))
    assert s.step == WALK
    assert legal(s) == walks(CAT.cards[idx("B2")].movement)


@pytest.mark.rule("GCS-SKY-02")
def test_an_earlier_airship_does_not_fire_again_when_its_lane_is_swapped() -> None:
    assert swaps_with("B5") == {"purple"}
    s = position(rows={0: ["P1", "S01", "SB3"]}, hands={0: ["B5"]})
    play(s, "play B5", "place right")  # the only purple lane is P1: the swap is forced
    assert s.rows[0] == (lane("B5"), berth("S01"), lane("SB3"), lane("P1"))
    assert s.step == WALK  # Player 1's own move ability stays spent
    assert legal(s) == walks(CAT.cards[idx("B5")].movement)


@pytest.mark.rule("GCS-SKY-03")
def test_a_move_goes_all_one_way() -> None:
    # Beside the Inventor's station the new lane has room on both sides.
    s = position(rows={0: ["SB1", berth("S01", "In1"), "SB3", "S02", "SC1", "SC3"]}, hands={0: ["B1"]})
    play(s, "play B1", "place left-of 2")
    assert s.rows[0][1] == lane("B1")
    assert legal(s) == ["shift left 1", "shift right 1", "shift right 2"]
    play(s, "shift right 2")
    assert s.rows[0] == (
        lane("SB1"),
        berth("S01", "In1"),
        lane("SB3"),
        lane("B1"),
        berth("S02"),
        lane("SC1"),
        lane("SC3"),
    )


@pytest.mark.rule("GCS-SKY-04")
def test_a_move_never_goes_beyond_the_printed_maximum() -> None:
    assert reach("B1") == (1, 2)
    s = position(rows={0: ["SB1", "S01", "SB3", "S02", "SC1"]}, hands={0: ["B1"]})
    play(s, "play B1", "place left")
    # Five positions of room to the right, but at most 2.
    assert legal(s) == ["shift right 1", "shift right 2"]
    before = s.snapshot()
    with pytest.raises(IllegalAction):
        play(s, "shift right 3")
    assert s.snapshot() == before


@pytest.mark.rule("GCS-SKY-05")
def test_the_direction_must_have_room_for_the_minimum() -> None:
    assert reach("B3") == (2, 3)
    s = position(rows={0: ["SB1", berth("S01", "In1"), "SB3", "S02", "SC1", "SC3"]}, hands={0: ["B3"]})
    play(s, "play B3", "place left-of 2")
    # One position of room to the left (short of the minimum 2), four to the right.
    assert legal(s) == ["shift right 2", "shift right 3"]
    play(s, "shift right 2")
    assert s.rows[0][:5] == (lane("SB1"), berth("S01", "In1"), lane("SB3"), lane("B3"), berth("S02"))


@pytest.mark.rule("GCS-SKY-06")
def test_with_room_for_the_minimum_nowhere_and_equal_room_the_player_picks_the_side() -> None:
    assert reach("B3") == (2, 3)
    s = position(rows={0: [berth("S01", "In1"), "SB1"]}, hands={0: ["B3"]})
    play(s, "play B3", "place right-of 1")
    placed = s.rows[0]
    assert placed == (berth("S01", "In1"), lane("B3"), lane("SB1"))
    assert legal(s) == ["shift left 1", "shift right 1"]
    play(s, "shift left 1")
    assert s.rows[0] == (lane("B3"), berth("S01", "In1"), lane("SB1"))


@pytest.mark.rule("GCS-SKY-06")
def test_with_room_for_the_minimum_nowhere_the_lane_goes_as_far_as_it_can_toward_more_room() -> None:
    assert reach("B3") == (2, 3)
    s = position(rows={0: ["SB1"]}, hands={0: ["B3"]})
    play(s, "play B3", "place left")  # room 0 on the left, 1 on the right: the move is forced
    assert s.rows[0] == (lane("SB1"), lane("B3"))
    assert s.log_for(None)[-1] == "Player 1 moves the new Blue lane right 1."
    assert s.step == WALK


@pytest.mark.rule("GCS-SKY-06")
def test_short_of_the_minimum_both_ways_only_the_side_with_more_room_is_offered() -> None:
    """No shipped card's minimum exceeds the room a new lane has one way, so this reads the move's
    options directly: room 1 to the left and 3 (then 2) to the right, a minimum of 4 (then 3)."""
    five = (lane("SB1"), lane("B3"), berth("S01"), lane("SC1"), lane("SC3"))
    assert shift_options(five, 1, 4, 4) == [(RIGHT, 3)]
    assert shift_options(five[:4], 1, 3, 3) == [(RIGHT, 2)]
    assert shift_options(five[:4], 2, 3, 3) == [(LEFT, 2)]


@pytest.mark.rule("GCS-SKY-07")
def test_a_swap_trades_places_with_a_lane_of_the_named_colour() -> None:
    assert swaps_with("B5") == {"purple"}
    s = position(rows={0: ["SB1", "S01", "P1", "SC1"]}, hands={0: ["B5"]})
    play(s, "play B5", "place left")
    assert s.rows[0] == (lane("P1"), lane("SB1"), berth("S01"), lane("B5"), lane("SC1"))
    assert s.log_for(None)[-1] == "Player 1 swaps the new Blue lane with the Purple lane at position 4."


@pytest.mark.rule("GCS-SKY-07")
def test_a_swap_that_brings_the_new_lane_beside_its_colour_merges() -> None:
    s = position(rows={0: ["SB1", "P1", "B2"]}, hands={0: ["B5"]})
    play(s, "play B5", "place left")
    assert s.rows[0] == (lane("P1"), lane("SB1"), lane("B5", "B2"))
    assert s.log_for(None)[-2:] == [
        "Player 1 swaps the new Blue lane with the Purple lane at position 3.",
        "Player 1's two Blue lanes merge (2 airships).",
    ]


@pytest.mark.rule("GCS-SKY-08")
def test_a_two_colour_swap_must_use_the_colour_that_is_present() -> None:
    assert swaps_with("B6") == {"green", "orange"}
    s = position(rows={0: ["SB1", "S01", "SB3"]}, hands={0: ["B6"]})
    play(s, "play B6", "place right")
    # No orange lane: the green one is the only choice, so there is no do-nothing option.
    assert s.rows[0] == (lane("B6"), berth("S01"), lane("SB3"), lane("SB1"))
    assert s.step == WALK


@pytest.mark.rule("GCS-SKY-08", "GCS-SKY-09")
def test_a_two_colour_swap_offers_every_lane_of_either_colour() -> None:
    assert swaps_with("B6") == {"green", "orange"}
    s = position(rows={0: ["SB1", "S01", "SB3", "SC1"]}, hands={0: ["B6"]})
    play(s, "play B6", "place right")
    assert s.step == SWAP_NEW_LANE
    assert legal(s) == ["swap 1", "swap 4"]
    play(s, "swap 4")
    assert s.rows[0] == (lane("SB1"), berth("S01"), lane("SB3"), lane("B6"), lane("SC1"))


@pytest.mark.rule("GCS-SKY-09")
def test_the_player_chooses_among_several_fitting_lanes() -> None:
    s = position(rows={0: ["P1", "S01", "P2", "SB1"]}, hands={0: ["B5"]})
    play(s, "play B5", "place right")
    assert legal(s) == ["swap 1", "swap 3"]
    play(s, "swap 3")
    assert s.rows[0] == (lane("P1"), berth("S01"), lane("B5"), lane("SB1"), lane("P2"))


@pytest.mark.rule("GCS-SKY-10")
def test_a_swap_without_the_named_colour_does_nothing() -> None:
    s = position(rows={0: ["SB1", "S01", "SB3"]}, hands={0: ["B5"]})
    play(s, "play B5", "place right")
    assert s.rows[0] == (lane("SB1"), berth("S01"), lane("SB3"), lane("B5"))
    assert s.log_for(None)[-1] == "Player 1 has no Purple lane: the swap has no effect."
    assert s.step == WALK
    assert legal(s) == walks(CAT.cards[idx("B5")].movement)


# -- a Wild: the rivals move -----------------------------------------------------------------------


@pytest.mark.rule("GCS-SKY-11", "GCS-SKY-13")
def test_the_wild_player_moves_nothing_and_a_rival_may_decline() -> None:
    s = position(
        players=2,
        rows={0: ["SB1", "S01", "SB3"], 1: ["SC1", "S02", "SC3"]},
        hands={0: ["W1"]},
    )
    play(s, "play W1")
    assert legal(s) == ["join 1", "join 3"]
    play(s, "join 1")
    own = (lane("SB1", "W1"), berth("S01"), lane("SB3"))
    assert s.rows[0] == own
    assert (s.step, s.actor) == (WILD_MOVE, 1)
    play(s, "pass")
    assert s.rows[1] == (lane("SC1"), berth("S02"), lane("SC3"))
    assert s.log_for(None)[-1] == "Player 2 keeps their lanes where they are."
    # Back to the Wild's player: no lane move of their own, straight on to the walk.
    assert (s.step, s.actor) == (WALK, 0)
    assert s.rows[0] == own
    assert legal(s) == walks(CAT.cards[idx("W1")].movement)


@pytest.mark.rule("GCS-SKY-12")
def test_each_rival_may_move_one_lane_exactly_one_space() -> None:
    s = position(
        players=3,
        rows={0: ["SB1", "S01", "SB3"], 1: ["SC1", "S02", "SC3", "S03", "SD1"], 2: ["SA1", "S04", "SA3"]},
        hands={0: ["W1"]},
    )
    play(s, "play W1", "join 3")
    assert s.actor == 1
    assert legal(s) == ["move 1 right 1", "move 3 left 1", "move 3 right 1", "move 5 left 1", "pass"]
    play(s, "move 3 right 1")
    assert s.rows[1] == (lane("SC1"), berth("S02"), berth("S03"), lane("SC3"), lane("SD1"))
    assert s.actor == 2
    assert legal(s) == ["move 1 right 1", "move 3 left 1", "pass"]
    play(s, "move 1 right 1")
    assert s.rows[2] == (berth("S04"), lane("SA1"), lane("SA3"))


@pytest.mark.rule("GCS-SKY-14")
@pytest.mark.parametrize(
    ("players", "wild_seat", "order"), [(4, 1, [2, 3, 0]), (3, 2, [0, 1]), (4, 3, [0, 1, 2])]
)
def test_rivals_move_clockwise_from_the_wild_players_left(
    players: int, wild_seat: int, order: list[int]
) -> None:
    s = position(players=players, current=wild_seat, hands={wild_seat: ["W1"]})
    play(s, "play W1", "join 1")
    actors = []
    while s.step == WILD_MOVE:
        actors.append(s.actor)
        play(s, "pass")
    assert actors == order
    assert (s.step, s.actor) == (WALK, wild_seat)


@pytest.mark.rule("GCS-SKY-15")
def test_a_rivals_wild_move_merges_lanes() -> None:
    s = position(
        players=2, rows={0: ["SC1", "S02", "SC3"], 1: ["SB3", "SA1", "R1", "S01"]}, hands={0: ["W1"]}
    )
    play(s, "play W1", "join 1", "move 2 right 1")
    assert s.rows[1] == (lane("SB3", "R1"), lane("SA1"), berth("S01"))
    assert s.log_for(None)[-2:] == [
        "Player 2 moves the Blue lane at position 2 right 1 after the Wild.",
        "Player 2's two Red lanes merge (2 airships).",
    ]


@pytest.mark.rule("GCS-SKY-16")
def test_a_rivals_wild_move_triggers_none_of_their_tycoons() -> None:
    # The rival's Merchant would be triggered by a Navigation airship, and the rival has Cargo.
    assert CAT.cards[idx("W3")].icons[1] == 1
    s = position(
        players=2,
        rows={0: ["SA1", "S02", "SA3"], 1: ["SB1", berth("S01", "Me3"), "SB3", "SC1"]},
        hands={0: ["W3"]},
    )
    play(s, "play W3", "join 1", "move 4 left 1")
    assert s.rows[1] == (lane("SB1"), berth("S01", "Me3"), lane("SC1"), lane("SB3"))
    assert (s.step, s.actor, s.used) == (WALK, 0, 0)
    assert legal(s) == walks(CAT.cards[idx("W3")].movement)
