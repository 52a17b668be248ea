"""Panorama cards (PAN): each of the five cards scored on constructed positions at both Era ends.

Each scenario puts two Panorama cards in play, builds Structures for the three seats and
lets seat 0 end the Era through ``play()`` (see ``test_final_scoring``); the Panorama lines
of every seat's ledger are then compared with the exact expected lines. The prestige of a
card is taken from the data (reconstructed), and one test pins that data down.

The Outer Island template (every Outer Island, slots N, E, S with 3 players)::

    . a b c        bridge: g <-> the Central district facing the island (C1-Ng, C2-Eg, C4-Sg)
    d e f g        waterfalls: d and k
    h i j k        airships: at e/f/i/j and at i/j/m/n
    l m n .
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

import pytest

from skyhall.core.result import ScoreLine
from skyhall.core.state import EMPTY
from skyhall.games.skyrise.cards import Panorama
from skyhall.games.skyrise.district import board_for
from skyhall.games.skyrise.scoring import panorama_count
from tests.games.skyrise.position import CAT, d, position
from tests.games.skyrise.test_final_scoring import end_era_one, end_game, lines, panoramas

CARDS: dict[str, Panorama] = {p.id: p for p in CAT.panoramas}

Built = Mapping[str, tuple[int, int | str]]


def line(card: str, times: int, era: int = 1) -> ScoreLine:
    """The ledger line for ``times`` instances of ``card`` at the end of ``era``."""
    p = CARDS[card]
    return ScoreLine("panorama", f"Era {era}: {p.name} × {times}", times * p.points)


def era_one(cards: Sequence[str], built: Built, last: str) -> list[list[ScoreLine]]:
    """Every seat's Panorama lines once seat 0 ends Era 1 with ``last``, ``cards`` in play."""
    s = panoramas(position(built=built), *cards)
    end_era_one(s, last)
    return [lines(s, seat, "panorama") for seat in range(s.n)]


@pytest.mark.rule("SKR-PAN-05", "SKR-PAN-06", "SKR-PAN-07", "SKR-PAN-08", "SKR-PAN-09")
def test_panorama_cards_follow_the_reconstruction() -> None:
    assert [(p.id, p.name, p.kind, p.points, p.size) for p in CAT.panoramas] == [
        ("bridgehead", "Bridgehead", "bridge", 4, 2),
        ("airship-dock", "Airship Dock", "airship", 7, 3),
        ("avenue", "Avenue", "chain", 4, 3),
        ("falls-view", "Falls View", "waterfall", 3, 1),
        ("quarter", "Quarter", "island", 4, 3),
    ]
    assert CAT.panoramas_drawn == 2 and CAT.reconstructed


@pytest.mark.rule("SKR-PAN-01", "SKR-PAN-02")
def test_both_cards_score_for_every_player_at_the_end_of_era_one() -> None:
    built = {
        "Nd": (0, 14),
        "Nh": (0, 26),
        "Ed": (1, 16),
        "Ek": (1, 28),
        "Ea": (1, 44),
        "Sd": (2, 18),
        "Sa": (2, 22),
        "Sb": (2, 46),
    }
    assert era_one(("falls-view", "quarter"), built, "bid 106 Nl") == [
        [line("falls-view", 1), line("quarter", 1)],  # Nd; Nd, Nh, Nl on the North Island
        [line("falls-view", 2), line("quarter", 1)],  # Ed and Ek
        [line("falls-view", 1), line("quarter", 1)],  # Sd
    ]


@pytest.mark.rule("SKR-PAN-01", "SKR-PAN-04")
def test_both_cards_score_again_at_the_end_of_era_two_with_wonders_as_structures() -> None:
    s = position(
        era=2,
        kept={0: [6], 1: [16]},
        built={
            "Nd": (0, 14),
            "Nh": (0, 26),
            "Ek": (1, "W16"),  # a Wonder on a waterfall
            "Ea": (1, 44),
            "Sk": (2, 18),
            "Sf": (2, 22),
            "Sg": (2, 46),
            "C4": (2, 58),  # Sf-Sg-C4: a chain across the bridge
        },
    )
    panoramas(s, "falls-view", "avenue")
    end_game(s, "wonder 6 Nl", seat=0)  # completes the chain Nd-Nh-Nl
    assert [lines(s, seat, "panorama") for seat in range(3)] == [
        [line("falls-view", 1, era=2), line("avenue", 1, era=2)],
        [line("falls-view", 1, era=2)],
        [line("falls-view", 1, era=2), line("avenue", 1, era=2)],
    ]


@pytest.mark.rule("SKR-PAN-05")
def test_bridgehead_a_bridge_with_own_structures_on_both_ends() -> None:
    built = {
        "C1": (0, 14),
        "Ng": (0, 26),
        "Eg": (0, 42),
        "C4": (1, 16),  # its bridge end Sg is seat 2's
        "C3": (1, 44),  # its bridge leads to the empty West slot
        "Sg": (2, 18),
    }
    # C1-Ng and C2-Eg; C1-C2 are neighbours on the Central Island, not a bridge.
    assert era_one(("bridgehead", "airship-dock"), built, "bid 106 C2") == [[line("bridgehead", 2)], [], []]


