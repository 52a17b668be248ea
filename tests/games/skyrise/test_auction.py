"""Auctions (AUC): who opens, where an opening bid may go, outbidding, passing, Wonders, and the three ends.

Board of the scenarios (``position`` defaults): 3 players have Outer Islands in the slots N, E and S, 4
players also W. The Central Island is ``C1 C2 / C3 C4``; C1 is bridged to Ng, C2 to Eg, C4 to Sg and C3
to Wg (only with a West island). An Outer Island is ``. a b c / d e f g / h i j k / l m n .`` with
adjacency by shared edge. Each seat's undotted (Era 1) Buildings, by bid value:

    seat 0: 14 26 42 54 78 82 106    seat 2: 18 22 46 58 74 86 102
    seat 1: 16 28 44 56 72 84 108    seat 3: 12 24 48 52 76 88 104

and the dotted (Era 2) ones: seat 0 2 38 66 94 118, seat 1 4 32 68 96 112, seat 2 6 34 62 98 114.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from skyhall.core.engine import play as checked
from skyhall.core.errors import IllegalAction
from skyhall.core.state import EMPTY
from skyhall.games.skyrise import rules
from skyhall.games.skyrise.bid import WONDER
from skyhall.games.skyrise.state import State
from skyhall.games.skyrise.steps import BID, KEEP, OPEN
from tests.games.skyrise.position import CAT, b, d, legal, play, position

CENTRAL = ("C1", "C2", "C3", "C4")
ERA_ONE = {
    0: (14, 26, 42, 54, 78, 82, 106),
    1: (16, 28, 44, 56, 72, 84, 108),
    2: (18, 22, 46, 58, 74, 86, 102),
}
DOTTED = {0: (2, 38, 66, 94, 118), 1: (4, 32, 68, 96, 112), 2: (6, 34, 62, 98, 114)}


def offers(values: Iterable[int], districts: Iterable[str]) -> list[str]:
    """Bid actions in the engine's order: by bid value, then by district."""
    spots = sorted(districts, key=d)
    return [f"bid {v} {x}" for v in sorted(values) for x in spots]


def wonders(card: int, districts: Iterable[str]) -> list[str]:
    return [f"wonder {card} {x}" for x in sorted(districts, key=d)]


def refused(s: State, notation: str, reason: str) -> None:
    """``notation`` is refused for exactly ``reason`` and the position is exactly as before."""
    before = s.snapshot()
    with pytest.raises(IllegalAction) as caught:
        checked(s, notation)
    assert caught.value.reason == reason
    assert s.snapshot() == before


def restart(s: State, opener: int, pools: dict[int, tuple[int, ...]]) -> State:
    """Give seats exactly the Buildings (by bid value) in ``pools`` and open a fresh auction."""
    for seat, values in pools.items():
        s.pool[seat] = tuple(sorted(b(v) for v in values))
    rules.start_auction(s, opener)
    s._legal = None
    return s


def values(s: State, seat: int) -> tuple[int, ...]:
    return tuple(sorted(CAT.buildings[x].value for x in s.pool[seat]))


def board_bids(s: State) -> list[tuple[str, int]]:
    return [(CAT.sites[x].id, code) for x, code in s.bids]


FORCED_PASS = "Player 3 cannot outbid: no higher {} fits next to the latest bid, so passes."
"""The log line of a pass the engine makes for a seat with no outbid (SKR-EDGE-05: a skip and its reason),
by what could have outbid (a Wonder only in Era 2)."""


def passes_before_the_win(s: State) -> list[str]:
    """The two log lines just before the last auction's result."""
    lines = s.log_for(None)
    won = max(i for i, line in enumerate(lines) if " wins the auction " in line)
    return lines[won - 2 : won]


def built(s: State, seat: int) -> list[str]:
    return [CAT.sites[x].id for x in s.built[seat]]


# -- who opens ------------------------------------------------------------------------------------


