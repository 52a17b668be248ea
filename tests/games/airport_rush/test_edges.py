"""Edge cases (ARU-EDGE): an empty bag, empty load spaces and decks, an empty hand, a full plane
with a wrong total, a short LOCATE, refused requests, and skipped steps in the log.

A bag or deck that has run out is staged by emptying it in the position (the dice or cards
it held are out of the scenario); everything else is played through the checked ``play()``.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from skyhall.core.engine import play as checked
from skyhall.core.errors import MalformedAction
from skyhall.core.rng import Rng
from skyhall.core.state import EMPTY
from skyhall.games import airport_rush
from skyhall.games.airport_rush import die
from skyhall.games.airport_rush.plane import Docked
from skyhall.games.airport_rush.state import State
from skyhall.games.airport_rush.steps import (
    CARD_EFFECT,
    DRAW,
    KEEP,
    OVER,
    PLACE_DIE,
    PLAY_CARD,
    TAKE_DICE,
    TAKE_OFF,
)
from tests.games.airport_rush.position import CAT, dice, idx, legal, play, position, with_deck
from tests.games.airport_rush.test_end import auto, until_step
from tests.games.airport_rush.test_hidden import refusal

NO_CARD = "cannot take a card: both decks and Supplies are empty."


def new_lines(s: State, before: int) -> list[str]:
    return s.log_for(None)[before:]


# -- the bag and the load spaces ------------------------------------------------------------------


@pytest.mark.rule("ARU-EDGE-01", "ARU-DRAW-05")
def test_an_empty_bag_leaves_load_places_empty_until_dice_come_back() -> None:
    s = position(
        2,
        load={0: "r1 r2 r3"},
        departure={0: [None, None, None], 1: [("US2", "b4 y4"), None, None]},
        hands={0: ["BR3", "BR4", "US1", "UK1"], 1: ["FR4", "FR1", "US6", "UK2"]},
    )
    s.bag = (0, 1, 1)  # two dice left in the bag
    play(s, "take 1 r1")  # the Airport is its only place: it goes there by itself
    play(s, "play BR3")
    until_step(s, DRAW)
    before = len(s.log_for(None))
    auto(s)  # the card; then the refill: 16 empty places, 2 dice
    assert s.bag == (0, 0, 0)
    assert sum(map(len, s.load)) == 4
    assert "The bag is empty: 14 places on the load spaces stay empty." in new_lines(s, before)
    # Seat 1 takes a die, then takes off US2: its two dice go back in the bag and refill two places.
    space = next(i for i, d in enumerate(s.load) if d)
    face = die.name(s.load[space][0])
    play(s, f"take {space + 1} {face}")
    if s.step == PLACE_DIE:
        play(s, f"put {face} airport")
    play(s, "play FR4")
    play(s, "takeoff 1")
    assert sum(s.bag) == 2
    before = len(s.log_for(None))
    until_step(s, TAKE_DICE)
    assert s.bag == (0, 0, 0)
    assert sum(map(len, s.load)) == 4 - 1 + 2
    assert "The bag is empty: 13 places on the load spaces stay empty." in new_lines(s, before)


@pytest.mark.rule("ARU-EDGE-02")
def test_an_empty_load_space_cannot_be_chosen() -> None:
    s = position(2, load={1: "r1", 4: "b2 b3"})
    assert legal(s) == ["take 2 r1", "take 5 b2", "take 5 b3", "take 5 b2 b3"]
    refusal(s, "take 1 r1", None)


@pytest.mark.rule("ARU-EDGE-02", "ARU-EDGE-08")
def test_with_every_load_space_empty_action_1_is_skipped_and_logged() -> None:
    s = position(2, load={}, hands={0: ["BR3", "BR4", "US1", "UK1"]})
    assert s.step == PLAY_CARD
    assert s.log_for(None)[-1] == "Player 1 cannot take dice: every load space is empty."
    assert legal(s) == ["play BR3", "play BR4", "play US1", "play UK1"]


# -- empty decks and hands ------------------------------------------------------------------------


def drawing(hand: list[str], plane_row: list[str | None], action_row: list[str | None]) -> State:
    """Seat 0 at Action 4 holding ``hand``, both decks empty, the Supplies as given (ids or kinds)."""
    s = position(2, hands={0: hand})
    rows = (plane_row, action_row)
    found: dict[str, int] = {}
    for deck, row in enumerate(rows):  # claim the named cards from wherever they are
        names = [c for c in row if c is not None]
        with_deck(s, deck, names)
        found.update(zip(names, reversed(s.decks[deck][-len(names) :]), strict=True))
    s.decks = [(), ()]
    s.supply = [tuple(EMPTY if c is None else found[c] for c in row) for row in rows]
    until_step(s, DRAW)
    return s


@pytest.mark.rule("ARU-EDGE-03")
def test_an_empty_deck_no_longer_refills_its_supply() -> None:
    s = position(2, hands={0: ["BR3", "BR4", "US1", "UK1"]})
    s.decks[0] = ()
    until_step(s, DRAW)
    assert "draw plane deck" not in legal(s)
    assert "draw action deck" in legal(s)
    taken = s.supply[0][1]
    play(s, "draw plane 2")
    assert s.hands[0][-1] == taken
    assert s.supply[0][1] == EMPTY
    assert "The plane deck is empty: its Supply is not refilled." in s.log_for(None)


@pytest.mark.rule("ARU-DRAW-03", "ARU-EDGE-03")
@pytest.mark.parametrize("take", ["draw plane 1", "draw plane deck"])
def test_a_supply_place_left_empty_is_refilled_once_its_deck_has_cards_again(take: str) -> None:
    """The plane deck ran out (a Supply place stayed empty), then SCRAP put planes under it: the next
    card taken from that stack refills every empty place while the deck gives cards."""
    s = position(2, hands={0: ["BR3", "BR4", "US1", "UK1"]})
    until_step(s, DRAW)
    row = list(s.supply[0])
    row[2] = EMPTY
    s.supply[0] = tuple(row)
    with_deck(s, 0, ["JP5", "ES3", "CA3"])
    s.decks[0] = s.decks[0][-3:]  # the three planes SCRAP put back: top JP5, then ES3, then CA3
    play(s, take)
    if take == "draw plane 1":  # place 1 is refilled first, then the place left empty
        assert s.supply[0] == (idx("JP5"), row[1], idx("ES3"))
        assert s.decks[0] == (idx("CA3"),)
    else:  # the blind draw takes JP5; the place left empty gets the next plane
        assert s.hands[0][-1] == idx("JP5")
        assert s.supply[0] == (row[0], row[1], idx("ES3"))
        assert s.decks[0] == (idx("CA3"),)


@pytest.mark.rule("ARU-EDGE-03", "ARU-EDGE-08", "ARU-DRAW-04")
def test_a_hand_stays_short_when_no_card_is_left_and_the_log_says_so() -> None:
    # Seat 0 plays its only card and needs 4; only two cards are left anywhere.
    s = drawing(["BR3"], [None, "BR4", None], [None, None, "control"])
    assert not s.hands[0]
    assert legal(s) == ["draw plane 2", "draw action 3"]
    play(s, "draw action 3")  # the only choice left is then taken by itself
    assert [CAT.cards[c].id for c in s.hands[0]][1] == "BR4"
    assert CAT.cards[s.hands[0][0]].kind == "control"
    assert s.supply == [(EMPTY,) * 3, (EMPTY,) * 3]
    lines = s.log_for(None)
    assert f"Player 1 {NO_CARD}" in lines
    assert "Both decks and both Supplies are empty: the round is finished, then one last round." in lines
    assert s.current == 1


@pytest.mark.rule("ARU-EDGE-03", "ARU-EDGE-08")
def test_with_nothing_to_take_action_4_is_skipped_and_logged() -> None:
    s = position(2, hands={0: ["BR3", "BR4", "US1", "UK1"]})
    s.decks = [(), ()]
    s.supply = [(EMPTY,) * 3, (EMPTY,) * 3]
    while s.current == 0:
        auto(s)
    assert len(s.hands[0]) == 3
    assert f"Player 1 {NO_CARD}" in s.log_for(None)


@pytest.mark.rule("ARU-EDGE-04", "ARU-EDGE-08", "ARU-DRAW-04")
def test_a_player_without_cards_skips_action_2_then_draws_four() -> None:
    s = position(2, hands={0: []}, departure={0: [("US2", "b4"), None, None]}, load={0: "y4"})
    play(s, "take 1 y4", "put y4 plane 1")
    assert "Player 1 has no card to play." in s.log_for(None)
    assert s.step == TAKE_OFF
    assert legal(s) == ["takeoff 1", "pass"]
    play(s, "pass")
    for n in range(4):
        assert s.step == DRAW and len(s.hands[0]) == n
        play(s, legal(s)[0])
    assert len(s.hands[0]) == 4
    assert s.current == 1


# -- planes ---------------------------------------------------------------------------------------


@pytest.mark.rule("ARU-EDGE-05", "ARU-TKO-04")
def test_a_full_plane_with_a_wrong_total_cannot_take_off_and_keeps_its_dice() -> None:
    # FR4: two red slots, target 12; r5 + r6 is 11. UK6 (a 5 slot and a yellow slot) will take the y1.
    assert CAT.cards[idx("FR4")].value == 12
    s = position(
        2,
        departure={0: [("FR4", "r5 r6"), None, None]},
        waiting={0: []},
        hands={0: ["UK6", "BR4", "US1", "UK1"]},
        load={0: "y1"},
    )
    play(s, "take 1 y1")  # the Airport is its only place
    play(s, "play UK6")
    assert s.step == TAKE_OFF
    assert legal(s) == ["load y1 plane 2", "pass"]
    err = refusal(s, "takeoff 1", None)
    assert err.reason == "that plane is not ready: every slot needs a fitting die and the total must be exact"
    play(s, "pass")
    assert s.departure[0] == (Docked(idx("FR4"), dice("r5 r6")), Docked(idx("UK6")), None)
    s.step = OVER
    penalties = [(ln.label, ln.points) for ln in s.result().breakdown[0] if ln.category == "penalties"]
    # FR4 and UK6; r5 and r6 on FR4 and the y1 on the Airport.
    assert penalties == [("2 plane cards left × −2", -4), ("3 dice left × −2", -6)]


@pytest.mark.rule("ARU-EDGE-06", "ARU-ACT-02")
def test_locate_with_fewer_than_five_planes_left_shows_what_remains() -> None:
    s = with_deck(position(2, hands={0: ["locate", "BR3", "BR4", "US1"]}), 0, ["JP5", "ES3", "CA3"])
    s.decks[0] = s.decks[0][-3:]
    until_step(s, PLAY_CARD)
    play(s, "play locate", "use")
    assert s.step == CARD_EFFECT
    assert s.locate == tuple(idx(c) for c in ("JP5", "ES3", "CA3"))
    assert legal(s) == ["choose JP5", "choose ES3", "choose CA3"]
    assert s.log_for(0)[-1] == "You look at plane JP5 (14), plane ES3 (18), plane CA3 (13)."
    assert s.decks[0] == ()


# -- refusals -------------------------------------------------------------------------------------


def at_place() -> State:
    s = position(2, departure={0: [("FR4", ""), ("DE3", ""), None]}, load={0: "r1 r2 b3"})
    play(s, "take 1 b3")
    return s


def at_takeoff() -> State:
    s = position(
        2,
        departure={0: [("US2", "b4 y4"), ("UK5", "y2 r6"), ("AR1", "r4 r4")]},
        hands={0: ["BR3", "BR4", "US1", "UK1"]},
        load={0: "y1"},
    )
    play(s, "take 1 y1")
    if s.step == PLACE_DIE:
        play(s, "put y1 airport")
    play(s, "play BR3", "takeoff 1")
    return s


@pytest.mark.rule("ARU-EDGE-07")
@pytest.mark.parametrize(
    ("build", "tried", "reason"),
    [
        (
            lambda: position(2, load={0: "r1 r2 b3", 1: "y6"}),
            "take 1 y6 r1",  # the y6 lies on another load space
            "take 1-3 dice of one colour, or 1-3 of different colours, all from one load space",
        ),
        (
            at_place,
            "put b3 plane 1",  # FR4 takes red dice only
            "the b3 cannot go there (needs a slot it meets, or Airport room)",
        ),
        (at_place, "discard b3", "a die that can be placed must be placed"),
        (
            at_takeoff,
            "takeoff 2",  # UK5 is ready, but one take-off per turn without CONTROL
            "only one plane may take off per turn (CONTROL allows a second)",
        ),
        (
            at_takeoff,
            "takeoff 3",
            "only one plane may take off per turn (CONTROL allows a second)",
        ),
        (
            lambda: position(2, hands={0: ["BR3", "BR4", "US1", "UK1"]}),
            "draw plane 1",  # a fifth card
            "Player 1 already holds 4 cards",
        ),
    ],
)
def test_an_illegal_request_is_refused_and_changes_nothing(
    build: Callable[[], State], tried: str, reason: str
) -> None:
    s = build()
    err = refusal(s, tried, None)
    assert err.tried == tried
    assert err.reason == reason
    assert err.legal == legal(s)


@pytest.mark.rule("ARU-EDGE-07")
def test_requests_out_of_turn_malformed_or_after_the_end_are_refused() -> None:
    s = position(2, load={0: "r1 r2 b3"})
    assert refusal(s, legal(s)[0], 1).reason == "it is not seat 1's decision (seat 0 must act)"
    for text in ("fly to the moon", "take 1 r1 r2 b3"):  # two reds and a blue: no selection at all
        before = s.snapshot()
        with pytest.raises(MalformedAction):
            checked(s, text)
        assert s.snapshot() == before
    s.step = OVER
    assert refusal(s, "pass", None).reason == "the game is over"


# -- random games: always a choice, every skip logged ---------------------------------------------

TAKES = re.compile(r"^Player (\d) takes .+ from load space \d\.$")


def check_turn(lines: list[str], seat: int, hand: int) -> None:
    """A finished turn did Actions 1, 2 and 4, or logged why not."""
    who = f"Player {seat + 1}"
    assert any(TAKES.match(ln) and ln.startswith(who) for ln in lines) or (
        f"{who} cannot take dice: every load space is empty." in lines
    )
    assert any(ln.startswith(f"{who} plays ") for ln in lines) or f"{who} has no card to play." in lines
    if hand < CAT.limits.hand_size:
        assert f"{who} {NO_CARD}" in lines


@pytest.mark.rule("ARU-EDGE-08", "ARU-EDGE-03")
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_in_random_games_the_seat_to_act_always_has_a_choice_and_skips_are_logged(
    players: int, seed: int
) -> None:
    s = airport_rush.new_game(players, seed)
    rng = Rng(seed * 7 + players)
    while s.step == KEEP:
        options = s.legal_actions()
        checked(s, options[rng.below(len(options))])
    # Decisions with one choice are taken inside apply(), so the first lines of a turn may come in
    # with the previous turn's last action: each turn is checked on the lines since the turn before.
    turn, seat, start, before = s.turn, s.current, len(s.log_for(None)), 0
    while not s.is_over:
        options = s.legal_actions()
        assert len(options) >= 2  # a single choice is taken by itself, none means the game is over
        assert s.to_act is not None
        checked(s, options[rng.below(len(options))])
        if s.is_over or s.turn != turn:
            lines = s.log_for(None)
            check_turn(lines[before:], seat, len(s.hands[seat]))
            turn, seat, start, before = s.turn, s.current, len(lines), start
    assert s.legal_actions() == ()
    assert s.to_act is None


@pytest.mark.rule("ARU-EDGE-08")
def test_an_ordinary_draw_logs_no_skip() -> None:
    s = position(
        departure={0: ["DE3", "IT2", "FR4"]},
        waiting={0: []},
        hands={0: ["JP1", "adjust", "FR3", "ES2"]},
        load={},
    )
    play(s, "play JP1", "draw plane 1")
    assert not any("cannot take a card" in line for line in s.log_for(None))
