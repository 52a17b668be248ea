"""Grand Central Skyport: the Skyport row, moving, swapping and merging Lanes (GCS-LANE-*).

Positions in notation are 1-based from the left; rows below are written left to right.
"""

from __future__ import annotations

import pytest

from skyhall.core.errors import IllegalAction
from skyhall.games.skyport.cards import STATION
from skyhall.games.skyport.lane import Berth, Lane, Row, shifted
from skyhall.games.skyport.state import State
from skyhall.games.skyport.steps import PHASES, SHIFT_NEW_LANE, TYCOON_CHOICE, WALK, WILD_MOVE
from tests.games.skyport.position import CAT, berth, idx, lane, legal, play, position


def row_of(*items: str | Lane | Berth) -> Row:
    """A row from card ids (an airship id is a one-card lane, a station id a bare station) and positions."""
    return tuple(
        (Berth(idx(item)) if CAT.cards[idx(item)].kind == STATION else lane(item))
        if isinstance(item, str)
        else item
        for item in items
    )


def wild_for_rival(rival_row: list[str | Lane | Berth]) -> State:
    """Seat 0 has just added Wild W1 to its only lane; seat 1 now decides on its one-space move."""
    s = position(rows={0: ["B1", "S01"], 1: rival_row}, hands={0: ["W1", "G4"]})
    play(s, "play W1")  # one lane to join: the join is forced
    assert s.step == WILD_MOVE and s.actor == 1
    return s


@pytest.mark.rule("GCS-LANE-01")
def test_row_holds_stations_and_lanes_tycoons_take_no_position() -> None:
    s = position(rows={0: ["SA1", "SA2", "SA3", "SA4", "S01"]}, hands={0: ["Di1", "B1"]})
    assert all(isinstance(item, Lane | Berth) for item in s.rows[0])
    play(s, "play Di1", "host 2")
    assert s.rows[0] == row_of("SA1", berth("SA2", "Di1"), "SA3", "SA4", "S01")
    assert len(s.rows[0]) == 5
    s = position(rows={0: ["SA1", "SA2", "SA3", "SA4"]}, hands={0: ["S02", "B1"]})
    play(s, "play S02", "place right")
    assert s.rows[0] == row_of("SA1", "SA2", "SA3", "SA4", "S02")


@pytest.mark.rule("GCS-LANE-02")
@pytest.mark.parametrize(
    ("start", "place", "row"),
    [
        (("B1", "S01", "R2"), "place left", ("B2", "B1", "S01", "R2")),
        (("S01", "R2", "B1"), "place right", ("S01", "R2", "B1", "B2")),
    ],
)
def test_a_new_airship_is_a_lane_of_its_own_even_beside_its_colour(
    start: tuple[str, ...], place: str, row: tuple[str, ...]
) -> None:
    s = position(rows={0: list(start)}, hands={0: ["B2", "G4"]})
    play(s, "play B2", place)
    assert s.step == SHIFT_NEW_LANE  # B2 (move 1-2) is about to move: the row is as placed
    assert s.rows[0] == row_of(*row)


@pytest.mark.rule("GCS-LANE-03")
def test_own_moves_change_only_the_own_skyport() -> None:
    s = position(rows={0: ["R1", "S01", "B2"], 1: ["G1", "S02", "G2"]}, hands={0: ["B1", "G4"]})
    rival = s.rows[1]
    play(s, "play B1", "place left", "shift right 2")
    assert s.rows[0] == row_of("R1", "S01", lane("B1", "B2"))
    assert s.rows[1] == rival


@pytest.mark.rule("GCS-LANE-03")
def test_a_rival_move_after_a_wild_changes_only_the_rivals_skyport() -> None:
    s = wild_for_rival(["G1", "S02", "R1"])
    own = s.rows[0]
    assert own == (lane("B1", "W1"), *row_of("S01"))
    assert set(legal(s)) == {"move 1 right 1", "move 3 left 1", "pass"}
    play(s, "move 3 left 1")
    assert s.rows[0] == own
    assert s.rows[1] == row_of("G1", "R1", "S02")


@pytest.mark.rule("GCS-LANE-04")
def test_a_lane_moves_as_a_whole() -> None:
    s = wild_for_rival([lane("G1", "G2", "G3"), "S02", "R1"])
    # only whole lanes can be chosen: position 1 is the three-card lane
    assert set(legal(s)) == {"move 1 right 1", "move 3 left 1", "pass"}
    play(s, "move 1 right 1")
    assert s.rows[1] == (*row_of("S02"), lane("G1", "G2", "G3"), *row_of("R1"))


