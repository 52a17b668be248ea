"""Wonders and Wonder cards (SKR-WON): choosing the cards, placing a Wonder, and each card's effect.

Most scenarios are 3-player Era 2 positions (North = tile I1, East = I2, South = I3) in
which seat 0 opens with Building 42 on a *lead* district and seat 1 answers by placing
the Wonder carrying the card under test next to it. The North Island, for reference::

    .   a Y  b G  c W          Y yellow, G green, W white, B brown
    d B e W  f Y  g G          g is bridged to C1 (yellow); d and k are waterfalls
    h G i B  j Y  k W
    l Y m B  n G  .

``Ng`` touches ``C1``, ``Nc``, ``Nf`` and ``Nk``. The Central Island is ``C1`` yellow,
``C2`` green / ``C3`` white, ``C4`` brown; with 3 players only ``C1``, ``C2`` and ``C4``
have a bridge (to North, East, South).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from skyhall.core.engine import play as checked
from skyhall.core.errors import IllegalAction
from skyhall.core.result import ScoreLine
from skyhall.core.state import EMPTY
from skyhall.games import skyrise
from skyhall.games.skyrise import rules
from skyhall.games.skyrise.bid import remaining
from skyhall.games.skyrise.cards import EFFECTS, PATRON
from skyhall.games.skyrise.district import board_for
from skyhall.games.skyrise.scoring import controllers
from skyhall.games.skyrise.state import State
from skyhall.games.skyrise.steps import ASSIGN, BID, KEEP, MOVE, OPEN, PANORAMA, TAKE
from tests.games.skyrise.position import CAT, b, d, disc_code, legal, play, position
from tests.games.skyrise.test_final_scoring import control, end_game, final_position, structures

NORTH = [d(f"N{x}") for x in "abcdefghijklmn"]


def kept_for(card: int) -> dict[int, list[int]]:
    """Seat 1 keeps ``card``; seats 0 and 2 keep cards whose effects never come into play here."""
    spare = [c for c in (16, 19, 20) if c != card]
    return {0: [spare[0]], 1: [card], 2: [spare[1]]}


def wonder_built(
    card: int,
    at: str = "Ng",
    lead: str = "Nf",
    built: Mapping[str, tuple[int, int | str]] | None = None,
    discs: Mapping[str, str | None] | None = None,
    rows: Mapping[int, Sequence[int]] | None = None,
) -> State:
    """Era 2: seat 0 opens with Building 42 on ``lead``, seat 1 places the Wonder of ``card`` on ``at``.

    ``at`` has no disc unless ``discs`` gives it one. The Wonder wins at once (SKR-AUC-17).
    """
    s = position(era=2, kept=kept_for(card), built=built, discs={at: None, **(discs or {})}, rows=rows)
    play(s, f"bid 42 {lead}", f"wonder {card} {at}")
    return s


def wonder_line(card: int, why: str, points: int, spare: bool = False) -> ScoreLine:
    """The score-sheet line a Wonder card's prestige makes."""
    name = CAT.wonders[card - 1].name
    return ScoreLine("wonder", f"Wonder {card} {name}: {why}" + " (spare scoring disc)" * spare, points)


def endgame(
    players: int = 3,
    kept: Mapping[int, Sequence[int]] | None = None,
    built: Mapping[str, tuple[int, int | str]] | None = None,
    left: Mapping[int, Sequence[int]] | None = None,
    wonders: Mapping[int, Sequence[int]] | None = None,
    opener: int = 0,
    discs: Mapping[str, str | None] | None = None,
) -> State:
    """Era 2 with only ``left`` Buildings (bid values) still to build, and the Wonders of the cards in
    ``wonders`` (by default every kept card not built yet), ``opener`` to open."""
    s = position(players, era=2, kept=kept, built=built, discs=discs)
    for seat in range(players):
        s.pool[seat] = tuple(sorted(b(v) for v in (left or {}).get(seat, ())))
        if wonders is not None:
            s.wonders[seat] = tuple(c - 1 for c in wonders.get(seat, ()))
    rules.start_auction(s, opener)
    s._legal = None
    return s


def at_keep(players: int, hands: Sequence[Sequence[int]]) -> State:
    """The start of Era 2, every seat about to keep Wonder cards from ``hands`` (card numbers).

    Seat 0 ends Era 1 by building its last Era 1 Building, 106, on ``C3``.
    """
    era_one = {"Na": (0, 14), "Nb": (0, 26), "Nc": (0, 42), "Nd": (0, 54), "Ne": (0, 78), "Nf": (0, 82)}
    s = position(players, built=era_one, discs={"C3": None})
    s.hands = [tuple(c - 1 for c in hand) for hand in hands]
    play(s, "bid 106 C3", "pass")  # seat 1 could outbid with 108; seat 2 has nothing above 106
    assert s.era == 2 and s.step == KEEP and s.to_act == 0
    return s


def refused(s: State, notation: str, reason: str) -> None:
    """``notation`` is refused for ``reason`` and the position is exactly as before."""
    before = s.snapshot()
    with pytest.raises(IllegalAction, match=reason):
        checked(s, notation)
    assert s.snapshot() == before


# -- the cards ---------------------------------------------------------------------------------


@pytest.mark.rule("SKR-WON-03", "SKR-WON-08")
def test_every_card_has_an_initiative_equal_to_its_number_and_an_effect() -> None:
    assert CAT.reconstructed
    assert [w.number for w in CAT.wonders] == list(range(1, 21))
    assert [w.initiative for w in CAT.wonders] == list(range(1, 21))
    assert len({w.initiative for w in CAT.wonders}) == 20
    assert sorted(w.effect for w in CAT.wonders) == sorted(EFFECTS)  # 20 different effects
    assert all(w.text and w.name for w in CAT.wonders)
    # The initiative is what the revealed card shows, and what decides who opens Era 2.
    s = at_keep(3, [(12, 13, 14), (1, 10, 20), (5, 6, 7)])
    play(s, "keep 14", "keep 20", "keep 5")
    revealed = s.log_for(None)[-4:-1]
    assert revealed == [
        "Player 1 reveals Wonder card 14 Archive (initiative 14).",
        "Player 2 reveals Wonder card 20 Skyline Crown (initiative 20).",
        "Player 3 reveals Wonder card 5 Oracle's Eye (initiative 5).",
    ]
    assert s.to_act == 2 and s.step == OPEN


# -- choosing the cards at the start of Era 2 ---------------------------------------------------


