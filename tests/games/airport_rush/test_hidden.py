"""Airport Rush: hidden information (ARU-HID-*).

Everything a seat receives is checked: ``s.view(seat)``, its JSON form ``to_dict()``,
``s.log_for(seat)`` and the text of an ``IllegalAction`` raised for that seat. Plane ids
(``US2``) and objective ids (``O05``) are found as whole words in all of them; a card a seat
may not know must never be named.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from skyhall.core.engine import play as checked
from skyhall.core.errors import IllegalAction
from skyhall.core.log import entries
from skyhall.core.rng import Rng
from skyhall.core.state import EMPTY
from skyhall.games import airport_rush
from skyhall.games.airport_rush.cards import EVENT, PLANE
from skyhall.games.airport_rush.state import State
from skyhall.games.airport_rush.steps import CARD_EFFECT, DRAW, KEEP, PLAY_CARD
from skyhall.games.airport_rush.view import EVENT_SLOT, HIDDEN, HIDDEN_ACTION, HIDDEN_PLANE
from tests.games.airport_rush.position import CAT, idx, legal, play, position, with_deck
from tests.games.airport_rush.test_end import auto, until_step

CARD_ID = re.compile(r"\b(?:[A-Z]{2}\d|O\d\d)\b")


def named(*items: object) -> set[str]:
    """Every plane and objective id named in these texts, dicts and lists (searched recursively)."""
    found: set[str] = set()
    for item in items:
        if isinstance(item, dict):
            found |= named(*item.keys(), *item.values())
        elif isinstance(item, list | tuple):
            found |= named(*item)
        elif isinstance(item, str):
            found |= set(CARD_ID.findall(item))
    return found


def told(s: State, seat: int | None) -> set[str]:
    """Every id ``seat`` is shown: its view's JSON form (log included) and its log."""
    return named(s.view(seat).to_dict(), s.log_for(seat))


def ids(cards: tuple[int, ...] | list[int]) -> set[str]:
    return {CAT.cards[c].id for c in cards}


def objective_ids(objectives: tuple[int, ...]) -> set[str]:
    return {CAT.objectives[o].id for o in objectives}


def refusal(s: State, text: str, seat: int | None) -> IllegalAction:
    before = s.snapshot()
    with pytest.raises(IllegalAction) as err:
        checked(s, text, seat)
    assert s.snapshot() == before
    return err.value


def random_game(players: int, seed: int, actions: int | None = None) -> State:
    """A seeded random game, ``actions`` decisions in (or played to its end)."""
    s = airport_rush.new_game(players, seed)
    rng = Rng(seed + 1000)
    while not s.is_over and (actions is None or actions > 0):
        options = s.legal_actions()
        s.apply(options[rng.below(len(options))])
        actions = None if actions is None else actions - 1
    return s


# -- hands ----------------------------------------------------------------------------------------


@pytest.mark.rule("ARU-HID-01")
@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_a_hand_is_seen_by_its_owner_only_others_see_its_size(players: int, seed: int) -> None:
    s = random_game(players, seed, actions=60)
    for owner in range(players):
        hand = s.hands[owner]
        assert s.view(owner).hands[owner] == hand
        for other in [o for o in range(players) if o != owner] + [None]:
            expected = tuple(
                c if c in s.known[owner] else HIDDEN_PLANE if CAT.cards[c].type == PLANE else HIDDEN_ACTION
                for c in hand
            )
            assert s.view(other).hands[owner] == expected
            assert s.view(other).to_dict()["hands"][owner] == {
                "size": len(hand),
                "cards": [CAT.cards[c].id for c in hand if c in s.known[owner]],
                "hidden_planes": expected.count(HIDDEN_PLANE),
                "hidden_actions": expected.count(HIDDEN_ACTION),
            }


