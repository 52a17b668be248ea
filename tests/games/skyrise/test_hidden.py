"""Skyrise hidden information (SKR-HID-*).

Everything a seat receives is checked: ``s.view(seat)``, its JSON form ``to_dict()``
(log included), ``s.log_for(seat)``, the terminal table drawn from the view, and the
text of an ``IllegalAction`` raised for that seat.

Two methods are used. *Names*: a Wonder card or Secret Objective the seat may not know
must not be named anywhere it is told (card names are unique words; objectives are
``O1``..``O4``). *Twins*: a copy of the state differing only in something hidden from a
seat (another seat's cards, an unseen Patron tile) must tell that seat exactly the same
thing, so nothing about it can leak, whatever the wording.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from typing import Any

import pytest

from skyhall.core.engine import play as checked
from skyhall.core.errors import IllegalAction
from skyhall.core.rng import Rng
from skyhall.core.state import EMPTY
from skyhall.games import skyrise
from skyhall.games.skyrise import text
from skyhall.games.skyrise.state import State
from skyhall.games.skyrise.steps import KEEP, OPEN
from tests.games.skyrise.position import CAT, b, d, play, position
from tests.games.skyrise.test_edges import playout, restart
from tests.games.skyrise.test_setup import end_era_one

Seat = int | None
OBJECTIVE_ID = re.compile(r"\bO[1-4]\b")


def told(s: State, seat: Seat) -> str:
    """Everything ``seat`` is shown, as one text: view JSON (with its log), log, and the drawn table."""
    view = s.view(seat)
    table = "\n".join(f"{title}\n{body}" for title, body in text.render(view))
    return "\n".join([json.dumps(view.to_dict(), sort_keys=True), *s.log_for(seat), table])


def wonder_names(cards: Iterable[int]) -> set[str]:
    return {CAT.wonders[c].name for c in cards}


def card_names_told(s: State, seat: Seat) -> set[str]:
    shown = told(s, seat)
    return {card.name for card in CAT.wonders if card.name in shown}


def objectives_told(s: State, seat: Seat) -> set[str]:
    return set(OBJECTIVE_ID.findall(told(s, seat)))


def same_for(one: State, other: State, seat: Seat) -> bool:
    return told(one, seat) == told(other, seat)


def twin(s: State, change: Callable[[State], object]) -> State:
    other = s.clone()
    change(other)
    other._legal = None
    return other


def refusal(s: State, action: str, seat: Seat) -> str:
    before = s.snapshot()
    with pytest.raises(IllegalAction) as raised:
        checked(s, action, seat=seat)
    assert s.snapshot() == before
    return str(raised.value)


def undealt(s: State) -> list[int]:
    held = {c for hand in (*s.hands, *s.chosen) for c in hand}
    return [c for c in range(len(CAT.wonders)) if c not in held]


def swap_hand(seat: int) -> Callable[[State], object]:
    """Give ``seat`` other (undealt) Wonder cards and the undealt Secret Objective (2-3 players)."""

    def change(s: State) -> None:
        spare = undealt(s)
        s.hands[seat] = tuple(sorted(spare[: len(s.hands[seat])]))
        s.objectives[seat] = next(o for o in range(len(CAT.objectives)) if o not in s.objectives)

    return change


def permute_tiles(order: tuple[int, int, int, int]) -> Callable[[State], object]:
    return lambda s: setattr(s, "tiles", tuple(s.tiles[k] for k in order))


# -- SKR-HID-01: Wonder cards and the Secret Objective -------------------------------------------


@pytest.mark.rule("SKR-HID-01")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_wonder_cards_and_objective_are_seen_by_their_owner_only(players: int) -> None:
    s = skyrise.new_game(players, 6)
    for seat in range(players):
        view = s.view(seat)
        data = view.to_dict()["players_boards"]
        for p in range(players):
            mine = p == seat
            assert view.hands[p] == (s.hands[p] if mine else (EMPTY,) * len(s.hands[p]))
            assert view.objectives[p] == (s.objectives[p] if mine else EMPTY)
            known = [c + 1 for c in s.hands[p]] if mine else [None] * len(s.hands[p])
            assert data[p]["wonder_cards"] == {"count": len(s.hands[p]), "known": known}
            assert data[p]["objective"] == (CAT.objectives[s.objectives[p]].id if mine else None)
        assert card_names_told(s, seat) == wonder_names(s.hands[seat])
        assert objectives_told(s, seat) == {CAT.objectives[s.objectives[seat]].id}
    assert card_names_told(s, None) == set() and objectives_told(s, None) == set()
    assert s.view(None).hands == tuple((EMPTY,) * len(h) for h in s.hands)


@pytest.mark.rule("SKR-HID-01")
def test_nothing_about_a_rivals_cards_reaches_another_seat() -> None:
    s = skyrise.new_game(3, 2, {"first_player": 1})
    other = twin(s, swap_hand(0))
    assert other.hands[0] != s.hands[0] and other.objectives[0] != s.objectives[0]
    assert not same_for(s, other, 0)
    for seat in (1, 2, None):
        assert same_for(s, other, seat)
    # the seat to act (1) and an onlooker (2) get the same refusals in both worlds
    for action in ("bid 32 C1", "bid 14 C1", "wonder 5 C1", "keep 5", "pass", "take Na"):
        for seat in (1, 2):
            assert refusal(s, action, seat) == refusal(other, action, seat)


@pytest.mark.rule("SKR-HID-01")
def test_refusals_while_a_seat_keeps_its_card_name_no_other_hand() -> None:
    s = end_era_one(3)
    assert s.step == KEEP and s.to_act == 0
    other = twin(s, swap_hand(1))
    mine = s.hands[0]
    for card in range(1, 21):
        for seat in (1, 2):
            assert refusal(s, f"keep {card}", seat) == refusal(other, f"keep {card}", seat)
            assert "Legal now: nothing" in refusal(s, f"keep {card}", seat)
        if card - 1 not in mine:
            error = refusal(s, f"keep {card}", 0)
            assert error == refusal(other, f"keep {card}", 0)
            assert error.endswith("Legal now: " + ", ".join(f"keep {c + 1}" for c in mine))


# -- SKR-HID-02: what leaves the game at setup ---------------------------------------------------


@pytest.mark.rule("SKR-HID-02", "SKR-HID-05")
@pytest.mark.parametrize("players", [2, 3])
def test_cards_out_of_the_game_are_never_shown(players: int) -> None:
    s = skyrise.new_game(players, 21 + players)
    dealt = {seat: set(hand) for seat, hand in enumerate(s.hands)}
    out_wonders = wonder_names(undealt(s))
    out_objectives = {o.id for o in CAT.objectives if o.index not in s.objectives}
    out_panoramas = {p.name for p in CAT.panoramas if p.index not in s.panoramas}
    assert len(out_wonders) == 20 - len(s.hands[0]) * players and len(out_panoramas) == 3
    seats: list[Seat] = [None, *range(players)]
    checked_keep = False
    for step, _ in enumerate(playout(s, players)):
        if s.revealed and not checked_keep:
            unkept = {seat: dealt[seat] - set(s.chosen[seat]) for seat in dealt}
            checked_keep = True
        if step % 7 and not s.is_over:
            continue
        for seat in seats:
            shown = told(s, seat)
            assert not any(name in shown for name in out_wonders)
            assert not out_objectives & objectives_told(s, seat)
            assert not any(name in shown for name in out_panoramas)
            if checked_keep:
                for owner, cards in unkept.items():
                    if owner != seat:  # the owner saw them when dealt; nobody else ever does
                        assert not wonder_names(cards) & card_names_told(s, seat)
    assert s.is_over and checked_keep


# -- SKR-HID-03 / SKR-HID-04: Patron tiles ------------------------------------------------------


@pytest.mark.rule("SKR-HID-03", "SKR-HID-04")
def test_a_patron_tile_is_seen_once_a_disc_of_its_letter_is_held_and_by_nobody_else() -> None:
    s = position(discs={"C1": "patron B", "C2": "yellow"})
    value = s.tiles[1]
    same_b = twin(s, permute_tiles((2, 1, 3, 0)))  # A, C, D change, B stays
    new_b = twin(s, permute_tiles((1, 0, 2, 3)))  # B changes
    assert same_b.tiles[1] == value != new_b.tiles[1]
    for seat in (0, 1, 2, None):  # not before: nobody holds a Patron disc
        assert s.view(seat).tiles == (EMPTY,) * 4
        assert same_for(s, same_b, seat) and same_for(s, new_b, seat)
    for state in (s, same_b, new_b):
        play(state, "bid 106 C1", "pass")
    assert s.patrons[0] == (0, 1, 0, 0) and s.peek[0] == 0b0010
    assert s.view(0).tiles == (EMPTY, value, EMPTY, EMPTY)
    assert s.view(0).to_dict()["patron_tiles"] == {"A": None, "B": value, "C": None, "D": None}
    assert s.view(0).to_dict()["players_boards"][0]["sees_patrons"] == ["B"]
    assert s.log_for(0)[-1] == f"You collect a Patron B disc; the Patron B tile shows {value}."
    assert f"Patron B ×1 ({value} each)" in told(s, 0)
    assert same_for(s, same_b, 0) and not same_for(s, new_b, 0)
    for seat in (1, 2, None):
        assert s.view(seat).tiles == (EMPTY,) * 4
        assert s.log_for(seat)[-1] == "Player 1 collects a Patron B disc."
        assert same_for(s, same_b, seat) and same_for(s, new_b, seat)
        for action in ("bid 44 C2", "pass", "keep 1"):
            assert refusal(s, action, seat) == refusal(new_b, action, seat)
    # at any later time
    for state in (s, new_b):
        play(state, "bid 82 C2", "pass", "pass")
    assert s.view(0).tiles == (EMPTY, value, EMPTY, EMPTY)
    assert same_for(s, new_b, 1) and same_for(s, new_b, None)


@pytest.mark.rule("SKR-HID-03", "SKR-HID-04")
def test_the_wonder_that_shows_every_tile_shows_them_to_its_owner_only() -> None:
    s = position(era=2, kept={0: [5], 1: [12], 2: [20]}, discs={"C1": None})
    s.pool[0] = ()
    restart(s, 0)
    other = twin(s, permute_tiles((3, 2, 1, 0)))
    for state in (s, other):
        play(state, "wonder 5 C1")
    shown = ", ".join(f"{k} {v}" for k, v in zip("ABCD", s.tiles, strict=True))
    assert s.view(0).tiles == s.tiles
    assert f"You look at every Patron tile: {shown}." in s.log_for(0)
    assert not same_for(s, other, 0)
    for seat in (1, 2, None):
        assert s.view(seat).tiles == (EMPTY,) * 4
        assert "Player 1 may now look at every Patron tile." in s.log_for(seat)
        assert same_for(s, other, seat)


# -- SKR-HID-05: kept Wonder cards ---------------------------------------------------------------


@pytest.mark.rule("SKR-HID-05")
def test_kept_cards_are_hidden_until_everyone_has_chosen_then_shown_to_all() -> None:
    s = end_era_one(3)
    first, second = s.hands[0][0], s.hands[0][1]
    other = s.clone()
    play(s, f"keep {first + 1}")
    play(other, f"keep {second + 1}")
    assert s.chosen[0] == (first,) and other.chosen[0] == (second,)
    for seat in (1, 2, None):
        assert s.view(seat).chosen[0] == (EMPTY,)
        assert s.log_for(seat)[-1] == "Player 1 keeps a Wonder card."
        assert same_for(s, other, seat)
    assert s.log_for(0)[-1] == f"You keep Wonder card {first + 1} {CAT.wonders[first].name}."
    play(s, f"keep {s.hands[1][0] + 1}", f"keep {s.hands[2][2] + 1}")
    assert s.revealed and s.hands == [(), (), ()]
    for seat in (0, 1, 2, None):
        assert s.view(seat).chosen == tuple(s.chosen)
        assert s.view(seat).to_dict()["players_boards"][0]["kept"] == [first + 1]
        for p in range(3):
            card = CAT.wonders[s.chosen[p][0]]
            reveal = f"reveals Wonder card {card.number} {card.name} (initiative {card.initiative})."
            assert f"Player {p + 1} {reveal}" in s.log_for(seat)


# -- SKR-HID-06: the end ------------------------------------------------------------------------


def last_auction() -> State:
    """Era 2, three players, each with only a Wonder left; seat 0 opens."""
    s = position(era=2, kept={0: [7], 1: [12], 2: [20]}, discs={"C1": "patron C"})
    s.pool = [(), (), ()]
    return restart(s, 0)


@pytest.mark.rule("SKR-HID-06")
def test_objectives_and_every_patron_tile_are_revealed_at_final_scoring() -> None:
    s = last_auction()
    play(s, "wonder 7 C1", "wonder 12 C2")
    assert s.step == OPEN and s.to_act == 2
    assert s.view(2).objectives == (EMPTY, EMPTY, s.objectives[2])
    assert s.view(1).tiles == (EMPTY,) * 4 and s.view(0).tiles[2] == s.tiles[2]
    play(s, "wonder 20 C3")
    assert s.is_over
    for seat in (0, 1, 2, None):
        view = s.view(seat)
        assert view.objectives == tuple(s.objectives)
        assert view.tiles == s.tiles
        data = view.to_dict()
        assert data["patron_tiles"] == dict(zip("ABCD", s.tiles, strict=True))
        assert [p["objective"] for p in data["players_boards"]] == [
            CAT.objectives[o].id for o in s.objectives
        ]
    lines = s.log_for(None)
    shown = ", ".join(f"{k} {v}" for k, v in zip("ABCD", s.tiles, strict=True))
    assert f"The Patron tiles are turned face up: {shown}." in lines
    for p in range(3):
        objective = CAT.objectives[s.objectives[p]]
        colour = ("yellow", "green", "white", "brown")[objective.colour]
        assert f"Player {p + 1}'s Secret Objective: {objective.id} ({colour})." in lines


@pytest.mark.rule("SKR-HID-06")
@pytest.mark.parametrize("players", [2, 4])
def test_after_a_whole_game_every_view_shows_objectives_and_tiles(players: int) -> None:
    s = skyrise.new_game(players, 40 + players)
    for _ in playout(s, 40 + players):
        pass
    for seat in (None, *range(players)):
        assert s.view(seat).objectives == tuple(s.objectives)
        assert s.view(seat).tiles == s.tiles


# -- SKR-HID-07: what is public ----------------------------------------------------------------


def public(data: dict[str, Any]) -> dict[str, Any]:
    """A view's JSON without what may differ from seat to seat."""
    out = {k: v for k, v in data.items() if k not in ("seat", "log", "patron_tiles", "cards", "legal")}
    boards = []
    for board in data["players_boards"]:
        boards.append({k: v for k, v in board.items() if k not in ("wonder_cards", "kept", "objective")})
    out["players_boards"] = boards
    return out


