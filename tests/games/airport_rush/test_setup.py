"""Setup (ARU-SET) and turn structure (ARU-TURN) of Airport Rush.

Setup clauses are checked on ``new_game`` over many seeds and every player count;
the reconstructed decks are checked against the loaded catalog's groups. Turn
structure is checked two ways: a scripted turn in which every out-of-order action
is refused, and seeded random playouts through the checked ``play()`` recording
every decision.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

import pytest

from skyhall.core.rng import Rng
from skyhall.core.state import EMPTY
from skyhall.games import airport_rush
from skyhall.games.airport_rush import die
from skyhall.games.airport_rush.cards import ACTION, EVENT, PLANE
from skyhall.games.airport_rush.rules import AFTER_CARD, AFTER_DICE
from skyhall.games.airport_rush.state import State
from skyhall.games.airport_rush.steps import (
    CARD_EFFECT,
    DRAW,
    FINAL_LOAD,
    KEEP,
    PLACE_DIE,
    PLAY_CARD,
    TAKE_DICE,
    TAKE_OFF,
)
from skyhall.games.airport_rush.steps import (
    EVENT as EVENT_STEP,
)
from tests.games.airport_rush.position import CAT, legal, play, position, with_deck
from tests.games.airport_rush.test_dice import refused

SEEDS = range(16)
PLAYER_COUNTS = (2, 3, 4)
PLANE_DECK = {
    2: {"base": 34, "S": 12},
    3: {"base": 34, "3": 10, "S": 8},
    4: {"base": 34, "3": 10, "4": 6, "S": 4},
}
"""Plane deck composition by player count (ARU-SET-04..06): group -> cards."""


def ids(cards: Iterable[int]) -> list[str]:
    return [CAT.cards[c].id for c in cards]


def games(players: int) -> list[State]:
    return [airport_rush.new_game(players, seed) for seed in SEEDS]


def of_type(cards: Iterable[int], kind: int) -> list[int]:
    return [c for c in cards if c != EMPTY and CAT.cards[c].type == kind]


def in_deck_supply_hands(s: State, kind: int) -> list[int]:
    """Cards of ``kind`` (PLANE or ACTION) in its deck, its Supply and every hand."""
    deck = 0 if kind == PLANE else 1
    cards = [*s.decks[deck], *s.supply[deck], *(c for hand in s.hands for c in hand)]
    return of_type(cards, kind)


def everywhere(s: State) -> list[int]:
    """Every card on the table, in hand, in a deck, taken off or discarded."""
    cards = [*s.decks[0], *s.decks[1], *s.discard, *s.locate, *s.supply[0], *s.supply[1]]
    for seat in range(s.n):
        cards += [*s.hands[seat], *s.waiting[seat], *s.taken[seat]]
        cards += [p.card for p in s.departure[seat] if p is not None]
    if s.storm != EMPTY:
        cards.append(CAT.by_id["storm"])
    return [c for c in cards if c != EMPTY]


# -- SET: players, Airports, starting planes ------------------------------------------


@pytest.mark.rule("ARU-SET-01")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_two_to_four_players(players: int) -> None:
    s = airport_rush.new_game(players, 0)
    assert s.n == players
    assert len(s.departure) == len(s.waiting) == len(s.airport) == len(s.hands) == players
    assert airport_rush.SPEC.min_players == 2
    assert airport_rush.SPEC.max_players == 4


@pytest.mark.rule("ARU-SET-01")
@pytest.mark.parametrize("players", [0, 1, 5])
def test_other_player_counts_are_refused(players: int) -> None:
    with pytest.raises(ValueError, match=f"Airport Rush takes 2 to 4 players, not {players}"):
        airport_rush.new_game(players, 0)


@pytest.mark.rule("ARU-SET-02")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_each_airport_has_three_departure_spaces_a_waiting_point_and_four_dice_spaces(players: int) -> None:
    assert (CAT.limits.departure_spaces, CAT.limits.airport_spaces) == (3, 4)
    for s in games(players):
        for seat in range(players):
            assert len(s.departure[seat]) == 3
            assert len(s.waiting[seat]) == 1
            assert s.airport[seat] == ()


@pytest.mark.rule("ARU-SET-03")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_four_random_starting_planes_each(players: int) -> None:
    starting = set(CAT.planes_in("S"))
    assert len(starting) == 20
    dealt_sets = set()
    for s in games(players):
        dealt: list[int] = []
        for seat in range(players):
            row = s.departure[seat]
            assert all(p is not None and p.dice == () for p in row)
            mine = [p.card for p in row if p is not None] + list(s.waiting[seat])
            assert len(mine) == 4
            assert set(mine) <= starting
            dealt += mine
        assert len(set(dealt)) == 4 * players
        dealt_sets.add(frozenset(dealt))
        # The starting planes not dealt are in the plane deck, the Supply or a hand.
        assert set(in_deck_supply_hands(s, PLANE)) & starting == starting - set(dealt)
    assert len(dealt_sets) == len(SEEDS)  # dealt at random


@pytest.mark.rule("ARU-SET-04", "ARU-SET-05", "ARU-SET-06")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_the_plane_deck_for_the_player_count(players: int) -> None:
    size = {2: 46, 3: 52, 4: 54}[players]
    assert sum(PLANE_DECK[players].values()) == size
    for s in games(players):
        planes = in_deck_supply_hands(s, PLANE)
        assert len(planes) == len(set(planes)) == size
        assert Counter(CAT.cards[c].group for c in planes) == PLANE_DECK[players]


@pytest.mark.rule("ARU-SET-07")
@pytest.mark.parametrize("players", [2, 3])
def test_planes_not_used_for_the_player_count_stay_out(players: int) -> None:
    unused = set(CAT.planes_in("3", "4")) if players == 2 else set(CAT.planes_in("4"))
    for seed in range(4):
        s = airport_rush.new_game(players, seed)
        assert not unused & set(everywhere(s))
        rng = Rng(seed)
        while not s.is_over:  # not even LOCATE or SCRAP brings them in
            actions = s.legal_actions()
            play(s, str(actions[rng.below(len(actions))]))
            assert not unused & set(everywhere(s))


# -- SET: Events and the two decks ----------------------------------------------------


@pytest.mark.rule("ARU-SET-08")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_four_of_the_six_events_in_play(players: int) -> None:
    seen_in, seen_out = Counter[int](), Counter[int]()
    for s in games(players):
        in_play = [c for c in everywhere(s) if CAT.cards[c].type == EVENT]
        assert len(of_type(s.decks[0], EVENT)) == len(of_type(s.decks[1], EVENT)) == 2
        assert len(set(in_play)) == len(in_play) == 4
        seen_in.update(in_play)
        seen_out.update(set(CAT.events) - set(in_play))
    assert set(seen_in) == set(seen_out) == set(CAT.events)  # picked at random


def piles(s: State, deck: int) -> tuple[int, int, int]:
    """The three piles the deck was cut into, read back from where its two Events lie.

    Setup turned the Supply and dealt the hands from the top, so the deck as prepared
    was those cards, then ``s.decks[deck]`` top first: the top pile runs down to the
    first Event, the middle pile to the second, the bottom pile to the end.
    """
    kind = PLANE if deck == 0 else ACTION
    dealt = len(s.supply[deck]) + sum(len(of_type(hand, kind)) for hand in s.hands)
    top_first = list(reversed(s.decks[deck]))
    first, second = (dealt + i for i, c in enumerate(top_first) if CAT.cards[c].type == EVENT)
    return first, second - first - 1, dealt + len(top_first) - second - 1


@pytest.mark.rule("ARU-SET-09", "ARU-SET-10")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_the_plane_deck_is_cut_in_three_with_events_on_the_lower_two(players: int) -> None:
    size = sum(PLANE_DECK[players].values())
    for s in games(players):
        top, middle, bottom = piles(s, 0)
        assert top + middle + bottom == size
        assert max(top, middle, bottom) - min(top, middle, bottom) <= 1
        # No Event was turned up for the Supply or dealt: the top pile holds none.
        assert not of_type([*s.supply[0], *(c for hand in s.hands for c in hand)], EVENT)


@pytest.mark.rule("ARU-SET-11")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_three_planes_face_up_as_the_plane_supply(players: int) -> None:
    for s in games(players):
        assert len(s.supply[0]) == 3
        assert len(of_type(s.supply[0], PLANE)) == 3


@pytest.mark.rule("ARU-SET-12")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_the_action_deck_is_prepared_the_same_way(players: int) -> None:
    for s in games(players):
        actions = in_deck_supply_hands(s, ACTION)
        assert sorted(actions) == sorted(CAT.actions)
        assert len(actions) == 48
        assert len(s.supply[1]) == 3
        assert len(of_type(s.supply[1], ACTION)) == 3
        top, middle, bottom = piles(s, 1)
        assert (top, middle, bottom) == (16, 16, 16)
    orders = {tuple(s.decks[1]) for s in games(players)}
    assert len(orders) == len(SEEDS)  # shuffled


@pytest.mark.rule("ARU-SET-13")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_a_secret_hand_of_two_planes_and_two_action_cards(players: int) -> None:
    for s in games(players):
        for seat in range(players):
            hand = s.hands[seat]
            assert len(of_type(hand, PLANE)) == len(of_type(hand, ACTION)) == 2
            other = (seat + 1) % players
            assert s.view(other).to_dict()["hands"][seat] == {
                "size": 4, "cards": [], "hidden_planes": 2, "hidden_actions": 2,
            }  # fmt: skip
            assert s.view(seat).to_dict()["hands"][seat]["cards"] == ids(hand)


# -- SET: objectives ------------------------------------------------------------------


@pytest.mark.rule("ARU-SET-14")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_four_objectives_dealt_two_kept_unseen(players: int) -> None:
    for seed in range(4):
        s = airport_rush.new_game(players, seed, {"first_player": 0})
        dealt = [s.dealt[seat] for seat in range(players)]
        assert all(len(d) == len(set(d)) == 4 for d in dealt)
        assert len({o for d in dealt for o in d}) == 4 * players
        for seat in range(players):
            assert (s.step, s.actor) == (KEEP, seat)
            own = sorted(CAT.objectives[o].id for o in dealt[seat])
            assert legal(s) == [f"keep {a} {b}" for i, a in enumerate(own) for b in own[i + 1 :]]
            view = s.view(seat).to_dict()
            for other in range(players):  # earlier choices and other deals are not shown
                if other != seat:
                    assert view["objectives"][other] == [None] * len(s.objectives[other])
                    assert view["dealt"][other] == [None] * 4
            play(s, f"keep {own[1]} {own[3]}")
            assert ids_of_objectives(s.objectives[seat]) == [own[1], own[3]]
        assert (s.step, s.current) == (TAKE_DICE, 0)


@pytest.mark.rule("ARU-SET-14")
def test_returned_objectives_stay_unseen_after_the_end() -> None:
    s = airport_rush.new_game(2, 3, {"first_player": 0})
    rng = Rng(3)
    while not s.is_over:
        actions = s.legal_actions()
        play(s, str(actions[rng.below(len(actions))]))
    for seat, other in ((0, 1), (1, 0)):
        view = s.view(other).to_dict()
        assert view["objectives"][seat] == ids_of_objectives(s.objectives[seat])  # kept: revealed
        assert view["dealt"][seat] == [None] * 4  # which two were returned: never
    assert s.view(None).to_dict()["dealt"] == [[None] * 4, [None] * 4]


def ids_of_objectives(objectives: Iterable[int]) -> list[str]:
    return [CAT.objectives[o].id for o in objectives]


@pytest.mark.rule("ARU-SET-14")
def test_a_choice_made_earlier_does_not_change_the_next_seats_choice() -> None:
    """The keep-2 choices are simultaneous: what seat 0 kept makes no difference to seat 1."""
    after: list[tuple[object, ...]] = []
    for pick in (0, 1):
        s = airport_rush.new_game(2, 5, {"first_player": 0})
        play(s, legal(s)[pick * 5])
        view = s.view(1)
        after.append((tuple(legal(s)), view.hands, view.dealt, view.objectives))
    assert after[0] == after[1]


# -- SET: dice and first player -------------------------------------------------------


@pytest.mark.rule("ARU-SET-15", "ARU-SET-16")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_sixty_dice_in_the_bag_and_three_on_each_load_space(players: int) -> None:
    assert CAT.limits.dice == (20, 20, 20)
    colours: Counter[int] = Counter()
    values: Counter[int] = Counter()
    loads = set()
    for seed in range(50):
        s = airport_rush.new_game(players, seed)
        assert [len(space) for space in s.load] == [3] * 6
        on_board = [d for space in s.load for d in space]
        assert tuple(s.bag[c] + sum(1 for d in on_board if die.true_colour(d) == c) for c in range(3)) == (
            20, 20, 20,
        )  # fmt: skip
        assert all(die.shown(d) == die.true_colour(d) for d in on_board)
        colours.update(die.true_colour(d) for d in on_board)
        values.update(die.value(d) for d in on_board)
        loads.add(tuple(s.load))
    assert len(loads) == 50
    # 900 dice: drawn at random from a bag a third of each colour, rolled fairly.
    assert set(colours) == {0, 1, 2} and all(240 <= n <= 360 for n in colours.values())
    assert set(values) == {1, 2, 3, 4, 5, 6} and all(110 <= n <= 190 for n in values.values())


@pytest.mark.rule("ARU-SET-17")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_the_first_player_is_random_or_chosen(players: int) -> None:
    assert {s.first for s in games(players)} == set(range(players))
    for first in range(players):
        s = airport_rush.new_game(players, 0, {"first_player": first})
        assert (s.first, s.step, s.actor) == (first, KEEP, first)  # the first player also keeps first
        while s.step == KEEP:
            play(s, legal(s)[0])
        assert (s.current, s.actor, s.step) == (first, first, TAKE_DICE)


@pytest.mark.rule("ARU-SET-17")
@pytest.mark.parametrize("first", [4, -1, True, "1"])
def test_a_first_player_that_is_no_seat_is_refused(first: object) -> None:
    with pytest.raises(ValueError, match="first_player must be a seat from 0 to 3"):
        airport_rush.new_game(4, 0, {"first_player": first})


# -- TURN -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Turn:
    """One turn of a playout, as the decisions taken in it showed it."""

    turn: int
    seat: int
    phases: tuple[int, ...]
    """Per decision, which of the four actions it belongs to (see :func:`phase`)."""
    passes: frozenset[int]
    """The steps at which ``pass`` was offered."""
    start: tuple[int, ...]
    end: tuple[int, ...]
    """The seat's hand when the turn began and when it ended."""
    cards_left: bool
    """Whether any card could still be taken when the turn ended (a deck or Supply holds one)."""


