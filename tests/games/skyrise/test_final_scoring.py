"""Island control, the end-of-Era-2 score sheet and the winner (SCO).

Every scenario is a constructed position that reaches an Era end through the checked
``play()``: :func:`end_era_one` lets a seat win an auction with its last Era 1 Building,
:func:`end_game` lets a seat build the last Structure of the game. The tests then assert
the exact score lines in the ledger (the breakdown of ``result()``) and the ranking.

Colours of the districts used below (tiles I1, I2, I3 in the slots N, E, S)::

    Central  C1 yellow  C2 green  C3 white  C4 brown   (bridges C1-Ng, C2-Eg, C4-Sg)
    North    a Y  b G  c W  d B  e W  f Y  g G  h G  i B  j Y  k W  l Y  m B  n G
    East     a G  b W  c B  d Y  e B  f G  g W  h W  i Y  j G  k B  l G  m Y  n W
    South    a W  b B  c Y  d G  e Y  f W  g B  h B  i G  j W  k Y  l W  m G  n B
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from skyhall.core.result import ScoreLine
from skyhall.core.state import EMPTY
from skyhall.games.skyrise import rules
from skyhall.games.skyrise.cards import COLOURS
from skyhall.games.skyrise.state import State
from skyhall.games.skyrise.steps import BID, KEEP
from tests.games.skyrise.position import CAT, b, d, disc_code, play, position

NOBODY_SCORES = ("airship-dock", "falls-view")
"""Panoramas that none of the final-scoring scenarios below scores (no airship, no waterfall)."""


# -- scenario helpers (also used by test_panoramas and test_keys) ------------------------------


def panoramas(s: State, *ids: str) -> State:
    """Put the Panorama cards ``ids`` in play, in that order."""
    s.panoramas = tuple(next(p.index for p in CAT.panoramas if p.id == i) for i in ids)
    return s


def lay(s: State, district: str, disc: str | None) -> None:
    """Put ``disc`` (``"yellow"``, ``"patron B"``…; ``None``: no disc) on ``district``."""
    s.discs[d(district)] = EMPTY if disc is None else disc_code(disc)


def end_era_one(s: State, last: str, seat: int = 0, disc: str | None = None) -> State:
    """``seat`` opens with ``last`` (``"bid 106 Nc"``), its last Era 1 Building; the others pass.

    The seat's other Era 1 Buildings are taken out of its pool (they stand nowhere, so they
    score nothing): winning the auction ends Era 1, and the position's Structures are scored.
    ``disc`` lies on the district of ``last``.
    """
    _, value, district = last.split()
    lay(s, district, disc)
    s.pool[seat] = (b(int(value)),)
    rules.start_auction(s, seat)
    s._legal = None
    play(s, last)
    while s.step == BID:
        play(s, "pass")
    assert s.era == 2 and s.step == KEEP
    return s


def end_game(s: State, last: str, seat: int = 0, disc: str | None = None) -> State:
    """In Era 2 ``seat`` opens with ``last`` (``"bid 2 Nj"`` or ``"wonder 10 C1"``), its last Structure.

    Every other seat has built everything (its pool and Wonders are emptied), so the bid
    wins at once and the game ends with the end-of-Era-2 scoring. ``disc`` lies on the
    district of ``last``.
    """
    kind, what, district = last.split()
    lay(s, district, disc)
    for p in range(s.n):
        s.pool[p] = ()
        if p != seat:
            s.wonders[p] = ()
    if kind == "bid":
        s.pool[seat] = (b(int(what)),)
        s.wonders[seat] = ()
    else:
        assert int(what) - 1 in s.chosen[seat]
        s.wonders[seat] = (int(what) - 1,)
    rules.start_auction(s, seat)
    s._legal = None
    play(s, last)
    assert s.is_over
    return s


def lines(s: State, seat: int, *categories: str) -> list[ScoreLine]:
    """``seat``'s ledger lines of the given categories, in order."""
    return [line for line in s.ledger[seat] if line.category in categories]


def control(era: int, island: str) -> ScoreLine:
    return ScoreLine("control", f"Era {era}: controls the {island}", 5)