@pytest.mark.rule("SKR-HID-07")
def test_bids_buildings_discs_panoramas_and_prestige_are_public() -> None:
    s = position(
        built={"C2": (1, 106), "Eg": (2, 46)},
        discs={"C1": "white", "C4": "wild", "Ef": "commissions"},
        rows={0: (2, 0, 1, 0)},
    )
    s.patrons[1] = (1, 0, 0, 2)
    s.commissions[2] = 1
    s.prestige[2] = 5
    play(s, "bid 42 C1", "bid 44 C3", "bid 58 C4")
    expected_bids = [["C1", "medium 42"], ["C3", "medium 44"], ["C4", "medium 58"]]
    views = [s.view(seat).to_dict() for seat in (None, 0, 1, 2)]
    for data in views:
        assert public(data) == public(views[0])
        assert data["bids"] == expected_bids
        boards = data["players_boards"]
        assert boards[0]["available"] == [14, 26, 54, 78, 82, 106]
        assert boards[1]["available"] == [16, 28, 56, 72, 84, 108] and boards[1]["era2"] == [
            4,
            32,
            68,
            96,
            112,
        ]
        assert boards[1]["built"] == ["C2"] and boards[2]["built"] == ["Eg"]
        assert data["districts"]["C2"]["structure"] == "tall 106"
        assert data["districts"]["Eg"]["structure"] == "medium 46"
        c1 = data["districts"]["C1"]
        assert (c1["colour"], c1["disc"], c1["structure"], c1["owner"]) == ("yellow", "white", "medium 42", 0)
        assert data["districts"]["Ef"]["disc"] == "commissions"
        assert boards[0]["rows"] == {"yellow": 2, "green": 0, "white": 1, "brown": 0}
        assert boards[1]["patrons"] == {"A": 1, "B": 0, "C": 0, "D": 2}
        assert boards[2]["commissions"] == 1
        assert [board["prestige"] for board in boards] == [0, 0, 5]
        assert data["panoramas"] == [CAT.panoramas[p].id for p in s.panoramas]
    assert s.view(1).bids == ((d("C1"), b(42)), (d("C3"), b(44)), (d("C4"), b(58)))


