"""Action cards (ARU-ACT): the twelve kinds, their full effects, their no-effect cases and interactions.

Scenarios start with empty load spaces (Action 1 skipped), so the card is played at once.
Planes used (slots, exact total): BR1 [5, blue] 9 · US2 [blue, 4] 8 · UK2 [red, blue] 11 ·
FR1 [blue, blue, 1] 6 · DE3 [blue, blue] 12 · AR1 [red, red] 9 · FR4 [red, red] 12 ·
IT2 [yellow, blue] 7 · CA2 [3, yellow] 7 · JP1 [1, yellow] 7 · ES2 [3, yellow] 8 · UK6 [5, yellow] 11.
"""

from __future__ import annotations

from collections import Counter

import pytest

from skyhall.core.rng import Rng
from skyhall.games.airport_rush import die
from skyhall.games.airport_rush.cards import ACTION_KINDS, EVENT, PLANE
from skyhall.games.airport_rush.plane import Docked
from skyhall.games.airport_rush.state import State
from skyhall.games.airport_rush.steps import CARD_EFFECT, DRAW, PLACE_DIE, TAKE_OFF
from skyhall.games.airport_rush.steps import EVENT as EVENT_STEP
from tests.games.airport_rush.position import CAT, dice, idx, legal, play, position, with_deck

READY_BR1 = ("BR1", "b4 y5")
READY_US2 = ("US2", "b4 r4")
QUIET = ["DE3", "IT2", "FR4"]
"""Departure planes with no dice (a fixture's dice are then only the Airport's)."""


def amount(kind: str) -> int:
    """A card's number from the data (LOCATE: planes looked at; REROLL, BAG DRAW: dice)."""
    return CAT.cards[CAT.action_of_kind(kind)[0]].amount


def ids(cards: tuple[int, ...] | list[int]) -> list[str]:
    return [CAT.cards[c].id for c in cards]


def planes_from_the_bottom(s: State, count: int) -> list[str]:
    """Plane ids from the bottom of the plane deck (free to be stacked on top with ``with_deck``)."""
    return [CAT.cards[c].id for c in s.decks[0] if CAT.cards[c].type != EVENT][:count]


# -- the deck ------------------------------------------------------------------------------------


@pytest.mark.rule("ARU-ACT-07")
def test_the_action_deck_has_twelve_kinds_of_four_copies() -> None:
    kinds = Counter(CAT.cards[c].kind for c in CAT.actions)
    assert set(kinds) == set(ACTION_KINDS)
    assert len(kinds) == 12
    assert set(kinds.values()) == {4}
    assert len(CAT.actions) == 48
    assert (amount("locate"), amount("reroll"), amount("bag-draw")) == (5, 2, 2)


# -- CONTROL -------------------------------------------------------------------------------------


@pytest.mark.rule("ARU-ACT-01")
def test_control_with_a_single_ready_plane_takes_off_just_that_one() -> None:
    s = position(
        departure={0: [READY_BR1, "DE3", "IT2"]}, waiting={0: []}, hands={0: ["control", "JP1"]}, load={}
    )
    play(s, "play control")
    assert (s.takeoff_limit, legal(s)) == (2, ["takeoff 1", "pass"])
    play(s, "takeoff 1")
    assert s.taken[0] == (idx("BR1"),)
    assert s.step == DRAW
    assert s.discard[-1] in CAT.action_of_kind("control")


# -- LOCATE --------------------------------------------------------------------------------------


def locating(seed: int = 0, extra: list[str] | None = None, **kw: object) -> tuple[State, list[str]]:
    """Player 1 about to play LOCATE; the plane deck's top is ``extra`` then six known planes."""
    s = position(seed=seed, hands={0: ["locate", "JP1"]}, load={}, **kw)  # type: ignore[arg-type]
    planes = planes_from_the_bottom(s, 6)
    with_deck(s, 0, [*(extra or []), *planes])
    return s, planes


def effects(s: State) -> list[str]:
    """The card's choices, without the Airport-to-plane loads every decision of the turn also offers."""
    return [a for a in legal(s) if not a.startswith("load ")]


def fill_departure(s: State, seat: int) -> None:
    """Fill ``seat``'s empty Departure spaces with planes from the bottom of the plane deck."""
    spaces = list(s.departure[seat])
    for i, docked in enumerate(spaces):
        if docked is None:
            c = next(c for c in s.decks[0] if CAT.cards[c].type == PLANE)
            s.decks[0] = tuple(x for x in s.decks[0] if x != c)
            spaces[i] = Docked(c)
    s.departure[seat] = tuple(spaces)
    s._legal = None


@pytest.mark.rule("ARU-ACT-02")
def test_locate_shows_the_top_five_planes_and_one_joins_the_waiting_queue() -> None:
    s, planes = locating(waiting={0: ["CA2"]})
    fill_departure(s, 0)
    size = len(s.decks[0])
    play(s, "play locate", "use")
    assert s.step == CARD_EFFECT
    assert ids(s.locate) == planes[: amount("locate")]
    assert effects(s) == [f"choose {p}" for p in planes[:5]]
    assert s.view(0).to_dict()["locate"]["planes"] == planes[:5]
    play(s, f"choose {planes[2]}")
    assert ids(s.waiting[0]) == ["CA2", planes[2]]  # at the back
    assert len(s.decks[0]) == size - 1
    assert ids(s.decks[0][-1:]) == [planes[5]]  # the sixth plane is on top now
    assert s.locate == ()
    assert s.step == DRAW


