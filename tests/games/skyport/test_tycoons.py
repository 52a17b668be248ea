"""Tycoon phase and Tycoon abilities (GCS-TYC): Merchant, Explorer, Diplomat, Supplier, icon counting.

Neighbouring lanes are starting airships with one known icon each: SA1 blue Passenger,
SA3 purple Navigation, SB1 green Cargo, SB3 red Passenger, SC1 orange Navigation,
SD1 purple Passenger, SD3 yellow Navigation. The played airships are mostly swap cards
whose named colour is absent, so their Skyport-phase ability leaves the row alone.
"""

from __future__ import annotations

import pytest

from skyhall.core.errors import IllegalAction
from skyhall.games.skyport.cards import (
    CARGO,
    COLOURS,
    EXPLORER,
    MERCHANT,
    NAVIGATION,
    PASSENGER,
)
from skyhall.games.skyport.lane import Position
from skyhall.games.skyport.scoring import icon_counts
from skyhall.games.skyport.state import State
from skyhall.games.skyport.steps import CHOOSE_CARD, TYCOON_ACTION, TYCOON_CHOICE, WALK, WILD_MOVE
from tests.games.skyport.position import CAT, berth, idx, lane, legal, play, position, with_deck

MERCHANT_ROW: list[str | Position] = ["SB1", berth("S01", "Me1"), "SD3"]
"""Cargo (SB1) for the red Merchant, and another lane to move."""
EXPLORER_ROW: list[str | Position] = ["SD3", berth("S01", "Ex1"), "SA1"]
"""Navigation (SD3) for the green Explorer, and another lane to move."""
RIVAL_ROW: list[str | Position] = ["SC1", "S03", "SC3"]
"""A rival who can make a move after a Wild (and here always declines)."""
BOTH_ROW: list[str | Position] = ["SB1", berth("S01", "Me1"), "SD3", berth("S02", "Ex1"), "SA3"]


def colour_of(card_id: str) -> str:
    return COLOURS[CAT.cards[idx(card_id)].colour]


def walks(most: int) -> list[str]:
    return [f"walk {d}" for d in range(1, most + 1)]


def movement(card_id: str) -> int:
    return CAT.cards[idx(card_id)].movement


def played(row: list[str | Position], card: str, *, hand: tuple[str, ...] = ()) -> State:
    """Seat 0 plays ``card`` at the right end of ``row`` (forced follow-ups are taken by the engine)."""
    s = position(rows={0: row}, hands={0: [card, *hand]})
    return play(s, f"play {card}", "place right")


def test_the_fixture_cards_are_what_the_scenarios_assume() -> None:
    assert (colour_of("Me1"), colour_of("Ex1")) == ("red", "green")
    assert (colour_of("R5"), CAT.cards[idx("R5")].icons) == ("red", (0, 0, 0, 1))
    assert (colour_of("G5"), CAT.cards[idx("G5")].icons) == ("green", (0, 0, 0, 1))
    assert CAT.cards[idx("B7")].icons[NAVIGATION] == 1 and CAT.cards[idx("B9")].icons[CARGO] == 1
    assert [COLOURS[c] for c in CAT.cards[idx("R5")].swap_colours] == ["orange"]
    assert [COLOURS[c] for c in CAT.cards[idx("G5")].swap_colours] == ["red"]


# -- using a tycoon: optional, once, in any order -----------------------------------------------------


@pytest.mark.rule("GCS-TYC-01")
def test_a_tycoon_ability_may_be_declined() -> None:
    s = played(MERCHANT_ROW, "R5")
    row = s.rows[0]
    assert s.step == TYCOON_CHOICE
    assert legal(s) == ["use merchant", "pass"]
    play(s, "pass")
    assert s.rows[0] == row
    assert (s.step, s.used) == (WALK, 0)
    assert legal(s) == walks(movement("R5"))


