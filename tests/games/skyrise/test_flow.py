"""Skyrise: data, setup, auctions, Wonders (the core flow, scenario by scenario)."""

from __future__ import annotations

from collections import Counter

import pytest

from skyhall.core.engine import play as checked
from skyhall.core.errors import IllegalAction
from skyhall.core.state import EMPTY
from skyhall.games import skyrise
from skyhall.games.skyrise.bid import opening_districts
from skyhall.games.skyrise.cards import COMMISSIONS, HEIGHTS, PATRON, WILD
from skyhall.games.skyrise.district import board_for
from skyhall.games.skyrise.steps import ASSIGN, BID, KEEP, OPEN
from tests.games.skyrise.position import CAT, b, d, legal, play, position

# -- data -------------------------------------------------------------------------------------


@pytest.mark.rule("SKR-SET-21", "SKR-SET-22", "SKR-SET-24", "SKR-SET-25", "SKR-SET-26", "SKR-SET-27")
def test_buildings_follow_the_reconstruction() -> None:
    assert CAT.reconstructed
    values = [x.value for x in CAT.buildings]
    assert len(values) == len(set(values)) == 48
    for seat, owned in enumerate(CAT.sets):
        heights = Counter(HEIGHTS[CAT.buildings[x].height] for x in owned)
        assert heights == {"short": 4, "medium": 5, "tall": 3}
        era1 = Counter(HEIGHTS[CAT.buildings[x].height] for x in owned if CAT.buildings[x].era == 1)
        assert era1 == {"short": 2, "medium": 4, "tall": 1}
        assert sorted((CAT.buildings[x].value - 1) // 10 for x in owned) == list(range(12))
        assert seat == CAT.buildings[owned[0]].owner
    assert [CAT.buildings[x].value for x in CAT.sets[0]] == [2, 14, 26, 38, 42, 54, 66, 78, 82, 94, 106, 118]
    dotted = [k for k, x in enumerate(CAT.sets[3]) if CAT.buildings[x].era == 2]
    assert dotted == [0, 3, 6, 9, 11]


@pytest.mark.rule("SKR-SET-10", "SKR-SET-11", "SKR-BRD-01", "SKR-SET-03")
def test_board_reconstruction() -> None:
    board = board_for(CAT, (0, 1, 2, 3))
    assert len(board.in_play) == 60
    sizes = Counter(board.island[x] for x in board.in_play)
    assert sizes == {0: 4, 1: 14, 2: 14, 3: 14, 4: 14}
    assert Counter(board.colour[x] for x in board.in_play) == {0: 15, 1: 15, 2: 15, 3: 15}
    assert sorted(board.colour[x] for x in CAT.central) == [0, 1, 2, 3]
    assert len(board.airships) == 8 and all(len(a) == 4 for a in board.airships)
    assert sum(board.waterfall) == 8
    assert len(board.bridges) == 4
    for a, outer in board.bridges:
        assert board.central[a] and CAT.sites[outer].id[1:] == "g"


@pytest.mark.rule("SKR-BRD-04", "SKR-BRD-05", "SKR-BRD-06", "SKR-BRD-07")
def test_adjacency_is_by_edge_or_bridge() -> None:
    board = board_for(CAT, (0, 1, 2, -1))
    adj = board.adjacent
    assert set(adj[d("Ne")]) == {d("Na"), d("Nd"), d("Nf"), d("Ni")}
    assert d("Nj") not in adj[d("Ne")]  # corner at an airship
    assert d("Ng") in adj[d("C1")] and d("C1") in adj[d("Ng")]  # bridge
    assert d("C4") not in adj[d("C1")]  # diagonal
    for x in board.in_play:
        for y in adj[x]:
            same = board.island[x] == board.island[y]
            assert same or (min(x, y), max(x, y)) in {(min(p), max(p)) for p in board.bridges}
            assert not (board.island[x] and board.island[y] and not same)
    assert not any(y in adj[d("C3")] for y in range(len(CAT.sites)) if CAT.sites[y].id.startswith("W"))


# -- setup ------------------------------------------------------------------------------------


@pytest.mark.rule(
    "SKR-SET-01",
    "SKR-SET-02",
    "SKR-SET-04",
    "SKR-SET-05",
    "SKR-SET-06",
    "SKR-SET-07",
    "SKR-SET-08",
    "SKR-SET-09",
    "SKR-SET-12",
    "SKR-SET-13",
    "SKR-SET-15",
    "SKR-SET-16",
    "SKR-SET-17",
    "SKR-SET-19",
    "SKR-SET-23",
)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_counts(players: int) -> None:
    s = skyrise.new_game(players, 7)
    assert sum(1 for tile in s.board.layout if tile != EMPTY) == players
    assert len(s.board.in_play) == {2: 32, 3: 46, 4: 60}[players]
    on_board = Counter(s.discs[x] for x in s.board.in_play)
    assert EMPTY not in on_board
    district = {4: 10, 3: 7, 2: 5}[players]
    patron = {4: 4, 3: 4, 2: 2}[players]
    assert all(on_board[c] == district for c in range(4))
    assert all(on_board[PATRON + k] == patron for k in range(4))
    assert on_board[WILD] == (1 if players == 3 else 2)
    assert on_board[COMMISSIONS] == (1 if players == 3 else 2)
    assert sum(s.discs[x] != EMPTY for x in range(len(CAT.sites)) if not s.board.live[x]) == 0
    dealt = 5 if players == 2 else 3
    assert all(len(h) == dealt for h in s.hands)
    assert len({c for h in s.hands for c in h}) == dealt * players
    assert len(set(s.objectives)) == players
    assert len(set(s.panoramas)) == 2
    assert sorted(s.tiles) == [3, 5, 7, 9]
    assert s.prestige == [0] * players
    for seat in range(players):
        assert [CAT.buildings[x].era for x in s.pool[seat]] == [1] * 7
        assert [CAT.buildings[x].era for x in s.reserve[seat]] == [2] * 5
    layouts = {skyrise.new_game(players, seed).board.layout for seed in range(20)}
    assert len(layouts) > 1


@pytest.mark.rule("SKR-SET-28", "SKR-AUC-05")
def test_random_first_opener_who_cannot_pass() -> None:
    openers = {skyrise.new_game(4, seed).to_act for seed in range(30)}
    assert openers == {0, 1, 2, 3}
    s = skyrise.new_game(3, 1, {"first_player": 2})
    assert s.to_act == 2 and s.step == OPEN
    assert "pass" not in legal(s)


# -- auctions ---------------------------------------------------------------------------------


@pytest.mark.rule(
    "SKR-AUC-06",
    "SKR-AUC-10",
    "SKR-AUC-11",
    "SKR-AUC-12",
    "SKR-AUC-13",
    "SKR-AUC-21",
    "SKR-BLD-01",
    "SKR-BLD-02",
    "SKR-BLD-04",
    "SKR-BLD-05",
    "SKR-BLD-06",
    "SKR-BLD-09",
    "SKR-DSC-01",
    "SKR-AUC-23",
)
def test_auction_from_opening_bid_to_build() -> None:
    s = position(discs={"C1": "green", "C2": "patron A", "Sg": "yellow", "C4": "brown"})
    play(s, "bid 42 C1")
    assert s.to_act == 1 and s.step == BID
    options = legal(s)
    assert "bid 44 C2" in options and "bid 16 C2" not in options and "bid 44 C4" not in options
    play(s, "bid 56 C2")
    assert s.to_act == 2
    play(s, "bid 58 C4")
    play(s, "bid 78 Sg")  # Player 1 again, a second bid, next to the latest one (across the bridge)
    assert s.occupant[d("C1")] == b(42)  # the earlier bid stays until the end
    assert "P" not in str(s.view(2).to_dict()["bids"]) and len(s.view(2).bids) == 4
    play(s, "pass", "pass")
    assert s.built[0] == (d("Sg"),)
    assert s.occupant[d("Sg")] == b(78)
    assert all(s.occupant[x] == EMPTY for x in (d("C1"), d("C2"), d("C4")))
    assert b(42) in s.pool[0] and b(56) in s.pool[1] and b(58) in s.pool[2]
    assert b(78) not in s.pool[0]
    assert s.rows[0] == (1, 0, 0, 0)
    assert s.discs[d("Sg")] == EMPTY and s.discs[d("C1")] == 1 and s.discs[d("C2")] == PATRON
    assert s.to_act == 0 and s.step == OPEN  # the winner opens next


@pytest.mark.rule("SKR-AUC-13", "SKR-AUC-20")
def test_passed_players_are_skipped_and_nobody_outbids_themselves() -> None:
    s = position()
    play(s, "bid 14 C1", "pass", "bid 22 C2")
    assert s.to_act == 0  # Player 2 passed and is skipped
    play(s, "pass")
    assert s.built[2] == (d("C2"),)
    assert s.to_act == 2 and s.step == OPEN


@pytest.mark.rule("SKR-AUC-14", "SKR-AUC-19", "SKR-AUC-18")
def test_who_cannot_outbid_passes_and_era_one_bids_are_undotted() -> None:
    s = position()
    assert {a.split()[1] for a in legal(s)} == {"14", "26", "42", "54", "78", "82", "106"}
    assert not any(a.startswith("wonder") for a in legal(s))
    play(s, "bid 106 C1")
    assert legal(s) == [f"bid 108 {x}" for x in ("C2", "C3", "Ng")] + ["pass"]
    play(s, "pass")  # Player 3 has nothing above 106: passes by force
    assert s.built[0] == (d("C1"),)
    assert s.log_for(None)[-3:-1][0].endswith(
        "Player 3 cannot outbid: no higher Building fits next to the latest bid, so passes."
    )


@pytest.mark.rule("SKR-AUC-07", "SKR-AUC-08")
def test_opening_districts() -> None:
    s = position(built={"Ne": (1, 16)}, discs={})
    spots = {CAT.sites[x].id for x in opening_districts(s)}
    assert spots == {"C1", "C2", "C3", "C4", "Na", "Nd", "Nf", "Ni"}
    play(s, "bid 14 Nf", "bid 28 Ng", "bid 46 C1", "pass", "pass")  # Player 3 wins C1
    spots = {CAT.sites[x].id for x in opening_districts(s)}
    assert "Ng" in spots  # next to the Building on C1
    assert "Nc" not in spots and "Nb" not in spots  # Ng and Nf held bids only


@pytest.mark.rule("SKR-AUC-22")
def test_auction_ends_when_no_district_is_next_to_the_bid() -> None:
    s = position(built={"Nb": (1, 16), "Ne": (2, 18)})
    play(s, "bid 14 Na")
    assert s.built[0] == (d("Na"),) and s.to_act == 0 and s.step == OPEN


@pytest.mark.rule("SKR-EDGE-04")
def test_illegal_bids_are_refused_and_change_nothing() -> None:
    s = position()
    before = s.snapshot()
    for text, reason in (
        ("bid 16 C1", "belongs to Player 2"),
        ("bid 38 C1", "only available in Era 2"),
        ("bid 14 Na", "Central Island or next to a built Structure"),
        ("wonder 3 C1", "Era 1"),
    ):
        with pytest.raises(IllegalAction, match=reason):
            checked(s, text)
        assert s.snapshot() == before
    play(s, "bid 54 C1")
    with pytest.raises(IllegalAction, match="higher"):
        checked(s, "bid 44 C2")
    with pytest.raises(IllegalAction, match="next to the most recent bid"):
        checked(s, "bid 56 C4")
    with pytest.raises(IllegalAction, match="not seat"):
        checked(s, "pass", seat=2)


# -- discs ------------------------------------------------------------------------------------


@pytest.mark.rule("SKR-DSC-08", "SKR-DSC-09", "SKR-DSC-10", "SKR-DSC-04")
def test_wild_disc_gets_a_colour_and_full_rows_overflow() -> None:
    s = position(discs={"C1": "wild", "C2": "green"}, rows={0: (0, 4, 0, 0)})
    play(s, "bid 106 C1", "pass")
    assert s.step == ASSIGN and s.to_act == 0
    assert legal(s) == ["assign yellow", "assign green", "assign white", "assign brown"]
    play(s, "assign green")
    assert s.rows[0] == (0, 4, 0, 0) and s.excess[0] == 1
    play(s, "bid 82 C2", "pass", "pass")
    assert s.excess[0] == 2


@pytest.mark.rule("SKR-DSC-06", "SKR-DSC-11", "SKR-HID-03", "SKR-HID-04")
def test_patron_and_commissions_discs() -> None:
    s = position(discs={"C1": "patron B", "C2": "commissions"})
    assert s.view(0).tiles == (EMPTY,) * 4
    play(s, "bid 106 C1", "pass")
    assert s.patrons[0] == (0, 1, 0, 0)
    assert s.view(0).tiles[1] == s.tiles[1] and s.view(0).tiles.count(EMPTY) == 3
    assert s.view(1).tiles == (EMPTY,) * 4 and s.view(None).tiles == (EMPTY,) * 4
    assert str(s.tiles[1]) not in s.log_for(1)[-1] and f"shows {s.tiles[1]}" in s.log_for(0)[-1]
    play(s, "bid 82 C2", "pass", "pass")
    assert s.commissions[0] == 1


@pytest.mark.rule("SKR-EDGE-02")
def test_no_disc_collects_nothing() -> None:
    s = position(discs={"C1": None})
    play(s, "bid 106 C1", "pass")
    assert s.rows[0] == (0, 0, 0, 0) and sum(s.patrons[0]) == 0 and s.commissions[0] == 0
    assert "no disc" in s.log_for(0)[-1]


# -- Wonders ----------------------------------------------------------------------------------


@pytest.mark.rule(
    "SKR-AUC-16", "SKR-AUC-17", "SKR-BLD-03", "SKR-BLD-07", "SKR-BLD-08", "SKR-WON-20", "SKR-WON-06"
)
def test_placing_a_wonder_ends_the_auction_and_resolves_its_card() -> None:
    s = position(era=2, kept={0: [7], 1: [12], 2: [20]}, discs={"C2": "yellow"})
    play(s, "bid 42 C1")
    assert "wonder 12 C2" in legal(s) and "wonder 12 C4" not in legal(s)
    play(s, "wonder 12 C2")
    assert s.built[1] == (d("C2"),)
    assert b(42) in s.pool[0] and s.occupant[d("C1")] == EMPTY
    assert s.rows[1] == (1, 0, 0, 0)
    # C1 was freed before the effect: C1, C4 and Eg are unoccupied next to C2.
    assert s.prestige[1] == 6
    assert s.ledger[1][-1].category == "wonder"


@pytest.mark.rule("SKR-WON-26")
def test_outbidding_wonder_acts_as_a_bid_of_sixty() -> None:
    s = position(era=2, kept={0: [7], 1: [12], 2: [18]})
    play(s, "bid 42 C1", "pass")
    assert "wonder 18 C2" in legal(s)
    play(s, "wonder 18 C2")
    assert s.to_act == 0 and s.step == BID
    assert "bid 54 C4" not in legal(s) and "bid 66 C4" in legal(s)
    play(s, "bid 66 C4", "pass")
    assert s.built[0] == (d("C4"),) and s.wonders[2] == (17,) and s.built[2] == ()


@pytest.mark.rule("SKR-AUC-09", "SKR-EDGE-03", "SKR-ERA-07", "SKR-AUC-15")
def test_a_wonder_opens_only_when_no_building_is_left() -> None:
    s = position(era=2, kept={0: [7], 1: [12], 2: [20]})
    assert not any(a.startswith("wonder") for a in legal(s))
    for seat in range(3):
        s.pool[seat] = ()
    s.pool[1] = (b(16),)
    from skyhall.games.skyrise import rules

    rules.start_auction(s, 0)
    s._legal = None
    assert all(a.startswith("wonder 7") for a in legal(s))
    play(s, "wonder 7 C1")  # built at once
    assert s.built[0] == (d("C1"),) and s.to_act == 1
    play(s, "bid 16 C2")  # Player 2: initiative 12 beats 20
    assert s.to_act == 2 and "pass" in legal(s) and "wonder 20 C4" in legal(s)
    play(s, "pass")
    assert s.built[1] == (d("C2"),)
    play(s, "wonder 12 C4")  # only a Wonder left: opens and is built at once
    assert s.to_act == 2
    play(s, "wonder 20 C3")  # alone with Structures left: opens and wins at once
    assert s.is_over


@pytest.mark.rule("SKR-WON-09", "SKR-WON-13", "SKR-WON-21", "SKR-WON-23", "SKR-WON-25")
@pytest.mark.parametrize(
    ("card", "points"),
    [(1, 2), (5, 4), (13, 6), (15, 0), (17, 9)],
)
def test_wonder_points_when_built(card: int, points: int) -> None:
    s = position(era=2, kept={0: [card], 1: [2], 2: [3]}, built={"C2": (0, 14), "Eg": (0, 26)})
    for seat in range(3):
        s.pool[seat] = ()
    from skyhall.games.skyrise import rules

    rules.start_auction(s, 0)
    s._legal = None
    play(s, f"wonder {card} C1")
    # C1 and C2 on the Central Island, Eg on another; C1, C2 and Eg are bridge ends.
    assert s.prestige[0] == points


# -- Era 2 setup ------------------------------------------------------------------------------


@pytest.mark.rule("SKR-WON-01", "SKR-WON-02", "SKR-HID-05", "SKR-AUC-02", "SKR-AUC-04", "SKR-HID-02")
def test_wonder_cards_are_kept_in_secret_then_revealed() -> None:
    s = position(players=2)
    s.hands = [(0, 4, 9, 13, 17), (2, 3, 6, 11, 19)]
    s.era = 2
    s.step = KEEP
    s.actor = 0
    s._legal = None
    assert legal(s) == ["keep 1", "keep 5", "keep 10", "keep 14", "keep 18"]
    play(s, "keep 10", "keep 14")
    assert s.to_act == 1
    view = s.view(1)
    assert view.chosen[0] == (EMPTY, EMPTY) and view.hands[0] == (EMPTY,) * 3
    assert "10" not in " ".join(s.log_for(1)[-2:])
    play(s, "keep 4", "keep 20")
    assert s.revealed and s.chosen == [(9, 13), (3, 19)]
    assert s.hands == [(), ()]
    assert s.to_act == 1  # initiative 4 beats 10
    assert s.view(0).chosen[1] == (3, 19)
