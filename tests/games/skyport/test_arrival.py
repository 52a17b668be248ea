"""Grand Central Skyport: the Arrival phase (GCS-ARR-*).

Positions in notation are 1-based from the left; rows below are written left to right.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest

from skyhall.core.errors import IllegalAction
from skyhall.core.rng import Rng
from skyhall.core.state import EMPTY
from skyhall.games import skyport
from skyhall.games.skyport import rules
from skyhall.games.skyport.cards import COLOURS, STATION
from skyhall.games.skyport.lane import Berth, Lane
from skyhall.games.skyport.scoring import colours_complete, lane_lines
from skyhall.games.skyport.state import State
from skyhall.games.skyport.steps import SHIFT_NEW_LANE, WALK
from tests.games.skyport.position import CAT, berth, idx, lane, legal, play, position
from tests.games.skyport.test_lane import row_of

STARTING_A = ["SA1", "SA2", "SA3", "SA4"]
"""City A's starting row: Blue, Station Blue/Purple, Purple, Station Purple/Green."""


def ids(cards: tuple[int, ...]) -> list[str]:
    return [CAT.cards[c].id for c in cards]


def refused(s: State, *notations: str) -> None:
    """Each action is refused and leaves the state exactly as it was."""
    before = s.snapshot()
    for text in notations:
        with pytest.raises(IllegalAction):
            play(s, text)
        assert s.snapshot() == before


def placements(s: State, card: str) -> set[str]:
    """The choices of the placement decision for ``card`` (the decision that follows ``play <card>``)."""
    return {str(a) for a in rules.placements(s, s.actor, idx(card))}


def playout(s: State, seed: int) -> Iterator[State]:
    """Play seeded random legal actions to the end, yielding the state after each one."""
    rng = Rng(seed)
    while not s.is_over:
        actions = s.legal_actions()
        s.apply(actions[rng.below(len(actions))])
        yield s


@pytest.mark.rule("GCS-ARR-01")
def test_exactly_one_card_must_be_played() -> None:
    s = position(rows={0: STARTING_A}, hands={0: ["B1", "S02"]})
    assert legal(s) == ["play B1", "play S02"]
    refused(s, "pass", "walk 1", "place left", "take airship", "play G1")
    play(s, "play S02", "place left")  # Station S02: Player Movement 2
    assert ids(s.hands[0]) == ["B1"]
    assert s.step == WALK  # straight on to the Acquisition phase: no second card
    assert legal(s) == ["walk 1", "walk 2"]
    refused(s, "play B1")


@pytest.mark.rule("GCS-ARR-02")
@pytest.mark.parametrize(
    ("place", "row"),
    [("place left", ["G1", *STARTING_A]), ("place right", [*STARTING_A, "G1"])],
)
def test_a_standard_airship_goes_to_either_end(place: str, row: list[str]) -> None:
    s = position(rows={0: STARTING_A}, hands={0: ["G1", "S01"]})
    assert placements(s, "G1") == {"place left", "place right"}
    play(s, "play G1", place)
    assert s.step == SHIFT_NEW_LANE
    assert s.rows[0] == row_of(*row)


@pytest.mark.rule("GCS-ARR-03", "GCS-ARR-04")
def test_a_wild_only_joins_an_existing_lane() -> None:
    s = position(rows={0: ["B1", "S01", "R2", "G3"]}, hands={0: ["W1", "S02"]})
    play(s, "play W1")
    assert set(legal(s)) == {"join 1", "join 3", "join 4"}
    refused(s, "place left", "place right", "join 2", "join 5")
    play(s, "join 3")
    assert s.rows[0] == (*row_of("B1", "S01"), lane("R2", "W1"), *row_of("G3"))


@pytest.mark.rule("GCS-ARR-05", "GCS-ARR-06")
def test_a_wild_takes_its_lanes_colour_and_merges_as_that_colour() -> None:
    s = position(
        rows={0: ["R1", "B1", "R2", "S02"], 1: STARTING_A}, hands={0: ["W1", "S01"]}, board={1: "R3"}
    )
    play(s, "play W1", "join 1")
    assert s.rows[0][0] == Lane(COLOURS.index("red"), (idx("R1"), idx("W1")))
    assert s.view(1).to_dict()["rows"][0][0] == {"lane": "red", "cards": ["R1", "W1"]}
    play(s, "pass", "walk 2")  # the rival passes; W1 has Player Movement 3; space 2 (Movement) gives R3
    # the Movement space moves a red lane: the lane holding the Wild is one
    assert {"move 1 right 1", "move 1 right 2", "move 3 left 1", "move 3 right 1"} <= set(legal(s))
    play(s, "move 1 right 1")
    assert s.rows[0] == (*row_of("B1"), lane("R1", "W1", "R2"), *row_of("S02"))


