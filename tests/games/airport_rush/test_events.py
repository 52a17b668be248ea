"""Event cards (ARU-EVT): how Events come up, resolve and are discarded, and each Event's effect.

Scenarios start with empty load spaces (Action 1 skipped). The active seat plays a card that
changes nothing here (FLIP with no die, or a plane joining a full Departure row's queue),
then an Event is put on top of a deck with ``with_deck`` and turned up in Action 4: in a
Supply refill (``draw plane 1``) or by a blind draw (``draw action deck``).
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from skyhall.core.errors import IllegalAction
from skyhall.core.rng import Rng
from skyhall.core.state import EMPTY
from skyhall.games import airport_rush
from skyhall.games.airport_rush import die
from skyhall.games.airport_rush.cards import EVENT
from skyhall.games.airport_rush.plane import Docked
from skyhall.games.airport_rush.state import State
from skyhall.games.airport_rush.steps import DRAW, PLACE_DIE, TAKE_OFF
from skyhall.games.airport_rush.steps import EVENT as EVENT_STEP
from tests.games.airport_rush.position import CAT, dice, idx, legal, play, position, with_deck

FLIP_FIRST = ["flip", "FR3"]
"""A hand whose FLIP is played with no die around: nothing happens."""
STORM_REASON = "a STORM is in force: no plane may take off"
READY_BR1 = ("BR1", "b4 y5")
"""BR1 [5, blue] 9, ready."""
READY_US2 = ("US2", "b4 r4")
"""US2 [blue, 4] 8, ready."""
READY_UK2 = ("UK2", "b6 r5")
"""UK2 [red, blue] 11, ready."""


def ids(cards: Sequence[int]) -> list[str]:
    return [CAT.cards[c].id for c in cards]


def events_among(s: State) -> tuple[list[int], list[int]]:
    """Events in the hands and in the Supplies."""
    in_hands = [c for h in s.hands for c in h if CAT.cards[c].type == EVENT]
    in_supply = [c for row in s.supply for c in row if c != EMPTY and CAT.cards[c].type == EVENT]
    return in_hands, in_supply


def at_draw(s: State, card: str = "flip") -> State:
    """The active seat plays ``card`` (which does nothing), loads nothing, and stands at Action 4."""
    play(s, f"play {card}")
    while s.step != DRAW:  # only loading is on offer: declined
        play(s, "pass")
    assert s.actor == s.current
    return s


# -- how Events come up -------------------------------------------------------------------------


@pytest.mark.rule("ARU-EVT-01")
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(4))
def test_four_events_are_in_play_two_in_each_deck(players: int, seed: int) -> None:
    s = airport_rush.new_game(players, seed, {})
    in_decks = [[c for c in deck if CAT.cards[c].type == EVENT] for deck in s.decks]
    assert [len(e) for e in in_decks] == [2, 2]
    assert len(set(in_decks[0] + in_decks[1])) == CAT.limits.events_in_game == 4
    assert events_among(s) == ([], [])


@pytest.mark.rule("ARU-EVT-02")
def test_an_event_in_a_supply_refill_resolves_and_another_card_fills_the_place() -> None:
    s = at_draw(
        position(
            waiting={0: ["CA2", "IT2"], 1: ["ES2", "JP6", "UK6"]},
            hands={0: FLIP_FIRST},
            load={},
        )
    )
    with_deck(s, 0, ["inspection", "BR3"])
    row = s.supply[0]
    play(s, "draw plane 1")
    assert s.hands[0][-1] == row[0]
    # INSPECTION has acted on every player at once.
    assert ids(s.waiting[0]) == ["IT2", "CA2"]
    assert ids(s.waiting[1]) == ["JP6", "UK6", "ES2"]
    assert s.supply[0] == (idx("BR3"), row[1], row[2])  # the next card filled the place
    assert s.discard[-1] == idx("inspection")
    assert "Event: INSPECTION. " + CAT.cards[idx("inspection")].text in s.log_for(1)
    assert (s.step, s.actor) == (DRAW, 0)  # the player goes on taking cards


@pytest.mark.rule("ARU-EVT-02", "ARU-DRAW-03")
@pytest.mark.parametrize("place", [2, 3])
def test_the_card_after_a_supply_event_fills_the_place_the_event_came_up_in(place: int) -> None:
    s = at_draw(position(waiting={0: ["CA2", "IT2"], 1: []}, hands={0: FLIP_FIRST}, load={}))
    with_deck(s, 0, ["inspection", "BR3"])
    row = list(s.supply[0])
    play(s, f"draw plane {place}")
    assert s.hands[0][-1] == row[place - 1]
    assert s.discard[-1] == idx("inspection")
    row[place - 1] = idx("BR3")
    assert s.supply[0] == tuple(row)  # the other two places are untouched


@pytest.mark.rule("ARU-EVT-03", "ARU-EVT-04")
def test_an_event_drawn_blind_is_shown_resolved_and_the_player_draws_again() -> None:
    s = at_draw(
        position(waiting={0: ["CA2", "IT2"], 1: []}, hands={0: ["flip", "FR3", "JP1", "ES2"]}, load={})
    )
    with_deck(s, 1, ["inspection", "adjust"])
    supply = list(s.supply)
    size = len(s.decks[1])
    play(s, "draw action deck")
    assert ids(s.waiting[0]) == ["IT2", "CA2"]
    assert CAT.cards[s.hands[0][-1]].kind == "adjust"  # drawn again from the same deck
    assert len(s.hands[0]) == 4 and s.current == 1  # and that card completed the hand
    assert len(s.decks[1]) == size - 2 and s.supply == supply
    assert s.discard[-1] == idx("inspection")
    assert events_among(s) == ([], [])
    log = s.log_for(1)
    shown = log.index("Player 1 draws blind from the action deck.")
    assert log[shown + 1].startswith("Event: INSPECTION.")
    assert "Player 1 draws again from the action deck." in log[shown + 2 :]


@pytest.mark.rule("ARU-EVT-04", "ARU-EVT-06")
@pytest.mark.parametrize("seed", range(6))
def test_in_whole_games_events_never_stay_in_a_hand_or_a_supply(seed: int) -> None:
    """Random legal play: every Event in play is in a deck, discarded, or the STORM in force."""
    s = airport_rush.new_game(2 + seed % 3, seed, {})
    in_game = {c for deck in s.decks for c in deck if CAT.cards[c].type == EVENT}
    rng = Rng(1000 + seed)
    while not s.is_over:
        actions = s.legal_actions()
        s.apply(actions[rng.below(len(actions))])
        assert events_among(s) == ([], [])
        in_decks = {c for deck in s.decks for c in deck if CAT.cards[c].type == EVENT}
        discarded = [c for c in s.discard if CAT.cards[c].type == EVENT]
        face_up = {idx("storm")} if s.storm != EMPTY else set()
        assert face_up.isdisjoint(discarded)  # STORM is not discarded while in force
        assert len(discarded) == len(set(discarded))
        assert in_decks | set(discarded) | face_up == in_game
        assert s.event == EMPTY or s.event in discarded or s.event in face_up


# -- events do not chain; what is discarded -------------------------------------------------------


@pytest.mark.rule("ARU-EVT-05")
def test_an_event_replacing_a_resolved_event_in_a_supply_is_discarded_without_effect() -> None:
    s = at_draw(position(waiting={0: ["CA2", "IT2"]}, airport={1: "r1 r2"}, hands={0: FLIP_FIRST}, load={}))
    with_deck(s, 0, ["inspection", "fog", "BR3"])
    play(s, "draw plane 1")
    assert ids(s.waiting[0]) == ["IT2", "CA2"]  # INSPECTION acted
    assert s.airport[1] == dice("r1 r2")  # FOG did not: nobody was asked for a die
    assert (s.step, s.actor) == (DRAW, 0)
    assert s.supply[0][0] == idx("BR3")
    assert s.discard[-2:] == (idx("inspection"), idx("fog"))
    assert "FOG is discarded without effect: events do not chain." in s.log_for(None)


@pytest.mark.rule("ARU-EVT-05")
def test_an_event_replacing_a_blind_drawn_event_is_discarded_without_effect() -> None:
    s = at_draw(position(waiting={0: ["CA2", "IT2"]}, hands={0: FLIP_FIRST}, load={}))
    with_deck(s, 1, ["inspection", "strike", "adjust"])
    play(s, "draw action deck")
    assert ids(s.waiting[0]) == ["IT2", "CA2"]
    assert s.load == [()] * 6  # STRIKE would have refilled the empty load spaces at once
    assert CAT.cards[s.hands[0][-1]].kind == "adjust"
    assert s.discard[-2:] == (idx("inspection"), idx("strike"))


@pytest.mark.rule("ARU-EVT-05")
def test_a_later_event_after_the_replacement_takes_effect() -> None:
    """Only the replacement of a just-resolved Event is suppressed, not the next Event of the turn."""
    s = at_draw(position(waiting={0: ["CA2", "IT2"]}, airport={1: "r1 r2"}, hands={0: FLIP_FIRST}, load={}))
    with_deck(s, 0, ["inspection", "BR3", "fog"])
    play(s, "draw plane 1")
    assert s.supply[0][0] == idx("BR3")
    play(s, "draw plane deck")  # FOG, blind: a new Event, not a replacement
    assert (s.step, s.actor) == (EVENT_STEP, 1)
    assert legal(s) == ["drop r1", "drop r2"]


@pytest.mark.rule("ARU-EVT-06")
def test_a_resolved_event_is_discarded() -> None:
    s = at_draw(position(hands={0: FLIP_FIRST}, load={}))
    with_deck(s, 1, ["strike", "adjust"])
    discard = s.discard
    play(s, "draw action deck")
    assert s.discard == (*discard, idx("strike"))


# -- STORM ---------------------------------------------------------------------------------------


@pytest.mark.rule("ARU-EVT-06", "ARU-EVT-07", "ARU-EVT-09")
def test_storm_stays_face_up_until_the_revealer_takes_cards_in_their_next_turn() -> None:
    s = position(
        departure={0: [READY_BR1, ("FR1", "b1"), "CA2"], 1: [READY_US2, "DE1", "ES2"]},
        waiting={0: [], 1: []},
        airport={0: "b2"},  # FR1 [blue, blue, 1] can take it: Action 3 stays open
        hands={0: ["JP1", "IT2", "IT5", "AR3"], 1: ["UK6", "JP6", "DE3", "UK5"]},
        load={},
    )
    s.bag = (0, 0, 0)  # the load spaces stay empty: Action 1 is skipped every turn
    play(s, "play JP1")
    assert legal(s) == ["takeoff 1", "load b2 plane 2", "pass"]
    play(s, "pass")
    with_deck(s, 0, ["storm", "BR3"])
    discard = s.discard
    play(s, "draw plane 1")  # turn 0: Player 1 reveals STORM, and the turn ends
    assert (s.storm, s.current) == (0, 1)
    assert s.discard == discard  # face up, not discarded
    assert s.view(1).to_dict()["storm"] == 0

    play(s, "play UK6")  # turn 1: Player 2's ready plane cannot take off
    assert (s.step, s.taken[1]) == (DRAW, ())
    play(s, "draw plane deck")

    play(s, "play IT2")  # turn 2: Player 1's own Action 3 is still under the STORM
    assert s.step == TAKE_OFF and s.storm == 0
    assert legal(s) == ["load b2 plane 2", "pass"]
    before = s.snapshot()
    with pytest.raises(IllegalAction) as refused:
        play(s, "takeoff 1")
    assert (refused.value.reason, s.snapshot()) == (STORM_REASON, before)
    play(s, "pass")  # Action 4: taking cards ends the STORM
    assert s.storm == EMPTY
    assert s.discard == (*discard, idx("storm"))
    assert "The STORM passes: planes may take off again." in s.log_for(1)
    play(s, "draw plane deck")

    play(s, "play JP6")  # turn 3: take-offs are back
    assert legal(s) == ["takeoff 1", "pass"]


def under_storm(**kw: object) -> State:
    """Player 2's turn (turn 1) with a STORM Player 1 revealed on turn 0."""
    s = position(current=1, load={}, **kw)  # type: ignore[arg-type]
    s.storm, s.storm_turn = 0, 0
    return s


