"""Skyrise setup (SKR-SET-*): player counts, islands, discs, cards, tiles, Keys, Buildings, first player.

Counts the clauses state are written out here as the expectation; the reconstructed
values ([R]) are checked against the loaded data, so replacing the data with the
printed values makes these tests fail loudly where they differ.
"""

from __future__ import annotations

from collections import Counter

import pytest

from skyhall.core.engine import play as checked
from skyhall.core.errors import IllegalAction
from skyhall.core.state import EMPTY
from skyhall.games import skyrise
from skyhall.games.skyrise.bid import remaining
from skyhall.games.skyrise.cards import COLOURS, HEIGHTS, PATRON, WILD
from skyhall.games.skyrise.setup import disc_bag
from skyhall.games.skyrise.state import State
from skyhall.games.skyrise.steps import BID, KEEP, OPEN
from skyhall.games.skyrise.text import render, turn_summary
from tests.games.skyrise.position import CAT, legal, play, position

SEEDS = range(40)
ERA_ONE = {0: (14, 26, 42, 54, 78, 82, 106)}
"""Seat 0's undotted Buildings by bid value."""


def disc_counts(players: int) -> dict[str, int]:
    """The clauses' disc set after the removals, by kind (SKR-SET-04 to SKR-SET-07)."""
    district = {4: 10, 3: 7, 2: 5}[players]
    patron = {4: 4, 3: 4, 2: 2}[players]
    wild = {4: 2, 3: 1, 2: 2}[players]
    commissions = {4: 2, 3: 1, 2: 2}[players]
    counts = {colour: district for colour in COLOURS}
    counts |= {f"patron {letter}": patron for letter in "ABCD"}
    return counts | {"wild": wild, "commissions": commissions}


def disc_name(code: int) -> str:
    if code < PATRON:
        return COLOURS[code]
    if code < WILD:
        return f"patron {CAT.letters[code - PATRON]}"
    return "wild" if code == WILD else "commissions"


def on_board(s: State) -> Counter[str]:
    return Counter(disc_name(s.discs[x]) for x in s.board.in_play)


def end_era_one(players: int) -> State:
    """Seat 0 builds its seventh and last undotted Building (106 on C1); the others have nothing built."""
    built = {f"N{letter}": (0, value) for letter, value in zip("abcdef", ERA_ONE[0][:6], strict=True)}
    s = position(players=players, built=built)
    play(s, "bid 106 C1")
    while s.step == BID:
        play(s, "pass")
    assert s.era == 2 and s.step == KEEP
    return s


@pytest.mark.rule("SKR-SET-01")
def test_two_three_or_four_players() -> None:
    for players in (2, 3, 4):
        s = skyrise.new_game(players, 3)
        assert s.players == players
        assert len(s.pool) == len(s.hands) == len(s.prestige) == players
    for players in (0, 1, 5, 6):
        with pytest.raises(ValueError, match=f"Skyrise takes 2 to 4 players, not {players}"):
            skyrise.new_game(players, 3)


@pytest.mark.rule("SKR-SET-02")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_one_outer_island_per_player_in_random_positions(players: int) -> None:
    layouts = [skyrise.new_game(players, seed).board.layout for seed in SEEDS]
    for layout in layouts:
        tiles = [tile for tile in layout if tile != EMPTY]
        assert len(tiles) == len(set(tiles)) == players
    if players < 4:
        slots_used = {tuple(tile != EMPTY for tile in layout) for layout in layouts}
        assert len(slots_used) > 1  # which slots hold an island changes from game to game
    assert len({tuple(layout) for layout in layouts}) > 3  # which tile lies where changes too
    s = skyrise.new_game(players, 11)
    placed = [
        f"{CAT.tile_ids[tile]} in the {CAT.slot_names[slot]}"
        for slot, tile in enumerate(s.board.layout)
        if tile != EMPTY
    ]
    assert s.log_for(None)[0] == f"Outer Islands: {', '.join(placed)}."


