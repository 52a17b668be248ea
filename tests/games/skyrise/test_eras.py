"""Eras (SKR-ERA): the end of Era 1, its scoring, the Era 2 setup, and the end of the game.

The 3-player positions use North = tile I1, East = I2, South = I3 around the Central
Island (``C1`` yellow, ``C2`` green, ``C3`` white, ``C4`` brown; ``C3``'s bridge leads to
the empty West slot). Seat 0's Era 1 Buildings are 14, 26, 42, 54, 78, 82 and 106.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from skyhall.core.result import ScoreLine
from skyhall.games.skyrise import rules
from skyhall.games.skyrise.state import State
from skyhall.games.skyrise.steps import ASSIGN, BID, KEEP, OPEN
from tests.games.skyrise.position import CAT, b, d, legal, play, position

SIX = {"Na": (0, 14), "Nb": (0, 26), "Nc": (0, 42), "Nh": (0, 54), "Nl": (0, 78), "Ea": (0, 82)}
"""Six of seat 0's seven Era 1 Buildings (all but 106) on the North and East Islands."""
SCENE = {**SIX, "Nd": (1, 16), "Ek": (1, 84), "Ei": (1, 72), "C1": (2, 102), "C2": (2, 46), "Eg": (2, 22)}
"""Seat 0 about to build its last Era 1 Building; seats 1 and 2 with a few Buildings each."""


def values(pool: Sequence[int]) -> list[int]:
    return sorted(CAT.buildings[x].value for x in pool)


def panorama(name: str) -> int:
    return next(p.index for p in CAT.panoramas if p.id == name)


def before_the_end(disc: str | None = None) -> State:
    """:data:`SCENE`, Falls View and Bridgehead in play, seat 0 to open; ``disc`` lies on ``C3``."""
    s = position(built=SCENE, discs={"C3": disc})
    s.panoramas = (panorama("falls-view"), panorama("bridgehead"))
    s.hands = [(0, 5, 9), (1, 6, 10), (2, 7, 17)]  # Wonder cards 1 6 10 / 2 7 11 / 3 8 18
    return s


def ended(disc: str | None = None) -> State:
    """Seat 0 builds 106 on ``C3`` (seat 1 passes rather than bid 108; seat 2 cannot bid higher)."""
    s = before_the_end(disc)
    play(s, "bid 106 C3")
    assert legal(s) == ["bid 108 C4", "pass"]
    play(s, "pass")
    return s


# -- the end of Era 1 --------------------------------------------------------------------------


@pytest.mark.rule("SKR-ERA-01")
def test_era_one_ends_when_a_player_builds_their_last_era_one_building() -> None:
    s = ended()
    assert s.era == 2 and s.step == KEEP and s.to_act == 0
    assert "Player 1 has built all their Era 1 Buildings: Era 1 ends." in s.log_for(None)


@pytest.mark.rule("SKR-ERA-01")
def test_era_one_goes_on_when_the_last_era_one_building_is_outbid() -> None:
    s = before_the_end()
    play(s, "bid 106 C3", "bid 108 C4")  # seat 2 passes by force; seat 0 has nothing above 108
    assert s.era == 1 and s.step == OPEN and s.to_act == 1
    assert s.built[1] == (d("Nd"), d("Ek"), d("Ei"), d("C4")) and values(s.pool[0]) == [106]
    assert s.prestige == [0, 0, 0] and s.keys == [(), (), ()]
    play(s, "bid 28 Sg", "pass", "pass")  # seat 1 builds again, Era 1 Buildings to spare
    assert s.era == 1
    play(s, "bid 44 Sc", "pass", "bid 106 Sb")  # seat 1 has nothing above 106 in Era 1: passes
    assert s.era == 2 and s.step == KEEP