@pytest.mark.rule("SKR-AUC-01")
def test_the_winner_of_an_auction_opens_the_next_one() -> None:
    s = position()
    play(s, "bid 14 C1", "bid 16 C2", "bid 46 C4", "pass", "pass")
    assert built(s, 2) == ["C4"]
    assert (s.step, s.to_act, s.opener) == (OPEN, 2, 2)
    play(s, "bid 18 C2", "bid 26 C1", "pass", "pass")
    assert built(s, 0) == ["C1"]
    assert (s.step, s.to_act, s.opener) == (OPEN, 0, 0)


@pytest.mark.rule("SKR-AUC-01")
def test_in_era_two_the_winner_opens_while_they_still_have_structures() -> None:
    # Seat 0 holds the highest initiative (15) but wins with Structures left: seat 0 opens again.
    s = position(era=2, kept={0: [15], 1: [9], 2: [3]})
    play(s, "bid 2 C1", "pass", "pass")
    assert built(s, 0) == ["C1"]
    assert (s.step, s.to_act, s.opener) == (OPEN, 0, 0)


def era_one_last_build(players: int, hands: list[tuple[int, ...]]) -> State:
    """Seat 0 has only Building 106 of Era 1 left, wins it on C1 and so ends Era 1."""
    s = restart(position(players=players), 0, {0: (106,)})
    s.hands = [tuple(card - 1 for card in hand) for hand in hands]
    play(s, "bid 106 C1", "pass")  # with 3 players seat 2 (nothing above 106) passes by force
    assert s.era == 2 and s.step == KEEP and s.to_act == 0
    return s


@pytest.mark.rule("SKR-AUC-02")
def test_the_first_auction_of_era_two_is_opened_by_the_lowest_kept_initiative() -> None:
    # Seat 0 won the last auction and holds card 1, but keeps 11; seat 1 keeps 6; seat 2 keeps 4.
    s = era_one_last_build(3, [(1, 11, 16), (6, 12, 17), (4, 13, 18)])
    play(s, "keep 11", "keep 6", "keep 4")
    assert s.chosen == [(10,), (5,), (3,)]
    assert (s.step, s.to_act, s.opener) == (OPEN, 2, 2)
    assert "Player 3 has the lowest initiative and opens Era 2." in s.log_for(None)


@pytest.mark.rule("SKR-AUC-04", "SKR-AUC-02")
def test_two_player_initiative_is_the_lower_of_the_two_kept_cards() -> None:
    # Seat 0 keeps 20 first, then 3: initiative 3. Seat 1 keeps 5 and 6: initiative 5.
    # The first-kept card (20), the higher card (20 against 6) or the sum (23 against 11) would pick seat 1.
    s = era_one_last_build(2, [(20, 3, 7, 8, 9), (4, 5, 6, 10, 11)])
    play(s, "keep 20", "keep 3", "keep 5", "keep 6")
    assert s.chosen == [(19, 2), (4, 5)]
    assert (s.step, s.to_act, s.opener) == (OPEN, 0, 0)


@pytest.mark.rule("SKR-AUC-03", "SKR-AUC-15")
def test_after_a_last_structure_the_lowest_initiative_with_structures_left_opens() -> None:
    # Seat 3 (initiative 1) has built everything; seat 2 (12) has one Building left and wins it.
    # Seats 0 (15) and 1 (9) still have Structures: seat 1 opens, not the winner and not seat 3 or
    # seat 0 (clockwise after the winner).
    s = position(players=4, era=2, kept={0: [15], 1: [9], 2: [12], 3: [1]}, built={"C1": (3, "W1")})
    s.wonders[2] = ()
    restart(s, 2, {2: (114,), 3: ()})
    assert s.passed == 0b1000  # seat 3 has nothing left: out from the start
    play(s, "bid 114 C4")
    assert s.to_act == 0  # seat 3 is skipped
    play(s, "pass", "pass")
    assert built(s, 2) == ["C4"]
    assert (s.step, s.to_act, s.opener) == (OPEN, 1, 1)
    assert s.log_for(None)[-1] == (
        "Player 3 has built everything; Player 2 has the lowest initiative and opens the next auction."
    )


# -- the opening bid ------------------------------------------------------------------------------