@pytest.mark.rule("SKR-SET-02")
@pytest.mark.parametrize("players", [2, 3])
def test_which_outer_islands_are_used_is_random_too(players: int) -> None:
    """With fewer than 4 players the islands left out are drawn at random, not always the last tiles."""
    used = [
        frozenset(t for t in skyrise.new_game(players, seed).board.layout if t != EMPTY) for seed in SEEDS
    ]
    assert set().union(*used) == set(range(len(CAT.tiles)))  # every tile plays in some game
    assert len(set(used)) > 2


@pytest.mark.rule("SKR-SET-03")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_central_island_is_always_in_the_middle_bridged_to_every_outer_island(players: int) -> None:
    for seed in range(10):
        board = skyrise.new_game(players, seed).board
        central = [x for x in board.in_play if board.island[x] == 0]
        assert [CAT.sites[x].id for x in central] == ["C1", "C2", "C3", "C4"]
        assert board.islands[0] == (0, tuple(central))
        outer = [island for island, _ in board.islands[1:]]
        assert sorted(outer) == [1 + slot for slot, tile in enumerate(board.layout) if tile != EMPTY]
        # one bridge per Outer Island, from the Central district facing its slot
        assert sorted(board.island[o] for _, o in board.bridges) == outer
        for inner, outer_end in board.bridges:
            slot = board.island[outer_end] - 1
            assert inner == CAT.central[CAT.central_bridges[slot]]
        # a Central district whose slot is empty has no bridge
        for slot, tile in enumerate(board.layout):
            inner = CAT.central[CAT.central_bridges[slot]]
            assert board.bridge_end[inner] == (tile != EMPTY)


@pytest.mark.rule("SKR-SET-04")
def test_the_full_disc_set() -> None:
    assert CAT.discs == (10, 4, 2, 2)
    full = Counter(disc_name(code) for code in disc_bag(CAT, 4))
    assert full == disc_counts(4)
    assert sum(full.values()) == 40 + 16 + 2 + 2


@pytest.mark.rule("SKR-SET-05", "SKR-SET-06", "SKR-SET-07", "SKR-SET-08")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_discs_after_removals_one_on_every_district(players: int) -> None:
    assert Counter(disc_name(code) for code in disc_bag(CAT, players)) == disc_counts(players)
    boards = []
    for seed in range(10):
        s = skyrise.new_game(players, seed)
        assert on_board(s) == disc_counts(players)
        for x in range(len(CAT.sites)):
            assert (s.discs[x] != EMPTY) == s.board.live[x]  # exactly one on each district in play
        boards.append(tuple(s.discs))
    assert len(set(boards)) == len(boards)  # drawn at random


@pytest.mark.rule("SKR-SET-05", "SKR-SET-06", "SKR-SET-07")
def test_the_removals_in_the_data() -> None:
    # (District per colour, Patron per letter, Wild, Commissions) returned to the box
    assert CAT.removals == {4: (0, 0, 0, 0), 3: (3, 0, 1, 1), 2: (5, 2, 0, 0)}


@pytest.mark.rule("SKR-SET-09", "SKR-SET-10")
@pytest.mark.parametrize(("players", "districts"), [(2, 32), (3, 46), (4, 60)])
def test_discs_left_equal_districts_in_play(players: int, districts: int) -> None:
    assert len(disc_bag(CAT, players)) == districts
    s = skyrise.new_game(players, 5)
    assert len(s.board.in_play) == districts
    sizes = [len(ds) for _, ds in s.board.islands]
    assert sizes == [4] + [14] * players
    assert sum(s.discs[x] != EMPTY for x in range(len(CAT.sites))) == districts