@pytest.mark.rule("SKR-PAN-06")
def test_airship_dock_an_airship_touched_by_three_own_structures() -> None:
    built = {
        "Ne": (0, 14),
        "Nf": (0, 26),
        "Nj": (1, 16),  # with Nn: two of seat 1's at the i/j/m/n airship, Ni is seat 0's
        "Nn": (1, 28),
        "Ei": (2, 18),
        "Ej": (2, 22),
        "Em": (2, 46),
    }
    assert era_one(("airship-dock", "bridgehead"), built, "bid 106 Ni") == [
        [line("airship-dock", 1)],  # Ne, Nf, Ni at e/f/i/j
        [],
        [line("airship-dock", 1)],  # Ei, Ej, Em at i/j/m/n
    ]


@pytest.mark.rule("SKR-PAN-07")
def test_avenue_three_own_structures_linked_one_to_the_next() -> None:
    built = {
        "Na": (0, 14),
        "Nb": (0, 26),
        "Ea": (1, 16),
        "Ee": (1, 28),
        "Ec": (1, 44),  # not next to Ea or Ee
        "Sf": (2, 18),
        "Sg": (2, 22),
        "C4": (2, 46),  # linked to Sg by the bridge
    }
    assert era_one(("avenue", "falls-view"), built, "bid 106 Nf") == [
        [line("avenue", 1)],  # Na-Nb-Nf, a bent chain
        [],
        [line("avenue", 1)],  # Sf-Sg-C4
    ]


@pytest.mark.rule("SKR-PAN-07", "SKR-PAN-03")
def test_avenue_finds_a_chain_that_leaves_out_the_first_structure() -> None:
    # Seat 1: Ea stands alone; Ej-Ei-Em is a chain. Seats 0 and 2 as in the test above.
    built = {
        "Na": (0, 14),
        "Nb": (0, 26),
        "Ea": (1, 16),
        "Ei": (1, 28),
        "Ej": (1, 44),
        "Em": (1, 56),
        "Sf": (2, 18),
        "Sg": (2, 22),
        "C4": (2, 46),
    }
    assert era_one(("avenue", "falls-view"), built, "bid 106 Nf")[1] == [line("avenue", 1)]


@pytest.mark.rule("SKR-PAN-08", "SKR-PAN-02")
def test_falls_view_each_own_structure_on_a_waterfall() -> None:
    built = {
        "Nd": (0, 14),
        "Nk": (0, 26),
        "Ek": (1, 16),
        "Sd": (1, 28),
        "Ea": (1, 44),
        "Sa": (2, 18),
        "C3": (2, 22),
    }
    assert era_one(("falls-view", "bridgehead"), built, "bid 106 Ne") == [
        [line("falls-view", 2)],
        [line("falls-view", 2)],  # on two islands
        [],
    ]


@pytest.mark.rule("SKR-PAN-09")
def test_quarter_each_island_with_three_own_structures() -> None:
    built = {
        "Na": (0, 14),
        "Nb": (0, 26),
        "Ea": (0, 42),
        "Eb": (0, 54),  # only two on the East Island
        "C1": (1, 16),
        "C2": (1, 28),
        "C3": (1, 44),  # the Central Island is an island too
        **{
            x: (2, v)
            for x, v in zip(("Sa", "Sb", "Sc", "Se", "Sf", "Sh"), (18, 22, 46, 58, 74, 86), strict=True)
        },
    }
    assert era_one(("quarter", "falls-view"), built, "bid 106 Nc") == [
        [line("quarter", 1)],
        [line("quarter", 1)],
        [line("quarter", 1)],  # six on one island still make one Quarter
    ]


@pytest.mark.rule("SKR-PAN-03", "SKR-PAN-02")
def test_each_structure_counts_once_per_card_and_the_count_is_the_largest_possible() -> None:
    built = {
        # seat 0, North: a-b-c and d-e-h; a chain through both a and e (b-a-e, a-e-d) leaves no second one
        **{x: (0, v) for x, v in zip(("Na", "Nb", "Nc", "Nd", "Ne"), (14, 26, 42, 54, 78), strict=True)},
        # seat 1, East: all six districts at the two airships; e/f + i and j + m/n
        **{
            x: (1, v)
            for x, v in zip(("Ee", "Ef", "Ei", "Ej", "Em", "En"), (16, 28, 44, 56, 72, 84), strict=True)
        },
        # seat 2, South: e, i, j, m touch both airships three times, but share i and j
        **{x: (2, v) for x, v in zip(("Se", "Si", "Sj", "Sm"), (18, 22, 46, 58), strict=True)},
    }
    assert era_one(("avenue", "airship-dock"), built, "bid 106 Nh") == [
        [line("avenue", 2)],
        [line("avenue", 2), line("airship-dock", 2)],
        [line("avenue", 1), line("airship-dock", 1)],
    ]


@pytest.mark.rule("SKR-PAN-03", "SKR-PAN-06")
def test_airship_dock_count_tries_every_way_to_share_out_the_structures() -> None:
    """On the reconstructed islands the lowest three districts around the first airship are always a best
    choice; with airships meeting otherwise (real island data may) the search must try the others too."""
    north = {x: d(f"N{x}") for x in "abcdef"}
    board = replace(
        board_for(CAT, (0, 1, 2, EMPTY)),
        airships=(tuple(north[x] for x in "abcd"), tuple(north[x] for x in "aef")),
    )
    mine = frozenset(north.values())
    # a, b, c for the first airship would leave the second with e and f only: b, c, d and a, e, f.
    assert panorama_count(board, mine, CARDS["airship-dock"]) == 2
    assert panorama_count(board, mine - {north["f"]}, CARDS["airship-dock"]) == 1
    assert panorama_count(board, mine - {north["d"]}, CARDS["airship-dock"]) == 1  # a is needed twice