def structures(count: int, colour: str, discs: int) -> ScoreLine:
    """The Structure line of ``count`` Structures on ``colour`` with ``discs`` discs in that row."""
    worth = CAT.row_values[discs]
    noun = "Structure" if count == 1 else "Structures"
    return ScoreLine(
        "structures",
        f"{count} {noun} on {colour} × {worth} ({discs} disc{'s' * (discs != 1)})",
        count * worth,
    )


def objective(s: State, seat: int, name: str) -> None:
    """Give ``seat`` the Secret Objective ``name`` (``O1``..``O4``)."""
    s.objectives[seat] = next(o.index for o in CAT.objectives if o.id == name)


def final_position(
    built: Mapping[str, tuple[int, int | str]],
    kept: Mapping[int, Sequence[int]] | None = None,
    players: int = 3,
    goals: Sequence[str] = ("O1", "O2", "O3", "O4"),
) -> State:
    """An Era 2 position with ``built``; no prestige yet; Panoramas that nobody scores here."""
    s = position(players=players, era=2, kept=kept, built=built)
    panoramas(s, *NOBODY_SCORES)
    for seat in range(players):
        objective(s, seat, goals[seat])
    return s


# -- island control ------------------------------------------------------------------------


@pytest.mark.rule("SKR-SCO-01", "SKR-SCO-03")
def test_every_island_is_scored_on_its_own_at_the_end_of_era_one() -> None:
    s = panoramas(
        position(built={"C1": (0, 14), "Na": (0, 26), "Nb": (1, 16), "Ea": (1, 44), "Eb": (2, 18)}),
        *NOBODY_SCORES,
    )
    end_era_one(s, "bid 106 Nc", seat=0)
    # Central: seat 0 alone. North: 106 tall beats 16 short. East: 44 medium beats 18 short.
    # South: nobody there. Every controlled island is worth 5.
    assert s.ledger == [
        (control(1, "Central Island"), control(1, "North Island")),
        (control(1, "East Island"),),
        (),
    ]
    assert s.prestige == [10, 5, 0]


NORTH_CASES = {
    "most tall wins over more Buildings": (
        {"Na": (0, 106), "Nb": (1, 44), "Nc": (1, 56), "Nd": (1, 72), "Ne": (2, 16)},
        [0],
    ),
    "tall tie: most medium": (
        {"Na": (0, 106), "Nb": (0, 42), "Nc": (1, 108), "Nd": (1, 44), "Ne": (1, 56)},
        [1],
    ),
    "tall tie at zero: most medium beats more short": (
        {"Na": (0, 42), "Nb": (0, 54), "Nc": (1, 44), "Nd": (1, 16), "Ne": (1, 28)},
        [0],
    ),
    "tall and medium tie: most short": (
        {"Na": (0, 106), "Nb": (0, 42), "Nc": (0, 14), "Nd": (1, 108), "Ne": (1, 44)},
        [0],
    ),
    "tall, medium and short tie: all tied score": (
        {"Na": (0, 106), "Nb": (0, 14), "Nc": (1, 108), "Nd": (1, 16), "Ne": (2, 18)},
        [0, 1],
    ),
    "a lone short Building controls": ({"Na": (1, 16)}, [1]),
}


@pytest.mark.rule("SKR-SCO-04", "SKR-SCO-05", "SKR-SCO-06", "SKR-SCO-07", "SKR-SCO-08")
@pytest.mark.parametrize("case", NORTH_CASES)
def test_north_island_control(case: str) -> None:
    built, expected = NORTH_CASES[case]
    s = panoramas(position(built=built), *NOBODY_SCORES)
    end_era_one(s, "bid 82 C4", seat=0)  # seat 0 alone on the Central Island
    holders = [seat for seat in range(3) if control(1, "North Island") in s.ledger[seat]]
    assert holders == expected
    assert s.ledger[0][0] == control(1, "Central Island")
    assert all(
        control(1, f"{x} Island") not in s.ledger[seat] for x in ("East", "South") for seat in range(3)
    )