@pytest.mark.rule("SKR-WON-01")
def test_each_player_keeps_one_of_their_wonder_cards_in_secret() -> None:
    s = at_keep(3, [(1, 6, 10), (2, 7, 11), (3, 8, 18)])
    assert s.to_act == 0 and legal(s) == ["keep 1", "keep 6", "keep 10"]
    refused(s, "keep 2", "not among Player 1's Wonder cards")
    play(s, "keep 10")
    assert s.to_act == 1 and legal(s) == ["keep 2", "keep 7", "keep 11"]  # one card each, then the next
    assert s.view(1).chosen[0] == (EMPTY,) and s.view(None).chosen[0] == (EMPTY,)
    assert s.view(0).chosen[0] == (9,)
    assert s.log_for(1)[-1] == "Player 1 keeps a Wonder card." and "10" not in s.log_for(2)[-1]
    assert s.log_for(0)[-1] == "You keep Wonder card 10 Guild House."
    play(s, "keep 7")
    assert s.to_act == 2 and legal(s) == ["keep 3", "keep 8", "keep 18"]
    play(s, "keep 18")
    assert s.chosen == [(9,), (6,), (17,)]
    assert s.wonders == [(9,), (6,), (17,)]  # each Wonder now carries its card
    assert s.hands == [(), (), ()]
    assert s.to_act == 1 and s.step == OPEN  # initiative 7 is the lowest
    # Seat 0's Wonder carries card 10 and no card it let go.
    play(s, "bid 4 C1", "pass")
    assert [a for a in legal(s) if a.startswith("wonder")] == ["wonder 10 C2", "wonder 10 Ng"]
    refused(s, "wonder 1 C2", "no unbuilt Wonder carrying Wonder card 1")


@pytest.mark.rule("SKR-WON-02", "SKR-SET-20")
def test_two_players_keep_two_cards_each_and_the_rest_leave_unseen() -> None:
    fresh = skyrise.new_game(2, 3)
    assert [remaining(fresh, seat) for seat in range(2)] == [14, 14]  # 12 Buildings and 2 Wonders each
    assert remaining(skyrise.new_game(3, 3), 0) == 13
    s = at_keep(2, [(1, 5, 10, 14, 18), (3, 4, 7, 12, 20)])
    assert legal(s) == ["keep 1", "keep 5", "keep 10", "keep 14", "keep 18"]
    play(s, "keep 10")
    assert s.to_act == 0 and legal(s) == ["keep 1", "keep 5", "keep 14", "keep 18"]
    play(s, "keep 14")
    assert s.to_act == 1 and legal(s) == ["keep 3", "keep 4", "keep 7", "keep 12", "keep 20"]
    # Choosing is simultaneous in effect: seat 1 chooses without seeing seat 0's cards.
    assert s.view(1).chosen[0] == (EMPTY, EMPTY) and s.view(1).hands[0] == (EMPTY,) * 3
    assert s.view(1).legal == s.legal_actions()
    play(s, "keep 20", "keep 4")
    assert s.chosen == [(9, 13), (19, 3)] and s.wonders == [(9, 13), (19, 3)]
    assert s.hands == [(), ()]
    assert s.to_act == 1  # initiative: the lower card of each pair, 4 against 10
    # The cards not kept are out of the game: no view and no other seat's log ever shows them.
    gone = {1, 5, 18, 3, 7, 12}
    for seat in (None, 0, 1):
        view = s.view(seat)
        assert view.hands == ((), ()) and view.chosen == ((9, 13), (19, 3))
    for number in gone:
        name = CAT.wonders[number - 1].name
        assert not any(name in line for line in s.log_for(None))
        owner = 0 if number in (1, 5, 18) else 1
        assert not any(name in line for line in s.log_for(1 - owner))


# -- placing a Wonder ---------------------------------------------------------------------------


@pytest.mark.rule("SKR-AUC-16", "SKR-AUC-17", "SKR-AUC-18", "SKR-WON-04")
def test_a_wonder_goes_next_to_the_latest_bid_whatever_its_value_and_ends_the_auction() -> None:
    s = position(era=2, kept={0: [16], 1: [7], 2: [20]}, discs={"C2": "brown"})
    play(s, "bid 118 C1")  # the highest Building of all
    assert legal(s) == ["wonder 7 C2", "wonder 7 C3", "wonder 7 Ng", "pass"]
    refused(s, "wonder 7 C4", "next to the most recent bid")
    play(s, "wonder 7 C2")
    # Seat 2 never acts: the Wonder has won, Building 118 is back, the disc under the Wonder collected.
    assert s.built == [(), (d("C2"),), ()]
    assert s.occupant[d("C2")] == 100 + 6 and s.occupant[d("C1")] == EMPTY
    assert b(118) in s.pool[0] and s.wonders[1] == ()
    assert s.rows[1] == (0, 0, 0, 1) and s.discs[d("C2")] == EMPTY
    assert s.step == OPEN and s.to_act == 1
    # Era 1: no Wonder, whatever the position.
    s = position(era=1)
    play(s, "bid 14 C1")
    assert not any(a.startswith("wonder") for a in legal(s))
    refused(s, "wonder 7 C2", "no Wonder can be placed during Era 1")


@pytest.mark.rule("SKR-WON-05", "SKR-BLD-11")
def test_a_wonder_has_no_height_and_no_part_in_island_control() -> None:
    s = endgame(
        kept={0: [16], 1: [7], 2: [20]},
        built={"Na": (1, 16), "Nb": (1, "W7"), "Nc": (0, 14), "Ea": (2, "W20")},
        left={0: [26]},
        wonders={},
        discs={"C3": None},
    )
    assert controllers(s, NORTH) == [0, 1]  # one short Building each: the Wonder breaks no tie
    assert controllers(s, [d(f"E{x}") for x in "abcdefghijklmn"]) == []  # a lone Wonder controls nothing
    play(s, "bid 26 C3")  # the last Structure of the game, won at once
    assert s.is_over
    control = [[line for line in lines if line.category == "control"] for lines in s.ledger]
    assert control == [
        [
            ScoreLine("control", "Era 2: controls the Central Island", 5),
            ScoreLine("control", "Era 2: controls the North Island", 5),
        ],
        [ScoreLine("control", "Era 2: controls the North Island", 5)],
        [],
    ]


# -- the twenty effects -------------------------------------------------------------------------


@pytest.mark.rule("SKR-WON-09", "SKR-WON-06")
def test_card_1_counts_own_structures_on_this_island_including_itself() -> None:
    s = wonder_built(1, built={"Na": (1, 16), "Nb": (1, 28), "Ea": (1, 44), "Nc": (0, 14)})
    # Na, Nb and the Wonder on Ng; not Ea (East), not seat 0's Nc.
    assert s.prestige == [0, 3, 0]
    assert s.ledger[1] == (wonder_line(1, "3 Structures on the North Island × 1", 3),)
    assert s.step == OPEN and s.to_act == 1  # scored at once, before the next auction