@pytest.mark.rule("ARU-HID-01", "ARU-SET-13")
def test_starting_hands_are_told_to_their_owner_only() -> None:
    s = airport_rush.new_game(2, 7, {"first_player": 0})
    planes = {seat: ids([c for c in s.hands[seat] if CAT.cards[c].type == PLANE]) for seat in (0, 1)}
    assert planes[0] <= told(s, 0)
    assert not planes[0] & told(s, 1)
    assert not planes[1] & told(s, 0)
    assert not (planes[0] | planes[1]) & told(s, None)
    assert "Player 1 is dealt 2 planes and 2 action cards." in s.log_for(1)


@pytest.mark.rule("ARU-HID-01")
def test_a_card_drawn_blind_is_told_to_the_drawer_only() -> None:
    s = with_deck(position(2), 0, ["JP5"])
    until_step(s, DRAW)
    play(s, "draw plane deck")
    assert idx("JP5") in s.hands[0]
    assert "You draw plane JP5 (14) from the plane deck." in s.log_for(0)
    assert "Player 1 draws a card from the plane deck." in s.log_for(1)
    assert "JP5" in told(s, 0)
    for other in (1, None):
        assert "JP5" not in told(s, other)
        assert s.view(other).hands[0][s.hands[0].index(idx("JP5"))] == HIDDEN_PLANE


@pytest.mark.rule("ARU-HID-01", "ARU-EVT-03")
def test_the_card_drawn_again_after_a_blind_event_is_told_to_the_drawer_only() -> None:
    s = with_deck(position(2), 0, ["inspection", "JP5"])
    until_step(s, DRAW)
    play(s, "draw plane deck")
    assert idx("JP5") in s.hands[0] and idx("JP5") not in s.known[0]
    assert "JP5" in told(s, 0)
    for other in (1, None):
        assert "JP5" not in told(s, other)
        assert s.view(other).hands[0][s.hands[0].index(idx("JP5"))] == HIDDEN_PLANE


@pytest.mark.rule("ARU-HID-01", "ARU-EDGE-07")
def test_refusals_never_reveal_a_hand() -> None:
    s = position(2, hands={0: ["JP5", "US2", "control", "locate"]}, settle=True)
    until_step(s, PLAY_CARD)
    # Seat 1 guessing at seat 0's hand: the answer is the same for a card held and one not held.
    held = refusal(s, "play JP5", 1)
    not_held = refusal(s, "play JP6", 1)
    assert held.legal == not_held.legal == []
    assert held.reason == not_held.reason == "it is not seat 1's decision (seat 0 must act)"
    assert str(held).replace("JP5", "JP6") == str(not_held)
    assert refusal(s, "no such action", 1).legal == []
    # The seat to act is shown its own choices only.
    own = refusal(s, "play JP6", 0)
    assert own.legal == legal(s) == ["play JP5", "play US2", "play control", "play locate"]


# -- objectives -----------------------------------------------------------------------------------


@pytest.mark.rule("ARU-HID-02", "ARU-SET-14")
def test_objectives_are_kept_unseen_and_each_choice_ignores_the_others() -> None:
    s = airport_rush.new_game(3, 4, {"first_player": 0})
    assert s.step == KEEP and s.actor == 0
    dealt = [objective_ids(d) for d in s.dealt]
    for seat in range(3):
        for other in [o for o in range(3) if o != seat] + [None]:
            assert s.view(other).dealt[seat] == (HIDDEN,) * 4
            assert not dealt[seat] & told(s, other)
        assert objective_ids(s.view(seat).dealt[seat]) == dealt[seat]
    # Seat 1's choices are the same whatever seat 0 keeps.
    choices = []
    for option in legal(s)[:2]:
        t = s.clone()
        play(t, option)
        assert t.actor == 1
        assert t.view(1).objectives[0] == (HIDDEN, HIDDEN)
        assert t.log_for(1)[-1] == "Player 1 keeps two objectives."
        assert t.log_for(0)[-1] == f"You keep objectives {option.split()[1]} and {option.split()[2]}."
        assert not dealt[0] & told(t, 1)
        choices.append(legal(t))
    assert choices[0] == choices[1] == [f"keep {a} {b}" for a, b in pairs(sorted(dealt[1]))]