@pytest.mark.rule("GCS-ARR-06")
def test_a_placed_wild_scores_and_completes_sets_as_its_lanes_colour() -> None:
    # W5 (one Star) in a red lane beside Station S02's red left ribbon: 2 airships x (1 + 1) Stars
    s = position(rows={0: ["Y1", "P1", "G1", "O1", "R1", "S02", "B1"]}, hands={0: ["W5", "S01"]})
    play(s, "play W5", "join 5")
    assert s.rows[0][4] == lane("R1", "W5")
    assert [line.points for line in lane_lines(CAT, s.rows[0])] == [0, 0, 0, 0, 4, 0]
    assert colours_complete(CAT, s.rows[0])


@pytest.mark.rule("GCS-ARR-06")
def test_a_wild_in_a_lane_does_not_spoil_the_complete_set_of_colours() -> None:
    s = position(rows={0: ["Y1", "P1", "G1", "O1", lane("R1", "W5"), "B1", "S02"]}, hands={0: ["S01", "B9"]})
    s.standees[0] = 2
    play(s, "play S01", "place right")  # walk 1 is forced: space 4, Complete Set of Colours
    assert s.owned[0] == (10, EMPTY)


@pytest.mark.rule("GCS-ARR-07", "GCS-ARR-17")
def test_a_station_goes_to_either_end_even_with_an_inventor() -> None:
    rows = ["SA1", berth("SA2", "In1"), "SA3", "SA4"]
    for place, at in (("place left", 0), ("place right", 4)):
        s = position(rows={0: rows}, hands={0: ["S03", "B1"]})
        assert placements(s, "S03") == {"place left", "place right"}
        play(s, "play S03", place)
        assert s.rows[0][at] == Berth(idx("S03"))
        assert len(s.rows[0]) == 5


@pytest.mark.rule("GCS-ARR-08")
def test_any_number_of_stations() -> None:
    stations = ["S01", "S02", "S03", "S04", "S05", "S06", "S07", "S08"]
    s = position(rows={0: stations}, hands={0: ["S09", "B1"]})
    assert placements(s, "S09") == {"place left", "place right"}
    play(s, "play S09", "place right")
    assert s.rows[0] == row_of(*stations, "S09")


@pytest.mark.rule("GCS-ARR-09")
def test_every_station_has_two_ribbons_and_one_star() -> None:
    stations = [card for card in CAT.cards if card.kind == STATION]
    assert len(stations) == 12 + 8
    for card in stations:
        assert card.left in range(6) and card.right in range(6), card.id
        assert card.icons == (0, 0, 0, 1), card.id


@pytest.mark.rule("GCS-ARR-10")
def test_a_tycoon_goes_under_a_station_without_one() -> None:
    s = position(rows={0: ["SA1", berth("SA2", "Me1"), "SA3", "SA4", "S01"]}, hands={0: ["Di1", "B1"]})
    play(s, "play Di1")
    assert set(legal(s)) == {"host 4", "host 5"}
    refused(s, "host 2", "host 1", "place left", "place right")
    play(s, "host 4")
    assert s.rows[0] == (
        *row_of("SA1"),
        berth("SA2", "Me1"),
        *row_of("SA3"),
        berth("SA4", "Di1"),
        *row_of("S01"),
    )


@pytest.mark.rule("GCS-ARR-11")
def test_starting_stations_host_tycoons() -> None:
    s = position(rows={0: STARTING_A}, hands={0: ["In2", "B1"]})
    assert all(CAT.cards[item.station].starting for item in s.rows[0] if isinstance(item, Berth))
    play(s, "play In2")
    assert set(legal(s)) == {"host 2", "host 4"}
    play(s, "host 4")
    assert s.rows[0][3] == berth("SA4", "In2")


@pytest.mark.rule("GCS-ARR-12")
def test_no_second_tycoon_of_a_type_already_in_the_skyport() -> None:
    rows = ["SA1", berth("SA2", "Me1"), "SA3", "SA4"]
    s = position(rows={0: rows}, hands={0: ["Me2", "B1"]})
    assert legal(s) == ["play B1"]
    with pytest.raises(IllegalAction, match="already has a Merchant"):
        play(s, "play Me2")
    refused(s, "play Me2")
    other = position(rows={0: rows}, hands={0: ["Ex2", "B1"]})
    assert legal(other) == ["play Ex2", "play B1"]


@pytest.mark.rule("GCS-ARR-12")
def test_a_tycoon_at_the_right_end_of_the_skyport_also_rules_out_its_kind() -> None:
    s = position(rows={0: ["SA1", "SA2", "SA3", berth("SA4", "Me1")]}, hands={0: ["Me2", "B1"]})
    assert legal(s) == ["play B1"]
    refused(s, "play Me2")


@pytest.mark.rule("GCS-ARR-13")
def test_no_tycoon_without_a_free_station() -> None:
    rows = ["SA1", berth("SA2", "Me1"), "SA3", berth("SA4", "Di1")]
    s = position(rows={0: rows}, hands={0: ["In1", "B1"]})
    assert legal(s) == ["play B1"]
    before = s.snapshot()
    with pytest.raises(IllegalAction, match="every station already hosts a tycoon"):
        play(s, "play In1")
    assert s.snapshot() == before
    freed = position(rows={0: [*rows, "S01"]}, hands={0: ["In1", "B1"]})
    assert legal(freed) == ["play In1", "play B1"]