@pytest.mark.rule("SKR-HID-07")
def test_every_seat_sees_the_same_public_game_throughout() -> None:
    s = skyrise.new_game(3, 12)
    for step, _ in enumerate(playout(s, 12)):
        if step % 5:
            continue
        views = [public(s.view(seat).to_dict()) for seat in (None, 0, 1, 2)]
        assert all(v == views[0] for v in views)
        board = views[0]["players_boards"]
        assert [p["prestige"] for p in board] == s.prestige
        assert [p["score_lines"] for p in board] == [
            [[ln.category, ln.label, ln.points] for ln in s.ledger[p]] for p in range(3)
        ]


# -- determinization --------------------------------------------------------------------------


def midgame_states() -> list[State]:
    """States from a 3-player playout: Era 1 with Patron discs held, the Wonder card choice, Era 2."""
    s = skyrise.new_game(3, 5)
    found: dict[str, State] = {}
    for _ in playout(s, 5):
        if s.is_over:
            break
        if s.era == 1 and any(s.peek) and "era1" not in found:
            found["era1"] = s.clone()
        if s.step == KEEP and s.to_act == 1 and "keep" not in found:
            found["keep"] = s.clone()
        if s.era == 2 and s.revealed and "era2" not in found:
            found["era2"] = s.clone()
    assert set(found) == {"era1", "keep", "era2"}
    return list(found.values())


