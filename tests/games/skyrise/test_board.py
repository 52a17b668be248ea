"""Skyrise's islands (SKR-BRD-*): colours, occupancy, adjacency by edge and bridge, features.

The built graph (:func:`board_for`) is checked against the raw TOML document, read
independently of the catalog, and through play: a bid next to another is legal exactly
when the two districts are adjacent.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

import pytest

from skyhall.core.data import load_toml
from skyhall.core.engine import play as checked
from skyhall.core.errors import IllegalAction
from skyhall.core.state import EMPTY
from skyhall.games import skyrise
from skyhall.games.skyrise.cards import COLOURS, DATA_PACKAGE
from skyhall.games.skyrise.district import Board, board_for
from tests.games.skyrise.position import CAT, d, legal, play, position

RAW: dict[str, Any] = load_toml(DATA_PACKAGE, "board.toml")[1]
LAYOUTS = [(0, 1, 2, 3), (3, 0, 1, 2), (2, EMPTY, 0, 1), (EMPTY, 3, EMPTY, 1)]
"""Tile index per slot N, E, S, W: four islands, three, two."""


def raw_cells() -> dict[str, tuple[int, int]]:
    template = RAW["template"]
    return {
        k: (r, c) for k, r, c in zip(template["letters"], template["rows"], template["cols"], strict=True)
    }


def names(districts: Iterable[int]) -> frozenset[str]:
    return frozenset(CAT.sites[x].id for x in districts)


def touching(a: tuple[int, int], b: tuple[int, int]) -> tuple[bool, bool]:
    """(share an edge, meet only at a corner) for two grid cells."""
    dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1])
    return dr + dc == 1, dr == dc == 1


def grid_of(board: Board) -> dict[int, tuple[int, tuple[int, int]]]:
    """Every district in play: (island, (row, col)) from the raw data."""
    cells = raw_cells()
    central = {cell["id"]: (cell["row"], cell["col"]) for cell in RAW["cell"]}
    out = {}
    for x in board.in_play:
        site = CAT.sites[x].id
        out[x] = (board.island[x], central[site] if board.island[x] == 0 else cells[site[1]])
    return out


def raw_bridges(board: Board) -> set[frozenset[int]]:
    slots = [slot["id"] for slot in RAW["slot"]]
    out = set()
    for cell in RAW["cell"]:
        slot = slots.index(cell["bridge"])
        if board.layout[slot] != EMPTY:
            out.add(frozenset((d(cell["id"]), d(f"{cell['bridge']}{RAW['template']['bridge']}"))))
    return out


@pytest.mark.rule("SKR-BRD-01")
@pytest.mark.parametrize("layout", LAYOUTS)
def test_every_district_has_one_of_four_colours_as_the_data_says(layout: tuple[int, ...]) -> None:
    assert COLOURS == ("yellow", "green", "white", "brown")
    board = board_for(CAT, layout)
    tiles = {island["id"]: island["colours"] for island in RAW["island"]}
    letters = RAW["template"]["letters"]
    central = {cell["id"]: cell["colour"] for cell in RAW["cell"]}
    for x in range(len(CAT.sites)):
        site = CAT.sites[x].id
        if not board.live[x]:
            assert board.colour[x] == EMPTY
        elif site in central:
            assert COLOURS[board.colour[x]] == central[site]
        else:
            tile = CAT.tile_ids[layout[CAT.slots.index(site[0])]]
            assert COLOURS[board.colour[x]] == tiles[tile][letters.index(site[1])]
    per_island = [sorted(Counter(board.colour[x] for x in ds).values()) for _, ds in board.islands]
    assert per_island == [[1, 1, 1, 1]] + [[3, 3, 4, 4]] * (len(board.islands) - 1)


@pytest.mark.rule("SKR-BRD-01")
def test_views_name_the_colour_of_every_district_in_play() -> None:
    s = skyrise.new_game(3, 8)
    districts = s.view(None).to_dict()["districts"]
    assert set(districts) == names(s.board.in_play)
    assert {v["colour"] for v in districts.values()} == set(COLOURS)
    assert all(v["colour"] == COLOURS[s.board.colour[d(k)]] for k, v in districts.items())


@pytest.mark.rule("SKR-SET-02", "SKR-SET-10")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_island_layout_per_player_count(players: int) -> None:
    """The Central Island and ``players`` Outer Islands, each the whole 14-district template."""
    letters = "".join(RAW["template"]["letters"])
    for seed in range(8):
        board = skyrise.new_game(players, seed).board
        assert board.islands[0][0] == 0 and len(board.islands) == 1 + players
        for island, districts in board.islands[1:]:
            slot = CAT.slots[island - 1]
            assert [CAT.sites[x].id for x in districts] == [slot + k for k in letters]
        in_play = {x for _, ds in board.islands for x in ds}
        assert in_play == set(board.in_play) == {x for x in range(len(CAT.sites)) if board.live[x]}
        assert all(set(board.adjacent[x]) <= in_play for x in range(len(CAT.sites)))


@pytest.mark.rule("SKR-BRD-02", "SKR-BRD-03")
def test_a_district_holds_one_bid_or_structure() -> None:
    s = position(built={"C2": (1, 16)})
    # occupied by a Structure: not a place to open
    assert legal(s) == [
        f"bid {v} {x}" for v in (14, 26, 42, 54, 78, 82, 106) for x in ("C1", "C3", "C4", "Eg")
    ]
    before = s.snapshot()
    with pytest.raises(IllegalAction, match="district C2 is occupied"):
        checked(s, "bid 14 C2")
    assert s.snapshot() == before
    play(s, "bid 14 C1")
    # occupied by a bid: C1 is refused, the built C2 too; C3 and Ng stay open
    assert legal(s) == [f"bid {v} {x}" for v in (28, 44, 56, 72, 84, 108) for x in ("C3", "Ng")] + ["pass"]
    play(s, "bid 28 C3")
    before = s.snapshot()
    for target in ("C1", "C2"):
        with pytest.raises(IllegalAction, match=f"district {target} is occupied"):
            checked(s, f"bid 46 {target}")
        assert s.snapshot() == before
    assert s.occupant[d("C1")] == CAT.by_value[14] and s.occupant[d("C3")] == CAT.by_value[28]
    play(s, "bid 46 C4", "pass", "pass")
    # the losing bids leave: C1 and C3 are unoccupied again, C4 and C2 hold Structures
    assert [s.occupant[d(x)] for x in ("C1", "C3")] == [EMPTY, EMPTY]
    assert s.to_act == 2
    spots = {a.split()[2] for a in legal(s)}
    assert spots == {"C1", "C3", "Eg", "Sg"}


@pytest.mark.rule("SKR-BRD-04", "SKR-BRD-05")
@pytest.mark.parametrize("layout", LAYOUTS)
def test_adjacent_exactly_by_shared_edge_inside_an_island(layout: tuple[int, ...]) -> None:
    board = board_for(CAT, layout)
    grid = grid_of(board)
    bridges = raw_bridges(board)
    for x, (island, cell) in grid.items():
        for y, (other, place) in grid.items():
            if x == y:
                continue
            edge, corner = touching(cell, place)
            adjacent = y in board.adjacent[x]
            if island == other:
                assert adjacent == edge, (CAT.sites[x].id, CAT.sites[y].id)
                if corner:
                    assert not adjacent
            else:
                assert adjacent == (frozenset((x, y)) in bridges)


@pytest.mark.rule("SKR-BRD-04")
def test_an_outbid_goes_on_a_district_sharing_an_edge() -> None:
    s = position(built={"Nd": (1, 16)})
    play(s, "bid 42 Ne")
    assert legal(s) == [f"bid {v} {x}" for v in (44, 56, 72, 84, 108) for x in ("Na", "Nf", "Ni")] + ["pass"]
    play(s, "bid 44 Nf")
    assert {a.split()[2] for a in legal(s) if a != "pass"} == {"Nb", "Ng", "Nj"}


@pytest.mark.rule("SKR-BRD-05")
def test_no_outbid_across_a_corner_or_an_airship() -> None:
    board = board_for(CAT, (0, 1, 2, 3))
    cells = grid_of(board)
    across = set()
    for group in board.airships:
        for x in group:
            for y in group:
                if touching(cells[x][1], cells[y][1])[1]:
                    assert y not in board.adjacent[x]
                    across.add(names((x, y)))
    assert {
        frozenset(("Ne", "Nj")),
        frozenset(("Nf", "Ni")),
        frozenset(("Ni", "Nn")),
        frozenset(("Nj", "Nm")),
    } <= across
    s = position(built={"Nd": (1, 16)})
    play(s, "bid 42 Ne")
    before = s.snapshot()
    for target in ("Nj", "Nb"):  # across the airship e/f/i/j; a plain corner
        with pytest.raises(IllegalAction, match="a bid must go next to the most recent bid, on Ne"):
            checked(s, f"bid 44 {target}")
        assert s.snapshot() == before
    s = position()
    play(s, "bid 42 C1")
    with pytest.raises(IllegalAction, match="next to the most recent bid, on C1"):
        checked(s, "bid 44 C4")  # the Central Island's diagonal


@pytest.mark.rule("SKR-BRD-06")
def test_districts_joined_by_a_bridge_are_adjacent() -> None:
    board = board_for(CAT, (0, 1, 2, 3))
    assert {names(pair) for pair in board.bridges} == {
        frozenset(("C1", "Ng")),
        frozenset(("C2", "Eg")),
        frozenset(("C3", "Wg")),
        frozenset(("C4", "Sg")),
    }
    assert names(board.adjacent[d("C1")]) == {"C2", "C3", "Ng"}
    assert names(board.adjacent[d("Ng")]) == {"Nc", "Nf", "Nk", "C1"}
    # with only the North and East islands, C3 (West) and C4 (South) have no bridge
    two = board_for(CAT, (0, 1, EMPTY, EMPTY))
    assert names(two.adjacent[d("C3")]) == {"C1", "C4"} and names(two.adjacent[d("C4")]) == {"C2", "C3"}
    s = position(players=2)
    play(s, "bid 42 C1")
    assert {a.split()[2] for a in legal(s) if a != "pass"} == {"C2", "C3", "Ng"}
    play(s, "bid 44 Ng")  # across the bridge
    assert {a.split()[2] for a in legal(s) if a != "pass"} == {"Nc", "Nf", "Nk"}


@pytest.mark.rule("SKR-BRD-07")
@pytest.mark.parametrize("layout", LAYOUTS)
def test_islands_meet_only_through_bridges(layout: tuple[int, ...]) -> None:
    board = board_for(CAT, layout)
    crossings = set()
    for x in board.in_play:
        for y in board.adjacent[x]:
            assert board.live[y]
            if board.island[x] != board.island[y]:
                assert 0 in (board.island[x], board.island[y])  # never Outer to Outer
                crossings.add(frozenset((x, y)))
    assert crossings == {frozenset(pair) for pair in board.bridges} == raw_bridges(board)
    assert len(crossings) == len(board.islands) - 1


@pytest.mark.rule("SKR-SET-11")
@pytest.mark.parametrize("layout", LAYOUTS)
def test_features_of_the_islands_in_play(layout: tuple[int, ...]) -> None:
    board = board_for(CAT, layout)
    template = RAW["template"]
    airships = [sorted(a["cells"]) for a in RAW["airship"]]
    outer = [(island, CAT.slots[island - 1]) for island, _ in board.islands[1:]]
    assert names(x for x in range(len(CAT.sites)) if board.waterfall[x]) == {
        slot + k for _, slot in outer for k in template["waterfalls"]
    }
    assert sorted(sorted(CAT.sites[x].id for x in group) for group in board.airships) == sorted(
        [slot + k for k in cells] for _, slot in outer for cells in airships
    )
    assert all(board.island[group[0]] == board.island[x] for group in board.airships for x in group)
    assert names(x for x in range(len(CAT.sites)) if board.bridge_end[x]) == {
        name for pair in raw_bridges(board) for name in names(pair)
    }
    assert names(x for x in range(len(CAT.sites)) if board.central[x]) == {"C1", "C2", "C3", "C4"}
