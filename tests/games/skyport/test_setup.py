"""Setup (GCS-SET) and turn structure (GCS-TURN) of Grand Central Skyport.

Setup clauses are checked on ``new_game`` over several seeds and player counts;
reconstructed data ([R]) is checked against the loaded catalog so that a data
file replaced with values that break the clause fails here. The exact dealing
and Wild-redraw order is checked with a scripted random source in place of the
seeded one (:class:`ScriptedRng`), so every card's destination is known.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, MutableSequence
from typing import Any

import pytest

from skyhall.core.errors import IllegalAction, MalformedAction
from skyhall.core.rng import Rng
from skyhall.core.state import EMPTY
from skyhall.games import skyport
from skyhall.games.skyport import setup
from skyhall.games.skyport.cards import (
    AIRSHIP,
    CARGO,
    CLOSING,
    COLOURS,
    COLOURS_SET,
    ICONS_SET,
    NAVIGATION,
    PASSENGER,
    STAR,
    STATION,
    TYCOON,
    TYCOON_KINDS,
    WILD,
)
from skyhall.games.skyport.lane import Berth, Lane
from skyhall.games.skyport.state import State
from skyhall.games.skyport.steps import CHOOSE_CARD, OVER, PHASES
from tests.games.skyport.position import CAT, berth, idx, legal, play, position

SEEDS = range(16)
PLAYER_COUNTS = (2, 3, 4)
DECK_SIZES = {2: 39, 3: 47, 4: 60}


def ids(cards: Iterable[int]) -> list[str]:
    return [CAT.cards[c].id for c in cards]


def airships_in_play(s: State) -> list[int]:
    """Every ordinary airship of the game: deck, board and hands (the Closing card left out)."""
    cards = [c for c in s.deck if c != CLOSING]
    cards += [c for c in s.board if c != EMPTY]
    for hand in s.hands:
        cards += [c for c in hand if CAT.cards[c].kind == AIRSHIP]
    return cards


def playout(s: State, seed: int) -> list[tuple[int, int, int]]:
    """Play seeded random legal actions through ``play()`` until the game is over.

    Returns ``(turn, current, step)`` after each action, for checks on the course of the game.
    """
    rng = Rng(seed)
    trace = [(s.turn, s.current, s.step)]
    while not s.is_over:
        actions = s.legal_actions()
        play(s, str(actions[rng.below(len(actions))]))
        trace.append((s.turn, s.current, s.step))
    return trace


class ScriptedRng(Rng):
    """A random source that leaves every list unshuffled except the airship deck, which it sets
    to ``deck`` (bottom first), and answers ``below`` with ``pick`` (clamped to the bound)."""

    def __init__(self, deck: list[str], pick: int) -> None:
        super().__init__(0)
        self.deck = [idx(c) for c in deck]
        self.pick = pick
        self.bounds: list[int] = []

    def shuffle(self, items: MutableSequence[Any]) -> None:
        if sorted(items) == sorted(self.deck):
            items[:] = self.deck

    def below(self, n: int) -> int:
        self.bounds.append(n)
        return min(self.pick, n - 1)


def scripted_game(monkeypatch: pytest.MonkeyPatch, top: list[str], pick: int) -> tuple[State, ScriptedRng]:
    """A 2-player game (P1 first) whose deck has ``top`` on top, first card topmost; the rest below."""
    rest = [c for c in ids(CAT.deck_for(2)) if c not in top]
    rng = ScriptedRng([*rest, *reversed(top)], pick)
    monkeypatch.setattr(setup, "Rng", lambda seed: rng)
    return skyport.new_game(2, 0, {"first_player": 0, "cities": "AB"}), rng


# -- SET: players, cities, Promenade, stations, tokens ------------------------------------


@pytest.mark.rule("GCS-SET-01")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_two_to_four_players_each_with_a_different_city(players: int) -> None:
    for seed in SEEDS:
        s = skyport.new_game(players, seed)
        assert len(s.cities) == players == len(s.rows) == len(s.hands)
        assert len(set(s.cities)) == players
        for seat, city in enumerate(s.cities):
            assert [c for item in s.rows[seat] for c in _cards(item)] == list(CAT.cities[city].row)


@pytest.mark.rule("GCS-SET-01")
@pytest.mark.parametrize("players", [0, 1, 5, 6])
def test_other_player_counts_are_refused(players: int) -> None:
    with pytest.raises(ValueError, match="2 to 4 players"):
        skyport.new_game(players, 0)


@pytest.mark.rule("GCS-SET-01", "GCS-SET-14")
def test_cities_option_gives_each_seat_the_named_city() -> None:
    s = skyport.new_game(3, 5, {"cities": "DBA"})
    assert [CAT.cities[c].id for c in s.cities] == ["D", "B", "A"]
    assert ids(_cards(s.rows[0][0])) == ["SD1"]
    with pytest.raises(ValueError, match="different cities"):
        skyport.new_game(2, 5, {"cities": "AA"})
    assert skyport.new_game(3, 5, {"cities": "dbA"}).cities == s.cities  # in either case
    with pytest.raises(ValueError, match="different cities"):
        skyport.new_game(2, 5, {"cities": "aA"})
    with pytest.raises(ValueError, match=r"no city 'e' \(cities: A, B, C, D\)"):
        skyport.new_game(2, 5, {"cities": "ae"})


def _cards(item: Lane | Berth) -> tuple[int, ...]:
    return item.cards if isinstance(item, Lane) else (item.station,)


@pytest.mark.rule("GCS-SET-02")
def test_tycoon_supply_is_three_of_each_of_five_types() -> None:
    tycoons = [c for c in CAT.cards if c.kind == TYCOON]
    assert len(tycoons) == 15
    assert Counter(TYCOON_KINDS[c.tycoon] for c in tycoons) == dict.fromkeys(TYCOON_KINDS, 3)
    s = skyport.new_game(4, 3)
    assert sorted(c for stack in s.promenade for c in stack) == sorted(c.index for c in tycoons)


@pytest.mark.rule("GCS-SET-03")
def test_promenade_is_five_face_up_stacks_one_per_type() -> None:
    s = skyport.new_game(2, 7)
    assert len(s.promenade) == 5
    for kind, stack in enumerate(s.promenade):
        assert len(stack) == 3
        assert {CAT.cards[c].tycoon for c in stack} == {kind}
    shown = s.view(1).to_dict()["promenade"]
    assert list(shown) == list(TYCOON_KINDS)
    for kind, name in enumerate(TYCOON_KINDS):
        assert shown[name] == {"size": 3, "top": CAT.cards[s.promenade[kind][-1]].id}


@pytest.mark.rule("GCS-SET-04")
def test_only_explorer_and_merchant_stacks_are_shuffled() -> None:
    orders: dict[str, set[tuple[int, ...]]] = {name: set() for name in TYCOON_KINDS}
    for seed in SEEDS:
        s = skyport.new_game(3, seed)
        for kind, stack in enumerate(s.promenade):
            assert sorted(stack) == sorted(CAT.tycoons[kind])
            orders[TYCOON_KINDS[kind]].add(stack)
    assert len(orders["merchant"]) > 1
    assert len(orders["explorer"]) > 1
    for name in ("diplomat", "inventor", "supplier"):
        assert orders[name] == {CAT.tycoons[TYCOON_KINDS.index(name)]}


@pytest.mark.rule("GCS-SET-05")
def test_twelve_stations_shuffled_into_two_face_up_decks_of_six() -> None:
    ordinary = sorted(c.index for c in CAT.cards if c.kind == STATION and not c.starting)
    assert len(ordinary) == 12
    splits = set()
    for seed in SEEDS:
        s = skyport.new_game(2, seed)
        assert [len(d) for d in s.station_decks] == [6, 6]
        assert sorted(s.station_decks[0] + s.station_decks[1]) == ordinary
        splits.add(tuple(s.station_decks))
        tops = [d["top"] for d in s.view(0).to_dict()["station_decks"]]
        assert tops == [CAT.cards[d[-1]].id for d in s.station_decks]
    assert len(splits) == len(SEEDS)


@pytest.mark.rule("GCS-SET-06")
def test_token_stacks_highest_on_top_beside_their_set_spaces() -> None:
    s = skyport.new_game(2, 1)
    for kind in (COLOURS_SET, ICONS_SET):
        top_first = list(reversed(s.token_stacks[kind]))
        assert top_first == sorted(top_first, reverse=True)
        assert top_first == list(CAT.tokens[kind])
    assert [(sp.id, sp.set) for sp in CAT.spaces if sp.kind == "set"] == [
        ("4", COLOURS_SET),
        ("8", ICONS_SET),
    ]
    assert s.view(0).to_dict()["tokens"] == {"colours": [10, 8, 6, 4], "icons": [7, 5, 4, 3]}


@pytest.mark.rule("GCS-SET-07")
def test_token_values_reconstructed() -> None:
    assert CAT.tokens == ((10, 8, 6, 4), (7, 5, 4, 3))
    for players in PLAYER_COUNTS:
        s = skyport.new_game(players, 2)
        assert s.token_stacks == [(4, 6, 8, 10), (3, 4, 5, 7)]


# -- SET: the airship deck ----------------------------------------------------------------


@pytest.mark.rule("GCS-SET-08")
def test_four_players_use_all_sixty_ordinary_airships() -> None:
    ordinary = sorted(c.index for c in CAT.cards if c.kind == AIRSHIP and not c.starting)
    assert len(ordinary) == 60
    for seed in SEEDS:
        assert sorted(airships_in_play(skyport.new_game(4, seed))) == ordinary


@pytest.mark.rule("GCS-SET-09")
@pytest.mark.parametrize("players", [2, 3])
def test_two_or_three_players_use_the_cards_marked_for_that_count(players: int) -> None:
    marked = sorted(c.index for c in CAT.cards if c.kind == AIRSHIP and not c.starting and players in c.marks)
    for seed in SEEDS:
        assert sorted(airships_in_play(skyport.new_game(players, seed))) == marked
    # A card marked with several counts is in if any matches; one without the count is out.
    in_play = set(ids(marked))
    assert CAT.cards[idx("B4")].marks == {3, 4}
    assert ("B4" in in_play) == (players == 3)
    assert CAT.cards[idx("B6")].marks == {4}
    assert "B6" not in in_play
    assert "B1" in in_play


TEMPLATE = [
    # movement, icons, ability, reach or swap offsets, marks
    (4, (), "move", (1, 2), {2, 3, 4}),
    (3, ("passenger",), "move", (1, 2), {2, 3, 4}),
    (3, ("navigation",), "move", (2, 3), {2, 3, 4}),
    (2, ("cargo",), "move", (1, 3), {3, 4}),
    (2, ("star",), "swap", (1,), {2, 3, 4}),
    (2, ("star", "passenger"), "swap", (2, 4), {4}),
    (1, ("star", "navigation"), "move", (1, 1), {2, 3, 4}),
    (1, ("star", "star"), "move", (2, 2), {2, 3, 4}),
    (1, ("star", "cargo"), "swap", (3,), {4}),
]
WILDS = [
    (3, (), {2, 3, 4}),
    (2, ("passenger",), {2, 3, 4}),
    (2, ("navigation",), {2, 3, 4}),
    (2, ("cargo",), {3, 4}),
    (1, ("star",), {3, 4}),
    (1, ("star",), {4}),
]
ICON_INDEX = {"passenger": PASSENGER, "navigation": NAVIGATION, "cargo": CARGO, "star": STAR}


def _icons(names: tuple[str, ...]) -> tuple[int, int, int, int]:
    counts = [0, 0, 0, 0]
    for name in names:
        counts[ICON_INDEX[name]] += 1
    return counts[0], counts[1], counts[2], counts[3]


@pytest.mark.rule("GCS-SET-10")
def test_reconstructed_airships_follow_the_template() -> None:
    ordinary = [c for c in CAT.cards if c.kind == AIRSHIP and not c.starting]
    assert Counter(c.colour for c in ordinary) == {**dict.fromkeys(range(6), 9), WILD: 6}
    for colour, name in enumerate(COLOURS):
        for n, (movement, icons, ability, reach, marks) in enumerate(TEMPLATE, start=1):
            card = CAT.cards[idx(f"{name[0].upper()}{n}")]
            assert (card.colour, card.movement, card.icons, card.ability, card.marks) == (
                colour,
                movement,
                _icons(icons),
                ability,
                frozenset(marks),
            ), card.id
            if ability == "move":
                assert card.reach == reach, card.id
            else:
                assert set(card.swap_colours) == {(colour + k) % 6 for k in reach}, card.id
    for n, (movement, icons, marks) in enumerate(WILDS, start=1):
        card = CAT.cards[idx(f"W{n}")]
        assert (card.colour, card.movement, card.icons, card.ability, card.marks) == (
            WILD,
            movement,
            _icons(icons),
            "wild",
            frozenset(marks),
        )


@pytest.mark.rule("GCS-SET-10")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_deck_sizes_39_47_60(players: int) -> None:
    assert len(CAT.deck_for(players)) == DECK_SIZES[players]
    for seed in SEEDS:
        s = skyport.new_game(players, seed)
        assert len(airships_in_play(s)) == DECK_SIZES[players]
        # after dealing 8 spaces and 2 cards a player; the Closing card is still in the deck
        assert len(s.deck) == DECK_SIZES[players] - 8 - 2 * players + 1


@pytest.mark.rule("GCS-SET-11")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_deck_shuffled_with_exactly_seven_cards_under_the_closing_card(players: int) -> None:
    bottoms = set()
    for seed in SEEDS:
        s = skyport.new_game(players, seed)
        assert s.deck.count(CLOSING) == 1
        assert s.deck.index(CLOSING) == 7
        bottoms.add(s.deck[:7])
        view = s.view(0)
        assert view.closing_in_deck and view.deck_size == len(s.deck)
    assert len(bottoms) == len(SEEDS)


@pytest.mark.rule("GCS-SET-12")
def test_eight_spaces_dealt_face_up_from_the_top_after_the_closing_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    top = ["R1", "R2", "R3", "R5", "R7", "R8", "G1", "G2", "Y1", "Y2", "O1", "O2"]
    s, _ = scripted_game(monkeypatch, top, pick=0)
    assert ids(s.board) == top[:8]
    assert [ids(h) for h in s.hands] == [["Y1", "Y2"], ["O1", "O2"]]
    assert s.deck.index(CLOSING) == 7
    assert s.view(1).to_dict()["board"] == top[:8]
    for seed in SEEDS:
        s = skyport.new_game(4, seed)
        assert len(s.board) == 8
        assert all(c != EMPTY and CAT.cards[c].kind == AIRSHIP for c in s.board)


@pytest.mark.rule("GCS-SET-13")
def test_board_is_a_loop_of_eight_spaces_in_reconstructed_order() -> None:
    shape = [(sp.id, sp.kind, sp.deck, sp.set) for sp in CAT.spaces]
    assert shape == [
        ("1", "tycoon", -1, -1),
        ("2", "movement", -1, -1),
        ("3", "station", 0, -1),
        ("4", "set", -1, COLOURS_SET),
        ("5", "tycoon", -1, -1),
        ("6", "movement", -1, -1),
        ("7", "station", 1, -1),
        ("8", "set", -1, ICONS_SET),
    ]


def walk_position(card: str, standee: int) -> State:
    """Player 1 to play ``card`` (a station: the Acquisition follows at once), standee on ``standee``."""
    s = position(2, hands={0: [card, "B2"]}, rows={0: ["B1"]})
    s.standees[0] = standee
    return s


@pytest.mark.rule("GCS-SET-13", "GCS-SET-19")
def test_space_eight_leads_to_space_one_not_the_promenade() -> None:
    s = walk_position("S01", standee=7)  # S01 has Player Movement 1: the single walk is forced
    play(s, "play S01", "place left")
    assert s.standees[0] == 0
    assert s.space == 0
    assert s.log_for(0)[-1] == "Player 1 walks 1 to space 1 (tycoon)."
    assert legal(s) == ["take airship", *(f"take {k}" for k in TYCOON_KINDS)]


@pytest.mark.rule("GCS-SET-19")
@pytest.mark.parametrize("spaces", [1, 2, 3])
def test_first_step_from_the_promenade_enters_space_one(spaces: int) -> None:
    s = walk_position("S03", standee=EMPTY)  # S03 has Player Movement 3
    play(s, "play S03", "place left")
    assert legal(s) == ["walk 1", "walk 2", "walk 3"]
    play(s, f"walk {spaces}")
    assert s.standees[0] == spaces - 1
    assert s.view(1).to_dict()["standees"] == [str(spaces), None]


@pytest.mark.rule("GCS-SET-19")
def test_no_standee_ever_returns_to_the_promenade() -> None:
    s = skyport.new_game(3, 11)
    walked: set[int] = set()
    rng = Rng(4)
    while not s.is_over:
        actions = s.legal_actions()
        play(s, str(actions[rng.below(len(actions))]))
        walked |= {seat for seat, p in enumerate(s.standees) if p != EMPTY}
        for seat in walked:
            assert 0 <= s.standees[seat] < 8
    assert walked == {0, 1, 2}


@pytest.mark.rule("GCS-SET-14", "GCS-SET-15")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_starting_skyport_alternates_airship_and_station(players: int) -> None:
    for seed in SEEDS:
        s = skyport.new_game(players, seed)
        assert len(s.standees) == players
        for seat, city in enumerate(s.cities):
            row = s.rows[seat]
            assert [type(item) for item in row] == [Lane, Berth, Lane, Berth]
            starting = CAT.cities[city].row
            assert row[0] == Lane(CAT.cards[starting[0]].colour, (starting[0],))
            assert row[1] == Berth(starting[1])
            assert row[2] == Lane(CAT.cards[starting[2]].colour, (starting[2],))
            assert row[3] == Berth(starting[3])
            kinds = [CAT.cards[c].kind for c in starting]
            assert kinds == [AIRSHIP, STATION, AIRSHIP, STATION]
            assert all(CAT.cards[c].starting for c in starting)


CITY_ROWS = {
    "A": ("blue", ("blue", "purple"), "purple", ("purple", "green")),
    "B": ("green", ("green", "red"), "red", ("red", "orange")),
    "C": ("orange", ("orange", "yellow"), "yellow", ("yellow", "blue")),
    "D": ("purple", ("purple", "red"), "yellow", ("yellow", "green")),
}


@pytest.mark.rule("GCS-SET-16")
def test_reconstructed_starting_rows() -> None:
    assert [city.id for city in CAT.cities] == list(CITY_ROWS)
    for city in CAT.cities:
        a1, s1, a2, s2 = (CAT.cards[c] for c in city.row)
        shown = (
            COLOURS[a1.colour],
            (COLOURS[s1.left], COLOURS[s1.right]),
            COLOURS[a2.colour],
            (COLOURS[s2.left], COLOURS[s2.right]),
        )
        assert shown == CITY_ROWS[city.id]
        for airship in (a1, a2):
            assert airship.movement == 2
            assert airship.icons[STAR] == 0
            assert sum(airship.icons[:3]) == 1
        for station in (s1, s2):
            assert station.icons == (0, 0, 0, 1)


@pytest.mark.rule("GCS-SET-17")
def test_starting_airships_have_no_ability_and_cannot_be_played() -> None:
    starting = [c for c in CAT.cards if c.kind == AIRSHIP and c.starting]
    assert len(starting) == 8
    assert all(c.ability == "" and c.reach == (0, 0) and c.swap_colours == () for c in starting)
    for c in starting:
        with pytest.raises(MalformedAction):
            skyport.parse_action(f"play {c.id}")
    for seed in SEEDS:
        s = skyport.new_game(2, seed)
        # setup ends at the first player's card choice: no starting lane was moved or swapped
        assert s.step == CHOOSE_CARD and s.actor == s.first
        assert all(not any("moves" in line or "swaps" in line for line in s.log_for(seat)) for seat in (0, 1))


@pytest.mark.rule("GCS-SET-18")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_every_standee_starts_on_the_promenade(players: int) -> None:
    s = skyport.new_game(players, 9)
    assert s.standees == [EMPTY] * players
    assert s.view(None).to_dict()["standees"] == [None] * players


# -- SET: starting hands and the Wild redraw -------------------------------------------------


@pytest.mark.rule("GCS-SET-20")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_starting_hands_are_two_airships_without_wilds(players: int) -> None:
    for seed in SEEDS:
        s = skyport.new_game(players, seed)
        for hand in s.hands:
            assert len(hand) == 2
            assert all(CAT.cards[c].is_standard_airship for c in hand)


@pytest.mark.rule("GCS-SET-20")
def test_hands_are_drawn_from_the_top_in_turn_order(monkeypatch: pytest.MonkeyPatch) -> None:
    board = ["R1", "R2", "R3", "R5", "R7", "R8", "G1", "G2"]
    s, rng = scripted_game(monkeypatch, [*board, "Y1", "Y2", "O1", "O2"], pick=0)
    assert [ids(h) for h in s.hands] == [["Y1", "Y2"], ["O1", "O2"]]
    assert rng.bounds == []  # no Wild was drawn, nothing went back


@pytest.mark.rule("GCS-SET-21", "GCS-SET-22")
@pytest.mark.parametrize("pick", [0, 5])
def test_a_wild_drawn_goes_back_above_the_closing_card(monkeypatch: pytest.MonkeyPatch, pick: int) -> None:
    board = ["R1", "R2", "R3", "R5", "R7", "R8", "G1", "G2"]
    s, rng = scripted_game(monkeypatch, [*board, "Y1", "W2", "Y2", "W1", "O1", "O2"], pick=pick)
    assert [ids(h) for h in s.hands] == [["Y1", "Y2"], ["O1", "O2"]]
    # W2 leaves 39 + Closing - 8 dealt - Y1 - W2 = 30 cards, the Closing card 8th from the bottom:
    # it goes into one of the 23 gaps above it. W1 leaves 30 - Y2 - W1 = 29 cards: 22 gaps.
    assert rng.bounds == [30 - 7, 29 - 7]
    assert s.deck.index(CLOSING) == 7
    wilds = sorted((s.deck.index(idx(w)), w) for w in ("W1", "W2"))
    assert all(at > 7 for at, _ in wilds)
    if pick == 0:  # the lowest gap, straight above the Closing card: W1 went in under W2
        assert wilds == [(8, "W1"), (9, "W2")]
    redraws = [line for line in s.log_for(None) if "Wild" in line]
    assert redraws == [
        "Player 1 draws a Wild and shuffles it back.",
        "Player 2 draws a Wild and shuffles it back.",
    ]


@pytest.mark.rule("GCS-SET-21", "GCS-SET-22")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_seeded_wild_redraws_keep_every_card_and_seven_under_the_closing_card(players: int) -> None:
    redraws = 0
    for seed in range(40):
        s = skyport.new_game(players, seed)
        redraws += sum("draws a Wild and shuffles it back" in line for line in s.log_for(None))
        assert sorted(airships_in_play(s)) == sorted(CAT.deck_for(players))
        assert s.deck.index(CLOSING) == 7
        assert all(not CAT.cards[c].is_wild for hand in s.hands for c in hand)
        assert [len(h) for h in s.hands] == [2] * players
    assert redraws > 0


# -- SET: first player --------------------------------------------------------------------


@pytest.mark.rule("GCS-SET-23")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_first_player_random_or_chosen(players: int) -> None:
    firsts = {skyport.new_game(players, seed).first for seed in range(40)}
    assert firsts == set(range(players))
    for seat in range(players):
        s = skyport.new_game(players, 3, {"first_player": seat})
        assert (s.first, s.current, s.actor) == (seat, seat, seat)
        cities = next(line for line in s.log_for(None) if line.startswith("Cities:"))
        assert cities.endswith(f"Player {seat + 1} is the first player.")
    with pytest.raises(ValueError, match="first_player"):
        skyport.new_game(players, 3, {"first_player": players})


@pytest.mark.rule("GCS-SET-23", "GCS-TURN-01")
@pytest.mark.parametrize(("players", "first"), [(2, 1), (3, 2), (4, 1)])
def test_turns_go_clockwise_from_the_first_player_all_game(players: int, first: int) -> None:
    s = skyport.new_game(players, 21, {"first_player": first})
    trace = playout(s, seed=players)
    assert s.is_over and s.first == first
    seats_by_turn = dict((turn, current) for turn, current, step in trace if step != OVER)
    assert len(seats_by_turn) == s.turn + 1
    assert seats_by_turn == {t: (first + t) % players for t in range(s.turn + 1)}
    assert s.view(0).to_dict()["first"] == first


# -- TURN: four phases in a fixed order ----------------------------------------------------


def four_phase_turn() -> State:
    """Player 1 holds R1 (red, move 1-2, Player Movement 4), a red Merchant and Cargo in the skyport."""
    return position(
        3,
        rows={0: ["G4", berth("S01", "Me1"), "B1"]},
        hands={0: ["R1", "B2"]},
        board={0: "Y1"},
    )


@pytest.mark.rule("GCS-TURN-02")
def test_a_turn_is_arrival_skyport_tycoon_acquisition_in_that_order() -> None:
    s = four_phase_turn()
    phases = []
    script = ["play R1", "place right", "shift left 1", "pass", "walk 1", "take airship"]
    for action in script:
        phases.append(PHASES[s.step])
        play(s, action)
    assert phases == ["Arrival", "Arrival", "Skyport", "Tycoon", "Acquisition", "Acquisition"]
    assert (s.turn, s.current) == (1, 1)
    assert ids(s.hands[0]) == ["B2", "Y1"]


@pytest.mark.rule("GCS-TURN-02", "GCS-EDGE-07")
def test_no_phase_can_be_taken_out_of_order() -> None:
    s = four_phase_turn()
    # at each decision: the legal set, and actions belonging to other phases that are refused
    expected = [
        ("play R1", ["play R1", "play B2"], ["walk 1", "place right", "use merchant", "take airship"]),
        ("place right", ["place left", "place right"], ["walk 1", "shift left 1", "pass"]),
        ("shift left 1", ["shift left 1", "shift left 2"], ["use merchant", "walk 1", "pass"]),
        ("pass", ["use merchant", "pass"], ["walk 1", "shift left 1", "take airship"]),
        ("walk 1", ["walk 1", "walk 2", "walk 3", "walk 4"], ["use merchant", "take airship", "pass"]),
        ("take airship", ["take airship", *(f"take {k}" for k in TYCOON_KINDS)], ["walk 1", "play B2"]),
    ]
    for action, legal_now, refused in expected:
        assert legal(s) == legal_now
        for wrong in refused:
            before = s.snapshot()
            with pytest.raises(IllegalAction):
                play(s, wrong)
            assert s.snapshot() == before
        play(s, action)
    assert s.current == 1
