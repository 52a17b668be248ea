"""Skyrise edge cases (SKR-EDGE-*): who opens when the opener cannot, empty districts, Wonder-only
openers, refused requests, logged skips, and a legal action for the seat to act until the end.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from skyhall.core.engine import play as checked
from skyhall.core.errors import IllegalAction, MalformedAction
from skyhall.core.state import EMPTY
from skyhall.games import skyrise
from skyhall.games.skyrise import rules
from skyhall.games.skyrise.state import State
from skyhall.games.skyrise.steps import BID, KEEP, OPEN, OVER
from tests.games.skyrise.position import CAT, b, d, legal, play, position

CENTRAL = ("C1", "C2", "C3", "C4")


def playout(s: State, seed: int) -> Iterator[str]:
    """Random legal actions through the checked entry until the game ends; yields each one played."""
    rng = random.Random(seed)
    while not s.is_over:
        action = str(rng.choice(list(s.legal_actions())))
        checked(s, action, seat=s.to_act)
        yield action


def restart(s: State, opener: int) -> State:
    """Open a new auction in a staged position (after changing pools by hand)."""
    rules.start_auction(s, opener)
    s._legal = None
    return s


def new_lines(s: State, before: int) -> list[str]:
    return s.log_for(None)[before:]


@pytest.mark.rule("SKR-EDGE-01")
def test_the_right_to_open_passes_clockwise_to_the_next_seat_who_can() -> None:
    """Staged: seats 0 and 1 have nothing to open with (this cannot arise on the reconstructed board,
    where every seat shares the same opening districts), so seat 2, not seat 3, opens; the log names
    every seat passed over and why."""
    s = position(players=4)
    s.pool[0] = s.pool[1] = ()
    s.log = None
    restart(s, 0)
    assert (s.step, s.to_act, s.opener) == (OPEN, 2, 2)
    assert legal(s) == [f"bid {v} {x}" for v in (18, 22, 46, 58, 74, 86, 102) for x in CENTRAL]
    said = "Player 1 and Player 2 cannot open an auction: Player 3 opens instead."
    assert s.log_for(None) == [said]
    s.pool[0] = (b(14),)
    restart(s, 3)
    assert (s.to_act, s.opener) == (3, 3)  # the opener who can open does, and nothing is logged
    assert s.log_for(None) == [said]


@pytest.mark.rule("SKR-EDGE-01", "SKR-ERA-07")
def test_a_seat_with_nothing_left_is_passed_over_and_said_to_be() -> None:
    s = position(players=4)
    s.revealed = True  # the Wonders are counted as each seat's own (none here for seats 0 and 1)
    s.pool[0] = s.reserve[0] = s.wonders[0] = ()  # seat 0: everything built
    s.pool[1], s.wonders[1] = (), ()  # seat 1: only Era 2 Buildings left
    s.log = None
    restart(s, 0)
    assert (s.to_act, s.opener) == (2, 2)
    assert s.log_for(None) == [
        "Player 2 cannot open an auction; Player 1 has nothing left to build: Player 3 opens instead."
    ]


@pytest.mark.rule("SKR-EDGE-02")
def test_building_where_no_disc_lies_collects_nothing() -> None:
    s = position(discs={"C1": None})
    before = len(s.log_for(None))
    play(s, "bid 106 C1", "pass")
    assert s.built[0] == (d("C1"),)
    assert (s.rows[0], s.patrons[0], s.commissions[0], s.excess[0]) == ((0, 0, 0, 0), (0, 0, 0, 0), 0, 0)
    assert s.step == OPEN and s.to_act == 0
    assert new_lines(s, before)[-1] == "There is no disc on C1 to collect."


@pytest.mark.rule("SKR-EDGE-02")
def test_building_where_a_wonder_took_the_disc_collects_nothing() -> None:
    s = position(
        era=2,
        kept={0: [7], 1: [2], 2: [20]},
        discs={"C1": None, "C2": None, "C4": "green", "Eg": None},
    )
    play(s, "bid 42 C1", "wonder 2 C2")  # Wonder 2 takes the only disc next to it, on C4
    assert s.discs[d("C4")] == EMPTY and s.rows[1] == (0, 1, 0, 0)
    assert "Player 2's Wonder takes the disc from C4." in s.log_for(None)
    assert s.to_act == 1 and s.step == OPEN
    play(s, "bid 44 C4", "pass", "pass")
    assert s.built[1] == (d("C2"), d("C4"))
    assert s.rows[1] == (0, 1, 0, 0) and s.patrons[1] == (0, 0, 0, 0) and s.commissions[1] == 0
    assert s.log_for(None)[-1] == "There is no disc on C4 to collect."


@pytest.mark.rule("SKR-EDGE-03")
def test_an_opener_left_with_only_a_wonder_opens_with_it_and_builds_it_at_once() -> None:
    s = position(era=2, kept={0: [7], 1: [12], 2: [20]}, discs={"C2": "yellow"})
    s.pool[0] = ()
    restart(s, 0)
    assert legal(s) == [f"wonder 7 {x}" for x in CENTRAL]
    play(s, "wonder 7 C2")
    assert s.built[0] == (d("C2"),) and s.occupant[d("C2")] == 100 + 6
    assert s.wonders[0] == () and s.bids == ()
    assert s.rows[0] == (1, 0, 0, 0)  # collected as a won Structure
    # seat 0 has built everything: the lowest initiative among the others (12) opens
    assert (s.step, s.to_act) == (OPEN, 1)


@pytest.mark.rule("SKR-EDGE-03", "SKR-WON-26", "SKR-AUC-17")
def test_the_outbidding_wonder_opens_as_a_bid_of_sixty() -> None:
    # Card 18's own text wins over the general case: it opens as a bid of 60, may be outbid, and is
    # built only if it wins (the rulebook: "some Wonders may break this rule").
    s = position(era=2, kept={0: [18], 1: [12], 2: [20]}, discs={"C1": "yellow"})
    s.pool[0] = ()
    restart(s, 0)
    play(s, "wonder 18 C1")
    assert (s.step, s.to_act, s.built[0]) == (BID, 1, ())
    assert s.bids == ((d("C1"), 100 + 17),)
    # Seat 1 holds 4..56 and 68..112: only the Buildings above 60 may outbid it, or its own Wonder.
    places = ("C2", "C3", "Ng")
    assert legal(s) == [
        *(f"bid {v} {x}" for v in (68, 72, 84, 96, 108, 112) for x in places),
        *(f"wonder 12 {x}" for x in places),
        "pass",
    ]
    outbid, wins = s.clone(), s.clone()
    play(outbid, "bid 68 C2", "pass")  # seat 0 has nothing left to bid and counts as passed
    assert outbid.built == [(), (d("C2"),), ()] and outbid.wonders[0] == (17,)
    assert outbid.occupant[d("C1")] == EMPTY and outbid.rows[0] == (0, 0, 0, 0)
    play(wins, "pass", "pass")  # nobody beats it: built, and its disc collected
    assert wins.built[0] == (d("C1"),) and wins.wonders[0] == () and wins.rows[0] == (1, 0, 0, 0)


@pytest.mark.rule("SKR-EDGE-03")
def test_two_wonders_left_both_may_open() -> None:
    s = position(players=2, era=2, kept={0: [7, 12], 1: [9, 20]})
    s.pool[0] = ()
    restart(s, 0)
    assert legal(s) == [f"wonder {c} {x}" for c in (7, 12) for x in CENTRAL]
    play(s, "wonder 12 C3")
    assert s.built[0] == (d("C3"),) and s.wonders[0] == (6,)
    assert (s.step, s.to_act) == (OPEN, 0)  # the winner opens again, with the other Wonder
    assert legal(s) == [f"wonder 7 {x}" for x in ("C1", "C2", "C4")]  # no West island with 2 players


def refusals(s: State, cases: list[tuple[str, str]], seat: int | None = None) -> None:
    """Each notation is refused with the given reason, and nothing about ``s`` changes."""
    before = s.snapshot()
    options = legal(s)
    for text, reason in cases:
        with pytest.raises(IllegalAction) as raised:
            checked(s, text, seat=seat)
        assert raised.value.reason == reason, text
        assert raised.value.tried == text
        assert s.snapshot() == before and legal(s) == options
        if reason != "the game is over" and "not seat" not in reason:
            assert raised.value.legal == options


@pytest.mark.rule("SKR-EDGE-04")
def test_illegal_openings_are_refused_and_change_nothing() -> None:
    s = position(built={"Sa": (0, 54)})
    refusals(
        s,
        [
            ("bid 16 C1", "Building 16 belongs to Player 2"),
            ("bid 38 C1", "Building 38 is dotted: it is only available in Era 2"),
            ("bid 54 C1", "Building 54 is already built or on the board"),
            ("bid 14 Na", "an opening bid goes on the Central Island or next to a built Structure"),
            ("bid 14 Sa", "district Sa is occupied"),
            ("bid 14 Wa", "district Wa is not in play"),
            ("wonder 3 C1", "no Wonder can be placed during Era 1"),
            ("pass", "the opener must make an opening bid and cannot pass"),
            ("keep 3", "Player 1 must now open the auction with a bid, and this is not one of the choices"),
            (
                "assign green",
                "Player 1 must now open the auction with a bid, and this is not one of the choices",
            ),
        ],
    )
    refusals(s, [("bid 16 C1", "it is not seat 1's decision (seat 0 must act)")], seat=1)
    for text in ("bid 15 C1", "bid 14 C9", "fly away"):
        with pytest.raises(MalformedAction, match="not an action of this game"):
            checked(s, text)


@pytest.mark.rule("SKR-EDGE-04")
def test_illegal_outbids_are_refused_and_change_nothing() -> None:
    s = position()
    play(s, "bid 54 C1")
    refusals(
        s,
        [
            ("bid 44 C2", "a bid must be higher than the most recent one (54)"),
            ("bid 56 C4", "a bid must go next to the most recent bid, on C1"),
            ("bid 56 C1", "district C1 is occupied"),
            ("bid 78 C2", "Building 78 belongs to Player 1"),
            ("bid 96 C2", "Building 96 is dotted: it is only available in Era 2"),
        ],
    )
    refusals(s, [("pass", "it is not seat 0's decision (seat 1 must act)")], seat=0)
    play(s, "bid 56 C2", "pass")
    assert s.to_act == 0
    refusals(s, [("bid 54 C4", "Building 54 is already built or on the board")])


@pytest.mark.rule("SKR-EDGE-04")
def test_illegal_wonder_requests_are_refused_and_change_nothing() -> None:
    s = position(era=2, kept={0: [7], 1: [12], 2: [18]})
    refusals(s, [("wonder 7 C1", "a Wonder may open an auction only when its owner has no Buildings left")])
    play(s, "bid 42 C1")
    refusals(
        s,
        [
            ("wonder 7 C2", "Player 2 has no unbuilt Wonder carrying Wonder card 7"),
            ("wonder 12 C4", "a bid must go next to the most recent bid, on C1"),
            ("wonder 12 C1", "district C1 is occupied"),
        ],
    )
    play(s, "bid 96 C2")
    assert s.to_act == 2
    # card 18 is a bid of 60: it cannot beat 96
    refusals(s, [("wonder 18 C4", "a bid must be higher than the most recent one (96)")])


@pytest.mark.rule("SKR-EDGE-04")
def test_keeping_a_card_not_held_and_acting_after_the_end_are_refused() -> None:
    s = position(players=2)
    s.hands = [(0, 4, 9, 13, 17), (2, 3, 6, 11, 19)]
    s.era, s.step, s.actor, s._legal = 2, KEEP, 0, None
    refusals(
        s,
        [
            ("keep 3", "Wonder card 3 is not among Player 1's Wonder cards"),
            ("bid 2 C1", "Player 1 must now keep a Wonder card, and this is not one of the choices"),
        ],
    )
    s = skyrise.new_game(2, 3)
    for _ in playout(s, 3):
        pass
    refusals(s, [("pass", "the game is over"), ("bid 2 C1", "the game is over")])


@pytest.mark.rule("SKR-EDGE-05")
def test_impossible_steps_are_skipped_with_the_reason_in_the_log() -> None:
    # the auction ends right after the opening bid: nothing free next to it
    s = position(built={"Nb": (1, 16), "Ne": (2, 18)}, discs={"Na": None})
    play(s, "bid 14 Na")
    assert s.log_for(None)[-3:] == [
        "No unoccupied district is next to Na: the auction ends.",
        "Player 1 wins the auction and builds short 14 on Na.",
        "There is no disc on Na to collect.",
    ]
    assert s.step == OPEN and s.to_act == 0


@pytest.mark.rule("SKR-EDGE-05")
@pytest.mark.parametrize(
    ("card", "rows", "skip", "prestige"),
    [
        (
            2,
            (1, 0, 0, 0),
            "Wonder 2 Gathering Spire: no disc it could take lies next to it; nothing is taken.",
            0,
        ),
        (
            11,
            (0, 0, 0, 0),
            "Wonder 11 Cartographers' Hall: Player 1 has no District disc it may move; nothing happens.",
            0,
        ),
        (
            19,
            (1, 0, 0, 0),
            "Wonder 19 Windcatcher: no disc it could take lies next to it; nothing is taken.",
            4,
        ),
    ],
)
def test_wonder_effects_with_nothing_to_act_on_are_skipped_and_logged(
    card: int, rows: tuple[int, ...], skip: str, prestige: int
) -> None:
    s = position(
        era=2,
        kept={0: [card], 1: [12], 2: [20]},
        discs={x: None for x in CENTRAL} | {"Ng": None, "Eg": None, "Wg": None},
        rows={0: rows},
    )
    s.pool[0] = ()
    restart(s, 0)
    play(s, f"wonder {card} C1")
    assert s.log_for(None)[-2] == skip
    assert s.prestige[0] == prestige and s.rows[0] == rows
    assert (s.step, s.to_act) == (OPEN, 1)


@pytest.mark.rule("SKR-EDGE-05")
def test_there_is_always_room_to_open() -> None:
    """Every Structure of every seat fits with districts to spare, so an opening district always exists."""
    for players in (2, 3, 4):
        structures = players * (len(CAT.sets[0]) + (2 if players == 2 else 1))
        assert structures < len(skyrise.new_game(players, 1).board.in_play)


@pytest.mark.rule("SKR-EDGE-05")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_seat_to_act_always_has_a_real_choice_until_the_end(players: int) -> None:
    for seed in range(12):
        s = skyrise.new_game(players, seed)
        steps = 0
        for _ in playout(s, seed):
            steps += 1
            if not s.is_over:
                assert s.to_act is not None and 0 <= s.to_act < players
                assert len(s.legal_actions()) >= 2  # forced decisions are taken by the engine
        assert s.step == OVER and s.to_act is None and legal(s) == []
        assert all(len(s.built[seat]) == 12 + (2 if players == 2 else 1) for seat in range(players))
        assert steps > 0 and all(line for line in s.log_for(None))