@pytest.mark.rule("GCS-TYC-02")
def test_each_tycoon_is_used_at_most_once_per_turn() -> None:
    s = played(BOTH_ROW, "R9")  # red (Merchant) with Cargo (Explorer); its blue swap finds no lane
    play(s, "use merchant", "move 1 right 1")
    assert s.step == TYCOON_CHOICE
    assert legal(s) == ["use explorer", "pass"]
    play(s, "use explorer", "swap 2 3")
    assert s.rows[0][:3] == (berth("S01", "Me1"), lane("SD3"), lane("SB1"))
    # Both spent: the phase ends by itself, and R9's single space of Player Movement is walked at once.
    assert s.log_for(None)[-2:] == [
        "Player 1's Explorer swaps the Green lane at position 2 with the Yellow lane at position 3.",
        "Player 1 walks 1 to space 1 (tycoon).",
    ]


@pytest.mark.rule("GCS-TYC-02")
def test_a_lone_tycoon_once_used_ends_the_phase() -> None:
    s = played(MERCHANT_ROW, "R5")
    play(s, "use merchant", "move 1 right 1")
    assert s.step == WALK
    assert "use merchant" not in legal(s)


@pytest.mark.rule("GCS-TYC-02")
def test_a_tycoon_used_last_turn_is_usable_again() -> None:
    s = played(MERCHANT_ROW, "R5", hand=("R9",))
    play(s, "use merchant", "move 1 right 1")
    finish_turn(s)
    finish_turn(s)  # the rival's turn
    assert (s.current, s.step) == (0, CHOOSE_CARD)
    play(s, "play R9", "place right")  # red again; its blue swap finds no lane
    assert legal(s) == ["use merchant", "pass"]


@pytest.mark.rule("GCS-TYC-03")
def test_the_player_picks_the_order_of_usable_tycoons() -> None:
    s = played(BOTH_ROW, "R9")
    assert legal(s) == ["use merchant", "use explorer", "pass"]
    play(s, "use explorer", "swap 1 3")
    assert s.rows[0][:3] == (lane("SD3"), berth("S01", "Me1"), lane("SB1"))
    assert legal(s) == ["use merchant", "pass"]


# -- Merchant ---------------------------------------------------------------------------------------


@pytest.mark.rule("GCS-TYC-04")
@pytest.mark.parametrize(
    ("card", "triggers"),
    [("R5", True), ("B7", True), ("B5", False), ("S02", False)],
    ids=["merchant-colour", "navigation-icon", "other-colour-no-icon", "station"],
)
def test_merchant_trigger(card: str, triggers: bool) -> None:
    s = played(MERCHANT_ROW, card)
    if triggers:
        assert (s.step, legal(s)) == (TYCOON_CHOICE, ["use merchant", "pass"])
    else:
        assert (s.step, legal(s)) == (WALK, walks(movement(card)))


@pytest.mark.rule("GCS-TYC-05", "GCS-TYC-22")
@pytest.mark.parametrize(
    ("row", "card", "hand", "usable"),
    [
        (MERCHANT_ROW, "R5", (), True),
        (["SA3", berth("S01", "Me1"), "SD3"], "R5", ("B4",), False),  # Cargo only in hand
        (["SA3", berth("S01", "Me1"), "SD3"], "R9", (), True),  # the played airship's own Cargo
    ],
    ids=["cargo-in-skyport", "cargo-only-in-hand", "cargo-on-played-airship"],
)
def test_merchant_needs_cargo_in_the_skyport(
    row: list[str | Position], card: str, hand: tuple[str, ...], usable: bool
) -> None:
    s = played(row, card, hand=hand)
    if usable:
        assert legal(s) == ["use merchant", "pass"]
    else:
        assert (s.step, legal(s)) == (WALK, walks(movement(card)))