@pytest.mark.rule("SKR-WON-10")
def test_card_2_takes_the_disc_of_an_unoccupied_adjacent_district() -> None:
    s = wonder_built(
        2,
        built={"Nb": (2, 18), "Nk": (2, 22)},
        discs={"Ng": "yellow", "Nc": "patron B", "Nf": "wild", "C1": None},
    )
    # Ng's own disc first; then a choice: Nc, and Nf, whose losing bid has gone back (Nk is built, C1 bare).
    assert s.rows[1] == (1, 0, 0, 0)
    assert s.step == TAKE and s.to_act == 1 and legal(s) == ["take Nc", "take Nf"]
    refused(s, "take Nk", "choose the disc the Wonder takes")
    wild = s.clone()
    play(s, "take Nc")  # as if collected: a Patron disc goes on the illustration, its tile may be seen
    assert s.patrons[1] == (0, 1, 0, 0) and s.view(1).tiles[1] == s.tiles[1]
    assert s.discs[d("Nc")] == EMPTY and s.discs[d("Nf")] == disc_code("wild")
    assert s.prestige == [0, 0, 0] and s.step == OPEN and s.to_act == 1
    play(wild, "take Nf")  # as if collected: a Wild disc is given its colour at once
    assert wild.step == ASSIGN and wild.to_act == 1
    play(wild, "assign white")
    assert wild.rows[1] == (1, 0, 1, 0) and wild.discs[d("Nf")] == EMPTY
    assert wild.discs[d("Nc")] == PATRON + 1 and wild.step == OPEN


@pytest.mark.rule("SKR-WON-10")
def test_card_2_with_one_disc_takes_it_into_a_full_row_and_with_none_takes_nothing() -> None:
    s = wonder_built(
        2,
        built={"Nb": (2, 18), "Nk": (2, 22)},
        discs={"Nc": "yellow", "Nf": None, "C1": None},
        rows={1: (4, 0, 0, 0)},
    )
    assert s.rows[1] == (4, 0, 0, 0) and s.excess[1] == 1 and s.discs[d("Nc")] == EMPTY
    assert s.step == OPEN and s.to_act == 1
    s = wonder_built(2, built={"Nb": (2, 18), "Nk": (2, 22)}, discs={"Nc": None, "Nf": None, "C1": None})
    assert s.step == OPEN and s.rows[1] == (0, 0, 0, 0) and s.excess[1] == 0
    assert "no disc it could take lies next to it; nothing is taken" in s.log_for(None)[-1]


@pytest.mark.rule("SKR-WON-10", "SKR-BRD-06")
def test_card_2_may_take_the_disc_across_the_bridge() -> None:
    s = wonder_built(
        2, built={"Nb": (2, 18), "Nk": (2, 22)}, discs={"C1": "patron C", "Nc": "yellow", "Nf": None}
    )
    # C1, at the other end of Ng's bridge, is as adjacent as Nc.
    assert s.step == TAKE and s.to_act == 1 and legal(s) == ["take C1", "take Nc"]
    play(s, "take C1")
    assert s.patrons[1] == (0, 0, 1, 0) and s.discs[d("C1")] == EMPTY
    assert s.discs[d("Nc")] == disc_code("yellow") and s.step == OPEN


@pytest.mark.rule("SKR-WON-11")
def test_card_3_scores_three_per_patron_disc_held() -> None:
    s = position(era=2, kept=kept_for(3), built={"Nb": (2, 18)}, discs={"Ng": "patron D"})
    s.patrons[1] = (2, 0, 1, 0)
    play(s, "bid 42 Nf", "wonder 3 Ng")
    assert s.patrons[1] == (2, 0, 1, 1)  # the disc under the Wonder counts too
    assert s.prestige == [0, 12, 0]
    assert s.ledger[1] == (wonder_line(3, "4 Patron discs × 3", 12),)


@pytest.mark.rule("SKR-WON-12")
def test_card_4_scores_two_per_colour_around_it() -> None:
    # Ef (green) touches Eb white, Ee brown (built), Eg white (the losing bid), Ej green.
    s = wonder_built(4, at="Ef", lead="Eg", built={"Ee": (2, 18), "C2": (2, 22)})
    assert s.prestige == [0, 6, 0]
    assert s.ledger[1] == (wonder_line(4, "3 colours next to it × 2", 6),)


@pytest.mark.rule("SKR-WON-12", "SKR-BRD-06")
def test_card_4_counts_the_district_across_a_bridge() -> None:
    # C2 (green) touches C1 yellow (the losing bid), C4 brown and, across its bridge, Eg white.
    s = wonder_built(4, at="C2", lead="C1")
    assert s.prestige == [0, 6, 0]
    assert s.ledger[1] == (wonder_line(4, "3 colours next to it × 2", 6),)


@pytest.mark.rule("SKR-WON-13")
def test_card_5_shows_every_patron_tile_to_its_owner_and_scores_four() -> None:
    s = position(era=2, kept=kept_for(5), built={"Nb": (2, 18)}, discs={"Ng": None})
    assert s.view(1).tiles == (EMPTY,) * 4
    play(s, "bid 42 Nf", "wonder 5 Ng")
    assert s.prestige == [0, 4, 0]
    assert s.ledger[1] == (wonder_line(5, "sees every Patron tile", 4),)
    assert s.view(1).tiles == s.tiles
    assert s.view(0).tiles == s.view(2).tiles == s.view(None).tiles == (EMPTY,) * 4
    shown = ", ".join(f"{k} {v}" for k, v in zip("ABCD", s.tiles, strict=True))
    assert f"You look at every Patron tile: {shown}." in s.log_for(1)
    assert not any(shown in line for line in s.log_for(0) + s.log_for(None))
    play(s, "bid 16 C1", "pass", "pass")  # later in the game the tiles stay in sight
    assert s.view(1).tiles == s.tiles


