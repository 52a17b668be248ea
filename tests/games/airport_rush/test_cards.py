"""Action 2, play a card (ARU-CARD): one card from hand; planes to Departure or the Waiting queue;
action cards applied or just discarded.

Each position starts seat 0's turn with a yellow 1 on load space 1 that fits none
of the planes used, so Action 1 is ``take 1 y1`` and the die lands on the Airport
by itself; the next decision is the card to play.
"""

from __future__ import annotations

import pytest

from skyhall.games.airport_rush.state import State
from skyhall.games.airport_rush.steps import CARD_EFFECT, DRAW, PLAY_CARD, TAKE_OFF
from tests.games.airport_rush.position import (
    CAT,
    DepartureSpec,
    faces,
    legal,
    play,
    position,
)
from tests.games.airport_rush.test_dice import docked_dice, refused

PLAIN: list[DepartureSpec] = ["DE3", "JP5", "ES7"]
"""Departure planes no yellow 1 fits: DE3 (blue, blue), JP5 ("6", "3", "5"), ES7 ("6", "4")."""


def at_play_card(
    hand: list[str],
    departure: list[DepartureSpec] | None = None,
    waiting: list[str] | None = None,
    airport: str = "",
) -> State:
    """Seat 0 holding ``hand``, Action 1 done (a yellow 1 onto the Airport): it must play a card."""
    s = position(
        departure={0: departure or PLAIN},
        waiting={0: waiting if waiting is not None else ["BR3"]},
        airport={0: airport},
        load={0: "y1 y2"},
        hands={0: hand},
    )
    play(s, "take 1 y1")
    return s


def ids(cards: tuple[int, ...]) -> list[str]:
    return [CAT.cards[c].id for c in cards]


def kinds(cards: tuple[int, ...]) -> list[str]:
    return [CAT.cards[c].kind or CAT.cards[c].id for c in cards]


@pytest.mark.rule("ARU-CARD-01")
def test_exactly_one_card_from_hand_is_played() -> None:
    s = at_play_card(["control", "flip", "control", "IT3"])
    assert s.step == PLAY_CARD
    assert legal(s) == ["play control", "play flip", "play IT3"]  # two CONTROLs: one choice
    refused(s, "pass")
    assert refused(s, "play BR4").reason == "Player 1 holds no such card"
    play(s, "play IT3")
    assert kinds(s.hands[0]) == ["control", "flip", "control"]
    assert ids(s.waiting[0]) == ["BR3", "IT3"]
    assert s.step == DRAW  # nothing to take off: Action 3 passed by itself
    assert (
        refused(s, "play flip").reason == "Player 1 must now take a card, and this is not one of the choices"
    )
    refused(s, "play control")


@pytest.mark.rule("ARU-CARD-02")
@pytest.mark.parametrize("empty", [0, 1, 2])
def test_a_plane_goes_onto_an_empty_departure_space(empty: int) -> None:
    row: list[DepartureSpec] = list(PLAIN)
    row[empty] = None
    s = at_play_card(["IT3", "FR3"], departure=row)
    play(s, "play IT3")
    docked = s.departure[0][empty]
    assert docked is not None
    assert (ids((docked.card,)), docked.dice) == (["IT3"], ())
    assert ids(s.waiting[0]) == ["BR3"]
    assert ids(s.hands[0]) == ["FR3"]


@pytest.mark.rule("ARU-CARD-03")
def test_with_every_departure_space_taken_a_plane_joins_the_back_of_the_queue() -> None:
    s = at_play_card(["IT3", "FR3"], waiting=["BR3", "BR4"])
    departure = s.departure[0]
    play(s, "play IT3")
    assert ids(s.waiting[0]) == ["BR3", "BR4", "IT3"]
    assert s.departure[0] == departure


@pytest.mark.rule("ARU-CARD-04")
def test_the_oldest_waiting_plane_moves_up_first() -> None:
    # UK5 ("2", red; 8) holds a yellow 2 and a red 6: ready.
    s = at_play_card(["IT3", "FR3"], departure=[("UK5", "y2 r6"), "JP5", "ES7"], waiting=["BR3"])
    play(s, "play IT3")
    assert ids(s.waiting[0]) == ["BR3", "IT3"]
    assert s.step == TAKE_OFF
    play(s, "takeoff 1")
    docked = s.departure[0][0]
    assert docked is not None and ids((docked.card,)) == ["BR3"]
    assert ids(s.waiting[0]) == ["IT3"]