@pytest.mark.rule("GCS-TYC-06")
def test_merchant_moves_another_lane_by_its_printed_range() -> None:
    s = played(MERCHANT_ROW, "R5")
    play(s, "use merchant")
    assert s.step == TYCOON_ACTION
    # R5's own lane (position 4) is not offered; the others move 1 to 2 spaces within the row.
    assert legal(s) == [
        "move 1 right 1",
        "move 1 right 2",
        "move 3 left 1",
        "move 3 left 2",
        "move 3 right 1",
    ]
    play(s, "move 3 left 2")
    assert s.rows[0] == (lane("SD3"), lane("SB1"), berth("S01", "Me1"), lane("R5"))


@pytest.mark.rule("GCS-TYC-13")
def test_a_tycoon_move_follows_the_airship_movement_rules() -> None:
    s = played(["SB1", berth("S01", "Me1"), "SD3", "S02", "SA3"], "R5")
    play(s, "use merchant")
    assert legal(s) == [
        "move 1 right 1",
        "move 1 right 2",
        "move 3 left 1",
        "move 3 left 2",
        "move 3 right 1",
        "move 3 right 2",
        "move 5 left 1",
        "move 5 left 2",
        "move 5 right 1",
    ]
    before = s.snapshot()
    for wrong in ("move 1 left 1", "move 5 right 2", "move 3 right 3", "move 6 left 1", "pass"):
        with pytest.raises(IllegalAction):
            play(s, wrong)
        assert s.snapshot() == before, wrong
    play(s, "move 5 right 1")
    assert s.rows[0] == (lane("SB1"), berth("S01", "Me1"), lane("SD3"), berth("S02"), lane("R5"), lane("SA3"))


# -- Explorer ---------------------------------------------------------------------------------------


@pytest.mark.rule("GCS-TYC-07")
@pytest.mark.parametrize(
    ("card", "triggers"),
    [("G5", True), ("B9", True), ("B5", False), ("S02", False)],
    ids=["explorer-colour", "cargo-icon", "other-colour-no-icon", "station"],
)
def test_explorer_trigger(card: str, triggers: bool) -> None:
    s = played(EXPLORER_ROW, card)
    if triggers:
        assert (s.step, legal(s)) == (TYCOON_CHOICE, ["use explorer", "pass"])
    else:
        assert (s.step, legal(s)) == (WALK, walks(movement(card)))


@pytest.mark.rule("GCS-TYC-08", "GCS-TYC-22")
@pytest.mark.parametrize(
    ("row", "card", "hand", "usable"),
    [
        (EXPLORER_ROW, "G5", (), True),
        (["SD1", berth("S01", "Ex1"), "SA1"], "G5", ("B7",), False),  # Navigation only in hand
        (["SD1", berth("S01", "Ex1"), "SA1"], "G7", (), True),  # the played airship's own Navigation
    ],
    ids=["navigation-in-skyport", "navigation-only-in-hand", "navigation-on-played-airship"],
)
def test_explorer_needs_navigation_in_the_skyport(
    row: list[str | Position], card: str, hand: tuple[str, ...], usable: bool
) -> None:
    s = played(row, card, hand=hand)
    if usable:
        assert legal(s) == ["use explorer", "pass"]
    else:
        assert (s.step, legal(s)) == (WALK, walks(movement(card)))


@pytest.mark.rule("GCS-TYC-09")
def test_explorer_moves_one_other_lane_or_swaps_two_other_lanes() -> None:
    s = played(EXPLORER_ROW, "G5")
    play(s, "use explorer")
    assert legal(s) == ["move 1 right 1", "move 3 left 1", "move 3 right 1", "swap 1 3"]
    after_swap = play(s.clone(), "swap 1 3")
    assert after_swap.rows[0] == (lane("SA1"), berth("S01", "Ex1"), lane("SD3"), lane("G5"))
    play(s, "move 3 right 1")
    assert s.rows[0] == (lane("SD3"), berth("S01", "Ex1"), lane("G5"), lane("SA1"))


