"""Action 3, take off (ARU-TKO): which planes are ready, the one-per-turn limit, and what a take-off moves.

Every scenario starts with empty load spaces (``load={}``), so Action 1 is skipped and the
active seat goes straight to Action 2. Planes used (slots, exact total):
BR1 [5, blue] 9 · US2 [blue, 4] 8 · UK2 [red, blue] 11 · BR2 [red, yellow, 5] 8 ·
FR1 [blue, blue, 1] 6 · CA2 [3, yellow] 7 · IT2 [yellow, blue] 7 · JP1 [1, yellow] 7.
"""

from __future__ import annotations

import pytest

from skyhall.core.errors import IllegalAction
from skyhall.games.airport_rush.plane import Docked
from skyhall.games.airport_rush.state import State
from skyhall.games.airport_rush.steps import DRAW, PLAY_CARD, TAKE_OFF
from tests.games.airport_rush.position import CAT, dice, idx, legal, play, position

READY_BR1 = ("BR1", "b4 y5")
"""BR1 [5, blue] 9, ready: y5 on the 5, b4 on blue."""
READY_US2 = ("US2", "b4 r4")
READY_UK2 = ("UK2", "b6 r5")


def refused(s: State, action: str, reason: str) -> None:
    """``action`` is refused with ``reason`` and the state is untouched."""
    before = s.snapshot()
    with pytest.raises(IllegalAction) as caught:
        play(s, action)
    assert caught.value.reason == reason
    assert s.snapshot() == before


def waiting(s: State) -> list[str]:
    """Player 1's Waiting queue, front first, by plane id."""
    return [CAT.cards[c].id for c in s.waiting[0]]


def test_the_fixture_planes_are_what_the_scenarios_assume() -> None:
    expected = {"BR1": 9, "US2": 8, "UK2": 11, "BR2": 8, "FR1": 6, "CA2": 7, "IT2": 7, "JP1": 7}
    assert {p: CAT.cards[idx(p)].value for p in expected} == expected


# -- when a plane may take off --------------------------------------------------------------------


@pytest.mark.rule("ARU-TKO-01")
def test_a_ready_plane_may_take_off_after_the_card_is_played() -> None:
    s = position(departure={0: [READY_BR1, "FR1", None]}, waiting={0: []}, hands={0: ["IT2", "JP1"]}, load={})
    assert s.step == PLAY_CARD
    assert legal(s) == ["play IT2", "play JP1"]  # no take-off before the card
    refused(s, "takeoff 1", "Player 1 must now play a card, and this is not one of the choices")
    play(s, "play IT2")
    assert s.step == TAKE_OFF
    assert legal(s) == ["takeoff 1", "pass"]
    play(s, "takeoff 1")
    assert s.taken[0] == (idx("BR1"),)
    assert s.departure[0] == (None, Docked(idx("FR1")), Docked(idx("IT2")))
    assert s.step == DRAW  # one take-off done, nothing else to do in Action 3


@pytest.mark.rule("ARU-TKO-02")
def test_only_departure_planes_take_off() -> None:
    s = position(
        departure={0: [READY_BR1, None, None]},
        waiting={0: ["CA2"]},  # a waiting plane (a position may hold one beside a free space)
        hands={0: ["control", "US2"]},
        load={},
    )
    play(s, "play control")
    assert legal(s) == ["takeoff 1", "pass"]
    reason = "that plane is not ready: every slot needs a fitting die and the total must be exact"
    refused(s, "takeoff 2", reason)  # an empty Departure space
    refused(s, "takeoff 4", reason)  # no extra space without OVERLOAD
    play(s, "takeoff 1")
    assert s.taken[0] == (idx("BR1"),)
    assert s.departure[0][0] == Docked(idx("CA2"))  # the waiting plane only moved up; it did not leave