@pytest.mark.rule("SKR-SCO-02", "SKR-SCO-03", "SKR-SCO-05", "SKR-SCO-07", "SKR-SCO-08")
def test_island_control_is_scored_again_at_the_end_of_era_two() -> None:
    s = final_position(
        {
            "Na": (0, 94),
            "Nb": (1, 108),
            "Nc": (1, 44),  # North: tall tie, seat 1 has the medium
            "Ea": (2, 102),
            "Eb": (0, 118),  # East: one tall each and nothing else: shared
            "Sa": (1, "W10"),  # South: a Wonder is no Building: nobody controls
        },
        kept={1: [10]},
    )
    end_game(s, "bid 2 C1", seat=0)
    assert lines(s, 0, "control") == [control(2, "Central Island"), control(2, "East Island")]
    assert lines(s, 1, "control") == [control(2, "North Island")]
    assert lines(s, 2, "control") == [control(2, "East Island")]


# -- the end-of-Era-2 steps ----------------------------------------------------------------


@pytest.mark.rule("SKR-SCO-09", "SKR-SCO-10")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_secret_objective_needs_side_a_or_side_b_structures_of_its_colour(players: int) -> None:
    o1 = next(o for o in CAT.objectives if o.id == "O1")
    need = o1.side_b if players == 2 else o1.side_a
    # Seat 0: need - 2 Buildings on yellow, one on green (Nb) and its Wonder on yellow Ei; its last
    # Structure goes on yellow C1 (the objective is met) or on green C2 (one yellow Structure short).
    built: dict[str, tuple[int, int | str]] = {x: (0, v) for x, v in [("Na", 106), ("Nf", 94)][: need - 2]}
    built.update({"Nb": (0, 66), "Ei": (0, "W10")})
    s = final_position(built, kept={0: [10], 1: [20]}, players=players)
    end_game(s, "bid 2 C1", seat=0)
    assert lines(s, 0, "objective") == [
        ScoreLine("objective", f"Secret objective O1: {need} Structures on yellow, {need} needed", 10)
    ]
    assert lines(s, 1, "objective") == [
        ScoreLine("objective", f"Secret objective O2: 0 Structures on green, {need} needed (not met)", 0)
    ]
    s = final_position(built, kept={0: [10], 1: [20]}, players=players)
    end_game(s, "bid 2 C2", seat=0)
    assert lines(s, 0, "objective") == [
        ScoreLine(
            "objective", f"Secret objective O1: {need - 1} Structures on yellow, {need} needed (not met)", 0
        )
    ]


@pytest.mark.rule("SKR-SCO-10")
def test_secret_objectives_follow_the_reconstruction() -> None:
    assert [(o.id, COLOURS[o.colour], o.side_a, o.side_b) for o in CAT.objectives] == [
        ("O1", "yellow", 4, 3),
        ("O2", "green", 4, 3),
        ("O3", "white", 4, 3),
        ("O4", "brown", 4, 3),
    ]
    assert CAT.objective_points == 10 and CAT.reconstructed
    assert [o.needed(n) for o in CAT.objectives[:1] for n in (2, 3, 4)] == [3, 4, 4]


@pytest.mark.rule("SKR-SCO-11", "SKR-SCO-12", "SKR-DSC-02")
def test_each_structure_scores_its_rows_value_for_its_district_colour() -> None:
    s = final_position(
        {
            "Na": (0, 106),  # yellow
            "Nb": (0, 42),  # green
            "Nc": (0, 14),  # white
            "Ne": (0, 26),  # white
            "Nm": (0, 54),  # brown
            "Nh": (0, "W20"),  # a Wonder on green scores like a Building
            "Ea": (1, 44),  # green, for seat 1's own rows
        },
        kept={0: [20]},
    )
    s.rows[0] = (0, 2, 3, 4)
    s.rows[1] = (0, 3, 0, 0)
    end_game(
        s, "bid 2 Nf", seat=0, disc="yellow"
    )  # yellow, collecting a yellow disc: the row holds 1 at the end
    assert lines(s, 0, "structures") == [
        structures(2, "yellow", 1),
        structures(2, "green", 2),
        structures(2, "white", 3),
        structures(1, "brown", 4),
    ]
    assert [line.points for line in lines(s, 0, "structures")] == [4, 8, 12, 1]
    assert lines(s, 1, "structures") == [structures(1, "green", 3)]
    assert lines(s, 2, "structures") == []


