"""The end of the game (END): the seventh take-off, the rounds it finishes, the final take-off.

Every game here is driven to a real seventh take-off: a position gives the triggering seat six
planes already taken off and a ready plane, and the turn is played through the checked
``play()``. The turns after it are played by :func:`auto` (decline every optional step, else the
first choice), which never takes off, so the order of turns is all that changes.

The final take-off scenario (:func:`final_scenario`) plays the last round with explicit choices;
the dice that come off the load spaces are picked from the state (never a hard-coded roll), always
of a colour that fits none of the planes under test, and put on the Airport.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from skyhall.core.errors import IllegalAction
from skyhall.core.state import EMPTY
from skyhall.games.airport_rush import die
from skyhall.games.airport_rush.plane import Docked
from skyhall.games.airport_rush.state import State
from skyhall.games.airport_rush.steps import DRAW, FINAL_LOAD, PLACE_DIE, PLAY_CARD, TAKE_OFF
from tests.games.airport_rush.position import CAT, dice, idx, legal, play, position, with_deck

SIX = {
    0: ["BR3", "BR4", "BR5", "BR7", "US3", "US5"],
    1: ["US6", "US7", "UK3", "UK4", "UK7", "FR1"],
    2: ["FR2", "FR3", "FR5", "FR6", "FR7", "DE1"],
    3: ["DE2", "DE4", "DE5", "DE6", "DE7", "IT1"],
}
"""Six planes already taken off, per seat (disjoint)."""
READY = ("US2", "b4 y4")
"""US2: a blue slot and a 4 slot, target 8: b4 + y4 is ready."""
TRIGGER = "has taken off 7 planes: the round is finished, then one last round."
LAST_ROUND = "Last round: everyone plays one more turn."
FINAL = "The last round is over: final take-off."


def ids(cards: Sequence[int]) -> list[str]:
    return [CAT.cards[c].id for c in cards]


def auto(s: State) -> str:
    """One decision: ``pass`` where offered, else the first legal choice (never a take-off)."""
    options = legal(s)
    choice = "pass" if "pass" in options else options[0]
    assert not choice.startswith("takeoff")
    play(s, choice)
    return choice


def until_step(s: State, step: int) -> None:
    while s.step != step:
        auto(s)


def remaining_turns(s: State, most: int = 40) -> list[int]:
    """The seat of every turn from the current one on, played by :func:`auto`, until the game is over."""
    seats = [s.current]
    turn = s.turn
    while not s.is_over:
        auto(s)
        if not s.is_over and s.turn != turn:
            turn = s.turn
            seats.append(s.current)
        assert len(seats) <= most, "the game does not end"
    return seats


def triggering(players: int, seat: int) -> State:
    """Seat ``seat``'s turn, with six planes taken off and US2 ready at Departure 1."""
    return position(players, departure={seat: [READY, "UK5", "AR1"]}, taken={seat: SIX[seat]}, current=seat)


def take_off_in_action_3(s: State, plane: int = 1) -> None:
    until_step(s, TAKE_OFF)
    play(s, f"takeoff {plane}")


def count(s: State, text: str) -> int:
    return sum(text in line for line in s.log_for(None))


# -- the trigger and the turns after it ----------------------------------------------------------


@pytest.mark.rule("ARU-END-01", "ARU-END-02", "ARU-END-03")
@pytest.mark.parametrize(
    ("players", "seat", "after"),
    [
        (2, 0, [1, 0, 1]),  # first of the round: the round is finished, then a full round
        (2, 1, [0, 1]),  # last of the round: one more full round only
        (3, 0, [1, 2, 0, 1, 2]),
        (3, 1, [2, 0, 1, 2]),  # mid-round
        (3, 2, [0, 1, 2]),
        (4, 0, [1, 2, 3, 0, 1, 2, 3]),
        (4, 2, [3, 0, 1, 2, 3]),
        (4, 3, [0, 1, 2, 3]),
    ],
)
def test_a_seventh_take_off_finishes_the_round_then_everyone_plays_one_more_turn(
    players: int, seat: int, after: list[int]
) -> None:
    s = triggering(players, seat)
    take_off_in_action_3(s)
    assert len(s.taken[seat]) == 7
    assert count(s, f"Player {seat + 1} {TRIGGER}") == 1
    assert (s.current, s.turn) == (seat, seat)  # the triggering turn itself goes on as usual
    assert remaining_turns(s) == [seat, *after]
    assert count(s, LAST_ROUND) == 1
    assert count(s, FINAL) == 1


