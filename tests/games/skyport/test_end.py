"""The end of the game (END): the Station Closing card, the round it finishes and the final round.

Turns are driven through the checked ``play()`` with the first legal choice at every
decision: each seat plays its first card, walks 1 and takes the airship beside the space,
so every turn draws exactly one card from the Airship deck (the refill). With the Closing
card placed ``k`` cards from the top (``with_deck(..., closing_at=k)``), the refill of
turn ``k`` (0-based) reveals it.
"""

from __future__ import annotations

from collections import Counter

import pytest

from skyhall.core.errors import IllegalAction
from skyhall.core.state import EMPTY
from skyhall.games import skyport
from skyhall.games.skyport.cards import CLOSING, TYCOON_KINDS
from skyhall.games.skyport.state import State
from skyhall.games.skyport.steps import WALK
from tests.games.skyport.position import idx, legal, play, position, with_deck

REVEALED = "The Station Closing card is revealed and discarded"
FINAL_ROUND = "Final round: everyone plays one more turn."


def finish_turn(s: State) -> int:
    """Play the current turn to its end with the first legal choice everywhere; the seat that played."""
    seat, turn = s.current, s.turn
    while not s.is_over and s.turn == turn:
        play(s, legal(s)[0])
    return seat


def play_out(s: State, most: int = 60) -> list[int]:
    """The seats of the turns played from now until the game is over."""
    seats = []
    while not s.is_over:
        assert len(seats) < most, "the game does not end"
        seats.append(finish_turn(s))
    return seats


def log(s: State) -> list[str]:
    return s.log_for(None)


def closing_nowhere(s: State) -> bool:
    """The Closing card is in no deck, on no board space and in no hand."""
    return (
        CLOSING not in s.deck
        and CLOSING not in s.board
        and all(CLOSING not in h for h in s.hands)
        and all(CLOSING not in d for d in s.station_decks)
    )


def game(players: int, closing_at: int) -> State:
    s = with_deck(position(players), [], closing_at=closing_at)
    assert EMPTY not in s.board
    return s


# -- the trigger ---------------------------------------------------------------------------------


@pytest.mark.rule("GCS-END-01", "GCS-END-02", "GCS-END-03")
def test_the_closing_card_revealed_by_a_refill_is_discarded_and_the_next_card_refills() -> None:
    s = game(2, closing_at=0)
    beneath = s.deck[-2]
    deck = s.deck
    while s.step != WALK:
        play(s, legal(s)[0])
    assert s.last_turn == EMPTY
    play(s, "walk 1", "take airship")  # space 1: the refill reveals the Closing card
    assert s.board[0] == beneath
    assert s.deck == deck[:-2]
    assert closing_nowhere(s)
    assert s.last_turn == 3  # the round (turns 0, 1) is finished, then turns 2 and 3
    assert sum(REVEALED in line for line in log(s)) == 1
    assert s.current == 1 and not s.is_over


@pytest.mark.rule("GCS-END-01", "GCS-END-02", "GCS-END-03")
def test_the_closing_card_revealed_by_the_supplier_draw_is_discarded_and_the_next_card_drawn() -> None:
    s = position(2, rows={0: ["B2", "S01", "P3"]}, hands={0: ["Su1", "B8"], 1: ["P7", "Y8"]})
    with_deck(s, ["G1", "G2"], closing_at=0)
    deck = s.deck
    assert s.last_turn == EMPTY
    play(s, "play Su1")  # hosted by S01, the only free station: the Supplier draws at once
    assert s.step == WALK
    assert s.hands[0] == (idx("B8"), idx("G1"))
    assert s.deck == deck[:-2]
    assert s.deck[-1] == idx("G2")
    assert closing_nowhere(s)
    assert s.last_turn == 3
    assert sum(REVEALED in line for line in log(s)) == 1


@pytest.mark.rule("GCS-END-02")
def test_the_discarded_closing_card_never_comes_back() -> None:
    s = game(2, closing_at=0)
    while not s.is_over:
        finish_turn(s)
        assert closing_nowhere(s)
    assert sum(REVEALED in line for line in log(s)) == 1


# -- the rounds that follow ----------------------------------------------------------------------


