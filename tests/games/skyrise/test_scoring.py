"""Skyrise: island control, Panoramas, the end of Era 1, final scoring, tie-break, hidden information."""

from __future__ import annotations

import pytest

from skyhall.core.result import ScoreLine
from skyhall.core.state import EMPTY
from skyhall.games import skyrise
from skyhall.games.skyrise.scoring import controllers, final_lines, panorama_count
from skyhall.games.skyrise.steps import KEEP
from tests.games.skyrise.position import CAT, b, d, play, position

NORTH = [f"N{x}" for x in "abcdefghijklmn"]


def totals(lines: list[ScoreLine]) -> dict[str, int]:
    out: dict[str, int] = {}
    for line in lines:
        out[line.category] = out.get(line.category, 0) + line.points
    return out


def north(s: object) -> list[int]:
    return [d(x) for x in NORTH]


def pano(name: str) -> int:
    return next(p.index for p in CAT.panoramas if p.id == name)


@pytest.mark.rule(
    "SKR-SCO-04", "SKR-SCO-05", "SKR-SCO-06", "SKR-SCO-07", "SKR-SCO-08", "SKR-WON-05", "SKR-WON-14"
)
def test_island_control() -> None:
    s = position(built={"Na": (0, 106), "Nb": (1, 108), "Nc": (1, 44)})
    assert controllers(s, north(s)) == [1]  # tall tie, then medium
    s = position(built={"Na": (0, 106), "Nb": (1, 108), "Nc": (0, 14), "Nd": (1, 16)})
    assert controllers(s, north(s)) == [0, 1]  # unbreakable: shared
    s = position(built={"Na": (0, 14), "Nb": (1, 16), "Nc": (1, 28)})
    assert controllers(s, north(s)) == [1]  # short decides
    s = position()
    assert controllers(s, north(s)) == []  # nobody built here
    s = position(era=2, kept={0: [7], 1: [6]}, built={"Na": (0, 14), "Nb": (1, "W6"), "Nc": (2, "W7")})
    assert controllers(s, north(s)) == [1]  # card 6 counts as tall; card 7 not at all


@pytest.mark.rule(
    "SKR-PAN-02", "SKR-PAN-03", "SKR-PAN-05", "SKR-PAN-06", "SKR-PAN-07", "SKR-PAN-08", "SKR-PAN-09"
)
def test_panorama_instances() -> None:
    s = position()
    count = {
        name: (
            lambda names, name=name: panorama_count(
                s.board, frozenset(d(x) for x in names), CAT.panoramas[pano(name)]
            )
        )
        for name in ("bridgehead", "airship-dock", "avenue", "falls-view", "quarter")
    }
    assert count["avenue"](["Na", "Nb", "Nc", "Ng", "Nk"]) == 1
    assert count["avenue"](["Na", "Nb", "Nc", "Ng", "Nk", "Nj"]) == 2
    assert count["airship-dock"](["Ne", "Nf", "Ni", "Nj", "Nm", "Nn"]) == 2
    assert count["airship-dock"](["Ne", "Nf", "Ni", "Nj", "Nm"]) == 1
    assert count["bridgehead"](["C1", "Ng", "C2"]) == 1
    assert count["falls-view"](["Nd", "Nk", "Na"]) == 2
    assert count["quarter"](["Na", "Nb", "Nc", "C1", "C2"]) == 1


@pytest.mark.rule(
    "SKR-ERA-01",
    "SKR-ERA-02",
    "SKR-ERA-03",
    "SKR-ERA-04",
    "SKR-ERA-05",
    "SKR-SCO-01",
    "SKR-SCO-03",
    "SKR-PAN-01",
    "SKR-KEY-02",
    "SKR-KEY-03",
    "SKR-KEY-04",
    "SKR-KEY-06",
    "SKR-DSC-14",
    "SKR-SET-18",
)
def test_end_of_era_one() -> None:
    built = {"Na": (0, 14), "Nb": (0, 26), "Nc": (0, 42), "Nd": (0, 54), "Ne": (0, 78), "Nf": (0, 82)}
    s = position(built={**built, "Ea": (1, 108)}, discs={"C1": "yellow"})
    s.panoramas = (pano("falls-view"), pano("quarter"))
    play(s, "bid 106 C1")  # both rivals cannot outbid: they pass by force and Era 1 ends
    assert s.era == 2 and s.step == KEEP and s.to_act == 0
    lines = [(ln.category, ln.points) for ln in s.ledger[0]]
    assert lines == [("control", 5), ("control", 5), ("panorama", 3), ("panorama", 4)]
    assert s.ledger[1] == (ScoreLine("control", "Era 1: controls the East Island", 5),)
    assert s.prestige == [17, 5, 0]
    assert s.keys == [(), (4,), (8,)]
    assert s.rows[0] == (1, 0, 0, 0)  # discs stay on the board, unscored
    assert b(16) in s.pool[1] and b(4) in s.pool[1] and b(2) in s.pool[0] and s.reserve == [(), (), ()]
    assert s.view(2).hands[2] and all(len(h) == 3 for h in s.hands)