@pytest.mark.rule("ARU-EVT-09", "ARU-ACT-01")
def test_storm_blocks_control_too() -> None:
    s = under_storm(
        departure={1: [READY_US2, READY_UK2, ("FR1", "b1")]},
        waiting={1: []},
        airport={1: "b2"},
        hands={1: ["control", "JP1"]},
    )
    play(s, "play control")
    assert s.takeoff_limit == 2
    assert legal(s) == ["load b2 plane 3", "pass"]
    before = s.snapshot()
    for plane in ("takeoff 1", "takeoff 2"):
        with pytest.raises(IllegalAction) as refused:
            play(s, plane)
        assert (refused.value.reason, s.snapshot()) == (STORM_REASON, before)


@pytest.mark.rule("ARU-EVT-09", "ARU-EVT-14")
def test_storm_blocks_rush_hour() -> None:
    s = under_storm(
        departure={0: [READY_BR1, "DE1", "CA2"], 1: [READY_US2, "ES2", "UK6"]},
        waiting={0: [], 1: []},
        airport={1: "y1"},  # would fit UK6, but no loading makes a take-off possible under the STORM
        hands={1: ["JP1", "FR3"]},
    )
    at_draw(s, "JP1")  # to the Waiting queue; Action 3 has nothing under the STORM
    with_deck(s, 1, ["rush-hour", "adjust"])
    play(s, "draw action deck")
    assert s.taken == [(), ()]
    assert (s.step, s.actor) == (DRAW, 1)  # nobody was asked
    assert CAT.cards[s.hands[1][-1]].kind == "adjust"


