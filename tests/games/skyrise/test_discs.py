"""Discs (DSC): District discs in their rows and the row values, excess discs, Patron, Wild and Commissions.

Colours of the districts used (3 players, North Island = tile I1): C1 yellow, C2 green, C3 white, C4
brown; Na yellow, Nb green, Nf yellow. Rows are counted in the order yellow, green, white, brown.

Collecting a disc: seat 0 opens with 106 on C1 and wins (seat 1 passes, seat 2 has nothing higher).
Final scoring: :func:`finale` sets up Era 2 with seat 0 the only player with a Structure left, so
its opening bid is built at once and the game ends; the score sheet is then read line by line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from skyhall.core.result import ScoreLine
from skyhall.games.skyrise.state import State
from skyhall.games.skyrise.steps import ASSIGN, KEEP, OPEN
from tests.games.skyrise.position import CAT, legal, play, position
from tests.games.skyrise.test_auction import refused, restart

ASSIGNS = ["assign yellow", "assign green", "assign white", "assign brown"]
HOLDINGS = ("structures", "excess", "patrons", "keys", "commissions")
"""Score-sheet categories of what a player board holds."""


def won_on_c1(disc: str | None, rows: Sequence[int] = (0, 0, 0, 0)) -> State:
    """Seat 0, with ``rows``, wins C1 holding ``disc`` in Era 1."""
    s = position(discs={"C1": disc}, rows={0: rows})
    play(s, "bid 106 C1", "pass")
    return s


def holdings(s: State, seat: int) -> tuple[object, ...]:
    return s.rows[seat], s.excess[seat], s.patrons[seat], s.commissions[seat]


def finale(
    *bids: str,
    built: Mapping[str, tuple[int, int | str]] | None = None,
    discs: Mapping[str, str | None] | None = None,
    rows: Sequence[int] = (0, 0, 0, 0),
    excess: int = 0,
    patrons: Sequence[int] = (0, 0, 0, 0),
    commissions: int = 0,
    keys: Sequence[int] = (),
    tiles: Sequence[int] = (3, 5, 7, 9),
) -> State:
    """Era 2 with seat 0 holding the given player board and Buildings 2 and 38 left, nobody else anything.

    Each of ``bids`` is an opening bid of seat 0, built at once; C1, C2 and C3 carry no disc unless
    ``discs`` says so. After two bids (and any Wild assignment) the game is over.
    """
    s = position(
        era=2, built=built, discs={"C1": None, "C2": None, "C3": None, **(discs or {})}, rows={0: rows}
    )
    s.excess[0] = excess
    s.patrons[0] = tuple(patrons)
    s.commissions[0] = commissions
    s.keys[0] = tuple(keys)
    s.tiles = tuple(tiles)
    restart(s, 0, {0: (2, 38), 1: (), 2: ()})
    return play(s, *bids)


def sheet(s: State, *categories: str) -> list[ScoreLine]:
    """Seat 0's final score-sheet lines of ``categories``, in order."""
    assert s.is_over
    return [line for line in s.result().breakdown[0] if line.category in categories]


# -- District discs and their rows ---------------------------------------------------------------------


@pytest.mark.rule("SKR-DSC-01")
@pytest.mark.parametrize(
    ("disc", "after"),
    [("yellow", (2, 0, 2, 3)), ("green", (1, 1, 2, 3)), ("white", (1, 0, 3, 3)), ("brown", (1, 0, 2, 4))],
)
def test_a_district_disc_fills_the_next_space_of_its_own_row(disc: str, after: tuple[int, ...]) -> None:
    s = won_on_c1(disc, rows=(1, 0, 2, 3))
    assert s.rows[0] == after
    assert (s.excess[0], s.patrons[0], s.commissions[0]) == (0, (0, 0, 0, 0), 0)
    assert s.rows[1] == s.rows[2] == (0, 0, 0, 0)


@pytest.mark.rule("SKR-DSC-02")
def test_the_row_values_are_the_reconstruction() -> None:
    assert CAT.reconstructed
    assert CAT.row_values == (0, 2, 4, 6, 1)


@pytest.mark.rule("SKR-DSC-02")
@pytest.mark.parametrize("discs", [0, 1, 2, 3, 4])
def test_each_structure_scores_its_colour_rows_value(discs: int) -> None:
    # Three yellow Structures: Na and Nf built before, C1 built now.
    s = finale("bid 2 C1", "bid 38 C3", built={"Na": (0, 14), "Nf": (0, 26)}, rows=(discs, 0, 0, 0))
    worth = CAT.row_values[discs]
    assert sheet(s, "structures") == [
        ScoreLine(
            "structures", f"3 Structures on yellow × {worth} ({discs} disc{'s' * (discs != 1)})", 3 * worth
        ),
        ScoreLine("structures", "1 Structure on white × 0 (0 discs)", 0),
    ]