@pytest.mark.rule("ARU-ACT-02", "ARU-TKO-11")
def test_a_located_plane_moves_up_at_once_to_an_empty_departure_space() -> None:
    s, planes = locating(departure={0: ["DE3", "IT2", None]}, waiting={0: []})
    play(s, "play locate", "use", f"choose {planes[1]}")
    assert s.departure[0][2] == Docked(idx(planes[1]))
    assert s.waiting[0] == ()
    said = [line for line in s.view(1).log if "looks at" in line or "Waiting" in line]
    assert said == [
        "Player 1 looks at 5 planes.",
        "Player 1 puts one of them at the back of their Waiting queue.",
        f"Plane {planes[1]} moves up from the Waiting queue to Departure 3.",
    ]


@pytest.mark.rule("ARU-EVT-14", "ARU-TKO-01")
def test_a_rivals_rush_hour_take_off_leaves_the_active_players_own_take_off() -> None:
    s, planes = locating(
        departure={0: [READY_BR1, "DE3", "IT2"], 1: [READY_US2, "ES2", "UK6"]}, waiting={0: [], 1: []}
    )
    with_deck(s, 0, ["rush-hour", *planes])
    play(
        s, "play locate", "use", "pass", "takeoff 1", f"choose {planes[0]}"
    )  # Player 1 declines, Player 2 goes
    assert s.step == TAKE_OFF and s.actor == 0
    assert effects(s) == ["takeoff 1", "pass"]


@pytest.mark.rule("ARU-ACT-04")
def test_locate_returns_the_other_planes_to_the_bottom_in_random_order() -> None:
    orders = set()
    for seed in range(8):
        s, planes = locating(seed=seed)
        rest = s.decks[0][:-6]
        play(s, "play locate", "use", f"choose {planes[0]}")
        bottom = ids(s.decks[0][:4])
        assert sorted(bottom) == sorted(planes[1:5])
        assert s.decks[0][4:] == (*rest, idx(planes[5]))  # the rest of the deck is untouched
        orders.add(tuple(planes.index(p) for p in bottom))  # as a permutation of the order seen
    assert len(orders) > 1, "the unkept planes always went back in the same order"


@pytest.mark.rule("ARU-ACT-02", "ARU-CARD-07")
def test_locate_once_used_keeps_one_of_the_planes_it_shows() -> None:
    """Declining is before the planes are turned up; once they are, one of them joins the queue."""
    s, planes = locating()
    play(s, "play locate", "use")
    assert effects(s) == [f"choose {p}" for p in planes[:5]]
    assert "pass" not in legal(s)


@pytest.mark.rule("ARU-ACT-03", "ARU-EVT-02")
def test_an_event_among_the_five_takes_effect_and_the_next_plane_replaces_it() -> None:
    s, planes = locating(waiting={0: ["CA2", "ES2"], 1: ["UK6", "JP6"]})
    top = [*planes[:2], "inspection", *planes[2:]]
    with_deck(s, 0, top)  # the same planes again, now with INSPECTION third
    play(s, "play locate", "use")
    assert [ids(q) for q in s.waiting] == [["ES2", "CA2"], ["JP6", "UK6"]]  # it acted on everyone
    assert ids(s.locate) == planes[:5]  # the sixth card stood in for the Event
    assert s.discard[-1] == idx("inspection")
    assert (s.step, legal(s)[-1]) == (CARD_EFFECT, f"choose {planes[4]}")


@pytest.mark.rule("ARU-ACT-03", "ARU-EVT-05")
def test_an_event_replacing_the_locate_event_is_discarded_without_effect() -> None:
    s, planes = locating(waiting={0: ["CA2", "ES2"]}, airport={1: "r1 r2"})
    with_deck(s, 0, [*planes[:4], "inspection", "fog", planes[4], planes[5]])
    play(s, "play locate", "use")
    assert ids(s.waiting[0]) == ["ES2", "CA2"]
    assert s.airport[1] == dice("r1 r2")  # FOG asked nobody
    assert ids(s.locate) == planes[:5]
    assert s.discard[-2:] == (idx("inspection"), idx("fog"))


@pytest.mark.rule("ARU-ACT-03", "ARU-EVT-08")
def test_locate_resumes_after_an_event_that_asks_the_players() -> None:
    s, planes = locating(airport={0: "y1 y2", 1: "r1 r2"})
    with_deck(s, 0, ["fog", *planes])
    play(s, "play locate", "use")
    # The active player answers inside their turn, so loading is offered too (ARU-DICE-14).
    drops = ["drop y1", "drop y2"]
    assert (s.step, s.actor, legal(s)) == (EVENT_STEP, 0, [*drops, "load y1 plane 1", "load y2 plane 1"])
    play(s, "drop y1", "drop r2")
    assert (s.step, s.actor) == (CARD_EFFECT, 0)
    assert ids(s.locate) == planes[:5]
    assert s.airport == [dice("y2"), dice("r1")]


@pytest.mark.rule("ARU-ACT-03", "ARU-EVT-09")
def test_a_storm_found_by_locate_grounds_the_players_own_action_3() -> None:
    s, planes = locating(departure={0: [READY_BR1, "DE3", "IT2"]}, waiting={0: []})
    with_deck(s, 0, ["storm", *planes])
    play(s, "play locate", "use")
    assert s.storm == 0
    play(s, f"choose {planes[0]}")
    assert s.step == DRAW and s.taken[0] == ()  # BR1 was ready, but Action 3 offered nothing
    assert s.storm == 0  # and taking cards this turn does not end it: only next turn's Action 4 does