@pytest.mark.rule("ARU-END-02", "ARU-END-03")
@pytest.mark.parametrize(("players", "seat", "after"), [(2, 0, [1, 0, 1]), (3, 1, [2, 0, 1, 2])])
def test_the_round_is_counted_from_the_first_player_in_any_round(
    players: int, seat: int, after: list[int]
) -> None:
    s = triggering(players, seat)
    s.turn += 2 * players  # the same seat, two rounds later
    take_off_in_action_3(s)
    assert s.last_turn == s.turn + len(after)
    assert remaining_turns(s) == [seat, *after]


@pytest.mark.rule("ARU-END-01", "ARU-TKO-07")
def test_a_seventh_take_off_through_control_triggers_the_end_once() -> None:
    # Seat 1 of 3 holds CONTROL and two ready planes: the first take-off is its 7th, the second its 8th.
    s = position(
        3,
        departure={1: [READY, ("UK5", "y2 r6"), "AR1"]},
        taken={1: SIX[1]},
        hands={1: ["control", "CA3", "CA5", "CA6"]},
        current=1,
    )
    until_step(s, PLAY_CARD)
    play(s, "play control")
    assert (s.step, s.takeoff_limit) == (TAKE_OFF, 2)
    play(s, "takeoff 1")
    assert s.last_turn == 5  # turn 1 triggers: turn 2 finishes the round, turns 3-5 are the last round
    play(s, "takeoff 2")
    assert len(s.taken[1]) == 8
    assert ids(s.taken[1][-2:]) == ["US2", "UK5"]
    assert s.last_turn == 5
    assert count(s, TRIGGER) == 1
    assert remaining_turns(s) == [1, 2, 0, 1, 2]


@pytest.mark.rule("ARU-END-01", "ARU-END-03", "ARU-EVT-14")
@pytest.mark.parametrize(
    ("players", "active", "after"),
    [
        (2, 0, [1, 0, 1]),  # seat 1 triggers during seat 0's turn
        (3, 1, [2, 0, 1, 2]),  # seat 2 triggers during seat 1's turn, before its own turn
        (3, 2, [0, 1, 2]),  # during the last turn of the round
    ],
)
def test_a_seventh_take_off_through_rush_hour_by_a_player_who_is_not_active(
    players: int, active: int, after: list[int]
) -> None:
    trigger = (active + 1) % players
    s = position(
        players, departure={trigger: [READY, "UK5", "AR1"]}, taken={trigger: SIX[trigger]}, current=active
    )
    with_deck(s, 0, ["rush-hour"])
    until_step(s, DRAW)
    play(s, "draw plane deck")  # RUSH HOUR: each seat in turn from the active one may take off
    assert s.actor == trigger
    assert legal(s) == ["takeoff 1", "pass"]
    play(s, "takeoff 1")
    assert len(s.taken[trigger]) == 7
    assert count(s, f"Player {trigger + 1} {TRIGGER}") == 1
    assert s.turn == active + 1  # the redraw filled the hand: the active turn is over
    assert remaining_turns(s) == after


@pytest.mark.rule("ARU-END-04")
@pytest.mark.parametrize("turn", [1, 3])
def test_a_later_seventh_take_off_does_not_extend_the_game(turn: int) -> None:
    """Both seats have six planes off and a ready plane; seat 0 triggers in turn 0, seat 1 follows
    while the round is finished (turn 1) or in the last round (turn 3)."""
    s = position(
        2,
        departure={0: [READY, "UK5", "AR1"], 1: [("FR4", "r6 r6"), "IT6", "JP6"]},
        taken={0: SIX[0], 1: SIX[1]},
    )
    take_off_in_action_3(s)
    assert s.last_turn == 3
    while s.turn < turn or s.step != TAKE_OFF:
        auto(s)
    assert s.current == 1
    play(s, "takeoff 1")
    assert len(s.taken[1]) == 7
    assert s.last_turn == 3
    assert count(s, TRIGGER) == 1
    assert remaining_turns(s) == [1, 0, 1][turn - 1 :]


# -- the final take-off ---------------------------------------------------------------------------