# -- the other Events -----------------------------------------------------------------------------


@pytest.mark.rule("ARU-EVT-08", "ARU-EVT-10")
def test_fog_asks_each_player_clockwise_from_the_active_player() -> None:
    s = position(
        players=3,
        current=1,
        departure={1: ["UK6", "CA2", "ES2"]},  # [5, yellow], [3, yellow]: r1 and r2 load nowhere
        waiting={1: []},
        airport={0: "b2 b5", 1: "r1 r2", 2: "y1 y3"},
        hands={1: ["JP1", "FR3"]},
        load={},
    )
    at_draw(s, "JP1")
    with_deck(s, 1, ["fog", "adjust"])
    bag = s.bag
    play(s, "draw action deck")
    answers = []
    while s.step == EVENT_STEP:
        answers.append((s.actor, legal(s)))
        play(s, legal(s)[-1])
    assert answers == [(1, ["drop r1", "drop r2"]), (2, ["drop y1", "drop y3"]), (0, ["drop b2", "drop b5"])]
    assert s.airport == [dice("b2"), dice("r1"), dice("y1")]
    assert s.bag == (bag[0] + 1, bag[1] + 1, bag[2] + 1)  # the discarded dice went back into the bag
    assert (s.step, s.actor) == (DRAW, 1)
    assert CAT.cards[s.hands[1][-1]].kind == "adjust"


