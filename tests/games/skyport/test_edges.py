"""Edge cases (GCS-EDGE): empty decks and spaces, unplayable hands, refused requests, logged skips.

Landings are staged by playing station S02 (Player Movement 2) from a standee placed two
spaces before the target, so ``walk 2`` lands exactly there. Board spaces are 0-based:
0 Tycoon, 1 Movement, 2 Station (deck 0), 3 Colours, 4 Tycoon, 5 Movement, 6 Station
(deck 1), 7 Icons.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator

import pytest

from skyhall.core.engine import play as checked_play
from skyhall.core.errors import IllegalAction, MalformedAction
from skyhall.core.state import EMPTY
from skyhall.games import skyport
from skyhall.games.skyport.cards import AIRSHIP, STATION, SUPPLIER, TYCOON, Card
from skyhall.games.skyport.lane import Position
from skyhall.games.skyport.state import State
from skyhall.games.skyport.steps import (
    CHOOSE_CARD,
    OVER,
    PLACE_CARD,
    SHIFT_NEW_LANE,
    SWAP_NEW_LANE,
    TAKE,
    TYCOON_ACTION,
    TYCOON_CHOICE,
    WALK,
    WILD_MOVE,
)
from tests.games.skyport.position import CAT, berth, idx, lane, legal, play, position

TYCOON_SPACE, MOVEMENT_SPACE, STATION_SPACE, COLOURS_SPACE, ICONS_SPACE = 0, 1, 2, 3, 7
PLAIN_ROW: list[str | Position] = ["SA1", "S01", "SA3"]
"""Blue and purple lanes only: no Movement-space move for the yellow airships used below."""
SIX_COLOURS: list[str | Position] = ["SA1", "SA3", "S01", "SB1", "SB3", "SC1", "SC3"]
ALL_TYCOONS = ["take merchant", "take explorer", "take diplomat", "take inventor", "take supplier"]


def test_the_staging_assumptions_hold() -> None:
    kinds = [space.kind for space in CAT.spaces]
    assert [kinds[i] for i in (0, 1, 2, 3, 7)] == ["tycoon", "movement", "station", "set", "set"]
    assert CAT.spaces[STATION_SPACE].deck == 0
    assert CAT.cards[idx("S02")].movement == 2


def staged(
    space: int,
    *,
    rows: list[str | Position] | None = None,
    hand: tuple[str, ...] = (),
    board: dict[int, str | None] | None = None,
    deck_empty: bool = False,
) -> State:
    """Seat 0 about to play S02 and walk 2 onto ``space``; nothing played yet."""
    s = position(rows={0: rows or PLAIN_ROW}, hands={0: ["S02", *hand]}, board=board or {})
    if deck_empty:
        s.deck = ()
    s.standees[0] = (space - 2) % len(CAT.spaces)
    return s


def land(s: State) -> State:
    return play(s, "play S02", "place right", "walk 2")


def turn_log(s: State) -> list[str]:
    return s.log_for(None)


# Scenarios used both by their own clause and by the logged-skip check (GCS-EDGE-08).


def taking_the_last_airship() -> State:
    return land(staged(MOVEMENT_SPACE, board={MOVEMENT_SPACE: "Y1"}, deck_empty=True))


def holding_a_tycoon_on_a_bare_tycoon_space() -> State:
    return land(staged(TYCOON_SPACE, board={TYCOON_SPACE: None}, hand=("Di1",)))


def on_a_bare_movement_space() -> State:
    return land(staged(MOVEMENT_SPACE, board={MOVEMENT_SPACE: None}))


def supplier_on_an_empty_deck() -> State:
    s = position(rows={0: PLAIN_ROW}, hands={0: ["Su1", "B1"]})
    s.deck = ()
    return play(s, "play Su1")


def with_an_empty_hand() -> State:
    return position(rows={0: PLAIN_ROW}, hands={0: []})


# -- empty deck, empty spaces -------------------------------------------------------------------------


@pytest.mark.rule("GCS-EDGE-01")
def test_an_airship_taken_from_a_space_is_not_replaced_once_the_deck_is_empty() -> None:
    s = taking_the_last_airship()
    assert s.board[MOVEMENT_SPACE] == EMPTY
    assert s.hands[0] == (idx("Y1"),)
    assert "Space 2 stays empty: the airship deck is empty." in turn_log(s)


@pytest.mark.rule("GCS-EDGE-01")
def test_a_chosen_airship_is_not_replaced_once_the_deck_is_empty() -> None:
    s = land(staged(TYCOON_SPACE, board={TYCOON_SPACE: "Y1"}, deck_empty=True))
    assert legal(s) == ["take airship", *ALL_TYCOONS]
    play(s, "take airship")
    assert s.board[TYCOON_SPACE] == EMPTY
    assert s.hands[0] == (idx("Y1"),)


@pytest.mark.rule("GCS-EDGE-02")
def test_an_empty_tycoon_space_still_offers_the_promenade() -> None:
    s = land(staged(TYCOON_SPACE, board={TYCOON_SPACE: None}))
    assert (s.step, legal(s)) == (TAKE, ALL_TYCOONS)
    top = s.promenade[SUPPLIER][-1]
    play(s, "take supplier")
    assert s.hands[0] == (top,)


@pytest.mark.rule("GCS-EDGE-02")
def test_an_empty_tycoon_space_gives_nothing_to_a_player_holding_a_tycoon() -> None:
    s = holding_a_tycoon_on_a_bare_tycoon_space()
    assert s.hands[0] == (idx("Di1"),)
    # Every tycoon but the one in hand is still on the Promenade.
    assert sum(map(len, s.promenade)) == sum(map(len, CAT.tycoons)) - 1
    assert turn_log(s)[-2:] == [
        "Player 1 walks 2 to space 1 (tycoon).",
        "Player 1 gains nothing: no airship and no alternative.",
    ]
    assert (s.current, s.step) == (1, CHOOSE_CARD)


@pytest.mark.rule("GCS-EDGE-02")
def test_an_empty_station_space_gives_its_station() -> None:
    s = staged(STATION_SPACE, board={STATION_SPACE: None})
    top = s.station_decks[0][-1]
    land(s)  # the station is the only choice: taken at once
    assert s.hands[0] == (top,)
    assert s.station_decks[0][-1] != top
    assert s.current == 1


@pytest.mark.rule("GCS-EDGE-02")
def test_an_empty_station_space_with_an_empty_deck_gives_nothing() -> None:
    s = staged(STATION_SPACE, board={STATION_SPACE: None})
    s.station_decks[0] = ()
    land(s)
    assert s.hands[0] == ()
    assert turn_log(s)[-1] == "Player 1 gains nothing: no airship and no alternative."
    assert s.current == 1


@pytest.mark.rule("GCS-EDGE-03")
def test_an_empty_movement_space_gives_no_card() -> None:
    s = on_a_bare_movement_space()
    assert s.hands[0] == ()
    assert turn_log(s)[-1] == "Player 1 gains no card: no airship is left beside the space."
    assert (s.current, s.step) == (1, CHOOSE_CARD)


@pytest.mark.rule("GCS-EDGE-03", "GCS-ACQ-13")
def test_an_empty_movement_space_moves_no_lane_of_the_airship_played_this_turn() -> None:
    # B7 (blue, Player Movement 1, move 1-1) is played at the right end and forced one space left;
    # the walk of 1 lands on the bare Movement space. No airship is taken there, so no lane may
    # move, though the skyport has blue lanes (SA1 and B7 itself).
    s = position(rows={0: PLAIN_ROW}, hands={0: ["B7", "Y8"], 1: ["P7", "Y2"]}, board={MOVEMENT_SPACE: None})
    s.standees[0] = MOVEMENT_SPACE - 1
    play(s, "play B7", "place right")
    row = (lane("SA1"), berth("S01"), lane("B7"), lane("SA3"))
    assert s.rows[0] == row
    assert s.standees[0] == MOVEMENT_SPACE
    assert s.hands[0] == (idx("Y8"),)
    assert turn_log(s)[-1] == "Player 1 gains no card: no airship is left beside the space."
    assert (s.current, s.step) == (1, CHOOSE_CARD)
    assert s.rows[0] == row


@pytest.mark.rule("GCS-EDGE-03")
def test_an_empty_set_space_still_awards_the_token() -> None:
    s = staged(COLOURS_SPACE, rows=SIX_COLOURS, board={COLOURS_SPACE: None})
    stack = s.token_stacks[0]
    land(s)
    assert s.hands[0] == ()
    assert s.owned[0] == (stack[-1], EMPTY)
    assert s.token_stacks[0] == stack[:-1]
    assert turn_log(s)[-2:] == [
        "Player 1 gains no card: no airship is left beside the space.",
        f"Player 1 completes the set of Colours and takes the {stack[-1]} token.",
    ]


@pytest.mark.rule("GCS-EDGE-04")
def test_a_supplier_placed_with_an_empty_deck_draws_nothing() -> None:
    s = supplier_on_an_empty_deck()
    assert s.rows[0][1] == berth("S01", "Su1")
    assert s.hands[0] == (idx("B1"),)
    assert turn_log(s)[-1] == "Player 1's Supplier draws nothing: the airship deck is empty."
    assert s.step == WALK


# -- nothing to play ------------------------------------------------------------------------------------

SKIP_LINE = (
    "Player 1 has no card that can be played: Arrival, Skyport and Tycoon phases are skipped "
    "and the standee may walk 1."
)


@pytest.mark.rule("GCS-EDGE-05", "GCS-EDGE-08")
@pytest.mark.parametrize(
    ("row", "hand"),
    [
        (PLAIN_ROW, []),
        (["SA1", berth("S01", "Me1"), "SA3", "S02"], ["Me2"]),
        (["SA1", berth("S01", "Su1"), "SA3", berth("S02", "In1")], ["Me1"]),
        (["S01", "S02"], ["W1"]),
    ],
    ids=["empty-hand", "same-tycoon-type", "no-free-station", "wild-without-lane"],
)
def test_without_a_playable_card_the_turn_goes_straight_to_a_walk_of_1(
    row: list[str | Position], hand: list[str]
) -> None:
    s = position(rows={0: row}, hands={0: hand})
    before = (s.rows[0], s.hands[0])
    assert (s.step, s.base_move) == (WALK, 1)
    assert legal(s) == ["walk 1"]
    assert turn_log(s) == [SKIP_LINE]
    play(s, "walk 1")
    assert s.standees[0] == 0
    assert (s.rows[0], s.hands[0][: len(hand)]) == before


@pytest.mark.rule("GCS-EDGE-05", "GCS-TYC-17")
def test_a_diplomat_still_adds_to_the_base_of_1() -> None:
    s = position(rows={0: ["SA1", berth("S01", "Di1"), "SA3", berth("S02", "In1")]}, hands={0: ["Me1"]})
    assert (s.step, s.base_move) == (WALK, 1)
    assert legal(s) == ["walk 1", "walk 2"]  # one Passenger icon: 1 + 1


# -- no movement, no merge ----------------------------------------------------------------------------


@pytest.mark.rule("GCS-EDGE-06")
def test_a_swap_with_no_effect_leaves_same_coloured_neighbours_apart() -> None:
    s = position(rows={0: ["SA1", "S01", "SB3"]}, hands={0: ["B5"]})
    play(s, "play B5", "place left")  # no purple lane for B5
    assert s.rows[0] == (lane("B5"), lane("SA1"), berth("S01"), lane("SB3"))


@pytest.mark.rule("GCS-EDGE-06")
def test_a_declined_wild_move_leaves_same_coloured_neighbours_apart() -> None:
    s = position(rows={0: ["SC1", "S02", "SC3"], 1: ["SB3", "R1", "S01"]}, hands={0: ["W1"]})
    play(s, "play W1", "join 1", "pass")
    assert s.rows[1] == (lane("SB3"), lane("R1"), berth("S01"))


# -- illegal requests -------------------------------------------------------------------------------------


def at_choose() -> State:
    return position(rows={0: ["SA1", berth("S01", "Me1"), "SA3", "S02"]}, hands={0: ["Me2", "B1"]})


def at_place(card: str) -> Callable[[], State]:
    def build() -> State:
        s = position(rows={0: ["SB1", "S01", "SB3"]}, hands={0: [card]})
        return play(s, f"play {card}")

    return build


def at_shift(card: str) -> Callable[[], State]:
    def build() -> State:
        s = position(rows={0: ["SB1", "S01", "SB3", "S02", "SC1"]}, hands={0: [card]})
        return play(s, f"play {card}", "place left")

    return build


def at_swap() -> State:
    s = position(rows={0: ["P1", "S01", "P2", "SB1"]}, hands={0: ["B5"]})
    return play(s, "play B5", "place right")


def at_wild_move() -> State:
    s = position(rows={0: PLAIN_ROW, 1: ["SC1", "S02", "SC3"]}, hands={0: ["W1"]})
    return play(s, "play W1", "join 1")


def at_tycoon_choice() -> State:
    s = position(rows={0: ["SB1", berth("S01", "Me1"), "SD3"]}, hands={0: ["R5"]})
    return play(s, "play R5", "place right")


def at_tycoon_action() -> State:
    return play(at_tycoon_choice(), "use merchant")


def at_walk() -> State:
    return play(position(rows={0: PLAIN_ROW}, hands={0: ["S02"]}), "play S02", "place right")


def at_take_holding_a_tycoon() -> State:
    s = staged(STATION_SPACE, hand=("Di1",))
    return land(s)


def game_over() -> State:
    s = skyport.new_game(2, 11)
    rng = random.Random(11)
    while not s.is_over:
        s.apply(rng.choice(list(s.legal_actions())))
    return s


ILLEGAL = [
    (at_choose, CHOOSE_CARD, "play Me2", "the skyport already has a Merchant"),
    (at_choose, CHOOSE_CARD, "play R1", "R1 is not in Player 1's hand"),
    (at_choose, CHOOSE_CARD, "walk 1", "must now choose a card to play"),
    (at_choose, CHOOSE_CARD, "fly to the moon", "not an action of this game"),
    (at_place("W1"), PLACE_CARD, "place left", "must now choose where the card goes"),
    (at_place("W1"), PLACE_CARD, "join 2", "must now choose where the card goes"),
    (at_place("B1"), PLACE_CARD, "place left-of 2", "must now choose where the card goes"),
    (at_place("S03"), PLACE_CARD, "host 2", "must now choose where the card goes"),
    (at_shift("B3"), SHIFT_NEW_LANE, "shift right 1", "must now move the new lane"),  # below the minimum 2
    (at_shift("B1"), SHIFT_NEW_LANE, "shift right 3", "must now move the new lane"),  # beyond the maximum 2
    (at_shift("B1"), SHIFT_NEW_LANE, "shift left 1", "must now move the new lane"),  # off the left end
    (at_swap, SWAP_NEW_LANE, "swap 2", "must now swap the new lane"),
    (at_swap, SWAP_NEW_LANE, "swap 4", "must now swap the new lane"),
    (at_swap, SWAP_NEW_LANE, "pass", "must now swap the new lane"),
    (at_wild_move, WILD_MOVE, "move 1 right 2", "Player 2 must now move one lane 1 space"),
    (at_wild_move, WILD_MOVE, "move 2 left 1", "Player 2 must now move one lane 1 space"),
    (at_tycoon_choice, TYCOON_CHOICE, "use explorer", "must now use a tycoon"),
    (at_tycoon_action, TYCOON_ACTION, "move 4 left 1", "carry out the tycoon's move"),
    (at_tycoon_action, TYCOON_ACTION, "pass", "carry out the tycoon's move"),
    (at_walk, WALK, "walk 3", "the standee may walk 1 to 2 spaces this turn"),
    (at_take_holding_a_tycoon, TAKE, "take merchant", "a player holding a Tycoon cannot take another"),
    (at_take_holding_a_tycoon, TAKE, "pass", "must now take a card"),
    (game_over, OVER, "pass", "the game is over"),
]


@pytest.mark.rule("GCS-EDGE-07")
@pytest.mark.parametrize(
    ("build", "step", "tried", "reason"), ILLEGAL, ids=[f"{c[0].__name__}:{c[2]}" for c in ILLEGAL]
)
def test_an_illegal_request_is_refused_and_changes_nothing(
    build: Callable[[], State], step: int, tried: str, reason: str
) -> None:
    s = build()
    assert s.step == step
    before, allowed = s.snapshot(), legal(s)
    assert tried not in allowed
    with pytest.raises(IllegalAction) as refused:
        play(s, tried)
    assert reason in refused.value.reason
    assert refused.value.legal == allowed
    assert s.snapshot() == before
    assert legal(s) == allowed


@pytest.mark.rule("GCS-EDGE-07")
def test_a_malformed_request_is_its_own_kind_of_refusal() -> None:
    s = at_choose()
    before = s.snapshot()
    with pytest.raises(MalformedAction):
        play(s, "fly to the moon")
    assert s.snapshot() == before


@pytest.mark.rule("GCS-EDGE-07")
def test_a_legal_action_from_the_wrong_seat_is_refused() -> None:
    s = at_wild_move()
    before = s.snapshot()
    with pytest.raises(IllegalAction, match="not seat 0's decision"):
        checked_play(s, "pass", seat=0)
    assert s.snapshot() == before
    checked_play(s, "pass", seat=1)
    assert s.actor == 0


@pytest.mark.rule("GCS-EDGE-07")
def test_a_set_token_already_owned_is_not_taken_again() -> None:
    # No action claims a token; landing on the set again simply leaves both stacks and tokens alone.
    s = staged(ICONS_SPACE, rows=["SA1", "S01", "SA3", "SB1"])
    s.owned[0] = (EMPTY, 7)
    stacks = list(s.token_stacks)
    land(s)
    assert s.owned[0] == (EMPTY, 7)
    assert s.token_stacks == stacks


# -- skips are logged; someone can always act -------------------------------------------------------------


def no_lane_to_move() -> State:
    s = position(rows={0: PLAIN_ROW, 1: ["SC1"]}, hands={0: ["W1"]})
    return play(s, "play W1", "join 1")


def no_room() -> State:
    return play(position(rows={0: []}, hands={0: ["B1"]}), "play B1", "place left")


def no_swap() -> State:
    return play(position(rows={0: ["SB1", "S01", "SB3"]}, hands={0: ["B5"]}), "play B5", "place right")


def no_token_left() -> State:
    s = staged(ICONS_SPACE, rows=["SA1", "S01", "SA3", "SB1"], board={ICONS_SPACE: None})
    s.token_stacks[1] = ()
    return land(s)


SKIPS = [
    (with_an_empty_hand, SKIP_LINE),
    (no_room, "Player 1's new Blue lane cannot move: there is no room."),
    (no_swap, "Player 1 has no Purple lane: the swap has no effect."),
    (no_lane_to_move, "Player 2 has no lane that can move."),
    (supplier_on_an_empty_deck, "Player 1's Supplier draws nothing: the airship deck is empty."),
    (holding_a_tycoon_on_a_bare_tycoon_space, "Player 1 gains nothing: no airship and no alternative."),
    (on_a_bare_movement_space, "Player 1 gains no card: no airship is left beside the space."),
    (taking_the_last_airship, "Space 2 stays empty: the airship deck is empty."),
    (no_token_left, "Player 1 completes the set of Icons, but no token is left."),
]


@pytest.mark.rule("GCS-EDGE-08")
@pytest.mark.parametrize(("build", "line"), SKIPS, ids=[build.__name__ for build, _ in SKIPS])
def test_a_skipped_step_is_logged_with_its_reason_and_play_goes_on(
    build: Callable[[], State], line: str
) -> None:
    s = build()
    assert line in turn_log(s)
    assert not s.is_over
    assert s.to_act is not None and legal(s)


# -- random playouts: the log accounts for every step, and someone can always act ----------------------------

_PLAYS = re.compile(r"Player (\d) plays (?:\w+ airship|Station|\w+) (\w+) ")
_COLOUR = "(Blue|Purple|Green|Red|Orange|Yellow)"
_LANE = rf"{_COLOUR} lane at position \d+"
"""How the log names a lane."""


class LogReader:
    """Reads a finished game's log turn by turn and insists every step is accounted for."""

    def __init__(self, lines: list[str], players: int, first: int) -> None:
        skipped = ("The Station Closing card is revealed", "Final round:")
        self.lines: Iterator[str] = iter(line for line in lines if not line.startswith(skipped))
        self.players = players
        self.first = first
        self.line = ""
        self.advance()

    def advance(self) -> None:
        self.line = next(self.lines, "")

    def expect(self, *patterns: str) -> re.Match[str]:
        for pattern in patterns:
            found = re.fullmatch(pattern, self.line)
            if found:
                self.advance()
                return found
        raise AssertionError(f"log line {self.line!r} matches none of {patterns}")

    def optional(self, pattern: str) -> bool:
        if re.fullmatch(pattern, self.line):
            self.advance()
            return True
        return False

    def read(self) -> int:
        """Check the whole log; return the number of turns played."""
        while not self.line.startswith("Cities:"):
            self.advance()
        self.advance()
        while self.optional(r"Player \d draws (\d+ cards|a Wild and shuffles it back)\."):
            pass
        turns = 0
        while self.line != "The game is over.":
            self.turn(
                f"Player {(self.first + turns) % self.players + 1}", (self.first + turns) % self.players
            )
            turns += 1
        self.advance()
        assert self.line == "", f"log goes on after the end: {self.line!r}"
        return turns

    def turn(self, who: str, seat: int) -> None:
        if not self.optional(f"{who} has no card that can be played: .*"):
            played = _PLAYS.match(self.line)
            assert played and played.group(1) == who.removeprefix("Player "), (
                f"{who} should play a card: {self.line!r}"
            )
            self.advance()
            self.ability(who, seat, CAT.cards[idx(played.group(2))])
            while self.optional(rf"{who}'s (Merchant|Explorer) (moves|swaps) the {_LANE} .*"):
                self.merges(who)
        walked = self.expect(rf"{who} walks \d+ to space (\d) \((\w+)\)\.")
        self.acquire(who, walked.group(1), walked.group(2))

    def ability(self, who: str, seat: int, card: Card) -> None:
        kind, ability = card.kind, card.ability
        if kind == AIRSHIP and ability == "move":
            if self.optional(rf"{who} moves the new {_COLOUR} lane (left|right) \d+\."):
                self.merges(who)
            else:
                self.expect(rf"{who}'s new {_COLOUR} lane cannot move: there is no room\.")
        elif kind == AIRSHIP and ability == "swap":
            if self.optional(rf"{who} swaps the new {_COLOUR} lane with the {_LANE}\."):
                self.merges(who)
            else:
                self.expect(rf"{who} has no {_COLOUR}( or {_COLOUR})? lane: the swap has no effect\.")
        elif kind == AIRSHIP:
            for k in range(1, self.players):
                rival = f"Player {(seat + k) % self.players + 1}"
                if self.optional(rf"{rival} moves the {_LANE} (left|right) 1 after the Wild\."):
                    self.merges(rival)
                else:
                    self.expect(
                        rf"{rival} keeps their lanes where they are\.",
                        rf"{rival} has no lane that can move\.",
                    )
        elif kind == TYCOON and card.tycoon == SUPPLIER:
            self.expect(rf"{who}'s Supplier draws (a card|nothing: the airship deck is empty)\.")
        else:
            assert kind in (STATION, TYCOON)

    def acquire(self, who: str, space: str, kind: str) -> None:
        if kind in ("tycoon", "station"):
            took = self.expect(
                rf"{who} takes .+ from the (Promenade|station deck)\.",
                rf"{who} takes \w+ airship \w+\.",
                rf"{who} gains nothing: no airship and no alternative\.",
            )
        else:
            took = self.expect(rf"{who} takes \w+ airship \w+\.", rf"{who} gains no card: .+\.")
        if re.fullmatch(rf"{who} takes \w+ airship \w+\.", took.group(0)):
            self.expect(rf"\w+ airship \w+ is dealt to space {space}\.", rf"Space {space} stays empty: .+\.")
        if kind == "set":
            self.optional(
                rf"{who} completes the set of (Colours|Icons)(, but no token is left| and takes .+)\."
            )
        if kind == "movement" and self.optional(
            rf"{who} moves the {_LANE} (left|right) \d+ \(Movement space\)\."
        ):
            self.merges(who)

    def merges(self, who: str) -> None:
        """The merges a move or swap caused, if any, each on its own line."""
        while self.optional(rf"{who}'s (two|three|four) {_COLOUR} lanes merge \(\d+ airships\)\."):
            pass


@pytest.mark.rule("GCS-EDGE-08")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_always_offer_a_choice_and_log_every_step(players: int) -> None:
    for seed in range(80):
        s = skyport.new_game(players, seed)
        rng = random.Random(seed)
        while not s.is_over:
            options = list(s.legal_actions())
            assert s.to_act is not None and options, f"seed {seed}: nobody can act"
            # Forced decisions are taken by the engine, so a pending decision is a real choice.
            assert len(options) >= 2, f"seed {seed}: a single-choice decision was left pending"
            s.apply(rng.choice(options))
        assert s.step == OVER and s.to_act is None and not legal(s)
        turns = LogReader(s.log_for(None), players, s.first).read()
        assert turns % players == 0, f"seed {seed}: {turns} turns for {players} players"
