"""Resolving an auction and building (BLD): the winner, what is built, returned bids, discs, heights, order.

Board and bid values of the scenarios: see the docstring of ``test_auction.py``. In short, the Central
Island is ``C1 C2 / C3 C4`` (C1 bridged to Ng, C2 to Eg, C4 to Sg); seat 0 bids with 14 26 42 54 78 82
106 in Era 1 (plus 2 38 66 94 118 in Era 2), seat 1 with 16 28 44 56 72 84 108, seat 2 with 18 22 46 58
74 86 102.
"""

from __future__ import annotations

import pytest

from skyhall.core.result import ScoreLine
from skyhall.core.state import EMPTY
from skyhall.games.skyrise.bid import WONDER
from skyhall.games.skyrise.cards import HEIGHTS, MEDIUM, PATRON, SHORT, TALL
from skyhall.games.skyrise.scoring import controllers, heights
from skyhall.games.skyrise.state import State
from skyhall.games.skyrise.steps import KEEP, OPEN, OVER
from tests.games.skyrise.position import CAT, b, d, disc_code, legal, play, position
from tests.games.skyrise.test_auction import built, refused, restart, values

CENTRAL = tuple(d(x) for x in ("C1", "C2", "C3", "C4"))


def occupied(s: State) -> list[str]:
    return [CAT.sites[x].id for x in s.board.in_play if s.occupant[x] != EMPTY]


def wonder_title(card: int) -> str:
    return f"Wonder {card} {CAT.wonders[card - 1].name}"


# -- the winner ----------------------------------------------------------------------------------


@pytest.mark.rule("SKR-BLD-01")
def test_the_most_recent_bid_wins() -> None:
    s = position()
    play(s, "bid 14 C1", "bid 16 C2", "bid 22 C4", "bid 26 Sg", "pass", "pass")
    assert built(s, 0) == ["Sg"] and built(s, 1) == [] and built(s, 2) == []


@pytest.mark.rule("SKR-BLD-01")
def test_a_placed_wonder_wins_over_a_higher_numbered_bid() -> None:
    s = position(era=2, kept={0: [7], 1: [12], 2: [20]})
    play(s, "bid 118 C1", "wonder 12 C2")
    assert built(s, 0) == [] and built(s, 1) == ["C2"]


@pytest.mark.rule("SKR-BLD-01", "SKR-BLD-04")
def test_an_outbid_wonder_loses_to_the_most_recent_bid_and_goes_back() -> None:
    s = position(era=2, kept={0: [7], 1: [12], 2: [18]})
    play(s, "bid 14 C1", "pass", "wonder 18 C2", "bid 66 C4", "pass")
    assert built(s, 0) == ["C4"] and built(s, 2) == []
    assert s.wonders[2] == (17,) and s.occupant[d("C2")] == EMPTY


# -- what is built ---------------------------------------------------------------------------------


@pytest.mark.rule("SKR-BLD-02")
def test_the_winning_building_stays_built_and_its_number_no_longer_counts() -> None:
    s = position()
    play(s, "bid 106 C1", "pass")
    assert s.occupant[d("C1")] == b(106) and built(s, 0) == ["C1"]
    assert 106 not in values(s, 0)
    refused(s, "bid 106 C2", "Building 106 is already built or on the board")
    refused(s, "bid 14 C1", "district C1 is occupied")
    # The next auction next to it compares bids with each other only, never with the built 106.
    play(s, "bid 14 C2")
    assert legal(s) == [f"bid {v} {x}" for v in (16, 28, 44, 56, 72, 84, 108) for x in ("C4", "Eg")] + [
        "pass"
    ]
    play(s, "bid 16 Eg", "pass", "pass")
    play(s, "bid 28 C3", "pass", "bid 54 C4", "pass")
    # Two auctions later the Building is still there, still the same.
    assert s.occupant[d("C1")] == b(106) and built(s, 0) == ["C1", "C4"]
    assert s.view(None).to_dict()["districts"]["C1"]["structure"] == "tall 106"