@pytest.mark.rule("SKR-WON-14", "SKR-WON-04", "SKR-WON-07")
def test_card_6_counts_as_a_tall_building_for_island_control_from_then_on() -> None:
    # Two players: seat 0 keeps 6 and then 9 and has only its two Wonders left.
    s = endgame(
        2,
        kept={0: [6, 9], 1: [1, 2]},
        built={"Na": (1, 44), "Ne": (1, 16)},
        left={1: [28]},
        wonders={0: [6, 9]},
        discs={"Nb": None, "Nc": None, "Nf": None},
    )
    assert controllers(s, NORTH) == [1]
    play(s, "wonder 6 Nb")  # opens and is built at once: no prestige, a lasting effect
    assert s.ledger == [(), ()] and s.prestige == [0, 0] and s.spare == [0, 0]
    assert controllers(s, NORTH) == [0]  # one tall beats one medium and one short
    play(s, "wonder 9 Nc")  # the control check of card 9 already sees the Colossus as tall
    assert s.ledger[0] == (wonder_line(9, "controls the North Island", 5, spare=True),)
    assert s.prestige == [0, 0] and s.spare == [5, 0]
    play(s, "bid 28 Nf")  # seat 1 alone: opens and wins at once, the game ends
    assert s.is_over
    assert [line for line in s.ledger[0] if line.category == "control"] == [
        ScoreLine("control", "Era 2: controls the North Island", 5)
    ]
    assert [line for line in s.ledger[1] if line.category == "control"] == []


@pytest.mark.rule("SKR-WON-15")
def test_card_7_scores_two_per_own_structure_next_to_it() -> None:
    # Around Ng: own Nc and Nk; seat 2's C1; seat 0's losing bid on Nf. Own Na is not adjacent.
    s = wonder_built(7, built={"Nc": (1, 16), "Nk": (1, 28), "Na": (1, 44), "C1": (2, 18), "Nb": (2, 22)})
    assert s.prestige == [0, 4, 0]
    assert s.ledger[1] == (wonder_line(7, "2 own Structures next to it × 2", 4),)


@pytest.mark.rule("SKR-WON-15", "SKR-BRD-06")
def test_card_7_counts_an_own_structure_across_the_bridge() -> None:
    # Around Ng: own C1 across the bridge and own Nc; seat 2's Nb is not next to it.
    s = wonder_built(7, built={"C1": (1, 16), "Nc": (1, 28), "Nb": (2, 18)})
    assert s.prestige == [0, 4, 0]
    assert s.ledger[1] == (wonder_line(7, "2 own Structures next to it × 2", 4),)


@pytest.mark.rule("SKR-WON-16", "SKR-PAN-04")
def test_card_8_scores_one_panorama_of_the_owners_choice_for_them_alone() -> None:
    falls, bridgehead = (
        next(p.index for p in CAT.panoramas if p.id == x) for x in ("falls-view", "bridgehead")
    )
    s = position(
        era=2,
        kept=kept_for(8),
        built={
            "Nd": (1, 16),
            "Nk": (1, 28),
            "C1": (1, 44),
            "Eg": (1, 56),
            "C2": (1, 72),
            "Ek": (2, 22),
            "Nb": (2, 18),
        },
        discs={"Ng": None},
    )
    s.panoramas = (falls, bridgehead)
    play(s, "bid 42 Nf", "wonder 8 Ng")
    assert s.step == PANORAMA and s.to_act == 1
    assert legal(s) == ["panorama falls-view", "panorama bridgehead"]  # only the two in play
    refused(s, "panorama avenue", "choose the Panorama card to score")
    other = s.clone()
    play(s, "panorama falls-view")  # Nd and Nk are waterfalls; seat 2's Ek scores nothing now
    assert s.prestige == [0, 6, 0]
    assert s.ledger == [(), (wonder_line(8, "Falls View × 2", 6),), ()]
    assert s.step == OPEN and s.to_act == 1
    play(other, "panorama bridgehead")  # C1-Ng (the Wonder itself) and C2-Eg
    assert other.prestige == [0, 8, 0]
    assert other.ledger[1] == (wonder_line(8, "Bridgehead × 2", 8),)


@pytest.mark.rule("SKR-WON-17", "SKR-WON-05")
@pytest.mark.parametrize(
    ("built", "points", "why"),
    [
        ({"Nb": (1, 44), "Na": (0, 14)}, 5, "controls the North Island"),  # medium beats short
        ({"Nb": (1, 44), "Na": (0, 106)}, 0, "no control here"),  # seat 0's tall wins
        ({"Nb": (1, 44), "Na": (0, 54)}, 5, "controls the North Island"),  # shared control counts
        ({"Nb": (0, 14)}, 0, "no control here"),  # the Wonder alone controls nothing
    ],
)
def test_card_9_scores_five_if_its_owner_controls_the_island_now(
    built: dict[str, tuple[int, int]], points: int, why: str
) -> None:
    s = wonder_built(9, built=built)
    assert s.prestige == [0, points, 0]
    assert s.ledger[1] == (wonder_line(9, why, points),)


@pytest.mark.rule("SKR-WON-17", "SKR-SET-02")
def test_card_9_looks_at_the_island_it_stands_on_whichever_slots_hold_the_islands() -> None:
    """Two players, the islands in the East and South slots (North and West empty): the Wonder on the
    East Island scores East's control, never that of the island next in the list of islands in play."""
    s = position(2, era=2, kept={0: [16, 19], 1: [9, 20]})
    s.board = board_for(CAT, (EMPTY, 0, 1, EMPTY))  # tile I1 in the East, I2 in the South
    s.discs = [EMPTY] * len(CAT.sites)
    for name, (seat, value) in {"Eb": (1, 44), "Sa": (0, 106), "Sb": (0, 14)}.items():
        s.occupant[d(name)] = b(value)
        s.built[seat] = (*s.built[seat], d(name))
        s.pool[seat] = tuple(x for x in s.pool[seat] if x != b(value))
    rules.start_auction(s, 0)
    s._legal = None
    assert [island for island, _ in s.board.islands] == [0, 2, 3]
    south = [d(f"S{x}") for x in "abcdefghijklmn"]
    assert controllers(s, south) == [0]  # seat 1 has nothing in the South
    play(s, "bid 42 Ef", "wonder 9 Eg")  # both next to seat 1's medium 44 on Eb
    assert controllers(s, [d(f"E{x}") for x in "abcdefghijklmn"]) == [1]
    assert s.ledger[1] == (wonder_line(9, "controls the East Island", 5),)
    assert s.prestige == [0, 5]