def pairs(items: list[str]) -> list[tuple[str, str]]:
    return [(a, b) for i, a in enumerate(items) for b in items[i + 1 :]]


@pytest.mark.rule("ARU-HID-02", "ARU-SCO-02")
def test_kept_objectives_show_at_the_end_and_returned_ones_never() -> None:
    s = random_game(2, 11)
    assert s.is_over
    for seat in (0, 1):
        other = 1 - seat
        returned = objective_ids(s.dealt[seat]) - objective_ids(s.objectives[seat])
        assert len(returned) == 2
        assert s.view(other).objectives[seat] == s.objectives[seat]
        assert s.view(other).dealt[seat] == (HIDDEN,) * 4
        assert s.view(other).to_dict()["dealt"][seat] == [None] * 4
        assert not returned & told(s, other)
        assert not returned & told(s, None)
        assert objective_ids(s.objectives[seat]) <= told(s, other)


# -- decks and Supplies ---------------------------------------------------------------------------


@pytest.mark.rule("ARU-HID-03")
@pytest.mark.parametrize("seat", [0, 1, None])
def test_deck_order_is_hidden_and_the_supplies_are_public(seat: int | None) -> None:
    s = random_game(2, 5, actions=80)
    view = s.view(seat)
    for deck, shown in zip(s.decks, view.decks, strict=True):
        assert shown == tuple(EVENT_SLOT if CAT.cards[c].type == EVENT else HIDDEN for c in deck)
    data = view.to_dict()
    assert [set(d) for d in data["decks"]] == [{"size", "events_at"}] * 2
    assert [d["size"] for d in data["decks"]] == [len(d) for d in s.decks]
    assert view.supply == tuple(s.supply)
    assert data["supply"] == [[CAT.cards[c].id if c >= 0 else None for c in row] for row in s.supply]
    events = [[i for i, c in enumerate(deck) if CAT.cards[c].type == EVENT] for deck in s.decks]
    assert all(events) and [d["events_at"] for d in data["decks"]] == events
    revealed = s.view(seat, reveal=True).to_dict()  # a replay's: the Events lie where they did
    assert [d["events_at"] for d in revealed["decks"]] == events


@pytest.mark.rule("ARU-HID-03")
def test_a_card_taken_from_a_supply_is_known_to_everyone() -> None:
    s = position(2)
    until_step(s, DRAW)
    slot = next(i for i, c in enumerate(s.supply[0]) if c >= 0)
    card = s.supply[0][slot]
    play(s, f"draw plane {slot + 1}")
    name = CAT.cards[card].id
    for seat in (1, None):
        assert card in s.view(seat).hands[0]
        assert name in s.view(seat).to_dict()["hands"][0]["cards"]
    assert f"Player 1 takes plane {name} ({CAT.cards[card].value}) from the plane Supply." in s.log_for(1)


# -- taken-off planes and Waiting queues ----------------------------------------------------------


@pytest.mark.rule("ARU-HID-04", "ARU-TKO-10")
def test_taken_off_planes_are_counted_in_public_and_named_to_their_owner() -> None:
    s = position(2, taken={0: ["BR3", "US5"]}, departure={0: [("US2", "b4 y4"), "UK5", "AR1"]})
    until_step(s, PLAY_CARD)
    auto(s)
    play(s, "takeoff 1")
    assert s.view(0).taken[0] == tuple(idx(c) for c in ("BR3", "US5", "US2"))
    for other in (1, None):
        assert s.view(other).taken[0] == (HIDDEN,) * 3
        assert s.view(other).to_dict()["taken"][0] == {"count": 3, "planes": []}
        assert not {"BR3", "US5"} & told(s, other)
    assert "Player 1 takes off a plane from Departure 1 (3 taken off)." in s.log_for(1)
    assert "You take off plane US2 (8) (3 taken off)." in s.log_for(0)