@pytest.mark.rule("GCS-TYC-09")
def test_an_explorer_swap_merges_the_lanes_it_brings_together() -> None:
    s = played(["SD3", berth("S01", "Ex1"), "SA1", "SC3"], "G5")
    play(s, "use explorer", "swap 1 3")
    assert s.rows[0] == (lane("SA1"), berth("S01", "Ex1"), lane("SD3", "SC3"), lane("G5"))
    assert s.log_for(None)[-2:] == [
        "Player 1's Explorer swaps the Yellow lane at position 1 with the Blue lane at position 3.",
        "Player 1's two Yellow lanes merge (2 airships).",
    ]


FOUR_OTHER_LANES: list[str | Position] = ["SD3", "SA3", berth("S01", "Ex1"), "SA1", "S02", "SD1"]
"""Four lanes for the Explorer, two of them purple (SA3, SD1), with stations between some."""


def explorer_in_use() -> State:
    """Seat 0 has played G5 (green; swaps with red: none) at the left end and chosen its green Explorer."""
    s = position(rows={0: FOUR_OTHER_LANES}, hands={0: ["G5"]})
    play(s, "play G5", "place left", "use explorer")
    assert s.step == TYCOON_ACTION
    assert s.rows[0] == (
        *(lane(c) for c in ("G5", "SD3", "SA3")),
        berth("S01", "Ex1"),
        lane("SA1"),
        berth("S02"),
        lane("SD1"),
    )
    return s


@pytest.mark.rule("GCS-TYC-09")
def test_explorer_offers_every_pair_of_the_other_lanes() -> None:
    s = explorer_in_use()
    # G5's lane (position 1) neither moves nor swaps; the other four move 1 or swap in any pair:
    # neighbours or not, across stations, two lanes of one colour too.
    assert legal(s) == [
        "move 2 left 1",
        "move 2 right 1",
        "move 3 left 1",
        "move 3 right 1",
        "move 5 left 1",
        "move 5 right 1",
        "move 7 left 1",
        "swap 2 3",
        "swap 2 5",
        "swap 2 7",
        "swap 3 5",
        "swap 3 7",
        "swap 5 7",
    ]


@pytest.mark.rule("GCS-TYC-09")
@pytest.mark.parametrize(
    ("swap", "lanes"),
    [
        ("swap 2 5", ("SA1", "SA3", "SD3", "SD1")),
        ("swap 3 7", ("SD3", "SD1", "SA1", "SA3")),  # across both stations
    ],
    ids=["yellow-and-blue", "two-purple-lanes"],
)
def test_an_explorer_swap_trades_the_two_lanes_and_spends_the_explorer(
    swap: str, lanes: tuple[str, ...]
) -> None:
    s = explorer_in_use()
    play(s, swap)
    second, third, fifth, seventh = (lane(c) for c in lanes)
    assert s.rows[0] == (lane("G5"), second, third, berth("S01", "Ex1"), fifth, berth("S02"), seventh)
    assert s.used == 1 << EXPLORER
    assert (s.step, legal(s)) == (WALK, walks(movement("G5")))  # one move or one swap, no more


@pytest.mark.rule("GCS-TYC-10")
def test_the_lane_the_played_airship_merged_into_is_excluded_whole() -> None:
    s = position(rows={0: ["SB1", berth("S01", "Ex1"), "SD3", "SA1"]}, hands={0: ["G2"]})
    play(s, "play G2", "place left", "shift right 1")
    assert s.rows[0] == (lane("SB1", "G2"), berth("S01", "Ex1"), lane("SD3"), lane("SA1"))
    play(s, "use explorer")
    # Neither the merged green lane (position 1) moves nor takes part in a swap.
    assert legal(s) == ["move 3 left 1", "move 3 right 1", "move 4 left 1", "swap 3 4"]


# -- Wilds and tycoon triggers ----------------------------------------------------------------------