def take_to_airport(s: State, avoid: str) -> str:
    """Action 1: one die whose colour letter is not ``avoid``, put on the Airport."""
    space, face = next(
        (space, die.name(d)) for space, dice_ in enumerate(s.load) for d in dice_ if die.name(d)[0] != avoid
    )
    play(s, f"take {space + 1} {face}")
    if s.step == PLACE_DIE:
        play(s, f"put {face} airport")
    return face


def finish(s: State, deck: str) -> None:
    """Decline the rest of Action 3 and take the first card of the ``deck`` Supply."""
    if s.step == TAKE_OFF:
        play(s, "pass")
    play(s, next(a for a in legal(s) if a.startswith(f"draw {deck} ") and not a.endswith("deck")))


FINAL_TAKEN = ["BR3", "BR4", "BR5", "BR7", "US3"]


def final_scenario() -> State:
    """Seat 1 (last of 2) triggers in turn 1; the last round is turns 2 and 3; then the final take-off.

    Seat 0: five planes off; Departure US2 (ready), UK5 (y2 r6, ready), UK6 (b5: needs a yellow 6),
    and an OVERLOAD fourth space with DE3 (b6 b6, ready); Waiting ES7, CA7; Airport y6.
    Seat 1: six planes off; FR4 (r6 r6, ready: the trigger), IT6 (r3 b5) and JP6 (y5 b5) ready.
    Seat 0 reveals a STORM in turn 2, still in force at the end. Returns the state at the
    final load, with seat 0 to decide.
    """
    s = position(
        2,
        departure={
            0: [READY, ("UK5", "y2 r6"), ("UK6", "b5"), ("DE3", "b6 b6")],
            1: [("FR4", "r6 r6"), ("IT6", "r3 b5"), ("JP6", "y5 b5")],
        },
        waiting={0: ["ES7", "CA7"], 1: []},
        airport={0: "y6", 1: ""},
        taken={0: FINAL_TAKEN, 1: SIX[1]},
        hands={0: ["IT5", "IT3", "ES1", "ES2"], 1: ["CA3", "CA5", "CA6", "AR6"]},
        current=1,
    )
    with_deck(s, 0, ["storm"])
    # Turn 1, seat 1: the seventh take-off.
    take_to_airport(s, avoid="y")
    play(s, "play CA3")  # Departure full: CA3 waits
    play(s, "takeoff 1")  # FR4; CA3 moves up to Departure 1
    finish(s, "action")
    assert (s.turn, s.last_turn) == (2, 3)
    # Turn 2, seat 0: declines every take-off; the plane Supply refill reveals the STORM.
    take_to_airport(s, avoid="y")
    play(s, "play IT5")
    finish(s, "plane")
    assert s.storm == 0
    # Turn 3, seat 1: the STORM blocks its ready planes.
    take_to_airport(s, avoid="y")
    play(s, "play CA5")
    assert s.step == DRAW  # Action 3 offered nothing but "pass" (taken by itself): IT6, JP6 are grounded
    finish(s, "action")
    assert s.step == FINAL_LOAD
    assert s.actor == 0
    return s


def total_dice(s: State) -> int:
    on_planes = sum(len(p.dice) for row in s.departure for p in row if p is not None)
    return sum(s.bag) + sum(map(len, s.load)) + sum(map(len, s.airport)) + on_planes


@pytest.mark.rule("ARU-END-06", "ARU-END-08")
def test_before_the_final_take_off_airport_dice_may_be_loaded_and_nothing_else() -> None:
    s = final_scenario()
    # Only the yellow 6 fits (UK6's yellow slot); the other Airport die is not yellow and all else is full.
    assert legal(s) == ["load y6 plane 3", "pass"]
    before = s.snapshot()
    with pytest.raises(IllegalAction):
        play(s, "takeoff 1")  # take-offs are automatic, never a decision
    assert s.snapshot() == before