@pytest.mark.rule("GCS-END-04", "GCS-END-05", "GCS-END-06")
@pytest.mark.parametrize(
    ("closing_at", "seats"),
    [
        (0, [0, 1, 2, 0, 1, 2]),  # first turn of a round: finish it, then one more round
        (1, [0, 1, 2, 0, 1, 2]),
        (2, [0, 1, 2, 0, 1, 2]),  # last turn of a round: the final round follows at once
        (3, [0, 1, 2, 0, 1, 2, 0, 1, 2]),
        (5, [0, 1, 2, 0, 1, 2, 0, 1, 2]),
        (6, [0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2]),
    ],
)
def test_the_round_is_finished_then_everyone_plays_exactly_one_more_turn(
    closing_at: int, seats: list[int]
) -> None:
    s = game(3, closing_at)
    played = []
    for turn in range(len(seats)):
        assert not s.is_over
        assert s.last_turn == (EMPTY if turn <= closing_at else len(seats) - 1)
        played.append(finish_turn(s))
    assert played == seats
    assert s.is_over
    assert sum(REVEALED in line for line in log(s)) == 1
    # The final round is announced as the first player's turn comes round again.
    lines = log(s)
    final = next(i for i, line in enumerate(lines) if line == FINAL_ROUND)
    assert lines[final + 1 :].count("The game is over.") == 1
    assert sum(line == FINAL_ROUND for line in lines) == 1


@pytest.mark.rule("GCS-END-04", "GCS-END-05", "GCS-END-06")
def test_rounds_are_counted_from_the_first_player() -> None:
    s = skyport.new_game(3, 11, {"first_player": 2})
    with_deck(s, [], closing_at=1)  # revealed in seat 0's turn, the second of the round
    assert play_out(s) == [2, 0, 1, 2, 0, 1]


@pytest.mark.rule("GCS-END-06")
@pytest.mark.parametrize(("players", "closing_at"), [(2, 0), (2, 3), (3, 4), (4, 2), (4, 7)])
def test_the_game_ends_with_equal_turns_for_everyone_and_is_scored(players: int, closing_at: int) -> None:
    s = game(players, closing_at)
    seats = play_out(s)
    counts = Counter(seats)
    assert sorted(counts) == list(range(players))
    assert len(set(counts.values())) == 1
    assert len(seats) == s.last_turn + 1
    assert s.is_over and s.to_act is None and legal(s) == []
    before = s.snapshot()
    with pytest.raises(IllegalAction) as refusal:
        play(s, "walk 1")
    assert refusal.value.reason == "the game is over"
    assert s.snapshot() == before
    result = s.result()
    assert len(result.scores) == players
    assert [sum(line.points for line in sheet) for sheet in result.breakdown] == list(result.scores)
    assert min(result.ranks) == 1


# -- nothing else ends the game ------------------------------------------------------------------


@pytest.mark.rule("GCS-END-07")
def test_an_empty_airship_deck_does_not_end_the_game() -> None:
    s = position(2)
    s.deck = (s.deck[-1], CLOSING)  # the Closing card on top, one airship under it, nothing else
    seats = []
    seats.append(finish_turn(s))  # seat 0: the refill reveals the Closing card, the last airship refills
    assert s.deck == () and s.last_turn == 3
    seats.append(finish_turn(s))  # seat 1: the deck is empty, the space stays empty
    assert EMPTY in s.board
    assert not s.is_over and s.current == 0
    seats.extend(play_out(s))
    assert seats == [0, 1, 0, 1]


@pytest.mark.rule("GCS-END-07")
def test_empty_station_decks_and_promenade_do_not_end_the_game() -> None:
    s = game(2, closing_at=3)
    s.station_decks = [(), ()]
    s.promenade = [() for _ in TYCOON_KINDS]
    # Revealed in turn 3 (seat 1, last of round 2): the final round is turns 4 and 5.
    assert play_out(s) == [0, 1, 0, 1, 0, 1]


@pytest.mark.rule("GCS-END-07")
def test_without_the_closing_card_the_game_goes_on() -> None:
    s = position(2)
    s.deck = tuple(c for c in s.deck if c != CLOSING)
    s.station_decks = [(), ()]
    s.promenade = [() for _ in TYCOON_KINDS]
    for turn in range(1, 13):
        finish_turn(s)
        assert not s.is_over and s.last_turn == EMPTY and s.turn == turn