@pytest.mark.rule("ARU-EVT-10", "ARU-DICE-14")
def test_the_active_player_may_load_before_answering_fog_and_a_rival_may_not() -> None:
    # Both Players hold an AR1 [red, red] and a red die that fits it; FOG comes up in Player 1's turn.
    s = position(
        departure={0: ["AR1", "DE3", "IT2"], 1: ["AR1", "ES2", "UK6"]},
        waiting={0: [], 1: []},
        airport={0: "r3", 1: "r5 y2"},
        hands={0: FLIP_FIRST},
        load={},
    )
    at_draw(s)
    with_deck(s, 1, ["fog", "adjust"])
    play(s, "draw action deck")
    # Inside their own turn Player 1 may still load ("at any moment"): the die then escapes the FOG.
    assert (s.step, s.actor, legal(s)) == (EVENT_STEP, 0, ["drop r3", "load r3 plane 1"])
    play(s, "load r3 plane 1")
    assert s.airport[0] == () and s.departure[0][0] == Docked(idx("AR1"), dice("r3"))
    # Player 2 answers outside their turn: FOG takes a die, loading is not offered.
    assert (s.step, s.actor, legal(s)) == (EVENT_STEP, 1, ["drop y2", "drop r5"])
    play(s, "drop r5")
    assert s.airport[1] == dice("y2")
    assert (s.step, s.actor) == (DRAW, 0)
    assert CAT.cards[s.hands[0][-1]].kind == "adjust"