@pytest.mark.rule("SKR-WON-18")
def test_card_10_counts_as_an_extra_commissions_disc_but_not_as_an_item() -> None:
    s = endgame(kept={0: [16], 1: [10], 2: [20]}, wonders={1: [10]}, opener=1, discs={"C1": None})
    s.tiles = (3, 5, 7, 9)
    for seat in (0, 1):  # the same illustration: 1 Commissions disc and 1 Patron A disc
        s.commissions[seat] = 1
        s.patrons[seat] = (1, 0, 0, 0)
    play(s, "wonder 10 C1")  # the last Structure of the game
    assert s.is_over
    assert [line for line in s.ledger[1] if line.category == "wonder"] == []  # nothing when built
    guild = "Commissions (1 disc + Guild House): 2 × 2 illustration items"
    assert s.ledger[1][-1] == ScoreLine("commissions", guild, 4)
    assert s.ledger[0][-1] == ScoreLine("commissions", "Commissions (1 disc): 1 × 2 illustration items", 2)


@pytest.mark.rule("SKR-WON-18")
def test_card_10_alone_is_one_commissions_disc() -> None:
    s = endgame(kept={0: [16], 1: [10], 2: [20]}, wonders={1: [10]}, opener=1, discs={"C1": None})
    s.tiles = (3, 5, 7, 9)
    s.patrons[1] = (1, 0, 0, 0)  # no Commissions disc of their own: one illustration item
    play(s, "wonder 10 C1")
    assert s.is_over
    assert s.ledger[1][-1] == ScoreLine(
        "commissions", "Commissions (Guild House): 1 × 1 illustration item", 1
    )
    assert s.result().scores[1] == sum(line.points for line in s.ledger[1])


@pytest.mark.rule("SKR-WON-19")
def test_card_11_may_move_one_disc_from_a_row_to_another() -> None:
    s = wonder_built(11, built={"Nb": (2, 18)}, rows={1: (2, 0, 4, 1)})
    assert s.step == MOVE and s.to_act == 1
    assert legal(s) == [
        *(f"move yellow {x}" for x in ("green", "white", "brown")),
        *(f"move white {x}" for x in ("yellow", "green", "brown")),
        *(f"move brown {x}" for x in ("yellow", "green", "white")),
        "pass",
    ]  # nothing from the empty green row
    full, kept = s.clone(), s.clone()
    play(s, "move yellow green")
    assert s.rows[1] == (1, 1, 4, 1) and s.excess[1] == 0 and s.step == OPEN
    play(full, "move brown white")  # the white row is full: the disc goes on the illustration
    assert full.rows[1] == (2, 0, 4, 0) and full.excess[1] == 1
    play(kept, "pass")
    assert kept.rows[1] == (2, 0, 4, 1) and kept.excess[1] == 0 and kept.step == OPEN
    assert s.prestige == full.prestige == kept.prestige == [0, 0, 0]
    nothing = wonder_built(11, built={"Nb": (2, 18)})  # no District disc to move: no decision
    assert nothing.step == OPEN and "has no District disc it may move" in nothing.log_for(None)[-1]


@pytest.mark.rule("SKR-WON-19", "SKR-DSC-09")
def test_card_11_never_moves_an_assigned_wild_disc() -> None:
    """The last yellow disc is a Wild assigned to yellow: it keeps its colour, so yellow is no source."""
    s = position(era=2, kept=kept_for(11), built={"Nb": (2, 18)}, discs={"Ng": None}, rows={1: (2, 0, 1, 0)})
    s.wilds[1] = 1 << 1  # yellow row, second place: the Wild
    play(s, "bid 42 Nf", "wonder 11 Ng")
    assert s.step == MOVE and s.to_act == 1
    assert legal(s) == [*(f"move white {x}" for x in ("yellow", "green", "brown")), "pass"]
    s.wilds[1] = 1 << 0  # the Wild is the first yellow disc: the second, ordinary one may move
    s._legal = None
    assert "move yellow green" in legal(s)


@pytest.mark.rule("SKR-WON-19", "SKR-DSC-09", "SKR-EDGE-05")
def test_card_11_with_only_an_assigned_wild_on_top_asks_nothing_and_says_why() -> None:
    s = position(era=2, kept=kept_for(11), built={"Nb": (2, 18)}, discs={"Ng": None}, rows={1: (1, 0, 0, 0)})
    s.wilds[1] = 1 << 0  # the only disc is a Wild assigned to yellow
    play(s, "bid 42 Nf", "wonder 11 Ng")
    assert s.step == OPEN and s.rows[1] == (1, 0, 0, 0)
    title = "Wonder 11 Cartographers' Hall"
    assert f"{title}: Player 2 has no District disc it may move; nothing happens." in s.log_for(None)
    assert not any("leaves their district rows" in line for line in s.log_for(None))


@pytest.mark.rule("SKR-DSC-09", "SKR-WON-19")
def test_a_wild_assigned_on_collection_is_remembered_and_never_moved() -> None:
    """The Wild under the Wonder is collected and assigned to green; card 11 then offers only white."""
    s = position(
        era=2, kept=kept_for(11), built={"Nb": (2, 18)}, discs={"Ng": "wild"}, rows={1: (0, 0, 1, 0)}
    )
    play(s, "bid 42 Nf", "wonder 11 Ng")
    assert s.step == ASSIGN and s.to_act == 1
    play(s, "assign green")
    assert s.rows[1] == (0, 1, 1, 0)
    assert legal(s) == [*(f"move white {x}" for x in ("yellow", "green", "brown")), "pass"]


@pytest.mark.rule("SKR-WON-20", "SKR-WON-04")
def test_card_12_scores_two_per_unoccupied_district_next_to_it() -> None:
    # Around Ng: C1 and Nk empty, Nf freed when seat 0's bid went back, Nc built.
    s = wonder_built(12, built={"Nc": (2, 18), "Nb": (2, 22)})
    assert s.prestige == [0, 6, 0]
    assert s.ledger[1] == (wonder_line(12, "3 unoccupied districts next to it × 2", 6),)


@pytest.mark.rule("SKR-WON-20")
def test_card_12_counts_an_empty_district_whatever_its_disc() -> None:
    # Nk has no disc left, but it is unoccupied all the same: Nf, Nk and C1 count.
    s = wonder_built(12, built={"Nc": (2, 18), "Nb": (2, 22)}, discs={"Nk": None})
    assert s.ledger[1] == (wonder_line(12, "3 unoccupied districts next to it × 2", 6),)


@pytest.mark.rule("SKR-WON-21")
def test_card_13_scores_six_on_the_central_island_only() -> None:
    s = wonder_built(13, at="C2", lead="C1")
    assert s.ledger[1] == (wonder_line(13, "on the Central Island", 6),) and s.prestige == [0, 6, 0]
    s = wonder_built(13, built={"Nb": (2, 18)})
    assert s.ledger[1] == (wonder_line(13, "not on the Central Island", 0),) and s.prestige == [0, 0, 0]