@pytest.mark.rule("ARU-HID-05", "ARU-CARD-03")
def test_a_waiting_queue_is_seen_by_its_owner_others_see_its_size() -> None:
    s = position(2, waiting={0: ["JP5", "ES3"]}, hands={0: ["CA3", "US2", "control", "locate"]}, settle=True)
    until_step(s, PLAY_CARD)
    play(s, "play CA3")  # the Departure spaces are full: CA3 goes to the back of the queue
    assert s.view(0).waiting[0] == tuple(idx(c) for c in ("JP5", "ES3", "CA3"))
    for other in (1, None):
        assert s.view(other).waiting[0] == (HIDDEN,) * 3
        assert s.view(other).to_dict()["waiting"][0] == {"size": 3, "planes": []}
        assert not {"JP5", "ES3", "CA3"} & told(s, other)
    assert "Player 1 plays a plane to the back of their Waiting queue." in s.log_for(1)
    assert "You play plane CA3 (13) to the back of your Waiting queue." in s.log_for(0)


@pytest.mark.rule("ARU-HID-05", "ARU-HID-03")
def test_which_plane_goes_into_a_waiting_queue_stays_unknown_even_one_taken_openly() -> None:
    # Player 1 took US2 openly from the Supply (everyone knows it is in their hand) and also holds CA3,
    # drawn blind. Whichever of the two goes face down into the full row's queue, rivals see the same.
    s = position(2, hands={0: ["CA3", "US2", "control", "locate"]}, settle=True)
    s.known[0] = frozenset({idx("US2")})
    until_step(s, PLAY_CARD)
    assert s.view(1).hands[0].count(HIDDEN_PLANE) == 1 and idx("US2") in s.view(1).hands[0]
    seen_by_rivals = []
    for plane in ("US2", "CA3"):
        t = s.clone()
        play(t, f"play {plane}")
        assert t.waiting[0][-1] == idx(plane)
        assert idx("US2") not in t.known[0]  # nobody can tell the two planes apart any more
        for other in (1, None):
            assert t.view(other).hands[0].count(HIDDEN_PLANE) == 1
            assert not {"US2", "CA3"} & told(t, other)
        seen_by_rivals.append((t.view(1).to_dict(), t.log_for(1)))
    assert seen_by_rivals[0] == seen_by_rivals[1]


@pytest.mark.rule("ARU-HID-06")
@pytest.mark.parametrize("seat", [0, 1, 2, None])
def test_departure_planes_their_dice_airports_and_load_spaces_are_public(seat: int | None) -> None:
    s = random_game(3, 8, actions=120)
    view = s.view(seat)
    assert view.departure == tuple(s.departure)
    assert view.airport == tuple(s.airport)
    assert view.load == tuple(s.load)
    data: dict[str, Any] = view.to_dict()
    for owner in range(3):
        assert [None if p is None else p["plane"] for p in data["departure"][owner]] == [
            None if p is None else CAT.cards[p.card].id for p in s.departure[owner]
        ]


# -- LOCATE ---------------------------------------------------------------------------------------

FIVE = ["JP5", "ES3", "CA3", "AR4", "DE6"]


@pytest.mark.rule("ARU-HID-07", "ARU-ACT-02")
def test_the_planes_shown_by_locate_are_seen_by_the_player_only() -> None:
    s = with_deck(position(2, hands={0: ["locate", "US2", "control", "FR3"]}), 0, FIVE)
    until_step(s, PLAY_CARD)
    play(s, "play locate", "use")
    assert s.step == CARD_EFFECT
    assert ids(list(s.view(0).locate)) == set(FIVE)
    assert legal(s) == [f"choose {c}" for c in FIVE]
    for other in (1, None):
        assert s.view(other).locate == (HIDDEN,) * 5
        assert s.view(other).to_dict()["locate"] == {"size": 5, "planes": []}
        assert s.view(other).legal == ()
        assert not set(FIVE) & told(s, other)
    assert refusal(s, "choose JP5", 1).legal == []
    assert s.log_for(1)[-1] == "Player 1 looks at 5 planes."
    play(s, "choose ES3")
    for other in (1, None):
        assert not set(FIVE) & told(s, other)