@pytest.mark.rule("ARU-END-05", "ARU-END-06", "ARU-END-07", "ARU-END-08", "ARU-END-09", "ARU-EVT-09")
def test_the_final_take_off_lifts_every_ready_plane_at_once() -> None:
    s = final_scenario()
    waiting = {seat: s.waiting[seat] for seat in (0, 1)}
    seat1_front = s.departure[1][0]
    assert s.storm == 0
    play(s, "load y6 plane 3")  # UK6: b5 + y6 = 11, ready
    if not s.is_over:  # seat 1 may load its own Airport dice onto CA3: it declines
        assert s.actor == 1
        play(s, "pass")
    assert s.is_over
    assert s.step != FINAL_LOAD and s.to_act is None
    # Seat 0: all four ready planes, the OVERLOAD space included, in Departure order; no limit of one.
    assert ids(s.taken[0]) == [*FINAL_TAKEN, "US2", "UK5", "UK6", "DE3"]
    assert s.departure[0] == (None, None, None)  # the extra space is gone; the queue did not move up
    assert s.waiting[0] == waiting[0]
    assert ids(s.waiting[0]) == ["ES7", "CA7", "IT5"]
    # Seat 1: IT6 and JP6 although the STORM is still in force.
    assert ids(s.taken[1]) == [*SIX[1], "FR4", "IT6", "JP6"]
    assert s.departure[1] == (seat1_front, None, None)
    assert s.waiting[1] == waiting[1]
    assert s.storm == 0
    # Several players end with 7 or more; the dice went back into the bag.
    assert [len(t) for t in s.taken] == [9, 9]
    assert total_dice(s) == 60
    lines = s.log_for(None)
    tail = lines[lines.index(FINAL) + 1 :]
    assert tail == [
        "Player 1 loads the yellow 6 from the Airport onto the plane at Departure 3.",
        "Player 1 takes off a plane from Departure 1 (6 taken off).",
        "Player 1 takes off a plane from Departure 2 (7 taken off).",
        "Player 1 takes off a plane from Departure 3 (8 taken off).",
        "Player 1 takes off a plane from Departure 4 (9 taken off).",
        "Player 2 takes off a plane from Departure 2 (8 taken off).",
        "Player 2 takes off a plane from Departure 3 (9 taken off).",
        "The game is over.",
    ]
    assert count(s, TRIGGER) == 1  # seat 0's seventh plane in the final take-off triggers nothing


@pytest.mark.rule("ARU-END-06", "ARU-END-07", "ARU-EDGE-05")
def test_a_plane_not_ready_at_the_final_take_off_stays_with_its_dice() -> None:
    s = final_scenario()
    play(s, "pass")  # seat 0 does not load the yellow 6
    if not s.is_over:
        play(s, "pass")
    assert s.is_over
    assert ids(s.taken[0]) == [*FINAL_TAKEN, "US2", "UK5", "DE3"]
    assert s.departure[0] == (
        None,
        None,
        Docked(idx("UK6"), dice("b5")),
    )
    assert dice("y6")[0] in s.airport[0]
    penalties = [(ln.label, ln.points) for ln in s.result().breakdown[0] if ln.category == "penalties"]
    # UK6 and the three waiting planes; b5 on UK6 and the two Airport dice.
    assert penalties == [("4 plane cards left × −2", -8), ("3 dice left × −2", -6)]


@pytest.mark.rule("ARU-END-08", "ARU-END-05")
def test_without_airport_dice_to_load_the_final_take_off_needs_no_decision() -> None:
    """Seat 1 (last of 2) triggers; every Departure plane left is full and the hands are action cards
    (nothing is played onto a Departure space), so no Airport die can be loaded: after the last turn
    the game ends by itself, every ready plane taken off and the full unready one (FR4: r5 r6 is 11,
    not 12) left."""
    s = position(
        2,
        departure={
            0: [("AR1", "r4 r5"), ("ES7", "b6 r4"), ("FR4", "r5 r6")],
            1: [READY, ("CA7", "r2 b6"), None],
        },
        waiting={0: [], 1: []},
        taken={1: SIX[1]},
        hands={0: ["control"] * 4, 1: ["overload"] * 4},
        current=1,
    )
    take_off_in_action_3(s)
    seats = [s.current]
    while not s.is_over:
        assert s.step != FINAL_LOAD
        auto(s)
        if not s.is_over and s.current != seats[-1]:
            seats.append(s.current)
    assert seats == [1, 0, 1]
    assert ids(s.taken[0]) == ["AR1", "ES7"]
    assert ids(s.taken[1]) == [*SIX[1], "US2", "CA7"]
    assert s.departure[0] == (None, None, Docked(idx("FR4"), dice("r5 r6")))
    assert s.departure[1] == (None, None, None)
    assert s.actor == EMPTY and legal(s) == []