@pytest.mark.rule("SKR-SCO-13", "SKR-DSC-07")
def test_patron_discs_score_their_tiles_turned_face_up_at_the_end() -> None:
    s = final_position({"Na": (0, 106), "Ea": (1, 44)})
    s.tiles = (9, 3, 7, 5)
    s.patrons[0] = (2, 0, 0, 0)
    s.patrons[1] = (0, 0, 0, 1)
    s.peek = [1, 8, 0]
    assert s.view(2).tiles == (-1, -1, -1, -1)
    end_game(s, "bid 2 Nb", seat=0, disc="patron C")
    assert lines(s, 0, "patrons") == [
        ScoreLine("patrons", "Patron A: 2 × 9", 18),
        ScoreLine("patrons", "Patron C: 1 × 7", 7),
    ]
    assert lines(s, 1, "patrons") == [ScoreLine("patrons", "Patron D: 1 × 5", 5)]
    assert lines(s, 2, "patrons") == []
    assert "The Patron tiles are turned face up: A 9, B 3, C 7, D 5." in s.log_for(2)
    assert s.view(2).tiles == (9, 3, 7, 5)


@pytest.mark.rule(
    "SKR-SCO-02",
    "SKR-SCO-09",
    "SKR-SCO-11",
    "SKR-SCO-12",
    "SKR-SCO-13",
    "SKR-ERA-08",
    "SKR-DSC-05",
    "SKR-DSC-12",
    "SKR-DSC-13",
    "SKR-KEY-07",
    "SKR-PAN-04",
)
def test_the_whole_score_sheet() -> None:
    s = position(
        era=2,
        kept={0: [10], 1: [20]},
        built={
            "Na": (0, 106),
            "Nf": (0, 94),
            "Nb": (0, 42),
            "Nc": (0, 14),
            "C1": (0, "W10"),  # Guild House: one more Commissions for the bonus, not an item
            "Ng": (1, 108),
            "Ea": (1, 44),
            "Eb": (1, 16),
            "Ed": (1, "W20"),
            "C2": (2, 18),
            "C4": (2, 46),
            "Sg": (2, 22),
            "Ee": (2, 58),
        },
    )
    panoramas(s, "quarter", "bridgehead")
    for seat, goal in enumerate(("O1", "O2", "O4")):
        objective(s, seat, goal)
    s.tiles = (7, 3, 9, 5)
    s.rows[0], s.excess[0], s.patrons[0], s.commissions[0], s.keys[0] = (3, 4, 0, 1), 2, (1, 0, 0, 2), 1, (4,)
    s.rows[1], s.commissions[1], s.keys[1] = (1, 2, 0, 0), 1, (8,)
    s.patrons[2] = (0, 0, 1, 0)
    end_game(s, "bid 2 Nj", seat=0, disc="patron B")  # yellow; collects the Patron B disc
    assert s.ledger[0] == (
        control(2, "North Island"),  # 2 tall against 1
        ScoreLine("panorama", "Era 2: Quarter × 1", 4),
        # the Wonder on C1 counts
        ScoreLine("objective", "Secret objective O1: 4 Structures on yellow, 4 needed", 10),
        structures(4, "yellow", 3),
        structures(1, "green", 4),
        structures(1, "white", 0),
        ScoreLine("excess", "2 excess district discs × 10", 20),
        ScoreLine("patrons", "Patron A: 1 × 7", 7),
        ScoreLine("patrons", "Patron B: 1 × 3", 3),
        ScoreLine("patrons", "Patron D: 2 × 5", 10),
        ScoreLine("keys", "Small City Key", 4),
        # 1 disc + Guild House = 2, on 4 Patron discs + 1 Key + 2 excess + 1 Commissions = 8 items
        ScoreLine("commissions", "Commissions (1 disc + Guild House): 2 × 8 illustration items", 16),
    )
    assert s.ledger[1] == (
        control(2, "East Island"),  # medium tie with seat 2, then the short 16
        ScoreLine("panorama", "Era 2: Quarter × 1", 4),  # Ea, Eb and the Wonder on Ed
        ScoreLine("objective", "Secret objective O2: 2 Structures on green, 4 needed (not met)", 0),
        structures(1, "yellow", 1),
        structures(2, "green", 2),
        structures(1, "white", 0),
        ScoreLine("keys", "Large City Key", 8),
        ScoreLine("commissions", "Commissions (1 disc): 1 × 2 illustration items", 2),
    )
    assert s.ledger[2] == (
        control(2, "Central Island"),  # a Wonder (C1) does not contest control
        control(2, "South Island"),
        ScoreLine("panorama", "Era 2: Bridgehead × 1", 4),  # C4-Sg
        ScoreLine("objective", "Secret objective O4: 3 Structures on brown, 4 needed (not met)", 0),
        structures(1, "green", 0),
        structures(3, "brown", 0),
        ScoreLine("patrons", "Patron C: 1 × 9", 9),
    )
    result = s.result()
    assert CAT.row_values == (0, 2, 4, 6, 1)
    assert result.scores == (104, 29, 23) == tuple(s.prestige)
    assert result.breakdown == tuple(s.ledger)
    assert result.category_totals(0) == {
        "control": 5,
        "panorama": 4,
        "objective": 10,
        "structures": 25,
        "excess": 20,
        "patrons": 20,
        "keys": 4,
        "commissions": 16,
    }
    assert result.ranks == (1, 2, 3) and result.winners == (0,)