@pytest.mark.rule("SKR-WON-22", "SKR-WON-04")
def test_card_14_scores_one_per_disc_in_the_fullest_row() -> None:
    # The green disc under the Wonder is collected first: green 3 -> 4.
    s = wonder_built(14, built={"Nb": (2, 18)}, rows={1: (2, 3, 0, 1)}, discs={"Ng": "green"})
    assert s.rows[1] == (2, 4, 0, 1)
    assert s.prestige == [0, 4, 0]
    assert s.ledger[1] == (wonder_line(14, "4 discs in the fullest row × 1", 4),)


@pytest.mark.rule("SKR-WON-23")
def test_card_15_scores_eight_for_the_first_structure_on_the_island() -> None:
    s = wonder_built(15, built={"Ea": (1, 16), "Nb": (2, 18)})  # seat 1 is elsewhere only
    assert s.ledger[1] == (wonder_line(15, "first Structure on this island", 8),) and s.prestige[1] == 8
    s = wonder_built(15, built={"Nd": (1, 16), "Nb": (2, 18)})
    assert s.ledger[1] == (wonder_line(15, "not the first here", 0),) and s.prestige[1] == 0


@pytest.mark.rule("SKR-WON-23", "SKR-WON-07")
def test_card_15_counts_an_own_wonder_as_a_structure_already_there() -> None:
    """With 2 players, seat 1's Wonder of card 6 on Nd is its first Structure on the North Island."""
    s = position(
        players=2,
        era=2,
        kept={0: [16, 19], 1: [6, 15]},
        built={"Nb": (0, 14), "Nd": (1, "W6")},
        discs={"Ng": None},
    )
    play(s, "bid 42 Nf", "wonder 15 Ng")
    assert s.ledger[1] == (wonder_line(15, "not the first here", 0, spare=True),) and s.spare[1] == 0


@pytest.mark.rule("SKR-WON-24")
def test_card_16_scores_at_the_end_in_the_colour_of_the_highest_row_value() -> None:
    # Rows: yellow 1 disc (2), green 3 (6), white 4 (1: most discs, least value), brown 0.
    s = endgame(
        kept={0: [19], 1: [16], 2: [20]},
        built={"Na": (1, 16), "Nb": (1, 28)},
        wonders={1: [16]},
        opener=1,
        discs={"C1": None},
    )
    s.rows[1] = (1, 3, 4, 0)
    s.objectives[1] = 0  # yellow: the Wonder still stands on yellow for it (2 of 4)
    play(s, "wonder 16 C1")  # on a yellow district
    assert s.is_over
    assert [line for line in s.ledger[1] if line.category in ("structures", "objective")] == [
        ScoreLine("objective", "Secret objective O1: 2 Structures on yellow, 4 needed (not met)", 0),
        ScoreLine("structures", "1 Structure on yellow × 2 (1 disc)", 2),
        ScoreLine(
            "structures", "2 Structures on green × 6 (3 discs, Wonder 16 Chameleon Dome from yellow)", 12
        ),
    ]


@pytest.mark.rule("SKR-WON-24")
def test_card_16_on_a_tie_for_the_best_row_scores_in_the_first_of_them_in_row_order() -> None:
    """Yellow and white rows are both worth 4 (2 discs each): the Wonder on brown counts as yellow,
    the first of the two in row order (yellow, green, white, brown), and the score sheet says so."""
    s = endgame(
        kept={0: [19], 1: [16], 2: [20]},
        built={"Na": (1, 16), "Nb": (1, 28)},  # yellow and green
        wonders={1: [16]},
        opener=1,
        discs={"C4": None},
    )
    s.rows[1] = (2, 0, 2, 0)
    play(s, "wonder 16 C4")  # a brown district, the last Structure of the game
    assert s.is_over
    assert [line for line in s.ledger[1] if line.category == "structures"] == [
        ScoreLine(
            "structures", "2 Structures on yellow × 4 (2 discs, Wonder 16 Chameleon Dome from brown)", 8
        ),
        ScoreLine("structures", "1 Structure on green × 0 (0 discs)", 0),
    ]


@pytest.mark.rule("SKR-WON-25")
def test_card_17_scores_three_per_bridge_end_the_owner_occupies() -> None:
    # Bridge ends held by seat 1: Eg, C1 and the Wonder on Ng. C3's bridge leads to no island with
    # 3 players, Na is no bridge end, seat 2's C2 is not seat 1's.
    s = wonder_built(
        17, built={"Eg": (1, 16), "C1": (1, 28), "C3": (1, 44), "Na": (1, 56), "C2": (2, 18), "Nb": (2, 22)}
    )
    assert s.prestige == [0, 9, 0]
    assert s.ledger[1] == (wonder_line(17, "3 bridge-end districts × 3", 9),)


@pytest.mark.rule("SKR-WON-26", "SKR-WON-04")
def test_card_18_is_a_bid_of_sixty_that_can_be_outbid() -> None:
    s = position(era=2, kept={0: [16], 1: [18], 2: [20]}, discs={"C2": "green", "C4": None})
    high = s.clone()
    play(high, "bid 66 C1")  # 60 does not beat 66
    assert not any(a.startswith("wonder") for a in legal(high))
    refused(high, "wonder 18 C2", r"higher than the most recent one \(66\)")
    play(s, "bid 54 C1")
    assert [a for a in legal(s) if a.startswith("wonder")] == ["wonder 18 C2", "wonder 18 C3", "wonder 18 Ng"]
    play(s, "wonder 18 C2")
    # The auction goes on: seat 2 must beat 60 next to C2 (C4 or Eg), or place its own Wonder, or pass.
    assert s.step == BID and s.to_act == 2 and s.built == [(), (), ()]
    assert legal(s) == [
        *(f"bid {v} {x}" for v in (62, 74, 86, 98, 102, 114) for x in ("C4", "Eg")),
        "wonder 20 C4",
        "wonder 20 Eg",
        "pass",
    ]
    outbid, wins, wonder = s.clone(), s.clone(), s.clone()
    play(outbid, "bid 62 C4", "pass", "pass")  # outbid: the Wonder goes back to its owner, unbuilt
    assert outbid.built == [(), (), (d("C4"),)]
    assert outbid.wonders[1] == (17,) and outbid.occupant[d("C2")] == EMPTY
    assert outbid.discs[d("C2")] == disc_code("green") and outbid.rows[1] == (0, 0, 0, 0)
    assert b(54) in outbid.pool[0] and outbid.ledger == [(), (), ()]
    play(wins, "pass", "pass")  # nobody beats it: built, and its disc collected
    assert wins.built == [(), (d("C2"),), ()] and wins.wonders[1] == () and wins.rows[1] == (0, 1, 0, 0)
    assert wins.ledger == [(), (), ()] and wins.step == OPEN and wins.to_act == 1
    play(wonder, "wonder 20 C4")  # an ordinary Wonder next to it ends the auction at once
    assert wonder.built == [(), (), (d("C4"),)] and wonder.wonders[1] == (17,)
    assert wonder.occupant[d("C2")] == EMPTY and wonder.step == OPEN and wonder.to_act == 2