@pytest.mark.rule("GCS-LANE-05")
@pytest.mark.parametrize(
    ("shift", "row"),
    [
        ("shift right 1", (lane("G1", "G2", "G3"), *row_of("B1", "S01"))),
        ("shift right 2", (lane("G1", "G2", "G3"), *row_of("S01", "B1"))),
    ],
)
def test_one_space_passes_one_position_however_big(shift: str, row: Row) -> None:
    s = position(rows={0: [lane("G1", "G2", "G3"), "S01"]}, hands={0: ["B1", "G4"]})
    play(s, "play B1", "place left")
    assert s.rows[0] == (*row_of("B1"), lane("G1", "G2", "G3"), *row_of("S01"))
    assert set(legal(s)) == {"shift right 1", "shift right 2"}
    play(s, shift)
    assert s.rows[0] == row


@pytest.mark.rule("GCS-LANE-06")
def test_a_lane_may_pass_stations() -> None:
    s = position(rows={0: ["S01", "S02", "R2"]}, hands={0: ["B1", "G4"]})
    play(s, "play B1", "place left")
    # B1's right side faces S01; two spaces later it stands between S02 and R2
    play(s, "shift right 2")
    assert s.rows[0] == row_of("S01", "S02", "B1", "R2")


@pytest.mark.rule("GCS-LANE-07")
def test_a_lane_never_moves_past_either_end() -> None:
    s = position(rows={0: ["S01", "R2"]}, hands={0: ["B1", "G4"]})
    play(s, "play B1", "place right")  # right end: only leftward moves
    assert set(legal(s)) == {"shift left 1", "shift left 2"}
    before = s.snapshot()
    for beyond in ("shift right 1", "shift left 3"):
        with pytest.raises(IllegalAction):
            play(s, beyond)
        assert s.snapshot() == before
    s = position(rows={0: ["S01", "R2", "S02"]}, hands={0: ["B1", "G4"]})
    play(s, "play B1", "place left")
    assert set(legal(s)) == {"shift right 1", "shift right 2"}
    row = s.rows[0]
    with pytest.raises(ValueError, match="cannot move"):
        shifted(row, 0, -1, 1)
    with pytest.raises(ValueError, match="cannot move"):
        shifted(row, 0, 1, 4)


@pytest.mark.rule("GCS-LANE-08")
def test_a_swap_exchanges_two_lanes_and_nothing_else() -> None:
    s = position(rows={0: ["P1", "S01", "R2", "S02"]}, hands={0: ["B5", "G4"]})
    play(s, "play B5", "place right")  # B5 swaps with a purple lane: there is one, the swap is forced
    assert s.rows[0] == row_of("B5", "S01", "R2", "S02", "P1")
    assert s.step == WALK


@pytest.mark.rule("GCS-LANE-09")
def test_a_move_by_an_airship_ability_merges_neighbours() -> None:
    s = position(rows={0: ["R1", "S01", "B2"]}, hands={0: ["B1", "G4"]})
    play(s, "play B1", "place left", "shift right 2")
    assert s.rows[0] == (*row_of("R1", "S01"), lane("B1", "B2"))
    assert s.step == WALK  # the merge asked nothing: it is not optional
    assert s.log_for(None)[-2:] == [
        "Player 1 moves the new Blue lane right 2.",
        "Player 1's two Blue lanes merge (2 airships).",
    ]


@pytest.mark.rule("GCS-LANE-09")
def test_a_move_after_a_wild_merges_the_rivals_neighbours() -> None:
    s = wild_for_rival(["B2", "R1", "B3", "S01"])
    play(s, "move 2 right 1")
    assert s.rows[1] == (lane("B2", "B3"), *row_of("R1", "S01"))
    assert s.log_for(None)[-2:] == [
        "Player 2 moves the Red lane at position 2 right 1 after the Wild.",
        "Player 2's two Blue lanes merge (2 airships).",
    ]