@pytest.mark.rule("SKR-HID-01", "SKR-HID-03")
@pytest.mark.parametrize("seat", [None, 0, 1, 2])
def test_determinize_keeps_the_view_and_redraws_only_what_is_hidden(seat: Seat) -> None:
    for s in midgame_states():
        before = s.snapshot()
        view = s.view(seat).to_dict()
        hands, objectives, tiles = set(), set(), set()
        for k in range(12):
            det = s.determinize(seat, Rng(k))
            assert det.view(seat).to_dict() == view
            if seat == s.to_act:
                assert det.legal_actions() == s.legal_actions()
            assert sorted(det.tiles) == [3, 5, 7, 9] and len(set(det.objectives)) == 3
            cards = [c for hand in (*det.hands, *det.chosen) for c in hand]
            assert len(cards) == len(set(cards))
            for p in range(3):
                assert len(det.hands[p]) == len(s.hands[p]) and len(det.chosen[p]) == len(s.chosen[p])
                if p == seat:
                    assert (det.hands[p], det.objectives[p]) == (s.hands[p], s.objectives[p])
            if s.revealed:
                assert det.chosen == s.chosen
            seen = s.peek[seat] if seat is not None else 0
            assert all(det.tiles[k] == s.tiles[k] for k in range(4) if seen & (1 << k))
            hands.add(tuple(det.hands[p] for p in range(3) if p != seat))
            objectives.add(tuple(det.objectives[p] for p in range(3) if p != seat))
            tiles.add(det.tiles)
        assert s.snapshot() == before
        if any(s.hands[p] for p in range(3) if p != seat):
            assert len(hands) > 1
        assert len(objectives) > 1
        unseen = 4 - bin(s.peek[seat] if seat is not None else 0).count("1")
        assert (len(tiles) > 1) == (unseen > 1)