@pytest.mark.rule("ARU-TKO-03", "ARU-EDGE-07")
def test_a_plane_is_ready_only_when_every_slot_holds_a_die_meeting_it() -> None:
    s = position(
        departure={0: [("BR2", "r3 y5"), ("BR1", "r4 r5"), READY_US2]},
        waiting={0: []},
        hands={0: ["IT2", "JP1"]},
        load={},
    )
    # BR2 [red, yellow, 5]: r3 + y5 = 8, its total, but the 5 slot is empty.
    # BR1 [5, blue]: r4 + r5 = 9, its total, both slots covered by a die, but no die meets blue.
    play(s, "play IT2")
    assert legal(s) == ["takeoff 3", "pass"]
    reason = "that plane is not ready: every slot needs a fitting die and the total must be exact"
    refused(s, "takeoff 1", reason)
    refused(s, "takeoff 2", reason)


@pytest.mark.rule("ARU-TKO-04", "ARU-EDGE-05")
def test_the_dice_must_add_up_to_exactly_the_printed_number() -> None:
    s = position(
        departure={0: [("BR1", "b3 y5"), ("US2", "b5 r4"), ("UK2", "b6 r6")]},  # 8 of 9, 9 of 8, 12 of 11
        waiting={0: []},
        hands={0: ["IT2", "JP1"]},
        load={},
    )
    play(s, "play IT2")
    assert s.step == DRAW and s.taken[0] == ()  # Action 3 offered nothing, so it was skipped
    # Off by one either way is not enough; the dice stay on their planes.
    assert [p.dice for p in s.departure[0] if p is not None] == [dice("b3 y5"), dice("b5 r4"), dice("b6 r6")]

    exact = position(
        departure={0: [("BR1", "b3 y5"), READY_US2, ("UK2", "b6 r6")]}, hands={0: ["IT2", "JP1"]}, load={}
    )
    play(exact, "play IT2")
    assert legal(exact) == ["takeoff 2", "pass"]


# -- choosing ------------------------------------------------------------------------------------


@pytest.mark.rule("ARU-TKO-05")
def test_taking_off_is_optional() -> None:
    s = position(departure={0: [READY_BR1, "FR1", None]}, waiting={0: []}, hands={0: ["IT2", "JP1"]}, load={})
    play(s, "play IT2", "pass")
    assert s.step == DRAW
    assert s.taken[0] == ()
    assert s.departure[0][0] == Docked(idx("BR1"), dice("b4 y5"))


@pytest.mark.rule("ARU-TKO-06")
def test_the_player_chooses_among_several_ready_planes() -> None:
    s = position(
        departure={0: [READY_BR1, READY_US2, "FR1"]}, waiting={0: []}, hands={0: ["IT2", "JP1"]}, load={}
    )
    play(s, "play IT2")
    assert legal(s) == ["takeoff 1", "takeoff 2", "pass"]
    play(s, "takeoff 2")
    assert s.taken[0] == (idx("US2"),)
    assert s.departure[0][0] == Docked(idx("BR1"), dice("b4 y5"))  # the other ready plane stays


@pytest.mark.rule("ARU-TKO-07", "ARU-EDGE-07")
def test_only_one_plane_takes_off_per_turn() -> None:
    s = position(
        departure={0: [READY_BR1, READY_US2, ("FR1", "b1")]},
        waiting={0: []},
        hands={0: ["JP1", "IT2"]},
        airport={0: "b2"},  # keeps Action 3 open after the take-off (a die to load)
        load={},
    )
    play(s, "play JP1", "takeoff 1")
    assert s.step == TAKE_OFF
    assert legal(s) == ["load b2 plane 3", "pass"]
    refused(s, "takeoff 2", "only one plane may take off per turn (CONTROL allows a second)")


@pytest.mark.rule("ARU-TKO-07", "ARU-ACT-01")
def test_control_allows_a_second_take_off_and_no_third() -> None:
    s = position(
        departure={0: [READY_BR1, READY_US2, READY_UK2]},
        waiting={0: []},
        hands={0: ["control", "JP1"]},
        load={},
    )
    play(s, "play control", "takeoff 3")
    assert legal(s) == ["takeoff 1", "takeoff 2", "pass"]
    play(s, "takeoff 1")
    assert s.taken[0] == (idx("UK2"), idx("BR1"))
    assert s.step == DRAW  # no third take-off: Action 3 ended by itself
    assert s.departure[0] == (None, Docked(idx("US2"), dice("b4 r4")), None)