@pytest.mark.rule("GCS-LANE-09")
def test_a_tycoon_move_merges_neighbours() -> None:
    s = position(rows={0: [berth("S01", "Me3"), "R4", "G1", "Y1", "G2"]}, hands={0: ["B7", "G4"]})
    play(s, "play B7", "place left")  # B7 moves exactly 1 and can only go right: forced
    assert s.rows[0] == (berth("S01", "Me3"), *row_of("B7", "R4", "G1", "Y1", "G2"))
    play(s, "use merchant", "move 5 right 1")
    assert s.rows[0] == (berth("S01", "Me3"), *row_of("B7", "R4"), lane("G1", "G2"), *row_of("Y1"))
    assert PHASES[s.step] == "Acquisition"  # B7's Player Movement 1: the walk was forced too
    assert s.log_for(None)[-3:-1] == [
        "Player 1's Merchant moves the Yellow lane at position 5 right 1.",
        "Player 1's two Green lanes merge (2 airships).",
    ]


@pytest.mark.rule("GCS-LANE-09")
def test_a_movement_space_move_merges_neighbours() -> None:
    s = position(rows={0: ["G1", "Y1", "G2", "S02"]}, hands={0: ["S01", "B1"]}, board={1: "G3"})
    s.standees[0] = 0
    play(s, "play S01", "place right")  # walk 1 is forced: space 2, Movement, takes G3
    assert "move 1 right 1" in legal(s)
    play(s, "move 1 right 1")
    assert s.rows[0] == (*row_of("Y1"), lane("G1", "G2"), *row_of("S02", "S01"))
    assert s.log_for(None)[-2:] == [
        "Player 1 moves the Green lane at position 1 right 1 (Movement space).",
        "Player 1's two Green lanes merge (2 airships).",
    ]


@pytest.mark.rule("GCS-LANE-10")
def test_lanes_with_a_station_between_them_never_merge() -> None:
    s = position(rows={0: ["B2", "S01", "R1"]}, hands={0: ["B1", "G4"]})
    play(s, "play B1", "place right", "shift left 1")
    assert s.rows[0] == row_of("B2", "S01", "B1", "R1")
    assert "Player 1 moves the new Blue lane left 1." in s.log_for(None)
    assert not any("merge" in line for line in s.log_for(None))


@pytest.mark.rule("GCS-LANE-11")
def test_a_run_of_three_lanes_of_one_colour_becomes_one_lane() -> None:
    s = position(rows={0: ["B2", "P1", "B3", "S01"]}, hands={0: ["B5", "G4"]})
    play(s, "play B5", "place right")  # swaps with P1: blue B2, B5, B3 stand side by side
    assert s.rows[0] == (lane("B2", "B5", "B3"), *row_of("S01", "P1"))
    assert s.log_for(None)[-2:] == [
        "Player 1 swaps the new Blue lane with the Purple lane at position 2.",
        "Player 1's three Blue lanes merge (3 airships).",
    ]


def tycoon_phase(row: list[str | Lane | Berth], card: str, place: str) -> State:
    """Seat 0 plays ``card``, a swap airship whose colour is absent: the row stays as placed and the
    Tycoon phase begins (no move has been made yet, so nothing has merged)."""
    s = position(rows={0: row}, hands={0: [card, "G4"]})
    play(s, f"play {card}", place)
    assert s.step == TYCOON_CHOICE
    return s


@pytest.mark.rule("GCS-LANE-11")
@pytest.mark.parametrize(
    ("move", "row", "merge"),
    [
        # the yellow lane leaves the reds: R5 (placed beside SB3, not merged), SB3 and R2 become one lane
        (
            "move 3 right 1",
            (lane("R5", "SB3", "R2"), *row_of("SD3"), berth("S01", "Me1"), *row_of("SB1")),
            "Player 1's three Red lanes merge (3 airships).",
        ),
        (
            "move 3 right 2",
            (lane("R5", "SB3", "R2"), berth("S01", "Me1"), *row_of("SD3", "SB1")),
            "Player 1's three Red lanes merge (3 airships).",
        ),
        # the yellow lane cuts the run: only the two reds on its right merge, R5 stays apart
        (
            "move 3 left 1",
            (*row_of("R5", "SD3"), lane("SB3", "R2"), berth("S01", "Me1"), *row_of("SB1")),
            "Player 1's two Red lanes merge (2 airships).",
        ),
    ],
    ids=["right-1-run-of-three", "right-2-run-of-three", "left-1-cuts-the-run"],
)
def test_a_merchant_move_merges_the_whole_run_it_makes(move: str, row: Row, merge: str) -> None:
    s = tycoon_phase(["SB3", "SD3", "R2", berth("S01", "Me1"), "SB1"], "R5", "place left")
    assert s.rows[0] == (*row_of("R5", "SB3", "SD3", "R2"), berth("S01", "Me1"), *row_of("SB1"))
    play(s, "use merchant", move)
    assert s.rows[0] == row
    assert s.step == WALK
    assert s.log_for(None)[-2:] == [
        f"Player 1's Merchant moves the Yellow lane at position 3 {move.removeprefix('move 3 ')}.",
        merge,
    ]