@pytest.mark.rule("SKR-ERA-01")
def test_the_auction_that_ends_era_one_is_resolved_first() -> None:
    s = ended(disc="wild")
    # The Wild disc under 106 is still to be placed: nothing of the Era's end has happened yet.
    assert s.step == ASSIGN and s.to_act == 0 and s.era == 1
    assert s.prestige == [0, 0, 0] and s.ledger == [(), (), ()] and s.keys == [(), (), ()]
    play(s, "assign white")
    assert s.rows[0] == (0, 0, 1, 0)
    assert s.era == 2 and s.step == KEEP and s.prestige == [5, 11, 9]


@pytest.mark.rule("SKR-ERA-02")
def test_era_one_scoring_is_control_then_panoramas_then_city_keys_then_era_two() -> None:
    s = ended()
    # North: seat 0 (3 medium) over seat 1 (1 short). East: seat 1's 2 medium. Central: seat 2's
    # tall 102 and medium 46 over seat 0's tall 106. South: nobody. Falls View: seat 1's Nd and Ek.
    # Bridgehead: seat 2's C2-Eg. The Keys follow the totals after both: 5, 11, 9.
    assert s.ledger == [
        (ScoreLine("control", "Era 1: controls the North Island", 5),),
        (
            ScoreLine("control", "Era 1: controls the East Island", 5),
            ScoreLine("panorama", "Era 1: Falls View × 2", 6),
        ),
        (
            ScoreLine("control", "Era 1: controls the Central Island", 5),
            ScoreLine("panorama", "Era 1: Bridgehead × 1", 4),
        ),
    ]
    assert s.prestige == [5, 11, 9]
    assert s.keys == [(8,), (), (4,)]  # handed out on the totals 5, 11, 9, not on 0, 0, 0 or 5, 5, 5
    log = s.log_for(None)
    tail = log[log.index("Player 1 has built all their Era 1 Buildings: Era 1 ends.") :]
    assert tail == [
        "Player 1 has built all their Era 1 Buildings: Era 1 ends.",
        "Player 1 scores 5: Era 1: controls the North Island.",
        "Player 2 scores 5: Era 1: controls the East Island.",
        "Player 3 scores 5: Era 1: controls the Central Island.",
        "Player 2 scores 6: Era 1: Falls View × 2.",
        "Player 3 scores 4: Era 1: Bridgehead × 1.",
        "Player 1 receives the Large City Key (8).",
        "Player 3 receives the Small City Key (4).",
        "Era 2: the dotted Buildings and the Wonders become available. "
        "Everyone keeps 1 Wonder card, in secret.",
    ]
    # Nothing else is scored at the end of Era 1: no Structures by colour, no discs.
    assert all(line.category in ("control", "panorama") for lines in s.ledger for line in lines)


# -- the Era 2 setup ---------------------------------------------------------------------------


@pytest.mark.rule("SKR-ERA-03", "SKR-ERA-04")
def test_era_two_pools_hold_unbuilt_era_one_buildings_and_every_dotted_one() -> None:
    s = before_the_end()
    assert values(s.reserve[1]) == [4, 32, 68, 96, 112]
    s = ended()
    assert s.reserve == [(), (), ()]
    assert values(s.pool[0]) == [2, 38, 66, 94, 118]  # every Era 1 Building built
    assert values(s.pool[1]) == [4, 28, 32, 44, 56, 68, 96, 108, 112]  # 16, 72 and 84 built
    assert values(s.pool[2]) == [6, 18, 34, 58, 62, 74, 86, 98, 114]  # 22, 46 and 102 built
    play(s, "keep 6", "keep 7", "keep 3")  # seat 2 has the lowest initiative and opens Era 2
    assert s.to_act == 2
    # Dotted (6, 34, 62, 98, 114) and left-over Era 1 Buildings (18, 58, 74, 86) can all open.
    assert sorted({int(a.split()[1]) for a in legal(s)}) == [6, 18, 34, 58, 62, 74, 86, 98, 114]


