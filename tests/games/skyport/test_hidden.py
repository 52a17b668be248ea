"""Grand Central Skyport: hidden information (GCS-HID-*).

Everything a seat receives is checked: ``s.view(seat)``, its JSON form ``to_dict()``,
``s.log_for(seat)`` and the text of an ``IllegalAction`` raised for that seat. A card a
seat may not know must not be named in any of them; card ids are found as whole words
(``B1`` in "Blue airship B1", never inside "SB1").
"""

from __future__ import annotations

import re
from itertools import islice

import pytest

from skyhall.core.engine import play as checked
from skyhall.core.errors import IllegalAction
from skyhall.core.rng import Rng
from skyhall.core.state import EMPTY
from skyhall.games import skyport
from skyhall.games.skyport.actions import TakeTycoon
from skyhall.games.skyport.cards import CLOSING, MERCHANT, TYCOON_KINDS
from skyhall.games.skyport.lane import Berth, Lane
from skyhall.games.skyport.state import State
from skyhall.games.skyport.steps import TAKE, WILD_MOVE
from skyhall.games.skyport.text import describe, label, prompt, render
from skyhall.games.skyport.view import determinize
from tests.games.skyport.position import CAT, berth, idx, play, position, with_deck
from tests.games.skyport.test_arrival import playout

CARD_ID = re.compile(r"\b[A-Za-z]+\d+\b")


def named(*texts: object) -> set[str]:
    """Every card id named in these texts, dicts and lists (searched recursively)."""
    found: set[str] = set()
    for text in texts:
        if isinstance(text, dict):
            found |= named(*text.keys(), *text.values())
        elif isinstance(text, list | tuple):
            found |= named(*text)
        elif isinstance(text, str):
            found |= set(CARD_ID.findall(text))
    return found


def named_in_log(lines: list[str]) -> set[str]:
    return named(lines)


def told(s: State, seat: int | None) -> set[str]:
    """Every card id that ``seat`` is shown: its view's JSON form (log included) and its log."""
    data = s.view(seat).to_dict()
    log = data.pop("log")
    return named(data) | named_in_log(log) | named_in_log(s.log_for(seat))


def ids(cards: tuple[int, ...] | list[int]) -> set[str]:
    return {CAT.cards[c].id for c in cards if c not in (EMPTY, CLOSING)}


def midgame(players: int, seed: int, actions: int) -> State:
    s = skyport.new_game(players, seed)
    for _ in islice(playout(s, seed), actions):
        pass
    assert not s.is_over
    return s


def row_cards(item: Lane | Berth) -> list[int]:
    return (
        list(item.cards) if isinstance(item, Lane) else [c for c in (item.station, item.tycoon) if c != EMPTY]
    )


def shown_ids(item: dict[str, object]) -> list[object]:
    """The card ids of one position of a row as ``to_dict`` shows it."""
    if "lane" in item:
        return list(item["cards"])  # type: ignore[call-overload]
    return [c for c in (item["station"], item["tycoon"]) if c is not None]


def every_card(s: State) -> list[int]:
    cards = [c for c in (*s.deck, *s.board) if c not in (EMPTY, CLOSING)]
    for hand in s.hands:
        cards.extend(hand)
    for stack in (*s.station_decks, *s.promenade):
        cards.extend(stack)
    for row in s.rows:
        for item in row:
            cards.extend(
                item.cards
                if isinstance(item, Lane)
                else (c for c in (item.station, item.tycoon) if c != EMPTY)
            )
    return sorted(cards)


@pytest.mark.rule("GCS-HID-01")
def test_a_hand_is_seen_by_its_owner_only_rivals_see_its_size() -> None:
    s = skyport.new_game(3, 5, {"cities": "ABC", "first_player": 0})
    hands = [ids(hand) for hand in s.hands]
    for seat in range(3):
        view = s.view(seat)
        data = view.to_dict()
        assert view.hands[seat] == s.hands[seat]
        assert [h["size"] for h in data["hands"]] == [2, 2, 2]
        for owner in range(3):
            if owner == seat:
                assert data["hands"][owner]["cards"] == [CAT.cards[c].id for c in s.hands[owner]]
            else:
                assert view.hands[owner] == (EMPTY, EMPTY)
                assert data["hands"][owner]["cards"] == []
                assert not hands[owner] & told(s, seat)
    assert not set().union(*hands) & told(s, None)