# -- what a take-off moves ------------------------------------------------------------------------


@pytest.mark.rule("ARU-TKO-08")
def test_the_dice_of_a_plane_taking_off_go_back_into_the_bag() -> None:
    s = position(departure={0: [READY_BR1, "FR1", None]}, waiting={0: []}, hands={0: ["IT2", "JP1"]}, load={})
    bag = s.bag
    play(s, "play IT2", "takeoff 1")
    yellow, blue, red = bag
    assert s.bag == (yellow + 1, blue + 1, red)
    assert sum(s.bag) + sum(len(a) for a in s.airport) == 60  # no die lost: the load spaces are empty


@pytest.mark.rule("ARU-TKO-09", "ARU-TKO-10")
def test_the_plane_goes_face_down_to_the_taken_pile_and_the_count_is_public() -> None:
    s = position(departure={0: [READY_BR1, "FR1", None]}, waiting={0: []}, hands={0: ["IT2", "JP1"]}, load={})
    play(s, "play IT2", "takeoff 1")
    assert s.taken[0] == (idx("BR1"),)
    assert all(p is None or p.card != idx("BR1") for p in s.departure[0])
    assert s.view(0).to_dict()["taken"][0] == {"count": 1, "planes": ["BR1"]}
    for other in (1, None):
        assert s.view(other).to_dict()["taken"][0] == {"count": 1, "planes": []}  # face down, counted
        assert "Player 1 takes off a plane from Departure 1 (1 taken off)." in s.log_for(other)
    assert "You take off plane BR1 (9) (1 taken off)." in s.log_for(0)


@pytest.mark.rule("ARU-TKO-11")
def test_freed_departure_spaces_are_filled_from_the_front_of_the_waiting_queue() -> None:
    s = position(
        departure={0: [READY_BR1, READY_US2, "FR1"]},
        waiting={0: ["CA2", "IT2", "JP1"]},
        hands={0: ["control", "UK2"]},
        load={},
    )
    play(s, "play control", "takeoff 2")
    assert s.departure[0] == (Docked(idx("BR1"), dice("b4 y5")), Docked(idx("CA2")), Docked(idx("FR1")))
    assert waiting(s) == ["IT2", "JP1"]
    play(s, "takeoff 1")
    assert s.departure[0] == (Docked(idx("IT2")), Docked(idx("CA2")), Docked(idx("FR1")))
    assert waiting(s) == ["JP1"]


@pytest.mark.rule("ARU-TKO-11")
def test_a_freed_space_stays_empty_when_no_plane_waits() -> None:
    s = position(
        departure={0: [READY_BR1, "FR1", "CA2"]}, waiting={0: []}, hands={0: ["IT2", "JP1"]}, load={}
    )
    play(s, "play IT2")  # the Departure spaces are full: IT2 waits
    assert waiting(s) == ["IT2"]
    play(s, "takeoff 1")
    assert s.departure[0] == (Docked(idx("IT2")), Docked(idx("FR1")), Docked(idx("CA2")))
    assert waiting(s) == []

    empty = position(
        departure={0: [READY_BR1, "FR1", "CA2"]}, waiting={0: []}, hands={0: ["control", "JP1"]}, load={}
    )
    play(empty, "play control", "takeoff 1")
    assert empty.departure[0] == (None, Docked(idx("FR1")), Docked(idx("CA2")))


@pytest.mark.rule("ARU-TKO-12")
def test_a_plane_that_moved_up_this_turn_may_take_off_if_ready() -> None:
    s = position(
        departure={0: [READY_BR1, "FR1", "JP1"]},
        waiting={0: ["CA2"]},  # CA2 [3, yellow] 7
        hands={0: ["control", "UK2"]},
        airport={0: "r3 y4"},
        load={},
    )
    play(s, "play control", "takeoff 1")
    assert s.departure[0][0] == Docked(idx("CA2"))
    play(s, "load r3 plane 1", "load y4 plane 1")
    assert s.departure[0][0] == Docked(idx("CA2"), dice("r3 y4"))
    assert "takeoff 1" in legal(s)
    play(s, "takeoff 1")
    assert s.taken[0] == (idx("BR1"), idx("CA2"))