def phase(s: State) -> int:
    """Action 1..4 of the decision pending; an Event's choices belong to the action that turned it up."""
    card_played = s.card != EMPTY  # an Event met by LOCATE belongs to Action 2
    if s.step == PLACE_DIE:
        return 1 if s.after == AFTER_DICE else 2 if s.after == AFTER_CARD or card_played else 4
    if s.step == EVENT_STEP:
        return 2 if card_played else 4
    return {TAKE_DICE: 1, PLAY_CARD: 2, CARD_EFFECT: 2, TAKE_OFF: 3, DRAW: 4}[s.step]


def cards_left(s: State) -> bool:
    return any(s.decks) or any(c != EMPTY for row in s.supply for c in row)


def playout(players: int, seed: int, first: int | None = None) -> list[Turn]:
    """Seeded random legal actions through ``play()`` from setup to the end, turn by turn.

    Hands change only in their owner's turn, so a turn's starting hand is the hand
    the seat ended its previous turn with (or was dealt).
    """
    s = airport_rush.new_game(players, seed, {"first_player": first})
    hands = list(s.hands)
    rng = Rng(seed)
    while s.step == KEEP:
        actions = s.legal_actions()
        play(s, str(actions[rng.below(len(actions))]))
    out: list[Turn] = []
    phases: list[int] = []
    passes: set[int] = set()
    while not s.is_over:
        seat, turn, step = s.current, s.turn, s.step
        if step != FINAL_LOAD:
            phases.append(phase(s))
            if "pass" in legal(s):
                passes.add(step)
        actions = s.legal_actions()
        play(s, str(actions[rng.below(len(actions))]))
        ended = s.is_over or s.turn != turn or s.step == FINAL_LOAD
        if step != FINAL_LOAD and ended:
            out.append(
                Turn(turn, seat, tuple(phases), frozenset(passes), hands[seat], s.hands[seat], cards_left(s))
            )
            hands[seat] = s.hands[seat]
            phases, passes = [], set()
    return out