@pytest.mark.rule("SKR-AUC-05")
def test_the_opener_cannot_pass() -> None:
    s = position()
    assert "pass" not in legal(s)
    refused(s, "pass", "the opener must make an opening bid and cannot pass")
    # An opener left with a Wonder only has no pass either.
    s = restart(position(era=2, kept={0: [7], 1: [12], 2: [20]}), 0, {0: ()})
    assert legal(s) == wonders(7, CENTRAL)
    refused(s, "pass", "the opener must make an opening bid and cannot pass")


@pytest.mark.rule("SKR-AUC-06")
def test_any_building_of_the_pool_may_open_whatever_its_value() -> None:
    s = position()
    assert legal(s) == offers(ERA_ONE[0], CENTRAL)
    # After a high bid was built, the winner may open with their lowest Building.
    play(s, "bid 106 C1", "pass")
    assert s.to_act == 0 and legal(s) == offers(ERA_ONE[0][:-1], ("C2", "C3", "Ng", "C4"))
    play(s, "bid 14 C4")
    assert board_bids(s) == [("C4", b(14))]
    # In Era 2 the dotted Buildings join the choice (the Wonder stays out while Buildings remain).
    s = position(era=2, kept={0: [7], 1: [12], 2: [20]})
    assert legal(s) == offers(ERA_ONE[0] + DOTTED[0], CENTRAL)


@pytest.mark.rule("SKR-AUC-07")
def test_an_opening_bid_goes_on_the_central_island_or_next_to_any_built_structure() -> None:
    # Structures of three players on three islands, a Wonder among them: C1 (seat 1, bridged to Ng),
    # Ne (seat 2), Ek (seat 0, the opener's own) and seat 1's Wonder on Sl.
    s = position(
        era=2,
        kept={0: [7], 1: [9], 2: [20]},
        built={"C1": (1, 16), "Ne": (2, 18), "Ek": (0, 14), "Sl": (1, "W9")},
    )
    spots = {"C2", "C3", "C4", "Ng", "Na", "Nd", "Nf", "Ni", "Eg", "Ej", "Sh", "Sm"}
    assert legal(s) == offers(values(s, 0), spots)
    refused(s, "bid 42 C1", "district C1 is occupied")
    for far in ("Nb", "Nj", "Eb", "Si", "Sg"):
        refused(s, f"bid 42 {far}", "an opening bid goes on the Central Island or next to a built Structure")


@pytest.mark.rule("SKR-AUC-08")
def test_a_district_next_to_a_losing_bid_cannot_take_an_opening_bid() -> None:
    s = position(built={"Ne": (1, 16)})
    play(s, "bid 14 Nf", "bid 28 Ng", "bid 46 C1", "pass", "pass")
    assert built(s, 2) == ["C1"]
    # Nf and Ng held losing bids: Nb, Nc, Nj and Nk (next to them only) are not opening districts.
    spots = {"C2", "C3", "C4", "Ng", "Na", "Nd", "Nf", "Ni"}
    assert s.to_act == 2 and legal(s) == offers(ERA_ONE[2][:2] + ERA_ONE[2][3:], spots)
    for far in ("Nb", "Nc", "Nj", "Nk"):
        refused(s, f"bid 18 {far}", "an opening bid goes on the Central Island or next to a built Structure")


@pytest.mark.rule("SKR-AUC-09")
def test_a_wonder_opens_only_when_its_owner_has_no_building_left() -> None:
    s = position(era=2, kept={0: [7], 1: [12], 2: [20]})
    assert not [a for a in legal(s) if a.startswith("wonder")]
    refused(s, "wonder 7 C1", "a Wonder may open an auction only when its owner has no Buildings left")
    restart(s, 0, {0: (2,)})  # one Building left, however low
    assert legal(s) == offers((2,), CENTRAL)
    restart(s, 0, {0: ()})
    assert legal(s) == wonders(7, CENTRAL)
    # 2 players: with both Wonders left and no Building, either Wonder may open.
    s = restart(position(players=2, era=2, kept={0: [7, 9], 1: [12, 20]}), 0, {0: ()})
    assert legal(s) == wonders(7, CENTRAL) + wonders(9, CENTRAL)