@pytest.mark.rule("ARU-EVT-10")
def test_fog_skips_players_without_airport_dice() -> None:
    s = position(players=3, airport={1: "r4 r4", 2: "y1 b1"}, hands={0: FLIP_FIRST}, load={})
    at_draw(s)
    with_deck(s, 1, ["fog", "adjust"])
    play(s, "draw action deck")
    # Player 1 has no die; Player 2's only choice (one of its two red 4s) was taken for them.
    assert s.airport[:2] == [(), dice("r4")]
    assert (s.step, s.actor) == (EVENT_STEP, 2)
    assert "Player 1 has no die on their Airport: FOG takes nothing from them." in s.log_for(None)
    assert legal(s) == ["drop y1", "drop b1"]


@pytest.mark.rule("ARU-EVT-11")
def test_strike_returns_every_load_die_to_the_bag_and_refills_at_once() -> None:
    s = at_draw(position(hands={0: FLIP_FIRST}, load={}))
    s.load = [dice("r6 r6 r6") for _ in range(6)]
    s.bag = (0, 0, 0)  # only the returned dice can refill the spaces
    with_deck(s, 0, ["strike", "BR3"])
    play(s, "draw plane 1")
    assert (s.step, s.actor) == (DRAW, 0)  # still in Action 4: the refill happened at once
    assert [len(space) for space in s.load] == [3] * 6
    every = [d for space in s.load for d in space]
    assert all(die.true_colour(d) == 2 and 1 <= die.value(d) <= 6 for d in every)
    assert len({die.value(d) for d in every}) > 1  # rolled again
    assert s.bag == (0, 0, 0)
    assert s.supply[0][0] == idx("BR3")


@pytest.mark.rule("ARU-EVT-12")
def test_tailwind_gives_each_player_a_rolled_die_placed_by_the_action_1_rules() -> None:
    s = position(
        departure={
            0: ["AR1", "DE3", "IT2"],
            1: [None, None, None],
        },  # AR1 [red, red]; no red slot for Player 2
        waiting={0: [], 1: []},
        airport={1: "y1 y2 y3 y4"},  # full
        hands={0: FLIP_FIRST},
        load={},
    )
    at_draw(s)
    with_deck(s, 1, ["tailwind", "adjust"])
    s.bag = (0, 0, 2)  # two red dice left
    play(s, "draw action deck")
    assert (s.step, s.actor) == (PLACE_DIE, 0)
    (mine,) = s.pending
    face = die.name(mine)
    assert die.true_colour(mine) == 2 and 1 <= die.value(mine) <= 6
    assert legal(s) == [f"put {face} plane 1", f"put {face} airport"]
    play(s, f"put {face} plane 1")
    assert s.departure[0][0] == Docked(idx("AR1"), (mine,))
    assert (s.step, s.actor) == (PLACE_DIE, 1)  # Player 2 places outside their turn
    (theirs,) = s.pending
    other = die.name(theirs)
    assert legal(s) == [f"discard {other}", *(f"swap {other} y{v}" for v in (1, 2, 3, 4))]
    play(s, f"swap {other} y2")
    assert s.airport[1] == tuple(sorted((*dice("y1 y3 y4"), theirs)))
    assert s.bag == (1, 0, 0)
    assert (s.step, s.actor) == (DRAW, 0)
    assert CAT.cards[s.hands[0][-1]].kind == "adjust"


@pytest.mark.rule("ARU-EVT-12", "ARU-DICE-14")
def test_a_tailwind_die_outside_ones_turn_allows_no_loading_from_the_airport() -> None:
    # Player 2's Airport r3 would fit AR1 [red, red], but loading is for their own turn only.
    s = position(
        departure={0: [None, None, None], 1: ["AR1", None, None]},
        waiting={0: [], 1: []},
        airport={1: "r3 y1 y2 y4"},
        hands={0: FLIP_FIRST},
        load={},
    )
    at_draw(s)
    with_deck(s, 1, ["tailwind", "adjust"])
    s.bag = (0, 2, 0)  # two blue dice: neither fits AR1
    play(s, "draw action deck")
    assert (s.step, s.actor) == (PLACE_DIE, 1)
    (theirs,) = s.pending
    face = die.name(theirs)
    assert legal(s) == [f"discard {face}", *(f"swap {face} {x}" for x in ("y1", "y2", "y4", "r3"))]