@pytest.mark.rule("GCS-TYC-11")
@pytest.mark.parametrize(
    "row",
    [
        ["SB3", berth("S01", "Me1"), "SB1"],  # a red lane for the red Merchant, Cargo present
        ["SB1", berth("S01", "Ex1"), "SD3"],  # a green lane for the green Explorer, Navigation present
    ],
    ids=["merchant", "explorer"],
)
def test_a_wild_never_meets_a_colour_trigger(row: list[str | Position]) -> None:
    assert CAT.cards[idx("W1")].icons == (0, 0, 0, 0)
    s = position(rows={0: row, 1: RIVAL_ROW}, hands={0: ["W1"]})
    play(s, "play W1", "join 1")
    assert s.rows[0][0].colour == CAT.cards[s.rows[0][1].tycoon].colour  # type: ignore[union-attr]
    assert s.step == WILD_MOVE
    play(s, "pass")
    assert (s.step, s.actor) == (WALK, 0)
    assert legal(s) == walks(movement("W1"))


@pytest.mark.rule("GCS-TYC-12")
@pytest.mark.parametrize(
    ("row", "wild", "expected"),
    [
        (["SB3", berth("S01", "Me1"), "SB1"], "W3", ["use merchant", "pass"]),
        (["SB3", berth("S01", "Ex1"), "SD3"], "W4", ["use explorer", "pass"]),
    ],
    ids=["navigation-wild-merchant", "cargo-wild-explorer"],
)
def test_a_wilds_icon_meets_an_icon_trigger(
    row: list[str | Position], wild: str, expected: list[str]
) -> None:
    s = position(rows={0: row, 1: RIVAL_ROW}, hands={0: [wild]})
    play(s, f"play {wild}", "join 1", "pass")
    assert (s.step, s.actor) == (TYCOON_CHOICE, 0)
    assert legal(s) == expected


# -- the reconstructed Tycoon data --------------------------------------------------------------------


@pytest.mark.rule("GCS-TYC-14")
def test_reconstructed_merchants() -> None:
    merchants = [CAT.cards[c] for c in CAT.tycoons[MERCHANT]]
    assert sorted(COLOURS[m.colour] for m in merchants) == ["blue", "red", "yellow"]
    assert all(m.reach == (1, 2) and not m.tycoon_swap for m in merchants)


@pytest.mark.rule("GCS-TYC-15")
def test_reconstructed_explorers() -> None:
    explorers = [CAT.cards[c] for c in CAT.tycoons[EXPLORER]]
    assert sorted(COLOURS[e.colour] for e in explorers) == ["green", "orange", "purple"]
    assert all(e.reach == (1, 1) and e.tycoon_swap for e in explorers)


@pytest.mark.rule("GCS-TYC-16")
def test_every_tycoon_has_movement_2_and_one_star() -> None:
    tycoons = [CAT.cards[c] for stack in CAT.tycoons for c in stack]
    assert len(tycoons) == 15
    assert {(t.movement, t.icons) for t in tycoons} == {(2, (0, 0, 0, 1))}


# -- Diplomat ---------------------------------------------------------------------------------------

NO_PASSENGER: list[str | Position] = ["SA3", berth("S01", "Di1")]
ONE_PASSENGER: list[str | Position] = ["SA1", berth("S01", "Di1")]
TWO_PASSENGERS: list[str | Position] = ["SA1", berth("S01", "Di1"), "SB3"]
THREE_PASSENGERS: list[str | Position] = ["SA1", berth("S01", "Di1"), "SB3", "SD1"]


def walk_after_station(row: list[str | Position], hand: tuple[str, ...] = ()) -> State:
    """Seat 0 plays station S02 (Player Movement 2) and stands before the walk."""
    assert movement("S02") == 2
    s = position(rows={0: row}, hands={0: ["S02", *hand]})
    return play(s, "play S02", "place right")


@pytest.mark.rule("GCS-TYC-17")
@pytest.mark.parametrize(
    ("row", "most"),
    [(ONE_PASSENGER, 3), (TWO_PASSENGERS, 4), (THREE_PASSENGERS, 4), (["SA1", "S01", "SB3"], 2)],
    ids=["one-passenger", "two-passengers", "three-passengers", "no-diplomat"],
)
def test_diplomat_bonus_follows_the_passenger_icons(row: list[str | Position], most: int) -> None:
    s = walk_after_station(row)
    assert legal(s) == walks(most)