@pytest.mark.rule("ARU-ACT-03", "ARU-EVT-14", "ARU-TKO-07")
def test_a_rush_hour_found_by_locate_counts_as_the_turns_take_off() -> None:
    s, planes = locating(departure={0: [READY_BR1, READY_US2, "IT2"]}, waiting={0: []})
    with_deck(s, 0, ["rush-hour", *planes])
    play(s, "play locate", "use")
    assert (s.step, s.actor, legal(s)) == (EVENT_STEP, 0, ["takeoff 1", "takeoff 2", "pass"])
    play(s, "takeoff 1", f"choose {planes[0]}")
    assert s.taken[0] == (idx("BR1"),)
    assert s.step == DRAW  # US2 is ready too, but one take-off per turn was used


def test_locate_meets_at_most_one_event() -> None:
    """Our decision (docs/airport-rush.md): a second Event met by the same LOCATE is discarded unused.

    With the rulebook's exact cut the two Events of a deck lie a third of it apart, so one LOCATE can
    never show both; this built deck pins what happens if data or a variant ever allows it.
    """
    s, planes = locating(waiting={0: ["CA2", "ES2"]}, airport={1: "r1 r2"})
    with_deck(s, 0, [planes[0], "inspection", planes[1], "fog", *planes[2:]])
    play(s, "play locate", "use")
    assert ids(s.waiting[0]) == ["ES2", "CA2"]  # INSPECTION took effect
    assert s.step == CARD_EFFECT and s.actor == 0  # FOG did not ask anyone for a die
    assert ids(s.locate) == planes[:5]
    assert "FOG is discarded without effect: events do not chain." in s.log_for(None)


# -- OVERLOAD ------------------------------------------------------------------------------------


@pytest.mark.rule("ARU-ACT-05")
def test_overload_moves_the_front_waiting_plane_onto_a_fourth_space() -> None:
    s = position(departure={0: QUIET}, waiting={0: ["CA2", "ES2"]}, hands={0: ["overload", "JP1"]}, load={})
    play(s, "play overload", "use")
    assert s.departure[0] == (*(Docked(idx(p)) for p in QUIET), Docked(idx("CA2")))
    assert ids(s.waiting[0]) == ["ES2"]


@pytest.mark.rule("ARU-ACT-05", "ARU-CARD-07")
@pytest.mark.parametrize(
    ("row", "queue"),
    [(QUIET, []), ([*QUIET, "CA2"], ["ES2"])],
    ids=["nothing waits", "extra space in use"],
)
def test_overload_without_effect(row: list[str], queue: list[str]) -> None:
    s = position(departure={0: row}, waiting={0: queue}, hands={0: ["overload", "JP1"]}, load={})
    before = (s.departure[0], s.waiting[0])
    play(s, "play overload")
    assert (s.departure[0], s.waiting[0]) == before
    assert "OVERLOAD has no effect: no waiting plane, or the extra space is already in use." in s.log_for(1)


@pytest.mark.rule("ARU-ACT-06", "ARU-ACT-05")
def test_the_extra_space_disappears_when_its_plane_takes_off() -> None:
    s = position(
        departure={0: QUIET},
        waiting={0: ["CA2", "ES2"]},
        airport={0: "r3 y4"},
        hands={0: ["overload", "JP1"]},
        load={},
    )
    play(s, "play overload", "use", "load r3 plane 4", "load y4 plane 4")
    assert effects(s) == ["takeoff 4", "pass"]
    play(s, "takeoff 4")
    assert s.taken[0] == (idx("CA2"),)
    assert s.departure[0] == tuple(Docked(idx(p)) for p in QUIET)  # three spaces again
    assert ids(s.waiting[0]) == ["ES2"]  # never refilled


@pytest.mark.rule("ARU-ACT-06", "ARU-ACT-16")
def test_the_extra_space_disappears_when_its_plane_is_scrapped() -> None:
    s = position(
        departure={0: [*QUIET, ("CA2", "r3")]}, waiting={0: ["ES2"]}, hands={0: ["scrap", "JP1"]}, load={}
    )
    play(s, "play scrap", "scrap plane 4")
    assert s.departure[0] == tuple(Docked(idx(p)) for p in QUIET)
    assert ids(s.waiting[0]) == ["ES2"]
    assert s.decks[0][0] == idx("CA2")


@pytest.mark.rule("ARU-ACT-06")
def test_a_regular_space_freed_beside_the_extra_one_is_refilled_as_usual() -> None:
    s = position(
        departure={0: [READY_BR1, "DE3", "IT2", "CA2"]},
        waiting={0: ["ES2"]},
        hands={0: ["JP1", "FR3"]},
        load={},
    )
    play(s, "play JP1", "takeoff 1")
    assert s.departure[0] == (Docked(idx("ES2")), Docked(idx("DE3")), Docked(idx("IT2")), Docked(idx("CA2")))
    assert ids(s.waiting[0]) == ["JP1"]


# -- dice-changing cards -------------------------------------------------------------------------


def effect(hand_card: str, **kw: object) -> State:
    """Player 1 has played ``hand_card`` and must choose its target."""
    s = position(hands={0: [hand_card, "JP1"]}, load={}, **kw)  # type: ignore[arg-type]
    play(s, f"play {hand_card}")
    assert s.step == CARD_EFFECT
    return s


@pytest.mark.rule("ARU-ACT-08")
def test_adjust_moves_a_die_one_step_within_one_to_six() -> None:
    s = effect("adjust", departure={0: QUIET}, airport={0: "y1 b6 r3"})
    assert effects(s) == [
        "adjust airport y1 up",
        "adjust airport b6 down",
        "adjust airport r3 up",
        "adjust airport r3 down",
        "pass",
    ]
    play(s, "adjust airport r3 down")
    assert s.airport[0] == dice("y1 b6 r2")
    assert s.step in (TAKE_OFF, DRAW)