@pytest.mark.rule("GCS-HID-01")
def test_refusals_never_reveal_a_rivals_hand() -> None:
    s = skyport.new_game(2, 1, {"cities": "AB", "first_player": 0})
    rival = ids(s.hands[1])
    hidden = sorted(rival)[0]
    in_deck = CAT.cards[next(c for c in s.deck if c != CLOSING)].id
    # a card in the rival's hand is refused in the same words as a card in the deck
    reasons = []
    for card in (hidden, in_deck):
        with pytest.raises(IllegalAction) as err:
            checked(s, f"play {card}", seat=0)
        reasons.append(err.value.reason.replace(card, "X"))
        assert not (rival - {card}) & named(str(err.value))
    assert reasons[0] == reasons[1]
    while s.current == 0:
        play(s, str(s.legal_actions()[0]))
    # now the rival decides: whatever seat 0 sends, its refusal names none of the rival's cards
    rival = ids(s.hands[1]) - ids(list(s.known[1]))
    before = s.snapshot()
    for text in ("take airship", "walk 1", f"play {hidden}", "fly away"):
        with pytest.raises(IllegalAction) as err:
            checked(s, text, seat=0)
        assert err.value.legal == []
        assert not (rival - {hidden}) & named(str(err.value)), text
        assert s.snapshot() == before


@pytest.mark.rule("GCS-HID-02")
@pytest.mark.parametrize("take", ["take airship", "take station", "take merchant"])
def test_a_card_taken_openly_is_known_to_rivals(take: str) -> None:
    space = {"take airship": 2, "take station": 2, "take merchant": 0}[take]
    s = position(rows={0: ["SA1", "SA2"]}, hands={0: ["S01", "B9"]})
    s.standees[0] = space - 1 if space else EMPTY
    play(s, "play S01", "place left")  # walk 1 is forced
    assert s.step == TAKE
    taken = {
        "take airship": s.board[space],
        "take station": s.station_decks[0][-1],
        "take merchant": s.promenade[TYCOON_KINDS.index("merchant")][-1],
    }[take]
    play(s, take)
    name = CAT.cards[taken].id
    assert s.hands[0] == (idx("B9"), taken)
    for seat in (1, None):
        view = s.view(seat)
        assert view.hands[0] == (EMPTY, taken)
        assert view.to_dict()["hands"][0] == {"size": 2, "cards": [name]}
        assert name in named_in_log(s.log_for(seat))
        assert "B9" not in told(s, seat)


@pytest.mark.rule("GCS-HID-02")
def test_a_card_taken_openly_leaves_the_known_set_when_played() -> None:
    s = position(rows={0: ["SA1", "SA2"]}, hands={0: ["S01", "B9"]}, board={2: "G4"})
    s.standees[0] = 1
    play(s, "play S01", "place left", "take airship")
    assert idx("G4") in s.known[0]
    while s.current != 0:
        play(s, str(s.legal_actions()[-1]))
    play(s, "play G4")
    assert idx("G4") not in s.known[0]
    assert s.view(1).hands[0] == (EMPTY,)


@pytest.mark.rule("GCS-HID-02")
def test_a_seat_knows_which_of_its_cards_its_rivals_saw_and_a_sample_of_its_view_keeps_it_so() -> None:
    """Player 1 took G4 face up and holds B9 from the start: its view says the rivals know G4 only,
    and a state sampled from that view (what its search thinks over) shows the rival G4, never B9."""
    s = position(rows={0: ["SA1", "SA2"]}, hands={0: ["S01", "B9"]}, board={2: "G4"})
    s.standees[0] = 1
    play(s, "play S01", "place left", "take airship")
    assert s.view(0).seen_in_hand == {idx("G4")}
    assert s.view(1).seen_in_hand == frozenset() and s.view(None).seen_in_hand == frozenset()
    sampled = determinize(s.view(0), Rng(3))
    assert sampled.known[0] == {idx("G4")}
    assert sampled.view(1).hands[0] == (EMPTY, idx("G4"))
    assert sampled.view(0).hands == s.view(0).hands  # (the conformance suite compares whole views)
    assert sampled.view(0).seen_in_hand == {idx("G4")}


@pytest.mark.rule("GCS-HID-03")
def test_starting_hands_are_seen_only_by_their_owner() -> None:
    for seed in range(10):
        s = skyport.new_game(3, seed, {"first_player": 0})
        for seat in range(3):
            own = ids(s.hands[seat])
            assert own <= named_in_log(s.log_for(seat))  # "You draw Blue airship B5, ..."
            for other in (None, *(o for o in range(3) if o != seat)):
                assert not own & told(s, other)
            assert f"Player {seat + 1} draws 2 cards." in s.log_for(None)