@pytest.mark.rule("SKR-SET-11")
def test_reconstructed_board_shape() -> None:
    assert CAT.reconstructed
    # Central Island: a 2 x 2 block, one district of each colour, each bridged to the slot it faces.
    cells = {CAT.sites[x].id: (CAT.sites[x].row, CAT.sites[x].col) for x in CAT.central}
    assert cells == {"C1": (0, 0), "C2": (0, 1), "C3": (1, 0), "C4": (1, 1)}
    assert [COLOURS[c] for c in CAT.central_colours] == ["yellow", "green", "white", "brown"]
    faces = {
        "N": lambda r, c: r == 0,
        "S": lambda r, c: r == 1,
        "W": lambda r, c: c == 0,
        "E": lambda r, c: c == 1,
    }
    for slot, cell in zip(CAT.slots, CAT.central_bridges, strict=True):
        assert faces[slot](*cells[f"C{cell + 1}"]), slot
    assert sorted(CAT.central_bridges) == [0, 1, 2, 3]
    # The Outer Island template:  . a b c / d e f g / h i j k / l m n .
    template = {site.id[1]: (site.row, site.col) for site in CAT.sites if site.island == 1}
    grid = [
        [next((k for k, rc in template.items() if rc == (r, c)), ".") for c in range(4)] for r in range(4)
    ]
    assert ["".join(row) for row in grid] == [".abc", "defg", "hijk", "lmn."]
    letters = "abcdefghijklmn"
    # the bridge is the middle district of the side facing the Central Island (column 3: c, g, k)
    assert letters[CAT.template_bridge] == "g"
    side = sorted((r, k) for k, (r, c) in template.items() if c == 3)
    assert [k for _, k in side][1] == "g"
    # two waterfall districts and two airships on inner junctions (four districts around a point)
    assert [letters[x] for x in CAT.template_waterfalls] == ["d", "k"]
    assert [sorted(letters[x] for x in a) for a in CAT.template_airships] == [list("efij"), list("ijmn")]
    for airship in CAT.template_airships:
        rows = {template[letters[x]][0] for x in airship}
        cols = {template[letters[x]][1] for x in airship}
        assert len(rows) == len(cols) == 2 and max(rows) - min(rows) == max(cols) - min(cols) == 1
    # colours rotate from tile to tile, giving 15 districts of each colour with 4 players
    for k, tile in enumerate(CAT.tiles):
        assert tile == tuple((c + k) % 4 for c in CAT.tiles[0])
        assert sorted(Counter(tile).values()) == [3, 3, 4, 4]
    board = skyrise.new_game(4, 0).board
    assert Counter(board.colour[x] for x in board.in_play) == {0: 15, 1: 15, 2: 15, 3: 15}


@pytest.mark.rule("SKR-SET-12")
@pytest.mark.parametrize(("players", "dealt"), [(2, 5), (3, 3), (4, 3)])
def test_wonder_cards_dealt(players: int, dealt: int) -> None:
    assert (CAT.wonders_dealt, CAT.wonders_dealt_two) == (3, 5)
    deals = set()
    for seed in range(10):
        s = skyrise.new_game(players, seed)
        cards = [c for hand in s.hands for c in hand]
        assert [len(hand) for hand in s.hands] == [dealt] * players
        assert len(set(cards)) == dealt * players and set(cards) <= set(range(20))
        assert all(list(hand) == sorted(hand) for hand in s.hands)
        for seat, hand in enumerate(s.hands):
            numbers = ", ".join(str(c + 1) for c in hand)
            assert s.log_for(seat)[2 + seat].startswith(f"You are dealt Wonder cards {numbers} and")
        deals.add(tuple(s.hands))
    assert len(deals) == 10  # shuffled


@pytest.mark.rule("SKR-SET-13")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_one_secret_objective_each(players: int) -> None:
    deals = set()
    for seed in range(20):
        s = skyrise.new_game(players, seed)
        assert len(set(s.objectives)) == players and set(s.objectives) <= {0, 1, 2, 3}
        for seat in range(players):
            objective = CAT.objectives[s.objectives[seat]]
            assert f"Secret Objective {objective.id} " in s.log_for(seat)[2 + seat]
        deals.add(tuple(s.objectives))
    assert len(deals) > 5


@pytest.mark.rule("SKR-SET-14")
def test_the_island_control_card_is_public() -> None:
    """What the card says (its prestige from the data) is on every table, a spectator's included."""
    assert CAT.control_points == 5
    summary = " ".join(turn_summary().split())  # whatever its line breaks
    assert "island control (5 per island: most tall, then medium, then short)" in summary
    s = skyrise.new_game(3, 1)
    for seat in (0, 2, None):
        view = s.view(seat)
        assert view.to_dict()["island_control"] == 5
        table = " ".join(" ".join(body for _, body in render(view)).split())  # whatever its line breaks
        assert "Island control (scored at the end of each Era): 5 prestige per island" in table