@pytest.mark.rule("SKR-ERA-05")
def test_every_wonder_becomes_available_in_era_two() -> None:
    s = before_the_end()
    play(s, "bid 106 C4")  # Era 1: seat 1 can outbid or pass, never place a Wonder
    assert legal(s) == ["bid 108 C3", "bid 108 Sg", "pass"]
    s = ended()
    assert s.wonders == [(), (), ()]  # no card chosen yet
    play(s, "keep 6", "keep 7", "keep 3")
    assert s.wonders == [(5,), (6,), (2,)]
    play(s, "bid 6 C4")  # seat 2 opens; seat 0 may now place its Wonder next to the bid
    assert s.step == BID and s.to_act == 0
    assert legal(s) == ["bid 38 Sg", "bid 66 Sg", "bid 94 Sg", "bid 118 Sg", "wonder 6 Sg", "pass"]


@pytest.mark.rule("SKR-ERA-05")
def test_both_wonders_become_available_with_two_players() -> None:
    s = position(2, built=SIX, discs={"C3": None})
    s.hands = [(0, 1, 2, 3, 4), (5, 6, 7, 8, 9)]
    play(s, "bid 106 C3", "pass")
    play(s, "keep 2", "keep 4", "keep 9", "keep 7")
    assert s.wonders == [(1, 3), (8, 6)]
    assert s.to_act == 0  # initiative 2 against 7
    play(s, "bid 2 C1")
    assert [a for a in legal(s) if a.startswith("wonder")] == [
        "wonder 9 C2",
        "wonder 9 Ng",
        "wonder 7 C2",
        "wonder 7 Ng",
    ]


# -- the end of the game -----------------------------------------------------------------------


def late(
    players: int,
    kept: Mapping[int, Sequence[int]],
    built: Mapping[str, tuple[int, int | str]],
    left: Mapping[int, Sequence[int]],
    wonders: Mapping[int, Sequence[int]],
    opener: int,
) -> State:
    """Era 2 with only ``left`` Buildings (bid values) and the Wonders of ``wonders`` (card numbers) to build.

    No district has a disc, so no decision interrupts the auctions.
    """
    s = position(players, era=2, kept=kept, built=built)
    for x in s.board.in_play:
        s.discs[x] = -1
    for seat in range(players):
        s.pool[seat] = tuple(sorted(b(v) for v in left.get(seat, ())))
        s.wonders[seat] = tuple(c - 1 for c in wonders.get(seat, ()))
    rules.start_auction(s, opener)
    s._legal = None
    return s


@pytest.mark.rule("SKR-ERA-06", "SKR-ERA-07")
def test_players_who_have_built_everything_drop_out_and_the_game_ends_with_the_last_structure() -> None:
    # Seat 0 has built everything; seat 1 has one Building left, seat 2 a Building and its Wonder
    # (initiative 12), seat 3 a Building and its Wonder (initiative 4).
    s = late(
        4,
        kept={0: [5], 1: [9], 2: [12], 3: [4]},
        built={"Na": (0, "W5"), "Nb": (1, "W9")},
        left={1: [16], 2: [18], 3: [24]},
        wonders={2: [12], 3: [4]},
        opener=1,
    )
    play(s, "bid 16 C1")
    assert s.to_act == 2  # seat 0 is never asked
    play(s, "pass")
    assert s.to_act == 3
    play(s, "pass")
    # Seat 1 has built its last Structure: the lowest initiative among those with Structures left opens.
    assert s.built[1] == (d("Nb"), d("C1")) and s.step == OPEN and s.to_act == 3
    play(s, "bid 24 C2")
    assert s.to_act == 2  # seats 0 and 1 take no part
    play(s, "pass")
    assert s.to_act == 3 and all(a.startswith("wonder 4 ") for a in legal(s))  # only its Wonder is left
    play(s, "wonder 4 C4")
    assert s.to_act == 2 and not s.is_over
    # Alone with Structures left, seat 2 opens every auction and wins it at once.
    play(s, "bid 18 C3")
    assert s.built[2] == (d("C3"),) and s.step == OPEN and s.to_act == 2 and not s.is_over
    play(s, "wonder 12 Ng")
    assert s.is_over and s.to_act is None and legal(s) == []
    log = s.log_for(None)
    assert "Every Structure is built: Era 2 and the game end." in log
    # Not even a forced pass: a seat with nothing left to build is simply not in the auctions.
    assert not any(
        line.startswith("Player 1 ")
        for line in log[: log.index("Every Structure is built: Era 2 and the game end.")]
    )
    assert "Player 2 passes." not in log