@pytest.mark.rule("ARU-ACT-08")
def test_adjust_reaches_six_and_one() -> None:
    s = effect("adjust", departure={0: QUIET}, airport={0: "y5 b2"})
    assert effects(s) == [
        "adjust airport y5 up",
        "adjust airport y5 down",
        "adjust airport b2 up",
        "adjust airport b2 down",
        "pass",
    ]
    play(s, "adjust airport y5 up")
    assert s.airport[0] == dice("y6 b2")
    s = effect("adjust", departure={0: QUIET}, airport={0: "y5 b2"})
    play(s, "adjust airport b2 down")
    assert s.airport[0] == dice("y5 b1")


@pytest.mark.rule("ARU-ACT-08")
def test_adjust_reaches_dice_on_planes() -> None:
    s = effect("adjust", departure={0: [("CA2", "y4"), "DE3", "FR4"]}, airport={0: ""})
    assert effects(s) == ["adjust plane 1 y4 up", "adjust plane 1 y4 down", "pass"]
    play(s, "adjust plane 1 y4 up")
    assert s.departure[0][0] == Docked(idx("CA2"), dice("y5"))


@pytest.mark.rule("ARU-ACT-14")
def test_paint_offers_every_colour_but_the_one_a_die_shows() -> None:
    s = position(
        departure={0: QUIET}, waiting={0: []}, airport={0: "y5"}, hands={0: ["paint", "JP1"]}, load={}
    )
    s.airport[0] = (die.with_shown(s.airport[0][0], 1),)  # a yellow 5 already painted blue
    play(s, "play paint")
    assert effects(s) == ["paint airport b5 yellow", "paint airport b5 red", "pass"]


@pytest.mark.rule("ARU-ACT-09")
def test_flip_turns_a_die_to_its_opposite_face() -> None:
    s = effect("flip", departure={0: QUIET}, airport={0: "y1 r3"})
    assert effects(s) == ["flip airport y1", "flip airport r3", "pass"]
    play(s, "flip airport r3")
    assert s.airport[0] == dice("y1 r4")
    s = effect("flip", departure={0: QUIET}, airport={0: "y1 r3"})
    play(s, "flip airport y1")
    assert s.airport[0] == dice("y6 r3")


@pytest.mark.rule("ARU-ACT-10")
def test_reroll_rerolls_up_to_two_different_dice() -> None:
    s = effect("reroll", departure={0: QUIET}, airport={0: "y1 r3"})
    bag = s.bag
    assert effects(s) == ["reroll airport y1", "reroll airport r3", "pass"]
    play(s, "reroll airport y1")
    (yellow,) = [d for d in s.airport[0] if die.true_colour(d) == 0]
    assert 1 <= die.value(yellow) <= 6
    assert s.step == CARD_EFFECT
    assert effects(s) == ["reroll airport r3", "pass"]  # the rerolled die is not offered again
    play(s, "reroll airport r3")
    assert s.step != CARD_EFFECT  # two dice: done
    assert sorted(die.true_colour(d) for d in s.airport[0]) == [0, 2]
    assert all(1 <= die.value(d) <= 6 for d in s.airport[0])
    assert s.bag == bag


@pytest.mark.rule("ARU-ACT-10", "ARU-SET-16")
def test_a_rerolled_die_may_come_up_on_any_face() -> None:
    """A reroll is a roll of a six-sided die: over sixty seeded rolls every value from 1 to 6 shows."""
    before = effect("reroll", departure={0: QUIET}, airport={0: "y1 r3"})
    seen = set()
    for seed in range(60):
        s = before.clone()
        s.rng = Rng(seed)
        play(s, "reroll airport r3")
        (red,) = [d for d in s.airport[0] if die.true_colour(d) == 2]
        seen.add(die.value(red))
    assert seen == {1, 2, 3, 4, 5, 6}


@pytest.mark.rule("ARU-ACT-10")
def test_reroll_may_stop_after_one_die_and_twins_stay_rerollable() -> None:
    s = effect("reroll", departure={0: QUIET}, airport={0: "y1 y1"})
    assert effects(s) == ["reroll airport y1", "pass"]
    play(s, "reroll airport y1")
    assert "reroll airport y1" in legal(s)  # the other yellow 1 is still a different die
    play(s, "pass")
    assert s.step != CARD_EFFECT
    assert "Player 1 rerolls no more dice." in s.log_for(1)


@pytest.mark.rule("ARU-ACT-10")
def test_the_first_rerolled_die_is_followed_onto_a_plane() -> None:
    """Loaded from the Airport between the two rerolls, the first die is still not offered again."""
    followed = 0
    for seed in range(12):
        s = effect(
            "reroll", seed=seed, departure={0: ["JP6", "DE3", "FR4"]}, waiting={0: []}, airport={0: "y2 r1"}
        )
        play(s, "reroll airport y2")
        (yellow,) = [d for d in s.airport[0] if die.true_colour(d) == 0]
        name = die.name(yellow)
        loads = [a for a in legal(s) if a.startswith(f"load {name} ")]
        if not loads:
            continue
        play(s, loads[0])
        assert effects(s) == ["reroll airport r1", "pass"], seed  # not "reroll plane N y…"
        play(s, "reroll airport r1")
        assert s.step != CARD_EFFECT
        followed += 1
    assert followed > 0