@pytest.mark.rule("ARU-EVT-12", "ARU-DICE-10", "ARU-DICE-11")
def test_a_tailwind_die_may_be_swapped_whatever_swaps_were_made_before_in_the_turn() -> None:
    """The die is placed by the Action 1 rules afresh: the turn's swaps do not count against it."""
    s = position(
        departure={0: ["DE3", "IT2", None], 1: [None, None, None]},
        waiting={0: [], 1: []},
        airport={0: "y1 y2 y3 y4"},
        hands={0: ["FR3", "flip"]},
        load={0: "r1 r2 r4"},
    )
    play(s, "take 1 r1 r2 r4")
    for face, out in (("r1", "y1"), ("r2", "y2"), ("r4", "y3")):
        play(s, f"swap {face} {out}")
    assert s.swaps == CAT.limits.max_swaps
    play(s, "play FR3", "pass")
    assert (s.step, s.actor) == (DRAW, 0)
    with_deck(s, 1, ["tailwind", "adjust"])
    s.bag = (0, 0, 1)  # one red die: it fits none of Player 1's planes, and their Airport is full
    play(s, "draw action deck")
    assert (s.step, s.actor) == (PLACE_DIE, 0)
    (mine,) = s.pending
    face = die.name(mine)
    assert f"discard {face}" in legal(s)
    assert any(choice.startswith(f"swap {face} ") for choice in legal(s))


@pytest.mark.rule("ARU-EVT-12", "ARU-EDGE-08")
def test_tailwind_with_an_empty_bag_gives_nothing() -> None:
    s = at_draw(position(hands={0: FLIP_FIRST}, load={}))
    with_deck(s, 1, ["tailwind", "adjust"])
    s.bag = (0, 0, 0)
    play(s, "draw action deck")
    assert s.airport == [(), ()]
    assert (s.step, s.actor) == (DRAW, 0)
    log = s.log_for(None)
    assert (
        "Player 1 gets no die: the bag is empty." in log and "Player 2 gets no die: the bag is empty." in log
    )


@pytest.mark.rule("ARU-EVT-13")
def test_inspection_moves_each_front_waiting_plane_to_the_back() -> None:
    s = position(
        players=3, waiting={0: ["CA2", "IT2", "JP1"], 1: ["ES2"], 2: []}, hands={0: FLIP_FIRST}, load={}
    )
    at_draw(s)
    with_deck(s, 1, ["inspection", "adjust"])
    departure = list(s.departure)
    play(s, "draw action deck")
    assert [ids(q) for q in s.waiting] == [["IT2", "JP1", "CA2"], ["ES2"], []]
    assert s.departure == departure


# -- RUSH HOUR -----------------------------------------------------------------------------------


@pytest.mark.rule("ARU-EVT-14", "ARU-EVT-08")
def test_rush_hour_lets_every_player_take_off_one_ready_plane() -> None:
    s = position(
        players=3,
        departure={0: [READY_BR1, READY_UK2, "DE1"], 1: [READY_US2, "ES2", "UK6"], 2: ["IT5", "DE3", "FR4"]},
        waiting={0: ["CA2"], 1: [], 2: []},
        hands={0: ["JP1", "FR3"]},
        load={},
    )
    play(s, "play JP1", "pass")  # JP1 waits behind CA2; Player 1 does not take off in Action 3
    with_deck(s, 1, ["rush-hour", "adjust"])
    play(s, "draw action deck")
    assert (s.step, s.actor) == (EVENT_STEP, 0)
    assert legal(s) == ["takeoff 1", "takeoff 2", "pass"]  # one plane, of their choice
    play(s, "takeoff 2")
    assert (s.step, s.actor) == (EVENT_STEP, 1)
    assert legal(s) == ["takeoff 1", "pass"]
    play(s, "takeoff 1")
    # Player 3 has no ready plane and is not asked.
    assert (s.step, s.actor) == (DRAW, 0)
    assert s.taken == [(idx("UK2"),), (idx("US2"),), ()]
    assert s.departure[0][:2] == (Docked(idx("BR1"), dice("b4 y5")), Docked(idx("CA2")))  # the queue moved up