PLAYOUTS = [(players, seed) for players in PLAYER_COUNTS for seed in range(3)]


@pytest.mark.rule("ARU-TURN-01")
@pytest.mark.parametrize(("players", "seed"), PLAYOUTS)
def test_turns_go_clockwise_from_the_first_player(players: int, seed: int) -> None:
    first = (seed + 1) % players
    played = playout(players, seed, first)
    assert len(played) > 4 * players
    assert [t.turn for t in played] == list(range(len(played)))
    assert [t.seat for t in played] == [(first + k) % players for k in range(len(played))]


@pytest.mark.rule("ARU-TURN-02")
@pytest.mark.parametrize(("players", "seed"), PLAYOUTS)
def test_the_four_actions_come_in_order(players: int, seed: int) -> None:
    for t in playout(players, seed):
        assert list(t.phases) == sorted(t.phases), t


@pytest.mark.rule("ARU-TURN-03")
@pytest.mark.parametrize(("players", "seed"), PLAYOUTS)
def test_actions_one_two_and_four_cannot_be_passed(players: int, seed: int) -> None:
    played = playout(players, seed)
    for t in played:
        assert not t.passes & {TAKE_DICE, PLAY_CARD, DRAW}, t
        if t.start:  # Action 2: exactly one card left the hand
            assert len(set(t.start) - set(t.end)) == 1, t
    assert any(TAKE_OFF in t.passes for t in played)  # while Action 3 may be passed