@pytest.mark.rule("ARU-ACT-10")
def test_after_loading_one_of_two_identical_dice_either_may_be_the_second() -> None:
    """The rerolled die came up like another Airport die, and one of the two was loaded: the dice are
    told apart by face only, so the player may mean either, and either may be rerolled next."""
    met = 0
    for seed in range(60):
        s = effect(
            "reroll", seed=seed, departure={0: ["JP6", "DE3", "FR4"]}, waiting={0: []}, airport={0: "y2 y4"}
        )
        play(s, "reroll airport y2")
        if sorted(map(die.name, s.airport[0])) != ["y4", "y4"] or "load y4 plane 1" not in legal(s):
            continue
        play(s, "load y4 plane 1")
        assert effects(s) == ["reroll airport y4", "reroll plane 1 y4", "pass"]
        met += 1
    assert met > 0


@pytest.mark.rule("ARU-ACT-10", "ARU-ACT-17")
def test_a_first_rerolled_die_gone_to_the_bag_leaves_the_second_reroll() -> None:
    """BR1 [5, blue]: its red 5 rerolled to another value fits no more, and the full Airport has no room."""
    outcomes = set()
    for seed in range(12):
        s = effect(
            "reroll",
            seed=seed,
            departure={0: [("BR1", "r5"), "DE3", "IT2"]},
            waiting={0: []},
            airport={0: "y1 y2 y3 y4"},
        )
        bag = s.bag
        play(s, "reroll plane 1 r5")
        gone = s.departure[0][0] == Docked(idx("BR1"))
        assert s.step == CARD_EFFECT
        rerolls = ["reroll airport y1", "reroll airport y2", "reroll airport y3", "reroll airport y4"]
        if gone:
            assert s.bag == (bag[0], bag[1], bag[2] + 1)
            assert effects(s) == [*rerolls, "pass"]
        else:  # a 5 again: it stays, and is not offered again
            assert effects(s) == [*rerolls, "pass"]
            assert s.departure[0][0] == Docked(idx("BR1"), dice("r5"))
        outcomes.add(gone)
    assert outcomes == {True, False}


@pytest.mark.rule("ARU-ACT-10", "ARU-ACT-14")
def test_a_painted_first_die_showing_a_natural_dies_face_leaves_that_die_to_reroll() -> None:
    """A yellow die painted red and a natural red die may show one face: they are still two dice, and
    the second reroll takes the natural one."""
    painted = die.make(0, 2, shown=2)  # a yellow die painted red, showing r2
    met = 0
    for seed in range(40):
        s = effect("reroll", seed=seed, departure={0: QUIET}, waiting={0: []}, airport={0: "r5"})
        s.airport[0] = tuple(sorted((*s.airport[0], painted)))
        s._legal = None  # the position changed by hand after its choices were listed
        play(s, "reroll airport r2")
        first = next(d for d in s.airport[0] if die.true_colour(d) == 0)
        if die.face(first) != die.face(die.make(2, 5)):
            continue
        assert effects(s) == ["reroll airport r5", "pass"]  # the natural r5, a different die
        play(s, "reroll airport r5")
        assert first in s.airport[0]  # the painted die was not rerolled again
        natural = next(d for d in s.airport[0] if die.true_colour(d) == 2)
        assert 1 <= die.value(natural) <= 6 and s.step != CARD_EFFECT
        met += 1
    assert met > 0


@pytest.mark.rule("ARU-ACT-14")
def test_paint_makes_a_die_count_as_another_colour_until_it_goes_back_in_the_bag() -> None:
    s = effect("paint", departure={0: [("UK2", "r6"), "FR4", "AR1"]}, waiting={0: []}, airport={0: "y5"})
    assert effects(s) == [
        "paint airport y5 blue",
        "paint airport y5 red",
        "paint plane 1 r6 yellow",
        "paint plane 1 r6 blue",
        "pass",
    ]
    play(s, "paint airport y5 blue")
    (painted,) = s.airport[0]
    assert (die.shown(painted), die.true_colour(painted), die.value(painted)) == (1, 0, 5)
    assert s.view(1).to_dict()["airport"][0] == ["b5(y)"]
    assert legal(s) == ["load b5 plane 1", "pass"]  # it meets UK2's blue slot
    bag = s.bag
    play(s, "load b5 plane 1", "takeoff 1")
    assert s.taken[0] == (idx("UK2"),)
    assert s.bag == (bag[0] + 1, bag[1], bag[2] + 1)  # back in the bag as the yellow die it is


# -- dice-gaining cards --------------------------------------------------------------------------


@pytest.mark.rule("ARU-ACT-11")
def test_extra_pick_takes_one_die_from_any_load_space_and_places_it() -> None:
    s = position(
        departure={0: ["DE3", "FR4", "AR1"]},  # [blue, blue], [red, red], [red, red]
        waiting={0: []},
        hands={0: ["extra-pick", "JP1"]},
        load={0: "r1 r1 b2", 3: "y6 y6"},
    )
    play(s, "take 4 y6")  # Action 1: the yellow 6 fits only the Airport
    play(s, "play extra-pick")
    assert effects(s) == ["pick 1 b2", "pick 1 r1", "pick 4 y6", "pass"]
    play(s, "pick 1 r1")
    assert s.load[0] == dice("r1 b2")
    assert (s.step, s.pending) == (PLACE_DIE, dice("r1"))
    assert effects(s) == ["put r1 plane 2", "put r1 plane 3", "put r1 airport"]
    play(s, "put r1 plane 2")
    assert s.departure[0][1] == Docked(idx("FR4"), dice("r1"))
    assert s.step == DRAW  # on to Action 3, where nothing could be done