@pytest.mark.rule("SKR-DSC-03")
def test_three_yellow_discs_make_each_yellow_structure_worth_six() -> None:
    s = finale("bid 2 C1", "bid 38 C2", built={"Na": (0, 14)}, rows=(3, 0, 0, 0))
    assert sheet(s, "structures") == [
        ScoreLine("structures", "2 Structures on yellow × 6 (3 discs)", 12),
        ScoreLine("structures", "1 Structure on green × 0 (0 discs)", 0),
    ]


@pytest.mark.rule("SKR-DSC-04")
def test_a_district_disc_beyond_a_full_row_goes_on_the_illustration() -> None:
    s = position(discs={"C1": "green", "C2": "green", "C4": "yellow"}, rows={0: (0, 3, 0, 0)})
    play(s, "bid 106 C1", "pass")
    assert (s.rows[0], s.excess[0]) == ((0, 4, 0, 0), 0)  # the fourth disc still fills the row
    play(s, "bid 82 C2", "pass", "pass")
    assert (s.rows[0], s.excess[0]) == ((0, 4, 0, 0), 1)
    assert "Player 1's green row is full: the disc goes on the illustration." in s.log_for(None)
    play(s, "bid 78 C4", "pass", "pass")  # another colour's row is not full
    assert (s.rows[0], s.excess[0]) == ((1, 4, 0, 0), 1)


@pytest.mark.rule("SKR-DSC-05", "SKR-DSC-04")
def test_each_excess_disc_is_worth_ten_at_the_end() -> None:
    # Two excess discs already, and the last Building collects a sixth green disc.
    s = finale("bid 2 C1", "bid 38 C3", discs={"C1": "green"}, rows=(0, 4, 0, 0), excess=2)
    assert CAT.excess_value == 10
    assert sheet(s, "excess") == [ScoreLine("excess", "3 excess district discs × 10", 30)]


# -- Patron discs --------------------------------------------------------------------------------------


@pytest.mark.rule("SKR-DSC-06")
def test_a_patron_disc_goes_on_the_illustration() -> None:
    s = won_on_c1("patron C", rows=(1, 1, 1, 1))
    assert holdings(s, 0) == ((1, 1, 1, 1), 0, (0, 0, 1, 0), 0)


@pytest.mark.rule("SKR-DSC-07")
def test_each_patron_disc_scores_its_tile_value() -> None:
    # Tiles A 9, B 3, C 5, D 7; two A discs count 9 twice; the last Building brings a B disc.
    s = finale("bid 2 C1", "bid 38 C3", discs={"C1": "patron B"}, patrons=(2, 0, 1, 0), tiles=(9, 3, 5, 7))
    assert sheet(s, "patrons") == [
        ScoreLine("patrons", "Patron A: 2 × 9", 18),
        ScoreLine("patrons", "Patron B: 1 × 3", 3),
        ScoreLine("patrons", "Patron C: 1 × 5", 5),
    ]


# -- Wild discs ----------------------------------------------------------------------------------------


@pytest.mark.rule("SKR-DSC-08")
def test_the_collector_of_a_wild_disc_assigns_it_a_colour_at_once() -> None:
    s = position(discs={"C2": "wild"}, rows={1: (0, 0, 2, 0)})
    play(s, "bid 14 C1", "bid 16 C2", "pass", "pass")  # seat 0 passes last; seat 1 collects the Wild
    assert (s.step, s.to_act) == (ASSIGN, 1)
    assert legal(s) == ASSIGNS
    reason = "Player 2 must now assign the Wild disc a colour, and this is not one of the choices"
    refused(s, "pass", reason)
    refused(s, "bid 28 C4", reason)
    play(s, "assign white")
    assert s.rows[1] == (0, 0, 3, 0) and s.excess[1] == 0
    assert (s.step, s.to_act) == (OPEN, 1)  # only now does the next auction open
    assert "Player 2 assigns the Wild disc to white." in s.log_for(None)


@pytest.mark.rule("SKR-DSC-09")
def test_a_wild_discs_colour_never_changes() -> None:
    s = finale("bid 2 C1", "assign brown", discs={"C1": "wild", "C4": "yellow"})
    assert s.rows[0] == (0, 0, 0, 1) and s.step == OPEN
    reason = "Player 1 must now open the auction with a bid, and this is not one of the choices"
    refused(s, "assign yellow", reason)
    play(s, "bid 38 C4")  # a yellow disc: no new choice, the Wild stays in the brown row
    assert s.rows[0] == (1, 0, 0, 1)
    assert sheet(s, "structures") == [
        ScoreLine("structures", "1 Structure on yellow × 2 (1 disc)", 2),
        ScoreLine("structures", "1 Structure on brown × 2 (1 disc)", 2),
    ]


