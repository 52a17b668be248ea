"""Final scoring (SCO), the winner and tie-breaks (TIE), and the rulebook's worked example (EX).

Every test builds finished skyports from real card ids, ends the game (``step = OVER``)
and reads :meth:`State.result`: the score, the category totals and the exact score-sheet
lines. Card facts the expectations rely on (stars, icons, ribbons) come from the loaded
data and are spelled out next to each position.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import pytest

from skyhall.core.result import Result
from skyhall.games.skyport.cards import CARGO, COLOURS, NAVIGATION, PASSENGER, STAR
from skyhall.games.skyport.lane import Berth, Lane, Position
from skyhall.games.skyport.scoring import colours_complete, icon_counts, icons_complete
from skyhall.games.skyport.steps import OVER
from tests.games.skyport.position import CAT, berth, idx, lane, position

NONE = -1


def final(
    rows: Mapping[int, Sequence[str | Position]],
    hands: Mapping[int, Iterable[str]] | None = None,
    owned: Mapping[int, tuple[int, int]] | None = None,
    players: int = 4,
) -> Result:
    """The result of a game whose skyports, hands and collected tokens are as given."""
    s = position(players, rows=rows, hands=hands)
    for seat, tokens in (owned or {}).items():
        s.owned[seat] = tokens
    s.step = OVER
    return s.result()


def lines(result: Result, seat: int, category: str) -> list[tuple[str, int]]:
    return [(ln.label, ln.points) for ln in result.breakdown[seat] if ln.category == category]


# -- lanes -------------------------------------------------------------------------------


@pytest.mark.rule("GCS-SCO-01", "GCS-SCO-02")
@pytest.mark.parametrize(
    ("cards", "size", "stars"),
    [
        (("B8",), 1, 2),  # B8: two stars
        (("B8", "B1"), 2, 2),  # B1: no star
        (("B5", "B7", "B8"), 3, 4),  # B5, B7: one star each
        (("B5", "B7", "B8", "B1"), 4, 4),
    ],
)
def test_a_lane_scores_its_airships_times_its_own_stars(
    cards: tuple[str, ...], size: int, stars: int
) -> None:
    assert sum(CAT.cards[idx(c)].icons[STAR] for c in cards) == stars
    result = final({0: [lane(*cards)]})
    assert lines(result, 0, "lanes") == [(f"Blue lane at position 1: {size} × {stars}★", size * stars)]
    assert result.scores[0] == size * stars


@pytest.mark.rule("GCS-SCO-03")
def test_a_station_adds_its_star_only_on_the_side_whose_ribbon_matches() -> None:
    # S01: blue ribbon on the left, red on the right. B5 and R5 carry one star each.
    assert (CAT.cards[idx("S01")].left, CAT.cards[idx("S01")].right) == (
        COLOURS.index("blue"),
        COLOURS.index("red"),
    )
    facing = final({0: ["B5", "S01", "R5"]})
    assert lines(facing, 0, "lanes") == [
        ("Blue lane at position 1: 1 × 2★, with station S01", 2),
        ("Red lane at position 3: 1 × 2★, with station S01", 2),
    ]
    # The same lanes on the far sides: the blue lane faces the red ribbon and vice versa.
    far = final({0: ["R5", "S01", "B5"]})
    assert lines(far, 0, "lanes") == [
        ("Red lane at position 1: 1 × 1★", 1),
        ("Blue lane at position 3: 1 × 1★", 1),
    ]


@pytest.mark.rule("GCS-SCO-03")
def test_a_station_two_positions_away_adds_nothing() -> None:
    # B5 faces S01's blue ribbon only across the red lane R1: not beside it.
    result = final({0: ["B5", "R1", "S01"]})
    assert lines(result, 0, "lanes") == [
        ("Blue lane at position 1: 1 × 1★", 1),
        ("Red lane at position 2: 1 × 0★", 0),
    ]


@pytest.mark.rule("GCS-SCO-03", "GCS-SCO-05")
def test_the_ends_of_a_skyport_are_not_beside_each_other() -> None:
    # S06 (orange/blue) at the right end shows blue on its right, towards nothing; the blue lane
    # at the left end is not beside it, however the row's ends are indexed.
    assert CAT.cards[idx("S06")].right == COLOURS.index("blue")
    result = final({0: ["B5", "R1", berth("S06", "Di1")]})
    assert lines(result, 0, "lanes") == [
        ("Blue lane at position 1: 1 × 1★", 1),
        ("Red lane at position 2: 1 × 0★", 0),
    ]
    s = position(4, rows={0: ["B5", "R1", berth("S06", "Di1")]})
    assert s.view(0).to_dict()["lane_stars"][0] == [1, 0, None]


@pytest.mark.rule("GCS-SCO-04")
def test_the_tycoon_of_a_matching_station_adds_its_star() -> None:
    result = final({0: ["B5", berth("S01", "Me1"), "R5"]})
    assert lines(result, 0, "lanes") == [
        ("Blue lane at position 1: 1 × 3★, with station S01 and merchant", 3),
        ("Red lane at position 3: 1 × 3★, with station S01 and merchant", 3),
    ]


@pytest.mark.rule("GCS-SCO-04")
def test_the_tycoon_of_a_station_whose_facing_ribbon_does_not_match_adds_nothing() -> None:
    result = final({0: ["R5", berth("S01", "Me1"), "B5"]})
    assert lines(result, 0, "lanes") == [
        ("Red lane at position 1: 1 × 1★", 1),
        ("Blue lane at position 3: 1 × 1★", 1),
    ]


@pytest.mark.rule("GCS-SCO-05")
def test_a_lane_between_two_matching_stations_gains_from_both() -> None:
    # S06 orange/blue (blue faces right), S01 blue/red (blue faces left), S02 red/green.
    both = final({0: [berth("S06", "Di1"), "B5", "S01"]})
    assert lines(both, 0, "lanes") == [
        ("Blue lane at position 2: 1 × 4★, with station S06 and diplomat and station S01", 4)
    ]
    one = final({0: [berth("S06", "Di1"), "B5", "S02"]})
    assert lines(one, 0, "lanes") == [("Blue lane at position 2: 1 × 3★, with station S06 and diplomat", 3)]


@pytest.mark.rule("GCS-SCO-06")
def test_a_lane_without_stars_scores_nothing_whatever_its_size() -> None:
    # B1, B2, B3 carry no star; S02 (red/green) does not match a blue lane.
    result = final({0: [lane("B1", "B2", "B3"), "S02"]})
    assert lines(result, 0, "lanes") == [("Blue lane at position 1: 3 × 0★", 0)]
    assert result.scores[0] == 0


# -- tycoons -----------------------------------------------------------------------------

ICON_CARDS = {
    # four cards with exactly one icon of the kind, then two carrying the other icon kinds
    CARGO: (("B4", "P4", "G4", "O4"), ("R3", "Y2")),
    NAVIGATION: (("B3", "P3", "G3", "O3"), ("R4", "Y2")),
    PASSENGER: (("B2", "P2", "G2", "O2"), ("R4", "Y3")),
}


@pytest.mark.parametrize(
    ("tycoon", "icon", "label"),
    [
        pytest.param("Me1", CARGO, "Merchant: {n} Cargo icon", marks=pytest.mark.rule("GCS-SCO-07")),
        pytest.param(
            "Ex1", NAVIGATION, "Explorer: {n} Navigation icon", marks=pytest.mark.rule("GCS-SCO-08")
        ),
        pytest.param("Di1", PASSENGER, "Diplomat: {n} Passenger icon", marks=pytest.mark.rule("GCS-SCO-09")),
    ],
)
@pytest.mark.parametrize(("n", "points"), [(1, 0), (2, 0), (3, 6), (4, 8)])
def test_icon_tycoons_score_two_per_icon_from_three_icons(
    tycoon: str, icon: int, label: str, n: int, points: int
) -> None:
    counted, others = ICON_CARDS[icon]
    for c in (*counted, *others):
        assert CAT.cards[idx(c)].icons[icon] == (c in counted)
    result = final({0: [berth("S05", tycoon), *counted[:n], *others]})
    expected = label.format(n=n) + "s" * (n != 1) + (" × 2" if n >= 3 else " (needs 3)")
    assert lines(result, 0, "tycoons") == [(expected, points)]


@pytest.mark.rule("GCS-SCO-10")
@pytest.mark.parametrize(
    ("hand", "icons"),
    [
        (["B2", "B3", "B4"], 3),  # one passenger, one navigation, one cargo
        (["B6", "B9", "B8"], 2),  # star+passenger, star+cargo, two stars: stars do not count
        (["B8", "S02", "Di1"], 0),  # only stars
    ],
)
def test_the_supplier_scores_three_per_icon_in_hand(hand: list[str], icons: int) -> None:
    result = final({0: [berth("S01", "Su1"), "P1"]}, hands={0: hand})
    assert lines(result, 0, "tycoons") == [
        (f"Supplier: {icons} icon{'s' * (icons != 1)} in hand × 3", 3 * icons)
    ]


@pytest.mark.rule("GCS-SCO-11")
@pytest.mark.parametrize(
    ("hand", "icons"),
    [([], 0), (["B2"], 1), (["B2", "B3"], 2), (["B2", "B3", "B4", "G2"], 4)],
)
def test_the_supplier_counts_the_hand_it_really_has(hand: list[str], icons: int) -> None:
    result = final({0: [berth("S01", "Su1"), "P1"]}, hands={0: hand})
    assert lines(result, 0, "tycoons") == [
        (f"Supplier: {icons} icon{'s' * (icons != 1)} in hand × 3", 3 * icons)
    ]


@pytest.mark.rule("GCS-SCO-12")
def test_the_inventor_scores_two_per_icon_in_the_lanes_beside_its_station() -> None:
    # Left lane B2 (passenger) + B3 (navigation); right lane R4 (cargo) + R6 (star, passenger):
    # 4 icons, the star does not count; P2 and Y2 are not beside the station.
    result = final({0: ["P2", lane("B2", "B3"), berth("S05", "In1"), lane("R4", "R6"), "Y2"]})
    assert lines(result, 0, "tycoons") == [("Inventor: 4 icons in the lanes beside its station × 2", 8)]


@pytest.mark.rule("GCS-SCO-13")
@pytest.mark.parametrize(
    ("row", "icons"),
    [
        (["B2", berth("S05", "In1"), "S02", "R4"], 1),  # a station on its right, R4 beyond it
        ([berth("S05", "In1"), "B2"], 1),  # the left end
        (["B3", berth("S05", "In1")], 1),  # the right end
        (["R4", "S02", berth("S05", "In1"), "S03", "B2"], 0),  # stations on both sides
    ],
)
def test_the_inventor_gains_nothing_from_a_side_without_a_lane(row: list[str | Berth], icons: int) -> None:
    result = final({0: row})
    assert lines(result, 0, "tycoons") == [
        (f"Inventor: {icons} icon{'s' * (icons != 1)} in the lanes beside its station × 2", 2 * icons)
    ]


@pytest.mark.rule("GCS-SCO-14")
def test_a_tycoon_in_hand_scores_nothing() -> None:
    # Three cargo icons placed: a Merchant would score 6, but it is only in hand.
    in_hand = final({0: ["S01", "B4", "P4", "G4"]}, hands={0: ["Me1", "Su1"]})
    assert lines(in_hand, 0, "tycoons") == []
    assert in_hand.category_totals(0) == {"lanes": 0}
    placed = final({0: [berth("S01", "Me1"), "B4", "P4", "G4"]}, hands={0: ["Su2"]})
    assert lines(placed, 0, "tycoons") == [("Merchant: 3 Cargo icons × 2", 6)]


# -- tokens and the total ------------------------------------------------------------------


@pytest.mark.rule("GCS-SCO-15")
@pytest.mark.parametrize(
    ("owned", "expected"),
    [
        ((10, 7), [("Complete Set of Colours token", 10), ("Complete Set of Icons token", 7)]),
        ((4, NONE), [("Complete Set of Colours token", 4)]),
        ((NONE, 3), [("Complete Set of Icons token", 3)]),
    ],
)
def test_each_collected_token_scores_its_value(
    owned: tuple[int, int], expected: list[tuple[str, int]]
) -> None:
    result = final({0: ["B1"]}, owned={0: owned})
    assert lines(result, 0, "sets") == expected
    assert result.scores[0] == sum(points for _, points in expected)


SIX_COLOURS_AND_ICONS = ["B2", "P3", "G4", "R1", "O1", "Y1"]
"""Lanes of all six colours holding a passenger (B2), a navigation (P3) and a cargo (G4) icon, no star."""


@pytest.mark.rule("GCS-SCO-16")
def test_a_complete_set_without_its_token_scores_nothing() -> None:
    s = position(4, rows={0: SIX_COLOURS_AND_ICONS})
    assert colours_complete(CAT, s.rows[0])
    assert icons_complete(CAT, s.rows[0])
    s.step = OVER
    result = s.result()
    assert lines(result, 0, "sets") == []
    assert result.scores[0] == 0


@pytest.mark.rule("GCS-SCO-17")
@pytest.mark.parametrize("hand", [[], ["B8", "B9"], ["G2", "P6", "Me2"]])
def test_the_total_adds_lanes_tycoons_and_tokens_and_nothing_from_hand(hand: list[str]) -> None:
    # Blue lane B5+B8 (3 stars) beside S01's blue ribbon and its Diplomat: 2 × 5 = 10.
    # R6 (star, passenger) beside S01's red ribbon: 1 × 3 = 3. G2, O2: no star, no station.
    # Diplomat: R6, G2, O2 = 3 passengers × 2 = 6. Colours token 10.
    result = final(
        {0: [lane("B5", "B8"), berth("S01", "Di1"), "R6", "G2", "O2"]}, hands={0: hand}, owned={0: (10, NONE)}
    )
    assert [ln.category for ln in result.breakdown[0]] == [*["lanes"] * 4, "tycoons", "sets"]
    assert lines(result, 0, "lanes") == [
        ("Blue lane at position 1: 2 × 5★, with station S01 and diplomat", 10),
        ("Red lane at position 3: 1 × 3★, with station S01 and diplomat", 3),
        ("Green lane at position 4: 1 × 0★", 0),
        ("Orange lane at position 5: 1 × 0★", 0),
    ]
    assert lines(result, 0, "tycoons") == [("Diplomat: 3 Passenger icons × 2", 6)]
    assert lines(result, 0, "sets") == [("Complete Set of Colours token", 10)]
    assert result.category_totals(0) == {"lanes": 13, "tycoons": 6, "sets": 10}
    assert result.scores[0] == 29


# -- winner and tie-breaks -------------------------------------------------------------------


@pytest.mark.rule("GCS-TIE-01")
def test_the_highest_total_wins_whatever_the_tie_breaks_say() -> None:
    # Seat 0: 4 lanes, 1 point, Player Movement 2+4+4+4; seat 1: 1 lane, 2 points;
    # seat 2: one lane R5+R8 of 3 stars, 6 points, the fewest lanes and the least movement.
    result = final({0: ["B5", "P1", "G1", "O1"], 1: ["B8"], 2: [lane("R5", "R8")]}, players=3)
    assert result.scores == (1, 2, 6)
    assert result.ranks == (3, 2, 1)
    assert result.winners == (2,)


@pytest.mark.rule("GCS-TIE-02")
def test_a_tie_on_points_goes_to_more_lanes_and_stations_do_not_count() -> None:
    # Seat 0: B5 and P5 (1 point each; S03, S09 face them with other colours), 2 lanes but
    # 5 positions and Player Movement 2+3+3+3+2 = 13. Seat 1: G5, R5, O1: 2 points, 3 lanes, 8.
    result = final({0: ["B5", "S03", "S06", "S09", "P5"], 1: ["G5", "R5", "O1"]}, players=2)
    assert result.scores == (2, 2)
    assert result.tiebreak == ((2, 13), (3, 8))
    assert result.ranks == (2, 1)
    assert result.winners == (1,)


@pytest.mark.rule("GCS-TIE-03")
def test_then_the_higher_player_movement_sum_wins() -> None:
    # Both 1 point and 2 lanes; B5 2 + P2 3 = 5 against G5 2 + R1 4 = 6.
    result = final({0: ["B5", "P2"], 1: ["G5", "R1"]}, players=2)
    assert result.scores == (1, 1)
    assert result.tiebreak == ((2, 5), (2, 6))
    assert result.ranks == (2, 1)
    assert result.winners == (1,)


@pytest.mark.rule("GCS-TIE-04")
def test_every_placed_card_counts_its_printed_player_movement() -> None:
    # G1 4 + S04 1 + its Diplomat 2 = 7 against P1 4 + S01 1 = 5 (neither lane scores).
    result = final({0: ["G1", berth("S04", "Di1")], 1: ["P1", "S01"]}, players=2)
    assert result.scores == (0, 0)
    assert result.tiebreak == ((1, 7), (1, 5))
    assert result.winners == (0,)
    # Every card of a lane counts: B1 4 + W1 3, S03 3, R2 3.
    wide = final({0: [lane("B1", "W1"), "S03", "R2"]})
    assert wide.tiebreak[0] == (2, 13)


@pytest.mark.rule("GCS-TIE-03", "GCS-TIE-04")
def test_starting_airships_count_their_printed_player_movement() -> None:
    # Seat 0 keeps city A's starting row: SA1 blue beside SA2's blue ribbon (1 x 1) and SA3 purple
    # between SA2's and SA4's purple ribbons (1 x 2): 3 points, 2 lanes, Player Movement
    # SA1 2 + SA2 0 + SA3 2 + SA4 0 = 4. Seat 1: B7 (1 star) and P8 (2 stars), 3 points, 2 lanes,
    # Player Movement 1 + 1 = 2. Only the starting airships' 2 + 2 decide it.
    assert [CAT.cards[idx(c)].movement for c in ("SA1", "SA2", "SA3", "SA4")] == [2, 0, 2, 0]
    result = final({0: ["SA1", "SA2", "SA3", "SA4"], 1: ["B7", "P8"]}, players=2)
    assert result.scores == (3, 3)
    assert result.tiebreak == ((2, 4), (2, 2))
    assert result.ranks == (1, 2)
    assert result.winners == (0,)


@pytest.mark.rule("GCS-TIE-04", "GCS-TIE-05")
def test_a_starting_station_counts_zero_and_a_full_tie_is_shared() -> None:
    # SA2 (starting, blue/purple) then B1: the blue lane faces the purple ribbon, 0 points.
    # Player Movement 0 + 4, the same as P1 alone.
    assert CAT.cards[idx("SA2")].movement == 0
    result = final({0: ["SA2", "B1"], 1: ["P1"]}, players=2)
    assert result.scores == (0, 0)
    assert result.tiebreak == ((1, 4), (1, 4))
    assert result.ranks == (1, 1)
    assert result.winners == (0, 1)


@pytest.mark.rule("GCS-TIE-05")
def test_players_tied_on_every_count_share_first_place_above_the_rest() -> None:
    # B5 beside S01's blue ribbon and R5 beside S10's red ribbon: 2 points, 1 lane, movement 3 each.
    result = final({0: ["B5", "S01"], 1: ["R5", "S10"], 2: ["G1"]}, players=3)
    assert result.scores == (2, 2, 0)
    assert result.tiebreak == ((1, 3), (1, 3), (1, 4))
    assert result.ranks == (1, 1, 3)
    assert result.winners == (0, 1)


# -- the rulebook's worked example -------------------------------------------------------------

EXAMPLE: list[Position] = [
    lane("P8", "P1"),  # 2 cards, 2 stars; S06's left ribbon is orange
    berth("S06", "Me1"),  # orange/blue
    lane("B5", "B1", "B4"),  # 3 cards, 1 star (+ S06 blue ribbon + Merchant); B4 cargo
    lane("R9", "R1"),  # 2 cards, 1 star (+ S02 red ribbon + Diplomat); R9 cargo
    berth("S02", "Di1"),  # red/green
    lane("G2"),  # 1 card, 0 stars (+ S02 green ribbon + Diplomat); passenger
    lane("O6"),  # 1 card, 1 star, no station beside it; passenger
    lane("Y3", "Y4"),  # 2 cards, 0 stars (+ S04 yellow ribbon + Inventor); navigation, cargo
    berth("S04", "In1"),  # yellow/purple
    lane("B3"),  # 1 card, 0 stars, faces the purple ribbon; navigation
]
EXAMPLE_LANES = [
    ("Purple lane at position 1: 2 × 2★", 4),
    ("Blue lane at position 3: 3 × 3★, with station S06 and merchant", 9),
    ("Red lane at position 4: 2 × 3★, with station S02 and diplomat", 6),
    ("Green lane at position 6: 1 × 2★, with station S02 and diplomat", 2),
    ("Orange lane at position 7: 1 × 1★", 1),
    ("Yellow lane at position 8: 2 × 2★, with station S04 and inventor", 4),
    ("Blue lane at position 10: 1 × 0★", 0),
]


@pytest.fixture
def example() -> Result:
    """The example skyport, with the Icons token (7) collected and no Colours token, scored."""
    s = position(4, rows={0: EXAMPLE}, hands={0: ["G8", "W2"]})
    s.owned[0] = (NONE, 7)
    s.step = OVER
    return s.result()


@pytest.mark.rule("GCS-EX-01")
def test_the_example_layout_is_built_from_real_cards() -> None:
    s = position(4, rows={0: EXAMPLE})
    row = s.rows[0]
    kinds = ["L" if isinstance(item, Lane) else "S" for item in row]
    assert kinds == ["L", "S", "L", "L", "S", "L", "L", "L", "S", "L"]
    assert [CAT.cards[b.tycoon].id[:2] for b in row if isinstance(b, Berth)] == ["Me", "Di", "In"]
    lanes = [item for item in row if isinstance(item, Lane)]
    assert [len(ln.cards) for ln in lanes] == [2, 3, 2, 1, 1, 2, 1]
    assert [sum(CAT.cards[c].icons[STAR] for c in ln.cards) for ln in lanes] == [2, 1, 1, 0, 1, 0, 0]
    passengers, navigations, cargos, _ = icon_counts(CAT, row)
    assert (passengers, navigations, cargos) == (2, 2, 3)
    assert {ln.colour for ln in lanes} == set(range(len(COLOURS)))
    beside_inventor = [*lanes[5].cards, *lanes[6].cards]
    assert [sum(CAT.cards[c].icons[k] for c in beside_inventor) for k in (PASSENGER, NAVIGATION, CARGO)] == [
        0,
        2,
        1,
    ]


@pytest.mark.rule("GCS-EX-02")
def test_the_example_lanes_score_26(example: Result) -> None:
    assert lines(example, 0, "lanes") == EXAMPLE_LANES
    assert example.category_totals(0)["lanes"] == 26


@pytest.mark.rule("GCS-EX-03")
def test_the_example_tycoons_score_12(example: Result) -> None:
    assert lines(example, 0, "tycoons") == [
        ("Merchant: 3 Cargo icons × 2", 6),
        ("Diplomat: 2 Passenger icons (needs 3)", 0),
        ("Inventor: 3 icons in the lanes beside its station × 2", 6),
    ]
    assert example.category_totals(0)["tycoons"] == 12


@pytest.mark.rule("GCS-EX-04")
def test_the_example_sets_score_7_without_a_colours_token(example: Result) -> None:
    assert colours_complete(CAT, tuple(EXAMPLE))
    assert lines(example, 0, "sets") == [("Complete Set of Icons token", 7)]
    assert example.category_totals(0)["sets"] == 7


@pytest.mark.rule("GCS-EX-05")
def test_the_example_totals_45(example: Result) -> None:
    assert example.category_totals(0) == {"lanes": 26, "tycoons": 12, "sets": 7}
    assert example.scores[0] == 45


def test_the_sheet_total_is_what_the_sheet_lines_add_up_to() -> None:
    """``sheet_total`` (the search agents' fast path) equals the written sheet's sum in every skyport
    met along random games of 2 to 4 players, tycoons of every kind and tokens included."""
    from skyhall.games.skyport.scoring import score_sheet, sheet_total
    from skyhall.sim.positions import random_positions

    checked = 0
    tycoons = set()
    for players in (2, 3, 4):
        for s in random_positions("skyport", players, 60, players, every=3):
            for seat in range(s.n):
                row, hand, owned = s.rows[seat], s.hands[seat], s.owned[seat]
                lines = score_sheet(s.cat, row, hand, owned)
                assert sheet_total(s.cat, row, hand, owned) == sum(line.points for line in lines)
                tycoons.update(line.label.split(":")[0] for line in lines if line.category == "tycoons")
                checked += 1
    assert checked >= 400
    assert tycoons == {"Merchant", "Explorer", "Diplomat", "Supplier", "Inventor"}