@pytest.mark.rule("GCS-TYC-18")
def test_diplomat_without_passengers_adds_nothing() -> None:
    assert legal(walk_after_station(NO_PASSENGER)) == walks(2)


@pytest.mark.rule("GCS-TYC-18")
def test_diplomat_bonus_only_raises_the_maximum() -> None:
    s = walk_after_station(TWO_PASSENGERS)
    play(s, "walk 1")
    assert s.standees[0] == 0


# -- Supplier ---------------------------------------------------------------------------------------


def supplier_position(top: str) -> State:
    s = position(rows={0: ["SA1", "S01", "SA3"]}, hands={0: ["Su1", "B1"]})
    return with_deck(s, [top, "Y2"])


@pytest.mark.rule("GCS-TYC-19")
def test_supplier_draws_the_top_airship_when_placed() -> None:
    s = supplier_position("Y1")
    deck = len(s.deck)
    play(s, "play Su1")  # the only free station: placed at once
    assert s.rows[0][1] == berth("S01", "Su1")
    assert s.step == WALK  # drawn before the Acquisition phase
    assert s.hands[0] == (idx("B1"), idx("Y1"))
    assert len(s.deck) == deck - 1 and s.deck[-1] == idx("Y2")


def finish_turn(s: State) -> None:
    """Take the first legal action until the turn passes to the next seat."""
    seat = s.current
    while s.current == seat and not s.is_over:
        play(s, str(s.legal_actions()[0]))


@pytest.mark.rule("GCS-TYC-20")
def test_supplier_draws_once_and_its_owner_then_carries_three_cards() -> None:
    assert CAT.hand_size == 2
    s = supplier_position("Y1")
    play(s, "play Su1")
    finish_turn(s)
    assert len(s.hands[0]) == 3
    finish_turn(s)  # the rival's turn
    assert (s.current, len(s.hands[0])) == (0, 3)
    deck = len(s.deck)
    play(s, "play B1", "place right")
    assert len(s.hands[0]) == 2  # no second draw
    finish_turn(s)
    assert len(s.hands[0]) == 3
    assert len(s.deck) == deck - 1  # only the board refill drew


@pytest.mark.rule("GCS-TYC-21")
def test_supplier_keeps_a_wild() -> None:
    s = supplier_position("W2")
    play(s, "play Su1")
    assert s.hands[0] == (idx("B1"), idx("W2"))
    assert idx("W2") not in s.deck


# -- icons in the Skyport -----------------------------------------------------------------------------


@pytest.mark.rule("GCS-TYC-22")
@pytest.mark.parametrize(
    ("row", "hand", "most"),
    [
        ([lane("SB1", "W2"), berth("S01", "Di1")], (), 3),  # a placed Wild's Passenger counts
        (NO_PASSENGER, ("B2",), 2),  # a Passenger in hand does not
    ],
    ids=["placed-wild", "in-hand"],
)
def test_passengers_are_counted_in_the_skyport_only(
    row: list[str | Position], hand: tuple[str, ...], most: int
) -> None:
    assert CAT.cards[idx("W2")].icons[PASSENGER] == 1 and CAT.cards[idx("B2")].icons[PASSENGER] == 1
    assert legal(walk_after_station(row, hand)) == walks(most)


@pytest.mark.rule("GCS-TYC-22")
def test_icon_counts_cover_every_placed_card() -> None:
    row = (lane("SA1", "W3"), berth("S01", "Di1"), lane("B8"), berth("SA2"))
    # Passenger from a starting airship, Navigation from a Wild, Stars from the airship B8 (2),
    # the stations (1 each) and the tycoon (1).
    assert icon_counts(CAT, row) == [1, 1, 0, 5]