@pytest.mark.rule("GCS-HID-03")
def test_the_suppliers_draw_is_seen_only_by_its_owner() -> None:
    s = position(rows={0: ["SA1", "SA2", "SA3", berth("SA4", "Di1")]}, hands={0: ["Su1", "B1"]})
    with_deck(s, ["G5"])
    play(s, "play Su1")  # one free station: hosted at once, then the Supplier draws G5
    assert s.hands[0] == (idx("B1"), idx("G5"))
    assert "Your Supplier draws Green airship G5." in s.log_for(0)
    for seat in (1, None):
        assert "Player 1's Supplier draws a card." in s.log_for(seat)
        assert s.view(seat).hands[0] == (EMPTY, EMPTY)
        assert s.view(seat).to_dict()["hands"][0] == {"size": 2, "cards": []}
        assert not {"G5", "B1"} & told(s, seat)


@pytest.mark.rule("GCS-HID-04")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_deck_is_hidden_only_its_size_is_public(players: int) -> None:
    s = midgame(players, 7, 20)
    deck = ids(s.deck)
    for seat in (None, *range(players)):
        view = s.view(seat)
        data = view.to_dict()
        assert view.deck is None
        assert "deck" not in data
        assert data["deck_size"] == view.deck_size == len(s.deck)
        assert data["closing_in_deck"] is (CLOSING in s.deck)
        assert not deck & told(s, seat)


@pytest.mark.rule("GCS-HID-05")
def test_only_the_top_of_each_station_deck_and_promenade_stack_shows() -> None:
    s = position(rows={0: ["SA1", "SA2"]}, hands={0: ["S01", "B9"]})
    below = ids([c for stack in (*s.station_decks, *s.promenade) for c in stack[:-1]])
    assert len(below) == sum(len(d) - 1 for d in s.station_decks) + 5 * 2
    for seat in (None, 0, 1):
        view = s.view(seat)
        for shown, real in zip(
            (*view.station_decks, *view.promenade), (*s.station_decks, *s.promenade), strict=True
        ):
            assert shown == (*[EMPTY] * (len(real) - 1), real[-1])
        data = view.to_dict()
        assert data["station_decks"] == [
            {"size": len(d), "top": CAT.cards[d[-1]].id} for d in s.station_decks
        ]
        assert data["promenade"]["merchant"] == {"size": 3, "top": CAT.cards[s.promenade[0][-1]].id}
        assert not below & told(s, seat)
    # taking the top card shows the next one
    s.standees[0] = 1
    play(s, "play S01", "place left", "take station")
    new_top = s.station_decks[0][-1]
    assert s.view(1).station_decks[0][-1] == new_top
    assert s.view(1).to_dict()["station_decks"][0] == {
        "size": len(s.station_decks[0]),
        "top": CAT.cards[new_top].id,
    }


PROMENADE = {
    "merchant": ("Me2", "Me3", "Me1"),
    "explorer": ("Ex1", "Ex3", "Ex2"),
    "diplomat": ("Di3", "Di1", "Di2"),
    "inventor": ("In2", "In3", "In1"),
    "supplier": ("Su1", "Su2", "Su3"),
}
"""The five Promenade stacks, bottom first: Me1 is the top Merchant, Me3 the one beneath it."""


def on_tycoon_space() -> State:
    """Seat 0 has played S01 and walked from the Promenade onto space 1 (Tycoon): it chooses what to take.

    Seat 1 holds S04 (Player Movement 1): on its turn it walks onto the same space.
    """
    s = position(rows={0: ["SA1", "SA2"], 1: ["SB1", "SB2"]}, hands={0: ["S01", "B9"], 1: ["S04", "B2"]})
    s.promenade = [tuple(idx(c) for c in PROMENADE[kind]) for kind in TYCOON_KINDS]
    play(s, "play S01", "place left")  # walk 1 is forced
    assert s.step == TAKE and s.actor == 0
    return s


def take_labels(s: State) -> dict[str, str]:
    """The words the seat to act is shown for each of its choices of a tycoon."""
    view = s.view(s.actor)
    return {str(a): label(view, a) for a in view.legal if isinstance(a, TakeTycoon)}