@pytest.mark.rule("SKR-WON-27")
def test_card_19_scores_four_and_takes_a_wild_or_commissions_disc_next_to_it() -> None:
    s = wonder_built(
        19, built={"Nb": (2, 18)}, discs={"Nc": "commissions", "Nf": "wild", "Nk": "patron A", "C1": "yellow"}
    )
    assert s.prestige == [0, 4, 0]  # the 4 come first
    assert s.ledger[1] == (wonder_line(19, "bonus", 4),)
    assert s.step == TAKE and legal(s) == ["take Nc", "take Nf"]  # not the Patron or District disc
    wild = s.clone()
    play(s, "take Nc")
    assert s.commissions[1] == 1 and s.discs[d("Nc")] == EMPTY and s.discs[d("Nk")] == PATRON
    play(wild, "take Nf", "assign brown")
    assert wild.rows[1] == (0, 0, 0, 1) and wild.commissions[1] == 0 and wild.step == OPEN
    one = wonder_built(19, built={"Nb": (2, 18)}, discs={"Nc": "commissions", "Nf": "patron A", "C1": None})
    assert one.commissions[1] == 1 and one.step == OPEN  # the only choice is taken by itself
    none = wonder_built(19, built={"Nb": (2, 18)}, discs={"Nc": "patron A", "Nf": "yellow", "Nk": "green"})
    assert none.prestige == [0, 4, 0] and none.commissions[1] == 0 and none.rows[1] == (0, 0, 0, 0)
    assert "nothing is taken" in none.log_for(None)[-1]


@pytest.mark.rule("SKR-WON-27", "SKR-BRD-06")
def test_card_19_may_take_a_commissions_disc_across_the_bridge() -> None:
    s = wonder_built(19, built={"Nb": (2, 18)}, discs={"C1": "commissions", "Nc": "wild", "Nk": None})
    assert s.prestige == [0, 4, 0]
    assert s.step == TAKE and legal(s) == ["take C1", "take Nc"]
    play(s, "take C1")
    assert s.commissions[1] == 1 and s.discs[d("C1")] == EMPTY and s.discs[d("Nc")] == disc_code("wild")


@pytest.mark.rule("SKR-WON-28")
def test_card_20_scores_one_per_tall_building_of_its_owner() -> None:
    # Seat 1: tall 108 and tall 96 (dotted), medium 44. Seat 0's tall 106 is not theirs.
    s = wonder_built(20, built={"Nb": (1, 108), "Ea": (1, 96), "Nc": (1, 44), "Na": (0, 106)})
    assert s.prestige == [0, 2, 0]
    assert s.ledger[1] == (wonder_line(20, "2 tall Buildings × 1", 2),)


@pytest.mark.rule("SKR-WON-28", "SKR-WON-14")
def test_card_20_does_not_count_the_card_6_wonder() -> None:
    """Card 6's Wonder is tall for island control only; with 2 players one seat can own both."""
    s = position(
        2, era=2, kept={0: [16, 19], 1: [6, 20]}, built={"Na": (1, "W6"), "Nb": (1, 108)}, discs={"Ng": None}
    )
    play(s, "bid 42 Nf", "wonder 20 Ng")
    assert s.ledger[1] == (wonder_line(20, "1 tall Building × 1", 1, spare=True),)
    assert s.prestige == [0, 0] and s.spare == [0, 1]


# -- two players: the second Wonder ------------------------------------------------------------


@pytest.mark.rule("SKR-WON-07", "SKR-WON-16")
def test_card_8_kept_second_scores_its_panorama_on_the_spare_disc() -> None:
    s = position(
        2, era=2, kept={0: [16, 19], 1: [1, 8]}, built={"Nc": (1, 44), "Nk": (1, 46)}, discs={"Ng": None}
    )
    play(s, "bid 42 C1", "wonder 8 Ng", "panorama avenue")
    assert s.ledger[1] == (wonder_line(8, "Avenue × 1", 4, spare=True),)
    assert s.prestige == [0, 0] and s.spare == [0, 4]
    assert s.view(0).spare == (0, 4)  # the spare disc is public


@pytest.mark.rule("SKR-WON-07", "SKR-WON-06")
def test_the_second_wonders_prestige_waits_on_the_spare_disc_until_the_end() -> None:
    s = endgame(
        2,
        kept={0: [1, 7], 1: [3, 4]},
        built={"Na": (0, 14)},
        left={1: [16]},
        wonders={0: [1, 7]},
        discs={"Nb": None, "Nc": None, "C1": None},
    )
    play(s, "wonder 7 Nb")  # card 7 was kept second: its Wonder scores on the spare disc
    assert s.prestige == [0, 0] and s.spare == [2, 0]
    play(s, "wonder 1 Nc")  # the Wonder of card 7 counts as one of seat 0's Structures
    assert s.prestige == [3, 0] and s.spare == [2, 0]
    assert s.ledger[0] == (
        wonder_line(7, "1 own Structure next to it × 2", 2, spare=True),
        wonder_line(1, "3 Structures on the North Island × 1", 3),
    )
    assert s.built[0] == (d("Na"), d("Nb"), d("Nc"))
    play(s, "bid 16 C1")  # the last Structure: the game ends
    assert s.is_over and s.spare == [0, 0]
    assert "Player 1 adds 2 from the spare scoring disc." in s.log_for(None)
    assert s.prestige[0] == sum(line.points for line in s.ledger[0]) == s.result().scores[0]
    assert [line for line in s.ledger[0] if line.category == "structures"] == [
        ScoreLine("structures", f"1 Structure on {colour} × 0 (0 discs)", 0)
        for colour in ("yellow", "green", "white")
    ]


# -- two players: the second Wonder's lasting effects at the end of the game -------------------
#
# Seat 0 builds the game's last Structure, the Wonder of ``last``, on C1 (yellow), next to its tall
# 106 on Na (yellow) and its Wonder of card 3 on Nb (green); its rows make green worth 6 and yellow
# 2. What the second Wonder's card earns at the end waits on the spare disc like the rest of its
# prestige (SKR-WON-07), and the score sheet says so on that Wonder's own line, never inside Island
# control, Structures or Commissions (whose labels would then misexplain the points).