# -- the winner ------------------------------------------------------------------------------


def tied_at_five(east: int, excess: int = 0) -> State:
    """Seats 0, 1, 2 control North, East, South (5 each); seat 1 builds ``east`` on Ea.

    Seat 0 has one tall Building (106); seat 2 has a Colossus (card 6: tall for island
    control only) and builds the game's last Structure.
    """
    s = final_position(
        {"Na": (0, 106), "Ea": (1, east), "Sb": (2, "W6")},
        kept={2: [6]},
        goals=("O2", "O3", "O1"),
    )
    s.excess[1] = excess
    return end_game(s, "bid 6 Sa", seat=2)


@pytest.mark.rule("SKR-SCO-14", "SKR-SCO-15")
def test_most_tall_buildings_break_a_tie() -> None:
    result = tied_at_five(east=44).result()
    assert result.scores == (5, 5, 5)
    assert result.tiebreak == ((1,), (0,), (0,))  # the Colossus is no Building
    assert result.ranks == (1, 2, 2) and result.winners == (0,)


@pytest.mark.rule("SKR-SCO-15")
def test_a_tie_on_tall_buildings_too_is_a_shared_victory() -> None:
    result = tied_at_five(east=108).result()
    assert result.scores == (5, 5, 5)
    assert result.tiebreak == ((1,), (1,), (0,))
    assert result.ranks == (1, 1, 3) and result.winners == (0, 1)


@pytest.mark.rule("SKR-SCO-14")
def test_most_prestige_wins_whatever_the_tall_buildings() -> None:
    s = tied_at_five(east=44, excess=1)
    result = s.result()
    assert result.scores == (5, 15, 5)
    assert result.ranks == (2, 1, 3) and result.winners == (1,)


def test_the_final_total_is_what_the_final_lines_add_up_to() -> None:
    """``final_total`` (the search agents' fast path) equals the sum of ``final_lines`` for every seat
    of positions met along random games of 2 to 4 players (objectives, rows, Patrons, Keys and
    Commissions as they come; excess discs added)."""
    from skyhall.games.skyrise.scoring import final_lines, final_total
    from skyhall.sim.positions import random_positions

    categories: set[str] = set()
    checked = 0
    for players in (2, 3, 4):
        for state in random_positions("skyrise", players, 60, players, every=2):
            s = state.clone()  # random games leave no excess disc: give every seat some
            s.excess = [n + seat for seat, n in enumerate(s.excess)]
            for seat in range(s.n):
                lines = final_lines(s, seat)
                assert final_total(s, seat) == sum(line.points for line in lines)
                categories.update(line.category for line in lines if line.points)
                checked += 1
    assert checked >= 500
    # a 2-player second Wonder's card 10 or 16 adds a "wonder" line (on the spare disc) when it comes up
    assert categories - {"wonder"} == {"objective", "structures", "excess", "patrons", "keys", "commissions"}