def on_screen(s: State, seat: int | None) -> set[str]:
    """Every card id ``seat`` is shown: :func:`told`, the cards its view holds in the Promenade, the
    table drawn for it and the words of its choices."""
    view = s.view(seat)
    drawn = [body for _, body in render(view)]
    stacks = ids([c for stack in view.promenade for c in stack])
    return told(s, seat) | stacks | named(drawn, prompt(view), [label(view, a) for a in view.legal])


@pytest.mark.rule("GCS-HID-05")
def test_the_tycoon_choices_name_only_the_top_of_each_promenade_stack() -> None:
    s = on_tycoon_space()
    assert take_labels(s) == {
        f"take {kind}": f"take from the Promenade: {describe(CAT.cards[idx(stack[-1])])}"
        for kind, stack in PROMENADE.items()
    }
    tops = {stack[-1] for stack in PROMENADE.values()}
    beneath = {c for stack in PROMENADE.values() for c in stack[:-1]}
    for seat in (None, 0, 1):
        shown = on_screen(s, seat)
        assert tops <= shown
        assert not beneath & shown, seat


@pytest.mark.rule("GCS-HID-05")
def test_the_card_beneath_shows_once_it_is_on_top_and_the_next_stays_hidden() -> None:
    s = on_tycoon_space()
    assert s.view(1).promenade[MERCHANT] == (EMPTY, EMPTY, idx("Me1"))
    play(s, "take merchant")
    assert s.hands[0] == (idx("B9"), idx("Me1"))
    assert s.log_for(None)[-1] == "Player 1 takes Merchant Me1 from the Promenade."
    for seat in (None, 0, 1):
        view = s.view(seat)
        assert view.promenade[MERCHANT] == (EMPTY, idx("Me3"))
        assert view.to_dict()["promenade"]["merchant"] == {"size": 2, "top": "Me3"}
        shown = on_screen(s, seat)
        assert "Me3" in shown
        assert "Me2" not in shown, seat
    # seat 1 walks onto the same Tycoon space: Me3 is the Merchant it is offered, Me2 is still unnamed
    play(s, "play S04", "place left")
    assert (s.step, s.actor) == (TAKE, 1)
    assert take_labels(s)["take merchant"] == f"take from the Promenade: {describe(CAT.cards[idx('Me3')])}"
    for seat in (None, 0, 1):
        assert "Me2" not in on_screen(s, seat), seat


@pytest.mark.rule("GCS-HID-06")
def test_board_skyports_standees_and_tokens_are_public() -> None:
    s = midgame(3, 3, 45)
    assert any(standee != EMPTY for standee in s.standees)
    for seat in (None, 0, 1, 2):
        view = s.view(seat)
        assert view.board == tuple(s.board)
        assert view.rows == tuple(s.rows)
        assert view.standees == tuple(s.standees)
        assert view.token_stacks == tuple(s.token_stacks)
        assert view.owned == tuple(s.owned)
        assert [len(hand) for hand in view.hands] == [len(hand) for hand in s.hands]
        data = view.to_dict()
        assert data["board"] == [CAT.cards[c].id if c != EMPTY else None for c in s.board]
        assert data["standees"] == [None if p == EMPTY else CAT.spaces[p].id for p in s.standees]
        assert [[shown_ids(item) for item in row] for row in data["rows"]] == [
            [[CAT.cards[c].id for c in row_cards(item)] for item in row] for row in s.rows
        ]


@pytest.mark.rule("GCS-HID-07")
def test_the_suppliers_hand_is_revealed_at_the_end_not_before() -> None:
    s = position(rows={0: ["SA1", "SA2", "SA3", berth("SA4", "Su1")]}, hands={0: ["S01", "G2", "R3"]})
    s.last_turn = 0  # this is the game's final turn
    play(s, "play S01", "place left")  # walk 1 is forced: space 1, a Tycoon space
    assert s.step == TAKE
    assert s.view(1).hands[0] == (EMPTY, EMPTY)
    assert not {"G2", "R3"} & told(s, 1)
    play(s, "take airship")
    assert s.is_over
    taken = s.hands[0][-1]
    for seat in (1, None):
        view = s.view(seat)
        assert view.hands == tuple(s.hands)
        assert view.to_dict()["hands"][0]["cards"] == ["G2", "R3", CAT.cards[taken].id]
        # and the rest of what was hidden: the deck, the decks and stacks below their tops
        assert view.deck == s.deck
        assert view.station_decks == tuple(s.station_decks)
        assert view.promenade == tuple(s.promenade)
    supplier = [line for line in s.result().breakdown[0] if line.label.startswith("Supplier")]
    # G2 (Passenger) and R3 (Navigation) and whatever the taken airship shows, 3 points an icon
    assert [line.points for line in supplier] == [3 * (2 + sum(CAT.cards[taken].icons[:3]))]