def last_wonder(kept: Sequence[int]) -> State:
    """Seat 0 keeps ``kept`` (in that order); every Structure but its last Wonder is built (seat 1 has
    a medium 44 on Ea, its Secret Objective O2 unmet)."""
    built = {"Na": (0, 106), "Nb": (0, "W3"), "Ea": (1, 44)}
    s = final_position(built, kept={0: kept, 1: [19, 20]}, players=2)
    s.rows[0] = (1, 3, 0, 0)
    s.tiles = (3, 5, 7, 9)
    return s


def spare_sheet(s: State, *lines: ScoreLine) -> None:
    """Seat 0's whole score sheet is ``lines``; those labelled with the spare disc are what came off it."""
    spare = sum(line.points for line in lines if line.label.endswith(" (spare scoring disc)"))
    result = s.result()
    assert result.breakdown[0] == lines
    assert result.scores[0] == s.prestige[0] == sum(line.points for line in lines)
    assert s.spare == [0, 0]
    added = [line for line in s.log_for(None) if "from the spare scoring disc" in line]
    assert added == ([f"Player 1 adds {spare} from the spare scoring disc."] if spare else [])


@pytest.mark.rule("SKR-WON-07", "SKR-WON-18")
@pytest.mark.parametrize("second", [True, False])
def test_card_10_kept_second_scores_its_commissions_share_on_the_spare_disc(second: bool) -> None:
    s = last_wonder([3, 10] if second else [10, 3])
    s.commissions[0], s.patrons[0] = 1, (1, 0, 0, 0)  # 2 illustration items
    end_game(s, "wonder 10 C1")
    head = (
        control(2, "North Island"),
        ScoreLine("objective", "Secret objective O1: 2 Structures on yellow, 3 needed (not met)", 0),
        structures(2, "yellow", 1),  # Na and the Guild House on C1
        structures(1, "green", 3),  # the Wonder of card 3 on Nb
        ScoreLine("patrons", "Patron A: 1 × 3", 3),
    )
    if second:  # 1 Commissions disc on the Prestige track, the Guild House's 1 on the spare disc
        spare_sheet(
            s,
            *head,
            ScoreLine("commissions", "Commissions (1 disc): 1 × 2 illustration items", 2),
            wonder_line(10, "an extra Commissions, 1 × 2 illustration items", 2, spare=True),
        )
        assert s.result().category_totals(0)["commissions"] == 2
        assert s.result().category_totals(0)["wonder"] == 2
    else:  # kept first: its own Wonder, an ordinary Commissions source
        spare_sheet(
            s,
            *head,
            ScoreLine("commissions", "Commissions (1 disc + Guild House): 2 × 2 illustration items", 4),
        )


@pytest.mark.rule("SKR-WON-07", "SKR-WON-18")
def test_card_10_kept_second_with_no_commissions_disc_leaves_no_commissions_line() -> None:
    s = last_wonder([3, 10])
    s.patrons[0] = (0, 2, 0, 0)  # 2 illustration items, no Commissions disc
    end_game(s, "wonder 10 C1")
    assert [line for line in s.ledger[0] if line.category in ("commissions", "wonder")] == [
        wonder_line(10, "an extra Commissions, 1 × 2 illustration items", 2, spare=True)
    ]
    assert s.prestige[0] == s.result().scores[0] == 5 + 4 + 6 + 10 + 2


@pytest.mark.rule("SKR-WON-07", "SKR-WON-24", "SKR-SCO-12")
@pytest.mark.parametrize("second", [True, False])
def test_card_16_kept_second_scores_its_better_row_on_the_spare_disc(second: bool) -> None:
    s = last_wonder([3, 16] if second else [16, 3])
    end_game(s, "wonder 16 C1")  # yellow, worth 2; the best row is green, worth 6
    objective = ScoreLine("objective", "Secret objective O1: 2 Structures on yellow, 3 needed (not met)", 0)
    if second:  # scored as a Structure on its own yellow, the 4 more of green on the spare disc
        spare_sheet(
            s,
            control(2, "North Island"),
            objective,
            structures(2, "yellow", 1),
            structures(1, "green", 3),
            wonder_line(16, "scores on green × 6, not its own yellow × 2", 4, spare=True),
        )
    else:  # kept first: one of the Structures scoring on green, which its line names
        green = ScoreLine(
            "structures", "2 Structures on green × 6 (3 discs, Wonder 16 Chameleon Dome from yellow)", 12
        )
        spare_sheet(s, control(2, "North Island"), objective, structures(1, "yellow", 1), green)


@pytest.mark.rule("SKR-WON-07", "SKR-WON-24")
def test_card_16_kept_second_on_its_best_row_gains_nothing_and_says_so() -> None:
    s = last_wonder([3, 16])
    s.rows[0] = (3, 1, 0, 0)  # yellow is now the best row: 6
    end_game(s, "wonder 16 C1")
    assert [line for line in s.ledger[0] if line.category in ("structures", "wonder")] == [
        structures(2, "yellow", 3),
        structures(1, "green", 1),
        wonder_line(16, "its own yellow row (× 6) is already worth the most", 0, spare=True),
    ]


@pytest.mark.rule("SKR-WON-07", "SKR-WON-14")
@pytest.mark.parametrize(
    ("mine", "sheet"),
    [
        # The medium 42 and the Colossus against the 108: tall for tall, then the 42 wins North;
        # without the Colossus the 108 would: the 5 are the card's, on the spare disc.
        (42, wonder_line(6, "Era 2: controls the North Island, counted as a tall Building", 5, spare=True)),
        # With the 106 too, seat 0 would control North anyway: Island control as usual.
        (106, control(2, "North Island")),
    ],
)
def test_card_6_kept_second_scores_the_control_it_alone_gives_on_the_spare_disc(
    mine: int, sheet: ScoreLine
) -> None:
    s = final_position({"Na": (0, mine), "Nb": (1, 108)}, kept={0: [3, 6], 1: [19, 20]}, players=2)
    end_game(s, "wonder 6 Nc")  # white, next to Nb
    assert controllers(s, NORTH) == [0]
    assert s.ledger[0][0] == sheet and s.ledger[1] == (
        ScoreLine("objective", "Secret objective O2: 1 Structure on green, 3 needed (not met)", 0),
        structures(1, "green", 0),
    )
    assert s.result().scores[0] == s.prestige[0] == 5 and s.spare == [0, 0]