@pytest.mark.rule("SKR-SET-15")
def test_two_panoramas_face_up_the_rest_out() -> None:
    assert (len(CAT.panoramas), CAT.panoramas_drawn) == (5, 2)
    drawn = set()
    for seed in range(30):
        s = skyrise.new_game(3, seed)
        assert len(s.panoramas) == len(set(s.panoramas)) == 2
        names = [CAT.panoramas[p].name for p in s.panoramas]
        assert s.log_for(None)[1] == f"Panorama cards: {names[0]} and {names[1]}."
        for seat in (None, 0, 1, 2):
            assert s.view(seat).to_dict()["panoramas"] == [CAT.panoramas[p].id for p in s.panoramas]
        drawn.add(frozenset(s.panoramas))
    assert len(drawn) > 5


@pytest.mark.rule("SKR-SET-16")
def test_patron_tiles_shuffled_face_down() -> None:
    orders = set()
    for seed in range(30):
        s = skyrise.new_game(4, seed)
        assert sorted(s.tiles) == [3, 5, 7, 9]
        for seat in (None, 0, 1, 2, 3):
            assert s.view(seat).to_dict()["patron_tiles"] == {"A": None, "B": None, "C": None, "D": None}
        orders.add(s.tiles)
    assert len(orders) > 10


@pytest.mark.rule("SKR-SET-17")
def test_reconstructed_patron_values() -> None:
    assert CAT.letters == ("A", "B", "C", "D")
    assert CAT.patron_values == (3, 5, 7, 9)


@pytest.mark.rule("SKR-SET-18")
@pytest.mark.parametrize(("players", "keys"), [(2, [8]), (3, [4, 8]), (4, [4, 8])])
def test_large_key_always_small_key_from_three_players(players: int, keys: list[int]) -> None:
    assert (CAT.large_key, CAT.small_key, CAT.small_key_from) == (8, 4, 3)
    s = end_era_one(players)
    held = [key for seat in range(players) for key in s.keys[seat]]
    assert sorted(held) == keys
    assert all(len(k) <= 1 for k in s.keys)
    assert s.keys[0] == ()  # seat 0 leads; the Keys go to the least prestige


@pytest.mark.rule("SKR-SET-19")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_player_setup(players: int) -> None:
    s = skyrise.new_game(players, 2)
    for seat in range(players):
        assert sorted((*s.pool[seat], *s.reserve[seat])) == list(CAT.sets[seat])
        assert all(CAT.buildings[x].owner == seat for x in CAT.sets[seat])
        assert len(CAT.sets[seat]) == 12
        assert remaining(s, seat) == 12 + (2 if players == 2 else 1)  # 12 Buildings and the Wonder(s)
        assert s.built[seat] == () and s.wonders[seat] == ()
        assert s.prestige[seat] == s.spare[seat] == 0 and s.ledger[seat] == ()
        assert s.rows[seat] == (0, 0, 0, 0) and s.excess[seat] == 0 and s.keys[seat] == ()
    assert [board["prestige"] for board in s.view(None).to_dict()["players_boards"]] == [0] * players


@pytest.mark.rule("SKR-SET-20")
@pytest.mark.parametrize(("players", "wonders"), [(2, 2), (3, 1), (4, 1)])
def test_two_wonders_each_in_a_two_player_game(players: int, wonders: int) -> None:
    s = skyrise.new_game(players, 4)
    assert [remaining(s, seat) for seat in range(players)] == [12 + wonders] * players
    extra = f", and takes a second Wonder ({wonders} in all)." if wonders == 2 else "."
    assert s.log_for(None)[2].endswith(
        f"dealt {5 if players == 2 else 3} Wonder cards and a Secret Objective{extra}"
    )
    s = end_era_one(players)
    for seat in range(players):
        assert s.to_act == seat
        for _ in range(wonders):
            checked(s, f"keep {s.hands[seat][0] + 1}")
    assert s.revealed
    assert [len(s.wonders[seat]) for seat in range(players)] == [wonders] * players
    assert [len(s.chosen[seat]) for seat in range(players)] == [wonders] * players
    assert [board["spare"] for board in s.view(None).to_dict()["players_boards"]] == [0] * players