@pytest.mark.rule("ARU-ACT-11")
def test_an_extra_pick_die_that_fits_nowhere_is_discarded_or_swapped() -> None:
    s = position(
        departure={0: ["DE3", "FR4", "AR1"]},
        waiting={0: []},
        airport={0: "y1 y2 y3 y4"},
        hands={0: ["extra-pick", "JP1"]},
        load={0: "y6 y5"},
    )
    play(s, "take 1 y5", "discard y5", "play extra-pick", "pick 1 y6")
    assert effects(s) == ["discard y6", "swap y6 y1", "swap y6 y2", "swap y6 y3", "swap y6 y4"]
    play(s, "swap y6 y3")
    assert s.airport[0] == dice("y1 y2 y4 y6")


@pytest.mark.rule("ARU-ACT-11", "ARU-DICE-11")
def test_an_extra_pick_die_may_be_swapped_whatever_swaps_action_1_made() -> None:
    """EXTRA PICK places its die by the Action 1 rules afresh: Action 1's three swaps do not count."""
    s = position(
        departure={0: ["DE3", "FR4", "AR1"]},  # no yellow die fits
        waiting={0: []},
        airport={0: "y1 y2 y3 y4"},
        hands={0: ["extra-pick", "JP1"]},
        load={0: "y5 y5 y6", 1: "y1"},
    )
    play(s, "take 1 y5 y5 y6", "swap y5 y1", "swap y5 y2", "swap y6 y3")
    assert s.swaps == CAT.limits.max_swaps and s.airport[0] == dice("y4 y5 y5 y6")
    play(s, "play extra-pick", "pick 2 y1")
    assert effects(s) == ["discard y1", "swap y1 y4", "swap y1 y5", "swap y1 y6"]
    play(s, "swap y1 y6")
    assert s.airport[0] == dice("y1 y4 y5 y5")


@pytest.mark.rule("ARU-ACT-12")
def test_bag_draw_rolls_two_dice_from_the_bag_and_places_them() -> None:
    s = position(
        departure={0: ["DE3", "FR4", "AR1"]}, waiting={0: []}, hands={0: ["bag-draw", "JP1"]}, load={}
    )
    s.bag = (0, 3, 0)  # only blue dice left
    play(s, "play bag-draw", "use")
    assert s.step == PLACE_DIE
    assert len(s.pending) == amount("bag-draw")
    assert all(die.true_colour(d) == 1 and 1 <= die.value(d) <= 6 for d in s.pending)
    assert s.bag == (0, 1, 0)
    first = die.name(s.pending[0])
    assert f"put {first} plane 1" in legal(s) and f"put {first} airport" in legal(s)
    drawn = s.pending
    for d in drawn:
        play(s, f"put {die.name(d)} plane 1")
    assert s.departure[0][0] == Docked(idx("DE3"), tuple(sorted(drawn)))
    assert s.step in (TAKE_OFF, DRAW)


@pytest.mark.rule("ARU-ACT-12", "ARU-CARD-07")
@pytest.mark.parametrize(("bag", "count"), [((0, 0, 1), 1), ((0, 0, 0), 0)])
def test_bag_draw_takes_what_the_bag_holds(bag: tuple[int, int, int], count: int) -> None:
    s = position(
        departure={0: ["DE3", "IT2", "UK6"]}, waiting={0: []}, hands={0: ["bag-draw", "JP1"]}, load={}
    )
    s.bag = bag
    play(s, "play bag-draw", *(["use"] if count else []))
    assert len(s.airport[0]) == count  # a red die fits none of these planes: it went to the Airport
    assert s.bag == (0, 0, 0)
    if count == 0:
        assert "BAG DRAW has no effect: the bag is empty." in s.log_for(1)


@pytest.mark.rule("ARU-ACT-12", "ARU-DICE-11")
def test_bag_draw_dice_may_be_swapped_whatever_swaps_action_1_made() -> None:
    """BAG DRAW places its dice by the Action 1 rules afresh: Action 1's three swaps do not count."""
    s = position(
        departure={0: ["DE3", "FR4", "AR1"]},  # no yellow die fits
        waiting={0: []},
        airport={0: "y1 y2 y3 y4"},
        hands={0: ["bag-draw", "JP1"]},
        load={0: "y5 y5 y6"},
    )
    play(s, "take 1 y5 y5 y6", "swap y5 y1", "swap y5 y2", "swap y6 y3")
    assert s.swaps == CAT.limits.max_swaps and s.airport[0] == dice("y4 y5 y5 y6")
    s.bag = (2, 0, 0)  # two yellow dice: they fit nowhere, and the Airport is full
    s._legal = None
    play(s, "play bag-draw", "use")
    assert s.step == PLACE_DIE and len(s.pending) == 2
    for d in s.pending:
        face = die.name(d)
        swaps = [f"swap {face} {x}" for x in ("y4", "y5", "y6") if x != face]
        assert [a for a in legal(s) if a.startswith(f"swap {face} ")] == swaps


# -- plane-moving cards --------------------------------------------------------------------------