@pytest.mark.rule("ARU-HID-07")
def test_the_viewers_own_log_names_the_planes_locate_showed_it() -> None:
    """A view carries its seat's log: the seat's private lines for that seat, the public ones for others."""
    s = with_deck(position(2, hands={0: ["locate", "US2", "control", "FR3"]}), 0, FIVE)
    until_step(s, PLAY_CARD)
    play(s, "play locate", "use")
    shown = ", ".join(CAT.cards[CAT.by_id[c]].describe() for c in FIVE)
    assert s.view(0).log[-1] == f"You look at {shown}."
    assert s.view(0).to_dict()["log"] == s.log_for(0)
    for other in (1, None):
        assert s.view(other).log[-1] == "Player 1 looks at 5 planes."
        assert s.view(other).to_dict()["log"] == s.log_for(other)


# -- Events left out ------------------------------------------------------------------------------


@pytest.mark.rule("ARU-HID-08", "ARU-SET-08")
@pytest.mark.parametrize(("players", "seed"), [(2, 21), (3, 22), (4, 23)])
def test_the_two_events_left_out_are_never_revealed(players: int, seed: int) -> None:
    s = airport_rush.new_game(players, seed)
    in_play = {c for deck in s.decks for c in deck} | {c for row in s.supply for c in row}
    out = [e for e in CAT.events if e not in in_play]
    assert len(out) == 2
    titles = [CAT.cards[e].title for e in out]
    s = random_game(players, seed)
    assert s.is_over
    for seat in [*range(players), None]:
        view = s.view(seat)
        shown = [*view.discard, *(c for d in view.decks for c in d), *(c for r in view.supply for c in r)]
        assert not set(out) & set(shown)
        assert view.to_dict()["event"] is None
        assert not [line for line in s.log_for(seat) for t in titles if t in line]


# -- the whole game: nothing leaks, everything shows at the end ------------------------------------


def secrets(s: State, seat: int) -> set[str]:
    """The ids ``seat`` is entitled to right now beyond the public ones."""
    own = [*s.hands[seat], *s.waiting[seat], *s.taken[seat]]
    if s.current == seat:
        own.extend(s.locate)
    return ids(own) | objective_ids(s.dealt[seat])


def on_show(s: State) -> set[str]:
    """The ids public right now, read from the state (not from a view): Departure planes, Supplies,
    cards taken openly, and the public text of the log."""
    cards = [p.card for row in s.departure for p in row if p is not None]
    cards += [c for row in s.supply for c in row if c >= 0] + [c for k in s.known for c in k]
    return ids(cards) | named([public for public, _, _ in entries(s.log)])


@pytest.mark.rule("ARU-HID-01", "ARU-HID-02", "ARU-HID-03", "ARU-HID-04", "ARU-HID-05", "ARU-HID-07")
@pytest.mark.parametrize(("players", "seed"), [(2, 31), (3, 32), (4, 33)])
def test_no_seat_is_ever_told_a_card_it_may_not_know(players: int, seed: int) -> None:
    """Whatever a seat is told must be public now or earlier, or its own knowledge now or earlier."""
    s = airport_rush.new_game(players, seed)
    rng = Rng(seed)
    public: set[str] = set()
    entitled: list[set[str]] = [set() for _ in range(players)]
    step = 0
    while not s.is_over:
        public |= on_show(s)
        for seat in range(players):
            entitled[seat] |= secrets(s, seat)
        if step % 20 == 0:
            for seat in [*range(players), None]:
                assert told(s, seat) <= public | (entitled[seat] if seat is not None else set()), (step, seat)
                if seat is not None and seat != s.to_act:
                    err = refusal(s, "pass", seat)
                    assert err.legal == [] and not named(str(err))
        options = s.legal_actions()
        s.apply(options[rng.below(len(options))])
        step += 1