@pytest.mark.rule("SKR-SET-21", "SKR-SET-22")
def test_heights_per_set_and_era() -> None:
    for owned in CAT.sets:
        heights = Counter(HEIGHTS[CAT.buildings[x].height] for x in owned)
        assert heights == {"short": 4, "medium": 5, "tall": 3}
        undotted = Counter(HEIGHTS[CAT.buildings[x].height] for x in owned if CAT.buildings[x].era == 1)
        dotted = Counter(HEIGHTS[CAT.buildings[x].height] for x in owned if CAT.buildings[x].era == 2)
        assert undotted == {"short": 2, "medium": 4, "tall": 1}
        assert dotted == {"short": 2, "medium": 1, "tall": 2}


@pytest.mark.rule("SKR-SET-23")
def test_only_undotted_buildings_are_available_at_the_start() -> None:
    s = skyrise.new_game(3, 9, {"first_player": 0})
    for seat in range(3):
        assert s.pool[seat] == tuple(x for x in CAT.sets[seat] if CAT.buildings[x].era == 1)
        assert s.reserve[seat] == tuple(x for x in CAT.sets[seat] if CAT.buildings[x].era == 2)
        assert s.wonders[seat] == ()
    assert s.step == OPEN
    assert legal(s) == [f"bid {v} {x}" for v in ERA_ONE[0] for x in ("C1", "C2", "C3", "C4")]
    before = s.snapshot()
    with pytest.raises(IllegalAction, match="Building 38 is dotted: it is only available in Era 2"):
        checked(s, "bid 38 C1")
    assert s.snapshot() == before


@pytest.mark.rule("SKR-SET-24")
def test_bid_values_unique_and_wonders_have_none() -> None:
    values = [x.value for x in CAT.buildings]
    assert len(values) == len(set(values)) == 48
    assert all(not hasattr(card, "value") for card in CAT.wonders)
    # a Wonder carries no value: placing it next to the highest bid of the game involves no comparison
    s = position(players=2, era=2, kept={0: [7, 9], 1: [12, 13]})
    play(s, "bid 118 C1")
    assert legal(s) == [f"wonder {c} {x}" for c in (12, 13) for x in ("C2", "C3", "Ng")] + ["pass"]


@pytest.mark.rule("SKR-SET-25", "SKR-SET-26")
def test_one_building_per_band_with_the_reconstructed_values() -> None:
    expected = [
        [2, 14, 26, 38, 42, 54, 66, 78, 82, 94, 106, 118],
        [4, 16, 28, 32, 44, 56, 68, 72, 84, 96, 108, 112],
        [6, 18, 22, 34, 46, 58, 62, 74, 86, 98, 102, 114],
        [8, 12, 24, 36, 48, 52, 64, 76, 88, 92, 104, 116],
    ]
    assert [[CAT.buildings[x].value for x in owned] for owned in CAT.sets] == expected
    for owned in CAT.sets:
        assert [(CAT.buildings[x].value - 1) // 10 for x in owned] == list(range(12))


@pytest.mark.rule("SKR-SET-27")
def test_reconstructed_heights_and_eras_by_band() -> None:
    for owned in CAT.sets:
        bands = [CAT.buildings[x] for x in owned]
        assert [HEIGHTS[x.height] for x in bands] == ["short"] * 4 + ["medium"] * 5 + ["tall"] * 3
        assert [k for k, x in enumerate(bands) if x.era == 2] == [0, 3, 6, 9, 11]


@pytest.mark.rule("SKR-SET-28")
def test_a_random_player_opens_the_first_auction() -> None:
    openers: Counter[int] = Counter()
    for seed in SEEDS:
        s = skyrise.new_game(4, seed)
        assert s.step == OPEN and s.to_act == s.first == s.opener
        assert s.log_for(None)[-1] == f"Player {s.first + 1} opens the first auction."
        openers[s.first] += 1
    assert set(openers) == {0, 1, 2, 3}
    assert skyrise.new_game(3, 0, {"first_player": 2}).to_act == 2
    with pytest.raises(ValueError, match="first_player must be a seat from 0 to 2"):
        skyrise.new_game(3, 0, {"first_player": 3})