@pytest.mark.rule("ARU-TURN-04")
@pytest.mark.parametrize(("players", "seed"), PLAYOUTS)
def test_four_cards_in_hand_at_the_start_and_end_of_each_turn(players: int, seed: int) -> None:
    played = playout(players, seed)
    assert all(len(t.start) == 4 for t in played[:players])  # the dealt hands
    for t in played:
        assert len(t.end) == 4 or not t.cards_left, t
    # Cards do run out in these games, and then hands fall below 4.
    assert any(len(t.end) < 4 for t in played)


def ready_turn() -> State:
    """Seat 0 with UK5 ready ("2", red: a yellow 2 and a red 6 make 8), at the start of its turn."""
    s = position(
        departure={0: [("UK5", "y2 r6"), "DE3", "JP5"]},
        load={0: "y1 y2"},
        hands={0: ["FR3", "flip", "control", "adjust"]},
    )
    return with_deck(s, 0, ["BR3", "BR4"])


@pytest.mark.rule("ARU-TURN-02", "ARU-TURN-03")
def test_a_turn_refuses_actions_out_of_order() -> None:
    s = ready_turn()
    assert (s.step, legal(s)) == (TAKE_DICE, ["take 1 y1", "take 1 y2", "take 1 y1 y2"])
    for early in ("pass", "play FR3", "takeoff 1", "draw plane 1"):
        refused(s, early)
    play(s, "take 1 y1")  # fits nothing: onto the Airport
    assert (s.step, legal(s)) == (PLAY_CARD, ["play FR3", "play flip", "play control", "play adjust"])
    for wrong in ("pass", "take 1 y2", "takeoff 1", "draw plane 1"):
        refused(s, wrong)
    play(s, "play FR3")
    assert (s.step, legal(s)) == (TAKE_OFF, ["takeoff 1", "pass"])  # Action 3 is optional
    for wrong in ("take 1 y2", "play flip", "draw plane 1"):
        refused(s, wrong)
    play(s, "pass")
    assert s.step == DRAW
    assert s.taken[0] == ()
    for late in ("pass", "takeoff 1", "play flip", "take 1 y2"):
        refused(s, late)
    drawn = s.supply[0][0]
    play(s, "draw plane 1")  # the fourth card: the turn is over
    assert s.hands[0][-1] == drawn
    assert len(s.hands[0]) == 4
    assert (s.current, s.step) == (1, TAKE_DICE)