@pytest.mark.rule("SKR-KEY-01", "SKR-KEY-08", "SKR-KEY-09")
@pytest.mark.parametrize(("mode", "keys"), [("highest", [(8,), (4,), ()]), ("off", [(), (), ()])])
def test_city_key_options(mode: str, keys: list[tuple[int, ...]]) -> None:
    built = {"Na": (0, 14), "Nb": (0, 26), "Nc": (0, 42), "Nd": (0, 54), "Ne": (0, 78), "Nf": (0, 82)}
    s = position(built={**built, "Ea": (1, 108)}, options={"city_keys": mode})
    play(s, "bid 106 C1")
    assert s.keys == keys
    assert skyrise.SPEC.options["city_keys"] == "lowest"
    with pytest.raises(ValueError, match="city_keys"):
        skyrise.new_game(3, 0, {"city_keys": "random"})


@pytest.mark.rule(
    "SKR-SCO-09",
    "SKR-SCO-10",
    "SKR-SCO-11",
    "SKR-SCO-12",
    "SKR-SCO-13",
    "SKR-DSC-02",
    "SKR-DSC-03",
    "SKR-DSC-05",
    "SKR-DSC-07",
    "SKR-DSC-12",
    "SKR-DSC-13",
    "SKR-DSC-15",
    "SKR-WON-24",
    "SKR-KEY-07",
)
def test_final_score_sheet() -> None:
    s = position(
        era=2,
        kept={0: [16], 1: [2], 2: [3]},
        built={"Na": (0, 14), "Nf": (0, 26), "Nb": (0, 42), "Nc": (0, 54), "Ng": (0, "W16")},
    )
    s.tiles = (3, 5, 7, 9)
    s.rows[0] = (3, 4, 0, 1)
    s.excess[0] = 1
    s.patrons[0] = (2, 0, 0, 0)
    s.commissions[0] = 1
    s.keys[0] = (8,)
    s.objectives[0] = 0  # O1: 4 Structures on yellow (3-4 players)
    sheet = totals(final_lines(s, 0))
    # Na, Nf yellow and the card-16 Wonder (on green Ng) as yellow: 3 × 6; Nb green 1 × 1; Nc white 1 × 0.
    assert sheet == {
        "objective": 0,
        "structures": 18 + 1 + 0,
        "excess": 10,
        "patrons": 6,
        "keys": 8,
        "commissions": 5,
    }
    s.objectives[0] = 1  # O2: green; Nb only (the Wonder counts as yellow for rows only)
    assert totals(final_lines(s, 0))["objective"] == 0
    s.built[0] = (*s.built[0], d("Nh"), d("Nn"), d("Ef"))
    assert totals(final_lines(s, 0))["objective"] == 10
    # The rulebook example: 2 Commissions, a Patron worth 5, 1 excess disc: 0 + 5 + 10 + 2 × 4 = 23.
    s.commissions[1], s.patrons[1], s.excess[1] = 2, (0, 1, 0, 0), 1
    assert sum(ln.points for ln in final_lines(s, 1)) == 23


@pytest.mark.rule("SKR-SCO-14", "SKR-SCO-15")
def test_winner_and_tie_break() -> None:
    s = position(built={"Na": (0, 106), "Nb": (1, 44)})
    s.ledger = [(ScoreLine("x", "y", 30),), (ScoreLine("x", "y", 30),), (ScoreLine("x", "y", 10),)]
    result = s.result()
    assert result.ranks == (1, 2, 3) and result.tiebreak == ((1,), (0,), (0,))
    s.built[0] = ()
    assert s.result().ranks == (1, 1, 3)


@pytest.mark.rule("SKR-ERA-06", "SKR-ERA-08", "SKR-HID-06", "SKR-SCO-02")
def test_a_whole_game_ends_with_every_structure_built() -> None:
    from skyhall.core.rng import Rng

    s = skyrise.new_game(3, 5)
    rng = Rng(5)
    while not s.is_over:
        options = s.legal_actions()
        s.apply(options[rng.below(len(options))])
    assert all(len(built) == 13 for built in s.built)
    cats = [ln.category for ln in s.ledger[0]]
    assert "objective" in cats and cats.index("objective") < cats.index("structures")
    assert any(ln.label.startswith("Era 2") for seat in range(3) for ln in s.ledger[seat])
    view = s.view(1)
    assert view.tiles == s.tiles and view.objectives == tuple(s.objectives)
    assert s.result().scores == tuple(s.prestige)


@pytest.mark.rule("SKR-HID-01", "SKR-HID-07", "SKR-SET-14")
def test_views_hide_cards_objectives_and_tiles() -> None:
    s = skyrise.new_game(3, 11, {"first_player": 0})
    for seat in (0, 1, 2, None):
        view = s.view(seat)
        for p in range(3):
            mine = p == seat
            assert (view.hands[p] == s.hands[p]) == mine
            assert (view.objectives[p] == s.objectives[p]) == mine
            assert view.pool[p] == s.pool[p] and view.reserve[p] == s.reserve[p]
        assert view.tiles == (EMPTY,) * 4
        assert view.discs == tuple(s.discs) and view.prestige == tuple(s.prestige)
        text = " ".join(s.log_for(seat)) + str(view.to_dict())
        for p in range(3):
            if p != seat:
                numbers = ", ".join(str(c + 1) for c in s.hands[p])
                assert f"cards {numbers}" not in text
                assert f"'objective': '{CAT.objectives[s.objectives[p]].id}'" not in text