@pytest.mark.rule("GCS-LANE-11")
def test_an_explorer_swap_merges_a_run_of_three_lanes() -> None:
    # G5 (swaps with red: none) stays alone at the right end; G2 swapped in between SB1 and G1 makes a run
    s = tycoon_phase(["SB1", "SD3", "G1", berth("S01", "Ex1"), "G2", "SA1"], "G5", "place right")
    play(s, "use explorer", "swap 2 5")
    assert s.rows[0] == (lane("SB1", "G2", "G1"), berth("S01", "Ex1"), *row_of("SD3", "SA1", "G5"))
    assert s.step == WALK
    assert s.log_for(None)[-2:] == [
        "Player 1's Explorer swaps the Yellow lane at position 2 with the Green lane at position 5.",
        "Player 1's three Green lanes merge (3 airships).",
    ]


@pytest.mark.rule("GCS-LANE-11")
@pytest.mark.parametrize(
    ("move", "row", "merge"),
    [
        (
            "move 2 left 1",
            (*row_of("G1"), lane("R1", "R2", "R3"), *row_of("S02")),
            "Player 2's three Red lanes merge (3 airships).",
        ),
        # the green lane goes between R2 and R3: R1 and R2 merge, R3 stays apart
        (
            "move 2 right 1",
            (lane("R1", "R2"), *row_of("G1", "R3", "S02")),
            "Player 2's two Red lanes merge (2 airships).",
        ),
    ],
    ids=["left-1-run-of-three", "right-1-cuts-the-run"],
)
def test_a_move_after_a_wild_merges_the_whole_run_it_makes(move: str, row: Row, merge: str) -> None:
    # R2 and R3 were left side by side by a placement; the green lane stands between R1 and them
    s = wild_for_rival(["R1", "G1", "R2", "R3", "S02"])
    play(s, move)
    assert s.rows[1] == row
    assert s.log_for(None)[-2:] == [
        f"Player 2 moves the Green lane at position 2 {move.removeprefix('move 2 ')} after the Wild.",
        merge,
    ]


@pytest.mark.rule("GCS-LANE-12")
def test_placing_never_merges() -> None:
    # B5 swaps with purple; with no purple lane its ability does nothing, so the placement stands
    s = position(rows={0: ["B1", "S01", "R2"]}, hands={0: ["B5", "G4"]})
    play(s, "play B5", "place left")
    assert s.step == WALK
    assert s.rows[0] == row_of("B5", "B1", "S01", "R2")
    s = position(rows={0: ["SA1", berth("SA2", "In1"), "B2"]}, hands={0: ["B5", "G4"]})
    play(s, "play B5", "place right-of 2")
    assert s.rows[0] == (*row_of("SA1"), berth("SA2", "In1"), *row_of("B5", "B2"))


@pytest.mark.rule("GCS-LANE-13")
def test_the_merge_check_covers_the_whole_skyport() -> None:
    # B2 and B3 were left side by side by earlier placements; moving G1 elsewhere merges them
    s = position(rows={0: ["B2", "B3", "S01", "R1"]}, hands={0: ["G1", "B4"]})
    play(s, "play G1", "place right", "shift left 1")
    assert s.rows[0] == (lane("B2", "B3"), *row_of("S01", "G1", "R1"))
    assert s.log_for(None)[-2:] == [
        "Player 1 moves the new Green lane left 1.",
        "Player 1's two Blue lanes merge (2 airships).",
    ]


@pytest.mark.rule("GCS-LANE-14")
def test_merges_are_checked_only_where_a_move_ends() -> None:
    s = position(rows={0: ["R2", "B2", "G1", "S01"]}, hands={0: ["B3", "G4"]})
    play(s, "play B3", "place left")  # B3 moves 2 or 3; after 1 and 2 spaces it passes beside B2
    assert set(legal(s)) == {"shift right 2", "shift right 3"}
    play(s, "shift right 3")
    assert s.rows[0] == row_of("R2", "B2", "G1", "B3", "S01")
    assert idx("B3") not in s.rows[0][1].cards  # type: ignore[union-attr]