@pytest.mark.rule("SKR-ERA-06")
def test_the_game_waits_for_the_last_wonder_with_two_players() -> None:
    s = late(2, kept={0: [3, 8], 1: [4, 9]}, built={}, left={0: [14]}, wonders={1: [4, 9]}, opener=0)
    play(s, "bid 14 C1", "pass")
    assert s.built[0] == (d("C1"),) and not s.is_over and s.to_act == 1
    play(s, "wonder 4 C2")
    assert not s.is_over and s.to_act == 1
    play(s, "wonder 9 C3")
    assert s.is_over


@pytest.mark.rule("SKR-ERA-08")
def test_end_of_era_two_scoring_sequence_and_winner() -> None:
    s = late(
        3,
        kept={0: [19], 1: [16], 2: [20]},
        built={
            "Nf": (0, 106),
            "Nj": (0, 42),
            "Nl": (0, 14),
            "Na": (0, 26),
            "Nd": (0, 54),
            "Eg": (1, 108),
            "Sa": (2, 102),
        },
        left={0: [78]},
        wonders={},
        opener=0,
    )
    s.panoramas = (panorama("falls-view"), panorama("quarter"))
    s.tiles = (3, 5, 7, 9)
    s.objectives = [0, 1, 2]  # seat 0: yellow
    s.rows[0] = (3, 1, 0, 4)  # worth 6, 2, 0, 1 per Structure
    s.excess[0] = 1
    s.patrons[0] = (1, 0, 2, 0)
    s.keys[0] = (8,)
    s.commissions[0] = 1
    play(s, "bid 78 C1")  # seat 0's last Structure, won at once: the game ends
    assert s.is_over
    assert s.ledger[0] == (
        ScoreLine("control", "Era 2: controls the Central Island", 5),
        ScoreLine("control", "Era 2: controls the North Island", 5),
        ScoreLine("panorama", "Era 2: Falls View × 1", 3),  # Nd
        ScoreLine("panorama", "Era 2: Quarter × 1", 4),  # five Structures on North
        ScoreLine("objective", "Secret objective O1: 5 Structures on yellow, 4 needed", 10),
        ScoreLine("structures", "5 Structures on yellow × 6 (3 discs)", 30),  # Nf Nj Nl Na C1
        ScoreLine("structures", "1 Structure on brown × 1 (4 discs)", 1),  # Nd
        ScoreLine("excess", "1 excess district disc × 10", 10),
        ScoreLine("patrons", "Patron A: 1 × 3", 3),
        ScoreLine("patrons", "Patron C: 2 × 7", 14),
        ScoreLine("keys", "Large City Key", 8),
        ScoreLine(
            "commissions", "Commissions (1 disc): 1 × 6 illustration items", 6
        ),  # 3 Patrons, Key, excess, itself
    )
    log = s.log_for(None)
    start = log.index("Every Structure is built: Era 2 and the game end.")
    scored = [line for line in log[start:] if line.startswith("Player 1 scores")]
    assert scored == [f"Player 1 scores {line.points}: {line.label}." for line in s.ledger[0]]
    result = s.result()
    assert result.scores == (99, 5, 5)  # seats 1 and 2: East and South control
    assert result.ranks == (1, 2, 2)  # one tall Building each: the tie stands