@pytest.mark.rule("GCS-ARR-14")
def test_a_hosted_tycoon_stays_under_its_station() -> None:
    s = position(
        rows={0: ["SA1", berth("SA2", "Me1"), "SA3", berth("SA4", "Di1"), "S01"]}, hands={0: ["In1", "B1"]}
    )
    play(s, "play In1")  # one free station: hosting is forced
    assert s.rows[0][1:] == (berth("SA2", "Me1"), *row_of("SA3"), berth("SA4", "Di1"), berth("S01", "In1"))
    for seed in range(8):
        s = skyport.new_game(2 + seed % 3, seed)
        hosts: dict[int, int] = {}
        for state in playout(s, seed):
            for row in state.rows:
                for item in row:
                    if isinstance(item, Berth) and item.station in hosts:
                        assert item.tycoon == hosts[item.station]
                    elif isinstance(item, Berth) and item.tycoon != EMPTY:
                        hosts[item.station] = item.tycoon
        assert hosts  # the playouts did host tycoons
        placed = [item.tycoon for row in s.rows for item in row if isinstance(item, Berth)]
        assert sorted(c for c in placed if c != EMPTY) == sorted(hosts.values())


@pytest.mark.rule("GCS-ARR-15", "GCS-ARR-17")
@pytest.mark.parametrize(
    ("rows", "beside"),
    [
        (["SA1", berth("SA2", "In1"), "SA3", "SA4"], {"place left-of 2", "place right-of 2"}),
        # at an end, the side facing out is just "place right"
        (["SA1", "SA2", "SA3", berth("SA4", "In1")], {"place left-of 4"}),
        (["SA1", "SA2", "SA3", "SA4"], set()),
    ],
)
def test_the_inventor_lets_a_standard_airship_go_beside_its_station(
    rows: list[str | Berth], beside: set[str]
) -> None:
    s = position(rows={0: rows}, hands={0: ["B1", "S01", "W1", "Di1"]})
    assert placements(s, "B1") == {"place left", "place right", *beside}
    assert placements(s, "S01") == {"place left", "place right"}
    assert placements(s, "W1") == {"join 1", "join 3"}
    assert placements(s, "Di1") == {f"host {p + 1}" for p in (1, 3) if not isinstance(rows[p], Berth)}


@pytest.mark.rule("GCS-ARR-15", "GCS-ARR-16")
def test_an_airship_beside_the_inventor_then_uses_its_ability() -> None:
    s = position(rows={0: ["SA1", berth("SA2", "In1"), "SA3", "SA4"]}, hands={0: ["B1", "S01"]})
    play(s, "play B1", "place right-of 2")
    assert s.rows[0] == (*row_of("SA1"), berth("SA2", "In1"), *row_of("B1", "SA3", "SA4"))
    assert s.step == SHIFT_NEW_LANE
    assert set(legal(s)) == {"shift left 1", "shift left 2", "shift right 1", "shift right 2"}
    play(s, "shift left 2")
    assert s.rows[0] == (lane("B1", "SA1"), berth("SA2", "In1"), *row_of("SA3", "SA4"))


@pytest.mark.rule("GCS-ARR-18", "GCS-ARR-19")
@pytest.mark.parametrize(
    ("card", "place", "walks"),
    [
        ("B1", ["place left", "shift right 2"], 4),  # B1's lane merges with B2: still 4
        ("B3", ["place left", "shift right 2"], 3),
        ("B8", ["place left"], 1),  # its forced move 2 merges it with B2 (Player Movement 3): still 1
        ("S01", ["place left"], 1),
        ("S02", ["place left"], 2),
        ("S03", ["place right"], 3),
        ("In1", ["host 2"], 2),
        ("W1", ["join 3"], 3),
    ],
)
def test_base_movement_is_the_played_cards_value(card: str, place: list[str], walks: int) -> None:
    s = position(rows={0: ["R1", "S04", "B2", "S05"]}, hands={0: [card, "G4"]})
    s.rows[1] = tuple(item for item in s.rows[1] if isinstance(item, Berth))  # no rival lane: no Wild move
    play(s, f"play {card}", *place)
    assert s.base_move == CAT.cards[idx(card)].movement == walks
    if walks > 1:
        assert legal(s) == [f"walk {n}" for n in range(1, walks + 1)]
    else:
        assert s.standees[0] == 0  # a single choice is made at once: walked 1


@pytest.mark.rule("GCS-ARR-19")
def test_the_twelve_stations_carry_movement_1_2_3_four_of_each() -> None:
    assert Counter(CAT.cards[c].movement for c in CAT.stations) == Counter({1: 4, 2: 4, 3: 4})
    assert all(
        CAT.cards[c].movement == 0 for city in CAT.cities for c in city.row if CAT.cards[c].kind == STATION
    )