@pytest.mark.rule("ARU-CARD-07", "ARU-ACT-02", "ARU-ACT-05", "ARU-ACT-12")
@pytest.mark.parametrize("kind", ["overload", "bag-draw", "locate"])
def test_a_card_with_no_target_may_be_played_and_discarded_unused(kind: str) -> None:
    """OVERLOAD, BAG DRAW and LOCATE could each apply: the player is asked, and declines."""
    s = position(departure={0: QUIET}, waiting={0: ["CA2", "ES2"]}, hands={0: [kind, "JP1"]}, load={})
    with_deck(s, 0, ["fog", "UK6", "JP6"])  # an Event on top: LOCATE would set it off
    before = (s.departure[0], s.waiting[0], s.bag, s.decks[0], s.airport[0])
    play(s, f"play {kind}")
    assert s.step == CARD_EFFECT
    assert effects(s) == ["use", "pass"]
    play(s, "pass")
    assert (s.departure[0], s.waiting[0], s.bag, s.decks[0], s.airport[0]) == before
    assert s.step in (TAKE_OFF, DRAW)
    assert CAT.cards[s.discard[-1]].kind == kind
    title = CAT.cards[s.discard[-1]].title
    assert f"Player 1 discards {title} without using it." in s.log_for(1)


def swapping_fr1() -> State:
    """SWAP PLANES in play; FR1 [blue, blue, 1] holds b1 and b2, and the Airport has one free space."""
    return effect(
        "swap-planes",
        departure={0: [("FR1", "b1 b2"), "DE3", "IT2"]},
        waiting={0: ["CA2", "ES2", "UK6"]},
        airport={0: "y1 y2 y3"},
    )


@pytest.mark.rule("ARU-ACT-13")
def test_swap_planes_trades_a_departure_plane_with_a_waiting_one() -> None:
    s = swapping_fr1()
    assert effects(s) == [f"exchange plane {p} waiting {w}" for p in (1, 2, 3) for w in (1, 2, 3)] + ["pass"]
    bag = s.bag
    play(s, "exchange plane 1 waiting 2")
    assert s.departure[0][0] == Docked(idx("ES2"))
    assert ids(s.waiting[0]) == ["CA2", "FR1", "UK6"]  # FR1 took ES2's place in the queue
    # FR1's dice: room for one on the Airport, so the player chooses which goes back into the bag.
    assert s.step == PLACE_DIE and effects(s) == ["discard b1", "discard b2"]
    play(s, "discard b1")
    assert s.airport[0] == dice("y1 y2 y3 b2")
    assert s.bag == (bag[0], bag[1] + 1, bag[2])
    assert s.step in (TAKE_OFF, DRAW)
    assert "Player 1 puts the blue 1 back in the bag: the Airport has no room for it." in s.log_for(1)


@pytest.mark.rule("ARU-ACT-13", "ARU-DICE-14")
def test_swap_planes_dice_all_reach_the_airport_once_a_load_makes_room() -> None:
    s = swapping_fr1()
    bag = s.bag
    play(s, "exchange plane 1 waiting 2")
    assert "load y3 plane 1" in legal(s)  # ES2 [3, yellow], now on Departure 1
    play(s, "load y3 plane 1")
    assert s.airport[0] == dice("y1 y2 b1 b2") and s.bag == bag  # room for both: none goes back
    assert s.step in (TAKE_OFF, DRAW)


@pytest.mark.rule("ARU-ACT-13")
def test_swap_planes_dice_alike_need_no_choice() -> None:
    s = effect(
        "swap-planes",
        departure={0: [("DE3", "b2 b2"), "FR4", "IT2"]},
        waiting={0: ["CA2"]},
        airport={0: "y1 y2 y3"},
    )
    bag = s.bag
    play(s, "exchange plane 1 waiting 1")
    assert s.airport[0] == dice("y1 y2 y3 b2") and s.bag == (bag[0], bag[1] + 1, bag[2])
    assert s.step in (TAKE_OFF, DRAW)


@pytest.mark.rule("ARU-ACT-13", "ARU-ACT-06")
def test_swap_planes_leaves_the_plane_on_the_overload_space_alone() -> None:
    """A plane swapped there would refill the extra space, which is never refilled."""
    s = effect("swap-planes", departure={0: [*QUIET, ("CA2", "r3")]}, waiting={0: ["ES2"]}, airport={0: "y1"})
    assert len(s.departure[0]) == 4
    assert effects(s) == [f"exchange plane {p} waiting 1" for p in (1, 2, 3)] + ["pass"]


@pytest.mark.rule("ARU-ACT-13", "ARU-CARD-07")
def test_swap_planes_without_a_waiting_plane_has_no_effect() -> None:
    s = position(departure={0: QUIET}, waiting={0: []}, hands={0: ["swap-planes", "JP1"]}, load={})
    play(s, "play swap-planes")
    assert "SWAP PLANES has no effect now and is discarded." in s.log_for(1)
    assert s.step != CARD_EFFECT


@pytest.mark.rule("ARU-ACT-15", "ARU-ACT-05")
def test_transfer_reaches_the_plane_on_the_overload_space() -> None:
    s = effect("transfer", departure={0: [*QUIET, ("CA2", "r3")]}, waiting={0: []})
    assert effects(s) == ["transfer plane 4 r3 airport", "transfer plane 4 r3 plane 3", "pass"]
    play(s, "transfer plane 4 r3 airport")
    assert s.departure[0][3] == Docked(idx("CA2")) and s.airport[0] == dice("r3")


@pytest.mark.rule("ARU-ACT-15")
def test_transfer_moves_a_die_off_a_plane_to_the_airport_or_a_slot_it_meets() -> None:
    s = effect("transfer", departure={0: [("FR1", "b1 b2"), ("DE3", "b6"), ("AR1", "r4")]}, airport={0: "y1"})
    assert effects(s) == [
        "transfer plane 1 b1 airport",
        "transfer plane 1 b1 plane 2",
        "transfer plane 1 b2 airport",
        "transfer plane 1 b2 plane 2",
        "transfer plane 2 b6 airport",
        "transfer plane 2 b6 plane 1",
        "transfer plane 3 r4 airport",
        "pass",
    ]
    play(s, "transfer plane 1 b2 plane 2")
    assert s.departure[0][:2] == (Docked(idx("FR1"), dice("b1")), Docked(idx("DE3"), dice("b2 b6")))