@pytest.mark.rule("ARU-HID-01", "ARU-HID-04", "ARU-HID-05")
def test_everything_but_the_returned_objectives_is_revealed_at_the_end() -> None:
    s = random_game(3, 12)
    assert s.is_over
    for seat in (0, 1, 2, None):
        view = s.view(seat)
        assert view.hands == tuple(s.hands)
        assert view.waiting == tuple(s.waiting)
        assert view.taken == tuple(s.taken)
        assert view.objectives == tuple(s.objectives)
        assert view.decks == tuple(s.decks)
        assert view.to_dict()["taken"] == [
            {"count": len(t), "planes": [CAT.cards[c].id for c in t]} for t in s.taken
        ]


# -- determinization ------------------------------------------------------------------------------


@pytest.mark.rule("ARU-HID-01", "ARU-HID-02", "ARU-HID-03", "ARU-HID-04", "ARU-HID-05", "ARU-HID-07")
@pytest.mark.parametrize(("players", "actions"), [(2, 0), (2, 90), (3, 150), (4, 200), (3, None)])
def test_determinize_keeps_the_seats_view_and_samples_only_hidden_cards(
    players: int, actions: int | None
) -> None:
    s = random_game(players, 40 + players, actions)
    for seat in [*range(players), None]:
        expected = s.view(seat).to_dict()
        samples = [s.determinize(seat, Rng(k)) for k in range(4)]
        for det in samples:
            assert det.view(seat).to_dict() == expected
            assert det.view(seat).hands == s.view(seat).hands
            assert det.legal_actions() == s.legal_actions() or seat != s.to_act
            cards = [
                *(c for d in det.decks for c in d),
                *(c for r in det.supply for c in r if c >= 0),
                *(c for h in det.hands for c in h),
                *(c for q in det.waiting for c in q),
                *(c for t in det.taken for c in t),
                *(p.card for row in det.departure for p in row if p is not None),
                *det.locate,
            ]
            assert len(cards) == len(set(cards))
        others = [o for o in range(players) if o != seat]
        if not s.is_over and any(c not in s.known[o] for o in others for c in s.hands[o]):
            hands = [tuple(d.hands[o] for o in others) for d in samples]
            assert any(h != tuple(s.hands[o] for o in others) for h in hands)


@pytest.mark.rule("ARU-EVT-07", "ARU-HID-03")
def test_determinize_keeps_a_face_up_storm_out_of_the_decks() -> None:
    s = position(departure={0: ["DE3", "IT2", "FR4"]}, waiting={0: []}, hands={0: ["JP1", "adjust"]}, load={})
    with_deck(s, 1, ["storm"])
    play(s, "play JP1", "draw action deck")
    assert s.storm != EMPTY
    for k in range(20):
        det = s.determinize(1, Rng(k))
        assert idx("storm") not in det.decks[0] + det.decks[1]


@pytest.mark.rule("ARU-EVT-07")
def test_a_determinized_storm_passes_when_the_real_one_would() -> None:
    s = position(departure={0: ["DE3", "IT2", "FR4"]}, waiting={0: []}, hands={0: ["JP1", "adjust"]}, load={})
    storm = idx("storm")
    s.decks = [tuple(c for c in deck if c != storm) for deck in s.decks]
    s.discard = tuple(c for c in s.discard if c != storm)
    s.turn, s.storm, s.storm_turn = 2, 0, 0
    s._legal = None
    det = s.determinize(0, Rng(7))
    play(s, "play JP1")
    play(det, "play JP1")
    assert (det.step, det.storm) == (s.step, s.storm) == (DRAW, EMPTY)