@pytest.mark.rule("SKR-DSC-10")
def test_a_wild_disc_assigned_to_a_full_row_is_an_excess_disc() -> None:
    s = finale("bid 2 C1", discs={"C1": "wild"}, rows=(0, 4, 0, 0))
    assert s.step == ASSIGN and legal(s) == ASSIGNS  # a full row may still be chosen
    play(s, "assign green", "bid 38 C3")
    assert (s.rows[0], s.excess[0]) == ((0, 4, 0, 0), 1)
    assert sheet(s, "excess") == [ScoreLine("excess", "1 excess district disc × 10", 10)]


# -- Commissions discs ---------------------------------------------------------------------------------


@pytest.mark.rule("SKR-DSC-11")
def test_a_commissions_disc_goes_on_the_illustration() -> None:
    s = won_on_c1("commissions", rows=(1, 1, 1, 1))
    assert holdings(s, 0) == ((1, 1, 1, 1), 0, (0, 0, 0, 0), 1)


@pytest.mark.rule("SKR-DSC-12")
@pytest.mark.parametrize(
    ("patrons", "keys", "excess", "items"),
    [
        ((0, 0, 0, 0), (), 0, 1),  # the Commissions disc itself
        ((1, 0, 2, 0), (), 0, 4),  # Patron discs
        ((0, 0, 0, 0), (8, 4), 0, 3),  # City Keys
        ((0, 0, 0, 0), (), 3, 4),  # excess District discs
        ((0, 1, 0, 0), (8,), 2, 5),  # all of them
    ],
)
def test_a_commissions_disc_adds_one_to_every_illustration_item(
    patrons: tuple[int, ...], keys: tuple[int, ...], excess: int, items: int
) -> None:
    s = finale("bid 2 C1", "bid 38 C3", patrons=patrons, keys=keys, excess=excess, commissions=1)
    assert sheet(s, "commissions") == [
        ScoreLine(
            "commissions", f"Commissions (1 disc): 1 × {items} illustration item{'s' * (items != 1)}", items
        )
    ]


@pytest.mark.rule("SKR-DSC-13")
@pytest.mark.parametrize(("commissions", "bonus"), [(1, 3), (2, 8), (3, 15)])
def test_commissions_discs_are_worth_their_bonus_only(commissions: int, bonus: int) -> None:
    # Besides the Commissions discs, one Patron disc (tile 3) and one excess disc.
    s = finale("bid 2 C1", "bid 38 C3", patrons=(1, 0, 0, 0), excess=1, commissions=commissions)
    items = commissions + 2
    assert bonus == commissions * items
    assert sheet(s, "excess", "patrons", "keys", "commissions") == [
        ScoreLine("excess", "1 excess district disc × 10", 10),
        ScoreLine("patrons", "Patron A: 1 × 3", 3),
        ScoreLine(
            "commissions",
            f"Commissions ({commissions} disc{'s' * (commissions != 1)}): {commissions} × {items} "
            f"illustration item{'s' * (items != 1)}",
            bonus,
        ),
    ]


@pytest.mark.rule("SKR-DSC-15")
def test_the_illustration_example_is_worth_23() -> None:
    s = finale("bid 2 C1", "bid 38 C3", patrons=(0, 1, 0, 0), excess=1, commissions=2, tiles=(3, 5, 7, 9))
    lines = sheet(s, "excess", "patrons", "keys", "commissions")
    assert lines == [
        ScoreLine("excess", "1 excess district disc × 10", 10),
        ScoreLine("patrons", "Patron B: 1 × 5", 5),
        ScoreLine("commissions", "Commissions (2 discs): 2 × 4 illustration items", 8),
    ]
    assert sum(line.points for line in lines) == 23


# -- when discs score ----------------------------------------------------------------------------------


@pytest.mark.rule("SKR-DSC-14")
def test_discs_are_not_scored_at_the_end_of_era_one_and_stay_on_the_board() -> None:
    s = position(discs={"C1": "commissions"}, rows={0: (1, 2, 3, 4), 1: (0, 3, 0, 1)})
    s.excess[0], s.patrons[0] = 2, (1, 0, 0, 1)
    s.patrons[1] = (0, 2, 0, 0)
    restart(s, 0, {0: (106,)})
    play(s, "bid 106 C1", "pass")  # seat 0's last Era 1 Building: Era 1 ends
    assert s.era == 2 and s.step == KEEP
    assert holdings(s, 0) == ((1, 2, 3, 4), 2, (1, 0, 0, 1), 1)
    assert holdings(s, 1) == ((0, 3, 0, 1), 0, (0, 2, 0, 0), 0)
    for seat in range(3):
        assert not [line for line in s.ledger[seat] if line.category in HOLDINGS]