@pytest.mark.rule("SKR-BLD-03")
def test_a_winning_wonder_is_built_as_it_stands() -> None:
    s = position(era=2, kept={0: [7], 1: [12], 2: [20]})
    play(s, "bid 2 C1", "wonder 12 C2")
    assert s.occupant[d("C2")] == WONDER + 11
    assert built(s, 1) == ["C2"] and s.wonders[1] == ()
    assert values(s, 1) == (4, 16, 28, 32, 44, 56, 68, 72, 84, 96, 108, 112)  # no Building used
    assert s.view(None).to_dict()["districts"]["C2"]["structure"] == f"Wonder 12 ({CAT.wonders[11].name})"


@pytest.mark.rule("SKR-BLD-04")
def test_every_other_bid_goes_back_to_its_owner_including_the_winners_own() -> None:
    s = position()
    play(s, "bid 42 C1", "bid 56 C2", "bid 58 C4", "bid 78 Sg", "bid 84 Sk", "pass", "bid 106 Sj", "pass")
    assert built(s, 0) == ["Sj"] and built(s, 1) == [] and built(s, 2) == []
    assert values(s, 0) == (14, 26, 42, 54, 78, 82)
    assert values(s, 1) == (16, 28, 44, 56, 72, 84, 108)
    assert values(s, 2) == (18, 22, 46, 58, 74, 86, 102)
    assert occupied(s) == ["Sj"] and s.bids == ()


@pytest.mark.rule("SKR-BLD-05", "SKR-BLD-06")
def test_the_winner_collects_the_disc_where_they_built_and_the_other_discs_stay() -> None:
    discs = {"C1": "yellow", "C2": "patron A", "C4": "commissions", "Sg": "green", "Sk": "white"}
    s = position(discs=discs)
    play(s, "bid 42 C1", "bid 56 C2", "bid 58 C4", "bid 78 Sg", "pass", "pass")
    assert built(s, 0) == ["Sg"]
    assert s.rows == [(0, 1, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0)]
    assert s.patrons == [(0, 0, 0, 0)] * 3 and s.commissions == [0, 0, 0]
    assert s.discs[d("Sg")] == EMPTY
    for name in ("C1", "C2", "C4", "Sk"):
        assert s.discs[d(name)] == disc_code(discs[name])
    assert s.discs[d("C2")] == PATRON


@pytest.mark.rule("SKR-BLD-07")
def test_a_built_wonder_resolves_its_card_now() -> None:
    s = position(era=2, kept={0: [7], 1: [13], 2: [20]})
    play(s, "bid 2 C1", "wonder 13 C2")
    line = ScoreLine("wonder", f"{wonder_title(13)}: on the Central Island", 6)
    assert s.prestige == [0, 6, 0] and s.ledger[1] == (line,)
    # A Building brings no card effect.
    play(s, "bid 4 C4", "pass", "pass")
    assert s.prestige == [0, 6, 0] and s.ledger[1] == (line,)


@pytest.mark.rule("SKR-BLD-08")
def test_other_bids_go_back_before_the_wonder_effect_counts() -> None:
    # Wonder 12 scores 2 per unoccupied district next to it: C1 (just freed), C4 and Eg.
    s = position(era=2, kept={0: [7], 1: [12], 2: [20]})
    play(s, "bid 42 C1", "wonder 12 C2")
    assert s.ledger[1] == (
        ScoreLine("wonder", f"{wonder_title(12)}: 3 unoccupied districts next to it × 2", 6),
    )


@pytest.mark.rule("SKR-BLD-08")
def test_the_disc_is_collected_before_the_wonder_effect_and_the_log_keeps_the_order() -> None:
    # Wonder 14 scores 1 per disc in the fullest row: the yellow disc on C2 makes it 3, not 2.
    s = position(era=2, kept={0: [7], 1: [14], 2: [20]}, rows={1: (2, 0, 0, 0)}, discs={"C2": "yellow"})
    play(s, "bid 42 C1", "wonder 14 C2")
    assert s.rows[1] == (3, 0, 0, 0)
    assert s.ledger[1] == (ScoreLine("wonder", f"{wonder_title(14)}: 3 discs in the fullest row × 1", 3),)
    log = s.log_for(None)
    built_line = f"builds Wonder 14 ({CAT.wonders[13].name}) on C2. The other bid goes back."
    won = log.index(f"Player 2 wins the auction and {built_line}")
    assert log[won + 1 :] == [
        "Player 2 collects a yellow District disc.",
        f"Player 2 scores 3: {wonder_title(14)}: 3 discs in the fullest row × 1.",
    ]