@pytest.mark.rule("ARU-EVT-14")
def test_rush_hour_lifts_one_plane_of_a_rival_with_two_ready() -> None:
    s = position(
        departure={0: ["DE1", "CA2", "ES2"], 1: [READY_US2, READY_UK2, "UK6"]},
        waiting={0: [], 1: []},
        hands={0: ["JP1", "FR3"]},
        load={},
    )
    at_draw(s, "JP1")  # Player 1 has nothing ready: RUSH HOUR does not ask them
    with_deck(s, 1, ["rush-hour", "adjust"])
    play(s, "draw action deck")
    assert (s.step, s.actor, legal(s)) == (EVENT_STEP, 1, ["takeoff 1", "takeoff 2", "pass"])
    play(s, "takeoff 1")
    assert (s.step, s.actor) == (DRAW, 0)  # one plane only: Player 2 is not asked again
    assert s.taken[1] == (idx("US2"),)
    assert s.departure[1][1] == Docked(idx("UK2"), dice("b6 r5"))


@pytest.mark.rule("ARU-EVT-14", "ARU-DICE-14")
def test_rush_hour_asks_an_active_player_who_can_load_a_plane_ready() -> None:
    # US2 [blue, 4] 8 holds b4; the r4 on Player 1's Airport makes it ready, once loaded.
    s = position(
        departure={0: [("US2", "b4"), "DE1", "CA2"], 1: ["ES2", "UK6", "DE3"]},
        waiting={0: [], 1: []},
        airport={0: "r4"},
        hands={0: ["JP1", "FR3"]},
        load={},
    )
    play(s, "play JP1", "pass")  # to the Waiting queue; Action 3 offers only the load: declined
    with_deck(s, 1, ["rush-hour", "adjust"])
    play(s, "draw action deck")
    assert (s.step, s.actor, legal(s)) == (EVENT_STEP, 0, ["load r4 plane 1", "pass"])
    play(s, "load r4 plane 1")
    assert legal(s) == ["takeoff 1", "pass"]
    play(s, "takeoff 1")
    assert s.taken[0] == (idx("US2"),)
    assert (s.step, s.actor) == (DRAW, 0)  # Player 2 has nothing ready and is not asked


@pytest.mark.rule("ARU-EVT-14")
def test_rush_hour_may_be_declined() -> None:
    s = position(
        departure={0: [READY_BR1, "DE1", "CA2"], 1: [READY_US2, "ES2", "UK6"]},
        hands={0: ["JP1", "FR3"]},
        load={},
    )
    play(s, "play JP1", "pass")
    with_deck(s, 1, ["rush-hour", "adjust"])
    play(s, "draw action deck", "pass", "pass")
    assert s.taken == [(), ()]
    assert (s.step, s.actor) == (DRAW, 0)


@pytest.mark.rule("ARU-EVT-14", "ARU-TKO-07")
@pytest.mark.parametrize("card", ["JP1", "control"])
def test_rush_hour_skips_an_active_player_who_took_off_in_action_3(card: str) -> None:
    s = position(
        departure={0: [READY_BR1, READY_UK2, "DE1"], 1: [READY_US2, "ES2", "UK6"]},
        waiting={0: [], 1: []},
        hands={0: [card, "FR3"]},
        load={},
    )
    play(s, f"play {card}", "takeoff 1")
    if s.step == TAKE_OFF:  # CONTROL: a second take-off was allowed, and is declined
        play(s, "pass")
    with_deck(s, 1, ["rush-hour", "adjust"])
    play(s, "draw action deck")
    assert (s.step, s.actor) == (EVENT_STEP, 1)  # Player 1 is skipped despite UK2 being ready
    play(s, "takeoff 1")
    assert s.taken == [(idx("BR1"),), (idx("US2"),)]
    assert s.departure[0][1] == Docked(idx("UK2"), dice("b6 r5"))