@pytest.mark.rule("ARU-ACT-15")
def test_transfer_to_a_full_airport_is_not_offered() -> None:
    s = effect("transfer", departure={0: [("FR1", "b1"), "DE3", "AR1"]}, airport={0: "y1 y2 y3 y4"})
    assert effects(s) == ["transfer plane 1 b1 plane 2", "pass"]
    play(s, "transfer plane 1 b1 plane 2")
    assert s.departure[0][:2] == (Docked(idx("FR1")), Docked(idx("DE3"), dice("b1")))


@pytest.mark.rule("ARU-ACT-16")
def test_scrap_a_departure_plane_returns_its_dice_and_the_queue_moves_up() -> None:
    s = effect("scrap", departure={0: [("FR1", "b1 b2"), "DE3", "IT2"]}, waiting={0: ["CA2", "ES2"]})
    assert effects(s) == [
        "scrap plane 1", "scrap plane 2", "scrap plane 3", "scrap waiting 1", "scrap waiting 2", "pass",
    ]  # fmt: skip
    bag = s.bag
    play(s, "scrap plane 1")
    said = [line for line in s.view(1).log if "scraps" in line or "moves up" in line]
    assert said == [  # the cause before what follows from it
        f"Player 1 scraps {CAT.cards[idx('FR1')].describe()}; its dice go back into the bag.",
        "Plane CA2 moves up from the Waiting queue to Departure 1.",
    ]
    assert s.decks[0][0] == idx("FR1")  # the bottom of the plane deck
    assert s.bag == (bag[0], bag[1] + 2, bag[2])
    assert s.departure[0][0] == Docked(idx("CA2"))
    assert ids(s.waiting[0]) == ["ES2"]


@pytest.mark.rule("ARU-ACT-16")
def test_scrap_a_waiting_plane() -> None:
    s = effect("scrap", departure={0: QUIET}, waiting={0: ["CA2", "ES2", "UK6"]})
    play(s, "scrap waiting 2")
    assert ids(s.waiting[0]) == ["CA2", "UK6"]
    assert s.departure[0] == tuple(Docked(idx(p)) for p in QUIET)
    assert s.decks[0][0] == idx("ES2")


# -- ARU-ACT-17: a changed die that no longer fits --------------------------------------------------


@pytest.mark.rule("ARU-ACT-17", "ARU-ACT-08")
@pytest.mark.parametrize(("airport", "lands"), [("y1", "y1 r5"), ("y1 y2 y3 y4", "y1 y2 y3 y4")])
def test_an_adjusted_die_that_no_longer_fits_leaves_its_plane(airport: str, lands: str) -> None:
    s = effect("adjust", departure={0: [READY_US2, "DE3", "FR4"]}, airport={0: airport})
    bag = s.bag
    play(s, "adjust plane 1 r4 up")  # US2 [blue, 4]: a red 5 meets neither slot
    assert s.departure[0][0] == Docked(idx("US2"), dice("b4"))
    assert s.airport[0] == dice(lands)
    assert s.bag == (bag if airport == "y1" else (bag[0], bag[1], bag[2] + 1))  # no room: into the bag


@pytest.mark.rule("ARU-ACT-17")
def test_a_changed_die_that_still_fits_after_rearranging_stays() -> None:
    s = effect("adjust", departure={0: [("US2", "b4 y4"), "DE3", "FR4"]}, airport={0: "y1"})
    play(s, "adjust plane 1 b4 down")  # b3 takes the blue slot, y4 the 4
    assert s.departure[0][0] == Docked(idx("US2"), dice("b3 y4"))
    assert s.airport[0] == dice("y1")


@pytest.mark.rule("ARU-ACT-17", "ARU-ACT-09", "ARU-ACT-14")
@pytest.mark.parametrize(
    ("action", "stays", "moved"),
    [("flip plane 1 r4", "b4", "r3"), ("paint plane 1 b4 yellow", "r4", "y4(b)")],
)
def test_flipped_or_painted_dice_that_no_longer_fit_leave_the_plane(
    action: str, stays: str, moved: str
) -> None:
    s = effect(action.split(maxsplit=1)[0], departure={0: [READY_US2, "DE1", "ES1"]}, airport={0: ""})
    play(s, action)  # US2 [blue, 4]: r3 meets neither slot; with b4 painted yellow, nothing meets blue
    assert s.departure[0][0] == Docked(idx("US2"), dice(stays))
    assert [die.name(d) for d in s.airport[0]] == [moved]


@pytest.mark.rule("ARU-ACT-17", "ARU-ACT-10")
def test_a_rerolled_plane_die_stays_only_if_it_still_fits() -> None:
    outcomes = set()
    for seed in range(12):
        s = effect("reroll", seed=seed, departure={0: [("US2", "b4 r4"), "DE3", "FR4"]}, airport={0: ""})
        play(s, "reroll plane 1 r4")
        plane = s.departure[0][0]
        assert plane is not None
        (new,) = [d for d in (*plane.dice, *s.airport[0]) if die.true_colour(d) == 2]
        if new in plane.dice:  # US2 [blue, 4]: a red die can only be the 4
            assert die.value(new) == 4 and plane.dice == dice("b4 r4")
        else:
            assert die.value(new) != 4 and plane.dice == dice("b4") and s.airport[0] == (new,)
        outcomes.add(new in plane.dice)
    assert outcomes == {True, False}