@pytest.mark.rule("ARU-CARD-05")
def test_the_waiting_queue_keeps_its_order() -> None:
    s = at_play_card(["IT3", "FR3"], departure=[("UK5", "y2 r6"), "JP5", "ES7"], waiting=["BR3", "BR4"])
    seen: list[str] = []
    play(s, "play IT3")
    seen += legal(s)
    refused(s, "exchange plane 2 waiting 1")  # only SWAP PLANES does that
    refused(s, "scrap waiting 2")
    play(s, "takeoff 1")
    while s.current == 0:
        seen += legal(s)
        play(s, "draw plane 1")
    assert not [a for a in seen if "waiting" in a]
    assert ids(s.waiting[0]) == ["BR4", "IT3"]
    docked = s.departure[0][0]
    assert docked is not None and ids((docked.card,)) == ["BR3"]


@pytest.mark.rule("ARU-CARD-06")
def test_an_action_card_is_applied_at_once_then_discarded() -> None:
    s = at_play_card(["flip", "IT3"], airport="y2")
    flip = next(c for c in s.hands[0] if CAT.cards[c].kind == "flip")
    discard = s.discard
    play(s, "play flip")
    assert s.step == CARD_EFFECT  # before Action 3
    assert legal(s) == ["flip airport y1", "flip airport y2", "pass"]
    play(s, "flip airport y2")
    assert faces(s.airport[0]) == "y1 y5"
    assert s.discard == (*discard, flip)
    assert ids(s.hands[0]) == ["IT3"]
    assert s.step == TAKE_OFF  # the yellow 5 may now be loaded onto JP5
    assert legal(s) == ["load y5 plane 2", "pass"]


@pytest.mark.rule("ARU-CARD-07")
def test_an_action_card_may_be_discarded_unused() -> None:
    s = at_play_card(["flip", "IT3"], airport="y2")
    flip = next(c for c in s.hands[0] if CAT.cards[c].kind == "flip")
    play(s, "play flip", "pass")
    assert faces(s.airport[0]) == "y1 y2"
    assert s.discard[-1] == flip
    assert ids(s.hands[0]) == ["IT3"]
    assert s.step == DRAW  # the card played was the FLIP: no second card
    assert "Player 1 discards FLIP without using it." in s.log_for(1)


@pytest.mark.rule("ARU-CARD-07")
def test_an_action_card_that_cannot_apply_is_discarded_as_the_card_played() -> None:
    """SWAP PLANES with nobody waiting has nothing to do."""
    s = at_play_card(["swap-planes", "IT3"], waiting=[])
    swap = next(c for c in s.hands[0] if CAT.cards[c].kind == "swap-planes")
    play(s, "play swap-planes")
    assert s.discard[-1] == swap
    assert ids(s.hands[0]) == ["IT3"]
    assert s.step == DRAW
    assert "SWAP PLANES has no effect now and is discarded." in s.log_for(1)
    refused(s, "play IT3")


@pytest.mark.rule("ARU-CARD-08")
def test_control_overrides_one_take_off_per_turn() -> None:
    # UK5 and IT3 are both ready (8 each).
    row: list[DepartureSpec] = [("UK5", "y2 r6"), ("IT3", "r3 r5"), "DE3"]
    s = at_play_card(["FR3", "control"], departure=row)
    play(s, "play FR3", "takeoff 1")
    refused(s, "takeoff 2")
    assert ids(s.taken[0]) == ["UK5"]

    s = at_play_card(["FR3", "control"], departure=row)
    play(s, "play control", "takeoff 1", "takeoff 2")
    assert ids(s.taken[0]) == ["UK5", "IT3"]


@pytest.mark.rule("ARU-CARD-08")
def test_transfer_overrides_dice_staying_on_their_plane() -> None:
    # US2 (blue, "4") holds a blue 4; DE3 (blue, blue) takes it too.
    s = at_play_card(["transfer", "FR3"], departure=[("US2", "b4"), "DE3", "JP5"])
    play(s, "play transfer")
    assert legal(s) == ["transfer plane 1 b4 airport", "transfer plane 1 b4 plane 2", "pass"]
    play(s, "transfer plane 1 b4 airport")
    assert docked_dice(s, 0, 0) == ""
    assert faces(s.airport[0]) == "y1 b4"


@pytest.mark.rule("ARU-CARD-08")
def test_swap_planes_overrides_the_fixed_queue_order() -> None:
    s = at_play_card(["swap-planes", "FR3"], waiting=["BR3", "BR4"])
    play(s, "play swap-planes", "exchange plane 1 waiting 2")
    assert ids(s.waiting[0]) == ["BR3", "DE3"]
    docked = s.departure[0][0]
    assert docked is not None and ids((docked.card,)) == ["BR4"]