# -- bidding ---------------------------------------------------------------------------------------


@pytest.mark.rule("SKR-AUC-10")
def test_bidding_goes_clockwise_among_the_players_still_in() -> None:
    s = position(players=4, opener=2)
    turns = []
    for action in ("bid 18 C1", "pass", "bid 26 C2", "bid 28 C4", "bid 46 Sg", "bid 54 Sc"):
        play(s, action)
        turns.append(s.to_act)
    # 3 after the opener 2; seat 3 passed, so 0, 1, 2, then 0 again (3 skipped), then 1.
    assert turns == [3, 0, 1, 2, 0, 1]
    assert s.step == BID
    assert legal(s) == [*offers((56, 72, 84, 108), ("Sb",)), "pass"]  # Sc touches Sb and Sg only


@pytest.mark.rule("SKR-AUC-10", "SKR-AUC-16")
def test_in_era_two_a_bidder_may_outbid_pass_or_place_a_wonder() -> None:
    s = position(era=2, kept={0: [7], 1: [12], 2: [20]})
    play(s, "bid 94 C1")
    assert s.to_act == 1
    spots = ("C2", "C3", "Ng")
    assert legal(s) == offers((96, 108, 112), spots) + wonders(12, spots) + ["pass"]


@pytest.mark.rule("SKR-AUC-11")
def test_an_outbid_is_higher_than_and_next_to_the_most_recent_bid() -> None:
    s = position()
    play(s, "bid 54 C1")
    assert legal(s) == [*offers((56, 72, 84, 108), ("C2", "C3", "Ng")), "pass"]
    play(s, "bid 84 C2")
    # Seat 2: above 84 only (58 and 74 beat the opening 54 but not the most recent bid), next to C2 only.
    assert legal(s) == [*offers((86, 102), ("C4", "Eg")), "pass"]
    refused(s, "bid 74 C4", "a bid must be higher than the most recent one (84)")
    refused(s, "bid 86 C3", "a bid must go next to the most recent bid, on C2")
    refused(s, "bid 102 Ng", "a bid must go next to the most recent bid, on C2")
    refused(s, "bid 86 C1", "district C1 is occupied")
    play(s, "bid 86 Eg")
    assert board_bids(s) == [("C1", b(54)), ("C2", b(84)), ("Eg", b(86))]


@pytest.mark.rule("SKR-AUC-12")
def test_a_player_may_bid_again_and_their_earlier_bids_stay_until_the_end() -> None:
    s = position()
    play(s, "bid 42 C1", "bid 56 C2", "bid 58 C4", "bid 78 Sg", "bid 84 Sk", "pass", "bid 106 Sj")
    assert board_bids(s) == [
        ("C1", b(42)),
        ("C2", b(56)),
        ("C4", b(58)),
        ("Sg", b(78)),
        ("Sk", b(84)),
        ("Sj", b(106)),
    ]
    assert [s.occupant[d(x)] for x in ("C1", "Sg", "Sj")] == [b(42), b(78), b(106)]
    assert values(s, 0) == (14, 26, 54, 82)
    play(s, "pass")
    assert built(s, 0) == ["Sj"]
    assert values(s, 0) == (14, 26, 42, 54, 78, 82)


@pytest.mark.rule("SKR-AUC-13")
def test_a_player_who_passes_takes_no_further_part() -> None:
    s = position()
    play(s, "bid 14 C1", "pass")
    assert s.passed == 0b010 and s.to_act == 2
    play(s, "bid 22 C2")
    assert s.to_act == 0  # seat 1 would still have higher Buildings, but is out
    play(s, "bid 26 C4")
    assert s.to_act == 2
    play(s, "bid 46 Sg", "pass")
    assert built(s, 2) == ["Sg"]
    # The next auction starts with everyone in again.
    assert s.passed == 0 and s.to_act == 2
    play(s, "bid 18 Sc", "pass")
    assert s.to_act == 1


