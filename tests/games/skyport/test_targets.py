"""Skyport's click paths (``text.target``) and confirmations, over seeded random playouts.

At every decision every legal action has a path of names the table draws (predicted here from the
view's JSON the way ``static/games/skyport.js`` draws them), no two actions share a path, and no
path is the start of another's, so the match page never needs a menu for Skyport.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from skyhall.core.rng import Rng
from skyhall.games import skyport
from skyhall.games.skyport import text
from skyhall.games.skyport.actions import PASS, Join, Move, PlaceEnd, Play, Shift, SwapPair, TakeTycoon, Walk
from skyhall.games.skyport.lane import LEFT, RIGHT
from skyhall.games.skyport.rules import tycoons_placed
from skyhall.games.skyport.state import State
from skyhall.games.skyport.steps import SPACE_MOVE, TYCOON_CHOICE, WILD_MOVE
from skyhall.games.skyport.view import View
from tests.games.skyport.position import lane, position


def drawn(view: dict[str, Any]) -> set[str]:
    """Every ``data-target`` name the renderer may draw for this view (gaps and ``pass`` when live)."""
    names = {f"space:{s['id']}" for s in view["spaces"]} | {f"ship:{s['id']}" for s in view["spaces"]}
    names |= {f"deck:{s['deck']}" for s in view["spaces"] if s["kind"] == "station"}
    names |= {f"promenade:{kind}" for kind in view["promenade"]}
    seat = view["seat"]
    if seat is None:
        return names
    names |= {f"hand:{card}" for card in view["hands"][seat]["cards"]}
    if view["to_act"] == seat:
        row = view["rows"][seat]
        names |= {f"pos:{n + 1}" for n in range(len(row))} | {f"gap:{k}" for k in range(len(row) + 1)}
        names |= {f"tycoon:{view['cards'][i['tycoon']]['tycoon']}" for i in row if i.get("tycoon")}
        names.add("pass")
    return names


def decisions(players: int, seed: int) -> Iterator[View]:
    """The view of the seat to act at every decision of a seeded random game."""
    s = skyport.new_game(players, seed)
    rng = Rng(seed)
    while not s.is_over:
        assert s.to_act is not None
        yield s.view(s.to_act, log=False)
        actions = s.legal_actions()
        s.apply(actions[rng.below(len(actions))])


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (2, 2), (3, 3), (4, 4), (2, 5), (3, 6)])
def test_every_choice_has_a_distinct_path_the_table_draws(players: int, seed: int) -> None:
    seen_kinds: set[type] = set()
    for view in decisions(players, seed):
        names = drawn(view.to_dict())
        paths = [text.target(view, a) for a in view.legal]
        assert all(paths), view.legal
        assert len(set(paths)) == len(paths), (view.legal, paths)
        for path in paths:
            assert set(path) <= names, (path, sorted(names))
            assert not any(other != path and other[: len(path)] == path for other in paths), path
        seen_kinds.update(type(a) for a in view.legal)
    assert {Play, PlaceEnd, Walk} <= seen_kinds


def test_an_end_placement_is_the_outer_gap_and_a_wild_joins_the_lane_clicked() -> None:
    s = position(rows={0: ["SA1", "SA2", "SA3"]}, hands={0: ["W1", "B1"]})
    view = s.view(0)
    assert text.target(view, Play("W1")) == ("hand:W1",)
    assert text.target(view, PlaceEnd(LEFT)) == ("gap:0",)
    assert text.target(view, PlaceEnd(RIGHT)) == ("gap:3",)
    assert text.target(view, Join(2)) == ("pos:3",)


def test_a_lane_moves_into_the_gap_it_lands_in() -> None:
    s = position(rows={0: [lane("SA1"), "SA2", lane("SA3"), "S01", lane("B1")]}, hands={0: ["G1"]})
    view = s.view(0)
    # the lane at position 3 (index 2): two left lands before position 1, one right after position 4
    assert text.target(view, Move(2, LEFT, 2)) == ("pos:3", "gap:0")
    assert text.target(view, Move(2, RIGHT, 1)) == ("pos:3", "gap:4")
    assert text.target(view, Move(2, RIGHT, 2)) == ("pos:3", "gap:5")
    assert text.target(view, SwapPair(0, 4)) == ("pos:1", "pos:5")


def test_the_new_lane_moves_with_one_click() -> None:
    s = position(rows={0: ["SA1", "SA2", "SA3", "SA4"]}, hands={0: ["B3", "G1"]})  # B3 moves 2-3
    s.apply(Play("B3"))
    s.apply(PlaceEnd(RIGHT))
    view = s.view(0)
    assert sorted(view.legal, key=str) == [Shift(LEFT, 2), Shift(LEFT, 3)]
    assert text.target(view, Shift(LEFT, 2)) == ("gap:2",)
    assert text.target(view, Shift(LEFT, 3)) == ("gap:1",)


def test_only_passes_and_unplayable_tycoons_ask_for_confirmation() -> None:
    for view in decisions(3, 7):
        for action in view.legal:
            question = text.confirm(view, action)
            if action == PASS:
                assert view.step in (WILD_MOVE, TYCOON_CHOICE, SPACE_MOVE)
                assert question and question.endswith("?")
            elif isinstance(action, TakeTycoon) and action.tycoon in tycoons_placed(
                view.cat.cards, view.rows[view.seat]
            ):
                assert question and "can never be played" in question
            else:
                assert question is None


def test_a_spectator_and_a_waiting_seat_get_no_skyport_targets() -> None:
    s: State = skyport.new_game(2, 3)
    waiting = 1 - (s.to_act or 0)
    names = drawn(s.view(waiting).to_dict())
    assert not any(n.startswith(("pos:", "gap:", "tycoon:")) for n in names)
    assert not any(n.startswith("hand:") for n in drawn(s.view(None).to_dict()))
