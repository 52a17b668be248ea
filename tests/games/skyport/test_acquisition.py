"""The Acquisition phase (ACQ): the walk, the card gained on each kind of space, sets and refills.

Each scenario starts with seat 0 (first player) having just played Station S03
(Player Movement 3) at the right end of its skyport, so the next decision is the walk;
the standee is put on the space before the one the test wants (``-1`` is the
Promenade). Spaces are 0-based here as in the engine: 0 Tycoon, 1 Movement, 2 Station
(left deck), 3 Colours, 4 Tycoon, 5 Movement, 6 Station (right deck), 7 Icons.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from skyhall.core.errors import IllegalAction
from skyhall.games.skyport import text
from skyhall.games.skyport.actions import TakeTycoon
from skyhall.games.skyport.cards import DIPLOMAT, MERCHANT, TYCOON, TYCOON_KINDS
from skyhall.games.skyport.lane import Position
from skyhall.games.skyport.state import State
from skyhall.games.skyport.steps import CHOOSE_CARD, SPACE_MOVE, TAKE, WALK
from tests.games.skyport.position import CAT, berth, idx, lane, legal, play, position, with_deck

NONE = -1
PROMENADE = -1
TYCOON_SPACES = (0, 4)
MOVEMENT_SPACES = (1, 5)
STATION_SPACES = ((2, 0), (6, 1))
"""(space, the station deck it takes from)"""
COLOURS_SPACE, ICONS_SPACE = 3, 7
CHOICE_SPACES = (0, 2, 4, 6)
"""Tycoon and Station spaces: the player chooses what to take."""

BOARD = {0: "G1", 1: "R1", 2: "G2", 3: "Y1", 4: "G7", 5: "O1", 6: "G8", 7: "O2"}
"""The airship beside each space in every scenario (unless a test says otherwise)."""
ROW = ["B2", "S01", "P3"]
"""Passenger and navigation but no cargo, two colours: no set is complete."""
ALL_TAKES = ["take airship", *(f"take {kind}" for kind in TYCOON_KINDS)]


def walking(
    row: Sequence[str | Position] = ROW,
    standee: int = PROMENADE,
    keep: str = "B8",
    board: Mapping[int, str | None] | None = None,
    players: int = 2,
    station: str = "S03",
) -> State:
    """Seat 0 has played ``station`` at the right end, holds ``keep`` and must now walk."""
    s = position(
        players,
        rows={0: row},
        hands={0: [station, keep], 1: ["P7", "Y8"]},
        board={**BOARD, **(board or {})},
    )
    s.standees[0] = standee
    play(s, f"play {station}", "place right")
    assert s.step == WALK and s.current == 0
    return s


def hand(s: State, seat: int = 0) -> tuple[str, ...]:
    return tuple(CAT.cards[c].id for c in s.hands[seat])


def ids(stack: Sequence[int]) -> tuple[str, ...]:
    return tuple(CAT.cards[c].id for c in stack)


def refused(s: State, notation: str) -> None:
    """``notation`` is refused and the position is exactly as before."""
    before = s.snapshot()
    with pytest.raises(IllegalAction):
        play(s, notation)
    assert s.snapshot() == before


# -- the walk ------------------------------------------------------------------------------


@pytest.mark.rule("GCS-ACQ-01")
def test_the_walk_is_one_to_the_played_cards_player_movement() -> None:
    s = walking()
    assert s.base_move == CAT.cards[idx("S03")].movement == 3
    assert legal(s) == ["walk 1", "walk 2", "walk 3"]
    for wrong in ("walk 0", "walk 4", "pass", "take airship"):
        refused(s, wrong)
    play(s, "walk 3")
    assert s.standees[0] == 2


@pytest.mark.rule("GCS-ACQ-01")
@pytest.mark.parametrize(
    ("row", "most"), [(["B2", berth("S05", "Di1")], 2), (["B2", berth("S05", "Di1"), "P2"], 3)]
)
def test_the_diplomat_bonus_raises_the_allowance(row: list[str | Position], most: int) -> None:
    # S01 has Player Movement 1; one passenger icon adds 1, two add 2.
    s = walking(row, station="S01")
    assert legal(s) == [f"walk {d}" for d in range(1, most + 1)]
    refused(s, f"walk {most + 1}")
    # Every view tells the allowance; only the walking seat's view lists the walks.
    for seat in (0, 1, None):
        view = s.view(seat)
        assert (view.allowance, view.to_dict()["allowance"]) == (most, most)
        assert view.to_dict()["legal"] == (legal(s) if seat == 0 else [])


@pytest.mark.rule("GCS-ACQ-02")
@pytest.mark.parametrize(("start", "spaces", "end"), [(7, 1, 0), (7, 3, 2), (6, 3, 1), (5, 3, 0)])
def test_the_walk_goes_on_from_space_8_to_space_1(start: int, spaces: int, end: int) -> None:
    s = walking(standee=start)
    play(s, f"walk {spaces}")
    assert s.standees[0] == end
    if end in CHOICE_SPACES:
        assert s.step == TAKE and s.space == end
    else:
        assert hand(s) == ("B8", BOARD[end])


@pytest.mark.rule("GCS-ACQ-03")
def test_standees_may_share_a_space() -> None:
    s = walking(standee=0)
    s.standees[1] = 2
    assert "walk 2" in legal(s)
    play(s, "walk 2")
    assert s.standees == [2, 2]
    assert s.step == TAKE and s.space == 2


# -- one card gained ---------------------------------------------------------------------------


@pytest.mark.rule("GCS-ACQ-04")
@pytest.mark.parametrize(
    ("space", "take", "gained"),
    [
        (0, "take airship", "G1"),
        (0, "take diplomat", "Di3"),  # the Diplomat stack in data order: Di1, Di2, Di3 on top
        (1, None, "R1"),
        (2, "take airship", "G2"),
        (2, "take station", "left deck"),
        (3, None, "Y1"),
        (4, "take airship", "G7"),
        (5, None, "O1"),
        (6, "take airship", "G8"),
        (6, "take station", "right deck"),
        (7, None, "O2"),
    ],
)
def test_exactly_one_card_is_gained(space: int, take: str | None, gained: str) -> None:
    s = walking(standee=space - 1)
    decks = [ids(d)[-1] for d in s.station_decks]
    expected = {"left deck": decks[0], "right deck": decks[1]}.get(gained, gained)
    play(s, "walk 1")
    if take is not None:
        play(s, take)
    assert hand(s) == ("B8", expected)
    assert s.current == 1


# -- Tycoon spaces -------------------------------------------------------------------------------


@pytest.mark.rule("GCS-ACQ-05")
@pytest.mark.parametrize("space", TYCOON_SPACES)
def test_a_tycoon_space_offers_its_airship_or_a_tycoon(space: int) -> None:
    s = walking(standee=space - 1)
    play(s, "walk 1")
    assert legal(s) == ALL_TAKES
    promenade = list(s.promenade)
    play(s, "take airship")
    assert hand(s) == ("B8", BOARD[space])
    assert s.promenade == promenade


@pytest.mark.rule("GCS-ACQ-05", "GCS-ACQ-06")
@pytest.mark.parametrize("kind", range(len(TYCOON_KINDS)))
def test_the_tycoon_taken_is_the_top_of_the_chosen_stack(kind: int) -> None:
    s = walking()
    play(s, "walk 1")
    stack = s.promenade[kind]
    others = [st for k, st in enumerate(s.promenade) if k != kind]
    play(s, f"take {TYCOON_KINDS[kind]}")
    assert s.hands[0] == (idx("B8"), stack[-1])
    assert s.promenade[kind] == stack[:-1]
    assert [st for k, st in enumerate(s.promenade) if k != kind] == others


@pytest.mark.rule("GCS-ACQ-06")
def test_a_merchant_is_taken_from_the_top_of_its_shuffled_stack() -> None:
    s = walking()
    s.promenade[MERCHANT] = (idx("Me2"), idx("Me3"), idx("Me1"))
    play(s, "walk 1", "take merchant")
    assert hand(s) == ("B8", "Me1")
    assert ids(s.promenade[MERCHANT]) == ("Me2", "Me3")


@pytest.mark.rule("GCS-ACQ-07")
def test_with_the_promenade_empty_the_airship_must_be_taken() -> None:
    s = walking()
    s.promenade = [() for _ in TYCOON_KINDS]
    play(s, "walk 1")  # the only choice is taken at once
    assert hand(s) == ("B8", "G1")
    assert s.current == 1


@pytest.mark.rule("GCS-ACQ-07")
def test_only_the_stacks_left_in_the_promenade_are_offered() -> None:
    s = walking()
    s.promenade[DIPLOMAT] = ()
    s.promenade[MERCHANT] = ()
    play(s, "walk 1")
    assert legal(s) == ["take airship", "take explorer", "take inventor", "take supplier"]
    refused(s, "take diplomat")


@pytest.mark.rule("GCS-ACQ-08")
def test_a_player_holding_a_tycoon_cannot_take_another() -> None:
    s = walking(keep="Di1")
    promenade = list(s.promenade)
    play(s, "walk 1")  # the airship is the only choice, so it is taken at once
    assert hand(s) == ("Di1", "G1")
    assert s.promenade == promenade
    assert s.current == 1


@pytest.mark.rule("GCS-ACQ-08")
@pytest.mark.parametrize("held", [("Di1", "B8"), ("B8", "Di1"), ("B8", "Y8", "Di1")])
def test_a_tycoon_anywhere_in_the_hand_rules_out_another(held: tuple[str, ...]) -> None:
    s = position(2, rows={0: ROW}, hands={0: ["S03", *held], 1: ["P7", "Y2"]}, board=BOARD)
    s.standees[0] = PROMENADE
    promenade = list(s.promenade)
    play(s, "play S03", "place right", "walk 1")  # space 1: the airship is the only choice
    assert hand(s) == (*held, "G1")
    assert s.promenade == promenade
    assert (s.current, s.step) == (1, CHOOSE_CARD)


@pytest.mark.rule("GCS-ACQ-08")
def test_the_tycoon_alternative_is_refused_while_one_is_held() -> None:
    # Stop before the forced take to try the refused alternative.
    s = walking(keep="Di1")
    s.standees[0] = 0
    s.space = 0
    s.step = TAKE
    s._legal = None
    assert legal(s) == ["take airship"]
    before = s.snapshot()
    with pytest.raises(IllegalAction) as refusal:
        play(s, "take diplomat")
    assert refusal.value.reason == "a player holding a Tycoon cannot take another"
    assert s.snapshot() == before


@pytest.mark.rule("GCS-ACQ-09")
def test_a_tycoon_of_a_type_already_placed_may_be_taken() -> None:
    s = walking(row=["B2", berth("S01", "Me1"), "P3"])
    play(s, "walk 1")
    assert "take merchant" in legal(s)
    # allowed, but a player is warned before the choice (the browser asks to confirm it)
    question = text.confirm(s.view(0), TakeTycoon.of(MERCHANT))
    assert question is not None and question.startswith("Take this Merchant? Your skyport already has one")
    assert [text.confirm(s.view(0), TakeTycoon.of(k)) for k in range(len(TYCOON_KINDS)) if k != MERCHANT] == [
        None
    ] * 4
    top = s.promenade[MERCHANT][-1]
    play(s, "take merchant")
    assert s.hands[0] == (idx("B8"), top)
    assert CAT.cards[top].kind == TYCOON and CAT.cards[top].tycoon == MERCHANT


# -- Movement spaces -------------------------------------------------------------------------------


@pytest.mark.rule("GCS-ACQ-10", "GCS-ACQ-12")
@pytest.mark.parametrize("space", MOVEMENT_SPACES)
def test_a_movement_space_gives_its_airship_and_without_a_lane_of_its_colour_nothing_else(space: int) -> None:
    s = walking(standee=space - 1)  # R1 beside space 1, O1 beside space 5: no red or orange lane
    row = s.rows[0]
    play(s, "walk 1")
    assert hand(s) == ("B8", BOARD[space])
    assert s.rows[0] == row
    assert s.current == 1 and s.step == CHOOSE_CARD


@pytest.mark.rule("GCS-ACQ-11")
def test_a_movement_space_lets_the_lane_of_that_colour_move_1_or_2_either_way() -> None:
    s = walking(row=["B2", "S01", "R3", "S02", "P3"], standee=0)
    play(s, "walk 1")
    assert s.step == SPACE_MOVE
    assert hand(s) == ("B8", "R1")
    assert sorted(legal(s)) == ["move 3 left 1", "move 3 left 2", "move 3 right 1", "move 3 right 2", "pass"]
    refused(s, "move 1 right 1")  # the blue lane
    refused(s, "move 3 right 3")
    play(s, "move 3 right 2")
    assert s.rows[0] == (lane("B2"), berth("S01"), berth("S02"), lane("P3"), lane("R3"), berth("S03"))
    assert s.current == 1


@pytest.mark.rule("GCS-ACQ-11")
def test_with_several_lanes_of_that_colour_the_player_picks_one() -> None:
    s = walking(row=["R3", "S01", "B2", "S02", "R2"], standee=0)
    play(s, "walk 1")
    assert sorted(legal(s)) == [
        "move 1 right 1",
        "move 1 right 2",
        "move 5 left 1",
        "move 5 left 2",
        "move 5 right 1",
        "pass",
    ]
    play(s, "move 5 left 2")
    assert s.rows[0] == (lane("R3"), berth("S01"), lane("R2"), lane("B2"), berth("S02"), berth("S03"))


@pytest.mark.rule("GCS-ACQ-11")
def test_the_movement_space_move_may_be_declined() -> None:
    s = walking(row=["B2", "S01", "R3", "S02", "P3"], standee=0)
    row = s.rows[0]
    play(s, "walk 1", "pass")
    assert s.rows[0] == row
    assert hand(s) == ("B8", "R1")
    assert s.current == 1


@pytest.mark.rule("GCS-ACQ-13")
def test_a_wild_beside_a_movement_space_grants_no_move() -> None:
    s = walking(row=["B2", "P3", "G3", "R3", "O3", "Y3"], standee=0, board={1: "W1"})
    row = s.rows[0]
    play(s, "walk 1")
    assert hand(s) == ("B8", "W1")
    assert s.rows[0] == row
    assert s.current == 1 and s.step == CHOOSE_CARD


# -- Station spaces ------------------------------------------------------------------------------------


@pytest.mark.rule("GCS-ACQ-14")
@pytest.mark.parametrize(("space", "deck"), STATION_SPACES)
def test_a_station_space_offers_its_airship_or_the_top_of_its_own_station_deck(space: int, deck: int) -> None:
    s = walking(standee=space - 1)
    decks = list(s.station_decks)
    play(s, "walk 1")
    assert legal(s) == ["take airship", "take station"]
    refused(s, "take merchant")
    play(s, "take station")
    assert s.hands[0] == (idx("B8"), decks[deck][-1])
    assert s.station_decks[deck] == decks[deck][:-1]
    assert s.station_decks[1 - deck] == decks[1 - deck]


@pytest.mark.rule("GCS-ACQ-15")
@pytest.mark.parametrize(("space", "deck"), STATION_SPACES)
def test_with_its_station_deck_empty_the_airship_must_be_taken(space: int, deck: int) -> None:
    s = walking(standee=space - 1)
    s.station_decks[deck] = ()
    other = s.station_decks[1 - deck]
    play(s, "walk 1")  # the only choice is taken at once
    assert hand(s) == ("B8", BOARD[space])
    assert s.station_decks == ([(), other] if deck == 0 else [other, ()])
    assert s.current == 1


# -- Complete Set spaces ----------------------------------------------------------------------------

SIX_COLOURS = ["B1", "P1", "G3", "R3", "O3", "Y3"]
ALL_ICONS = ["B2", "P3", "G4"]  # passenger, navigation, cargo


@pytest.mark.rule("GCS-ACQ-16")
@pytest.mark.parametrize(
    ("space", "row", "owned"),
    [
        (COLOURS_SPACE, ROW, (NONE, NONE)),
        (COLOURS_SPACE, SIX_COLOURS, (10, NONE)),
        (ICONS_SPACE, ROW, (NONE, NONE)),
        (ICONS_SPACE, ALL_ICONS, (NONE, 7)),
    ],
)
def test_a_set_space_gives_its_airship_with_or_without_the_set(
    space: int, row: list[str], owned: tuple[int, int]
) -> None:
    s = walking(row=row, standee=space - 1, players=4)
    play(s, "walk 1")
    assert hand(s) == ("B8", BOARD[space])
    assert s.owned[0] == owned
    assert s.current == 1


@pytest.mark.rule("GCS-ACQ-17")
@pytest.mark.parametrize(
    ("row", "owned"),
    [
        (["B2", "P3", "G4"], (NONE, 7)),
        (["B2", "S01", lane("P3", "P2"), "G4", "R9"], (NONE, 7)),  # more than one of an icon
        (["B1", "P3", "G4"], (NONE, NONE)),  # no passenger
        (["B2", "P1", "G4"], (NONE, NONE)),  # no navigation
        (["B2", "P3", "G1"], (NONE, NONE)),  # no cargo
    ],
)
def test_the_icons_set_needs_a_passenger_a_navigation_and_a_cargo_icon(
    row: list[str | Position], owned: tuple[int, int]
) -> None:
    s = walking(row=row, standee=ICONS_SPACE - 1, players=4, board={1: "R2"})
    play(s, "walk 1")
    assert s.owned[0] == owned


@pytest.mark.rule("GCS-ACQ-18")
@pytest.mark.parametrize(
    ("row", "owned"),
    [
        (SIX_COLOURS, (10, NONE)),
        (["B1", "S01", lane("P1", "P2"), "G3", "R3", "S02", "O3", "Y3", "B3"], (10, NONE)),
        (["B1", "P1", "G3", "R3", "O3", "B3"], (NONE, NONE)),  # no yellow
        (["B1", "P1", "G3", "R3", "Y3"], (NONE, NONE)),  # no orange
    ],
)
def test_the_colours_set_needs_airships_of_all_six_colours(
    row: list[str | Position], owned: tuple[int, int]
) -> None:
    s = walking(row=row, standee=COLOURS_SPACE - 1)
    play(s, "walk 1")
    assert s.owned[0] == owned


@pytest.mark.rule("GCS-ACQ-19")
def test_the_top_token_is_taken_so_the_next_player_gets_the_next_one() -> None:
    s = walking(row=ALL_ICONS, standee=ICONS_SPACE - 1, players=4)
    assert s.token_stacks[1] == (3, 4, 5, 7)
    play(s, "walk 1")
    assert s.owned[0] == (NONE, 7)
    assert s.token_stacks[1] == (3, 4, 5)
    # Seat 1, also with the three icons, lands on the same space next.
    s.rows[1] = (lane("R2"), lane("O3"), lane("Y4"))
    s.hands[1] = (idx("S06"), idx("Y8"))
    s.standees[1] = ICONS_SPACE - 1
    s._legal = None
    play(s, "play S06", "place right", "walk 1")
    assert s.owned[1] == (NONE, 5)
    assert s.token_stacks[1] == (3, 4)
    assert s.owned[0] == (NONE, 7)


@pytest.mark.rule("GCS-ACQ-20")
@pytest.mark.parametrize(
    ("space", "row", "owned", "stacks"),
    [
        (ICONS_SPACE, ALL_ICONS, (NONE, 7), [(4, 6, 8, 10), (3, 4, 5)]),
        (COLOURS_SPACE, SIX_COLOURS, (10, NONE), [(4, 6, 8), (3, 4, 5, 7)]),
    ],
)
def test_a_second_token_of_a_set_type_is_never_taken(
    space: int, row: list[str], owned: tuple[int, int], stacks: list[tuple[int, ...]]
) -> None:
    s = walking(row=row, standee=space - 1, players=4)
    s.owned[0] = owned
    s.token_stacks = list(stacks)
    play(s, "walk 1")
    assert hand(s) == ("B8", BOARD[space])
    assert s.owned[0] == owned
    assert s.token_stacks == stacks


@pytest.mark.rule("GCS-ACQ-21")
@pytest.mark.parametrize(
    ("space", "row", "beside"),
    [
        (ICONS_SPACE, ["B2", "P3"], "G4"),  # the cargo icon is only on the airship taken
        (COLOURS_SPACE, ["B1", "P1", "G3", "R3", "O3"], "Y1"),  # the yellow airship is the one taken
    ],
)
def test_the_set_is_checked_without_the_card_just_taken(space: int, row: list[str], beside: str) -> None:
    s = walking(row=row, standee=space - 1, players=4, board={space: beside})
    stacks = list(s.token_stacks)
    play(s, "walk 1")
    assert hand(s) == ("B8", beside)
    assert s.owned[0] == (NONE, NONE)
    assert s.token_stacks == stacks


@pytest.mark.rule("GCS-ACQ-22")
@pytest.mark.parametrize(
    ("space", "row", "kind"), [(ICONS_SPACE, ALL_ICONS, 1), (COLOURS_SPACE, SIX_COLOURS, 0)]
)
def test_an_empty_token_stack_gives_no_token(space: int, row: list[str], kind: int) -> None:
    s = walking(row=row, standee=space - 1, players=4)
    s.token_stacks[kind] = ()
    play(s, "walk 1")
    assert hand(s) == ("B8", BOARD[space])
    assert s.owned[0] == (NONE, NONE)
    assert s.token_stacks[kind] == ()


# -- refills ---------------------------------------------------------------------------------------


@pytest.mark.rule("GCS-ACQ-23")
@pytest.mark.parametrize(
    ("space", "take"),
    [(space, "take airship" if space in CHOICE_SPACES else None) for space in range(8)],
)
def test_a_taken_airship_is_replaced_at_once_by_the_top_of_the_deck(space: int, take: str | None) -> None:
    s = with_deck(walking(standee=space - 1), ["Y7", "Y5"])
    deck = s.deck
    play(s, "walk 1")
    if take is not None:
        play(s, take)
    assert BOARD[space] in hand(s)
    assert s.board[space] == idx("Y7")
    assert s.deck == deck[:-1]
    assert [CAT.cards[c].id for c in s.board] == [BOARD[k] if k != space else "Y7" for k in range(8)]


@pytest.mark.rule("GCS-ACQ-24")
@pytest.mark.parametrize(("space", "take"), [(0, "take merchant"), (4, "take supplier"), (2, "take station")])
def test_taking_the_alternative_leaves_the_airship_and_the_deck_alone(space: int, take: str) -> None:
    s = walking(standee=space - 1)
    board, deck = list(s.board), s.deck
    play(s, "walk 1", take)
    assert BOARD[space] not in hand(s)
    assert s.board == board
    assert s.deck == deck