@pytest.mark.rule("SKR-BLD-09")
def test_exactly_one_structure_is_built_per_auction() -> None:
    s = position(era=2, kept={0: [7], 1: [12], 2: [20]})
    play(s, "bid 42 C1", "bid 56 C2", "bid 58 C4", "bid 78 Sg", "pass", "pass")
    assert occupied(s) == ["Sg"] and [len(x) for x in s.built] == [1, 0, 0]
    play(s, "bid 2 Sc", "bid 4 Sb", "wonder 20 Sa")
    assert occupied(s) == ["Sa", "Sg"]
    assert [len(x) for x in s.built] == [1, 0, 1]


# -- heights -----------------------------------------------------------------------------------------


@pytest.mark.rule("SKR-BLD-10")
@pytest.mark.parametrize(
    ("value", "height"),
    [(14, SHORT), (26, SHORT), (42, MEDIUM), (54, MEDIUM), (78, MEDIUM), (82, MEDIUM), (106, TALL)],
)
def test_a_built_buildings_height_is_the_buildings_own(value: int, height: int) -> None:
    s = position()
    assert CAT.buildings[b(value)].height == height
    play(s, f"bid {value} C1", *["pass"] * (1 if value == 106 else 2))  # nobody beats 106 but seat 1
    assert built(s, 0) == ["C1"]
    count = [0, 0, 0]
    count[height] += 1
    assert heights(s, 0, CENTRAL) == (count[TALL], count[MEDIUM], count[SHORT])
    assert s.view(None).to_dict()["districts"]["C1"]["structure"] == f"{HEIGHTS[height]} {value}"


@pytest.mark.rule("SKR-BLD-11")
def test_a_wonder_is_a_structure_without_height() -> None:
    s = position(era=2, kept={0: [7], 1: [12], 2: [20]})
    play(s, "bid 14 C1", "wonder 12 C2")
    assert built(s, 1) == ["C2"]
    assert heights(s, 1, CENTRAL) == (0, 0, 0)
    # A Structure: Eg, across C2's bridge, is now an opening district.
    assert "bid 16 Eg" in legal(s)
    # Not a Building: a short Building of seat 0 controls the Central Island against the Wonder alone.
    play(s, "bid 16 C1", "pass", "pass")
    assert heights(s, 0, CENTRAL) == (0, 0, 0) and heights(s, 1, CENTRAL) == (0, 0, 1)
    assert controllers(s, CENTRAL) == [1]


# -- what comes next ---------------------------------------------------------------------------------


@pytest.mark.rule("SKR-BLD-12")
def test_the_next_auction_begins_after_resolution() -> None:
    s = position()
    play(s, "bid 14 C1", "bid 16 C2", "pass", "pass")
    assert (s.step, s.to_act, s.bids, s.passed) == (OPEN, 1, (), 0)


@pytest.mark.rule("SKR-BLD-12")
def test_no_auction_follows_the_one_that_ends_era_one() -> None:
    s = restart(position(), 0, {0: (106,)})
    play(s, "bid 106 C1", "pass")
    assert (s.era, s.step, s.to_act, s.bids) == (2, KEEP, 0, ())


@pytest.mark.rule("SKR-BLD-12")
def test_no_auction_follows_the_one_that_ends_the_game() -> None:
    s = restart(position(era=2), 0, {0: (2,), 1: (), 2: ()})
    play(s, "bid 2 C1")  # nobody else has a Structure to build: the opening bid wins, the game ends
    assert built(s, 0) == ["C1"]
    assert (s.step, s.to_act, s.bids) == (OVER, None, ())