@pytest.mark.rule("SKR-AUC-14", "SKR-EDGE-05")
def test_a_player_without_a_legal_outbid_passes_by_force() -> None:
    s = position()
    play(s, "bid 106 C1")
    assert legal(s) == [*offers((108,), ("C2", "C3", "Ng")), "pass"]
    play(s, "pass")  # seat 2 has nothing above 106 in Era 1: passes by itself, and seat 0 wins
    assert built(s, 0) == ["C1"]
    assert passes_before_the_win(s) == ["Player 2 passes.", FORCED_PASS.format("Building")]


@pytest.mark.rule("SKR-AUC-14")
def test_a_wonder_placement_keeps_a_player_in_and_an_outbidding_wonder_below_the_bid_does_not() -> None:
    s = position(era=2, kept={0: [7], 1: [12], 2: [18]})
    play(s, "bid 118 C1")
    # Seat 1 has no Building above 118 but can place Wonder 12: a real choice.
    assert s.to_act == 1 and legal(s) == [*wonders(12, ("C2", "C3", "Ng")), "pass"]
    play(s, "pass")
    # Seat 2's Wonder 18 bids 60, not above 118, and no Building beats 118: a forced pass ends it.
    assert built(s, 0) == ["C1"]
    assert passes_before_the_win(s) == ["Player 2 passes.", FORCED_PASS.format("Building or Wonder")]


@pytest.mark.rule("SKR-AUC-15")
def test_a_player_with_nothing_left_to_build_is_skipped_and_counts_as_passed() -> None:
    s = position(era=2, kept={0: [7], 1: [12], 2: [20]}, built={"Na": (1, "W12")})
    restart(s, 0, {1: ()})
    assert s.passed == 0b010
    play(s, "bid 2 C1")
    assert s.to_act == 2
    play(s, "pass")  # seat 1 counts as passed: every other player is out
    assert built(s, 0) == ["C1"]
    assert (s.step, s.to_act) == (OPEN, 0)


@pytest.mark.rule("SKR-AUC-16")
def test_a_wonder_goes_next_to_the_most_recent_bid_without_a_value_comparison() -> None:
    s = position(era=2, kept={0: [7], 1: [12], 2: [20]})
    play(s, "bid 118 C1")  # the highest Building of all
    assert legal(s) == [*wonders(12, ("C2", "C3", "Ng")), "pass"]
    refused(s, "wonder 12 C4", "a bid must go next to the most recent bid, on C1")
    refused(s, "wonder 20 C2", "Player 2 has no unbuilt Wonder carrying Wonder card 20")
    play(s, "wonder 12 Ng")
    assert s.occupant[d("Ng")] == WONDER + 11 and built(s, 1) == ["Ng"]


@pytest.mark.rule("SKR-AUC-17")
def test_placing_a_wonder_ends_the_auction_at_once() -> None:
    s = position(era=2, kept={0: [7], 1: [12], 2: [20]})
    play(s, "bid 2 C1", "wonder 12 C2")
    # Seat 2 (with Buildings and a Wonder to play) never gets a turn: the Wonder won.
    assert built(s, 1) == ["C2"] and built(s, 2) == []
    assert s.bids == () and s.occupant[d("C1")] == EMPTY
    assert (s.step, s.to_act) == (OPEN, 1)


@pytest.mark.rule("SKR-AUC-17")
def test_a_wonder_whose_card_says_so_can_be_outbid() -> None:
    s = position(era=2, kept={0: [7], 1: [12], 2: [18]})
    play(s, "bid 14 C1", "pass", "wonder 18 C2")
    assert board_bids(s) == [("C1", b(14)), ("C2", WONDER + 17)]
    assert (s.step, s.to_act) == (BID, 0)
    spots = ("C4", "Eg")
    assert legal(s) == offers((66, 78, 82, 94, 106, 118), spots) + wonders(7, spots) + ["pass"]
    play(s, "bid 66 C4", "pass")
    assert built(s, 0) == ["C4"] and built(s, 2) == []
    assert s.wonders[2] == (17,)