@pytest.mark.rule("GCS-HID-04", "GCS-SET-11")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinize_keeps_the_closing_card_where_setup_put_it(players: int) -> None:
    """A sampled deck that drew the Closing card sooner would end a simulated game too early."""
    s = skyport.new_game(players, 11)
    for k in range(5):
        deck = determinize(s.view(0), Rng(k)).deck
        assert len(deck) == len(s.deck)
        assert deck.index(CLOSING) == s.deck.index(CLOSING) == CAT.closing_beneath


@pytest.mark.rule("GCS-HID-01", "GCS-HID-03", "GCS-HID-04", "GCS-HID-05")
@pytest.mark.parametrize("seat", [0, 1, None])
def test_determinize_keeps_the_view_and_changes_only_hidden_cards(seat: int | None) -> None:
    s = midgame(3, 3, 12)
    view = s.view(seat)
    rival = next(o for o in range(3) if o != seat and EMPTY in view.hands[o])
    hidden_hands, decks, station_decks = set(), set(), set()
    for k in range(6):
        det = s.determinize(seat, Rng(k))
        assert det.view(seat) == view
        assert det.view(seat).to_dict() == view.to_dict()
        assert every_card(det) == every_card(s)
        hidden_hands.add(det.hands[rival])
        decks.add(det.deck)
        station_decks.add(tuple(det.station_decks))
        if seat is not None:
            assert det.hands[seat] == s.hands[seat]
    assert len(hidden_hands) > 1
    assert len(decks) == 6
    assert len(station_decks) > 1  # the cards below the tops are drawn anew


@pytest.mark.rule("GCS-HID-01")
def test_only_the_seat_to_act_is_shown_its_choices_and_they_follow_from_its_view() -> None:
    steps = set()
    for seed in range(3):
        s = skyport.new_game(3, seed)
        for _ in playout(s, seed):
            if s.is_over:
                break
            steps.add(s.step)
            for seat in (None, 0, 1, 2):
                view = s.view(seat, log=False)
                choices = tuple(s.legal_actions()) if seat == s.to_act else ()
                assert view.legal == choices
                assert view.to_dict()["legal"] == [str(a) for a in choices]
            # The choices depend on nothing the seat cannot see: every determinization offers the same.
            view = s.view(s.to_act, log=False)
            for k in range(2):
                assert tuple(determinize(view, Rng(k)).legal_actions()) == view.legal
        assert s.view(0).legal == s.view(None).legal == ()
    assert WILD_MOVE in steps  # a rival's decision was among those checked


def hidden_wilds(det: State, seat: int, view_hand: tuple[int, ...]) -> int:
    return sum(
        CAT.cards[c].is_wild for c, shown in zip(det.hands[seat], view_hand, strict=True) if shown == EMPTY
    )


@pytest.mark.rule("GCS-SET-21", "GCS-HID-03")
def test_determinize_deals_a_hidden_wild_only_as_a_suppliers_draw() -> None:
    # Seat 1 hosts a Supplier: one of its face-down cards may be the Wild it drew. Seat 2's face-down
    # cards are its starting hand, which never holds a Wild.
    s = position(
        players=3,
        rows={0: ["SA1", "S01"], 1: ["SB1", berth("SB2", "Su1")], 2: ["SC1", "S02"]},
        hands={0: ["B1", "G4"], 1: ["R2", "W1"], 2: ["Y3", "O2"]},
    )
    view = s.view(0)
    assert view.hands[1] == view.hands[2] == (EMPTY, EMPTY)
    supplier_wilds = deck_wilds = 0
    for k in range(300):
        det = determinize(view, Rng(k))
        assert hidden_wilds(det, 2, view.hands[2]) == 0
        assert hidden_wilds(det, 1, view.hands[1]) <= 1
        supplier_wilds += hidden_wilds(det, 1, view.hands[1])
        deck_wilds += sum(CAT.cards[c].is_wild for c in det.deck if c != CLOSING)
    assert supplier_wilds > 0
    assert deck_wilds > 0  # the Wilds nobody is dealt stay in the deck