@pytest.mark.rule("SKR-AUC-18")
def test_no_wonder_can_be_placed_in_era_one() -> None:
    s = position()
    assert all(s.hands[seat] for seat in range(3))  # everyone holds Wonder cards, none usable yet
    card = s.hands[0][0] + 1
    assert not [a for a in legal(s) if a.startswith("wonder")]
    refused(s, f"wonder {card} C1", "no Wonder can be placed during Era 1")
    play(s, "bid 14 C1")
    assert not [a for a in legal(s) if a.startswith("wonder")]
    refused(s, f"wonder {s.hands[1][0] + 1} C2", "no Wonder can be placed during Era 1")


@pytest.mark.rule("SKR-AUC-19")
def test_only_undotted_buildings_can_be_bid_in_era_one() -> None:
    s = position()
    assert legal(s) == offers(ERA_ONE[0], CENTRAL)
    refused(s, "bid 38 C1", "Building 38 is dotted: it is only available in Era 2")
    play(s, "bid 106 C1")
    # Seat 1's dotted 112 would beat 106, but only the undotted 108 may.
    assert legal(s) == [*offers((108,), ("C2", "C3", "Ng")), "pass"]
    refused(s, "bid 112 C2", "Building 112 is dotted: it is only available in Era 2")


# -- the end of an auction -------------------------------------------------------------------------


@pytest.mark.rule("SKR-AUC-20")
def test_nobody_outbids_themselves() -> None:
    s = position()
    play(s, "bid 14 C1", "bid 16 C2", "pass", "bid 26 C4", "pass")
    # Play came back round to seat 0, the most recent bidder: the auction is over without asking them.
    assert built(s, 0) == ["C4"]
    assert (s.step, s.to_act) == (OPEN, 0)
    assert "Player 1 passes." not in s.log_for(None)
    # 2 players: the opener wins as soon as the other passes.
    s = position(players=2)
    play(s, "bid 14 C1", "pass")
    assert built(s, 0) == ["C1"] and (s.step, s.to_act) == (OPEN, 0)


@pytest.mark.rule("SKR-AUC-21")
def test_the_auction_ends_when_every_other_player_has_passed() -> None:
    s = position(players=4)
    play(s, "bid 14 C1", "pass", "pass")
    assert (s.step, s.to_act) == (BID, 3)  # one player still in: not over yet
    play(s, "pass")
    assert built(s, 0) == ["C1"]
    assert (s.step, s.to_act, s.bids) == (OPEN, 0, ())


@pytest.mark.rule("SKR-AUC-22")
def test_an_opening_bid_with_no_free_neighbour_ends_the_auction_at_once() -> None:
    s = position(built={"Nb": (1, 16), "Ne": (2, 18)})
    play(s, "bid 14 Na")  # Na touches only Nb and Ne
    assert built(s, 0) == ["Na"]
    assert (s.step, s.to_act) == (OPEN, 0)
    assert "No unoccupied district is next to Na: the auction ends." in s.log_for(None)


@pytest.mark.rule("SKR-AUC-22")
def test_an_outbid_with_no_free_neighbour_ends_the_auction_at_once() -> None:
    s = position(built={"Nb": (2, 18), "Nd": (1, 16)})
    play(s, "bid 14 Ne", "bid 28 Na")  # Na touches only Nb (built) and Ne (a bid)
    assert built(s, 1) == ["Nd", "Na"] and built(s, 2) == ["Nb"]
    assert (s.step, s.to_act) == (OPEN, 1)
    assert b(14) in s.pool[0] and s.occupant[d("Ne")] == EMPTY


@pytest.mark.rule("SKR-AUC-23")
def test_bids_are_visible_to_everyone_until_the_auction_is_resolved() -> None:
    s = position()
    play(s, "bid 42 C1", "bid 56 C2")
    shown = [["C1", "medium 42"], ["C2", "medium 56"]]
    for seat in (0, 1, 2, None):
        view = s.view(seat).to_dict()
        assert view["bids"] == shown
        assert view["districts"]["C1"]["structure"] == "medium 42"
    play(s, "pass", "pass")
    for seat in (0, 1, 2, None):
        view = s.view(seat).to_dict()
        assert view["bids"] == []
        assert view["districts"]["C1"]["structure"] is None
