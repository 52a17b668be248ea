"""Skyrise click paths for the browser table (``text.target`` and ``text.confirm``).

Over seeded random playouts with 2, 3 and 4 players, at every decision, every legal action
has a click path, no two actions share one, and every name in a path is one the table
draws (``drawn`` predicts the ``data-target`` names from the view's JSON the way
``web/static/games/skyrise.js`` does; ``tests/web/test_skyrise_table.py`` checks the same
in a browser).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from skyhall.games import skyrise
from skyhall.games.skyrise import text
from skyhall.games.skyrise.actions import Action, Bid, Keep, Pass, PlaceWonder
from skyhall.games.skyrise.state import State
from skyhall.games.skyrise.steps import BID, NAMES, OVER
from skyhall.games.skyrise.view import View

GAMES = [(2, 1), (2, 2), (2, 7), (3, 3), (3, 4), (3, 14), (4, 5), (4, 6), (4, 9)]
"""(players, seed) of the playouts; together they reach every kind of decision."""


def decisions(players: int, seed: int) -> Iterator[tuple[State, View, tuple[Action, ...]]]:
    """Every decision of a random playout, with the acting seat's view and its choices."""
    s = skyrise.new_game(players, seed)
    rng = random.Random(seed)
    while not s.is_over:
        assert s.to_act is not None
        view = s.view(s.to_act)
        legal = view.legal
        yield s, view, legal
        s.apply(rng.choice(legal))


def drawn(data: dict[str, Any], first: str | None = None) -> set[str]:
    """The ``data-target`` names the table draws for a seat's view JSON (``first``: the district chosen).

    The map draws every district; the seat's own board draws its four rows and the Wonder cards in
    its hand; the status panel draws the Panoramas in play and the pass button; a chosen district
    opens the picker with the seat's Buildings (``bid:``) and Wonders still to build (``wonder:``).
    """
    seat = data["seat"]
    mine = data["players_boards"][seat]
    names = {f"district:{d}" for d in data["districts"]}
    names |= {f"row:{colour}" for colour in mine["rows"]}
    names |= {f"card:{n}" for n in mine["wonder_cards"]["known"] if str(n) in data["cards"]["wonders"]}
    names |= {f"panorama:{p}" for p in data["panoramas"]}
    names.add("pass")
    if first is not None:
        names |= {f"bid:{v}" for v in mine["available"]}
        names |= {f"wonder:{n}" for n in mine["wonders"]}
    return names


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_every_choice_has_its_own_path_through_drawn_targets(players: int, seed: int) -> None:
    for _, view, legal in decisions(players, seed):
        data = view.to_dict()
        paths = {action: text.target(view, action) for action in legal}
        assert len(set(paths.values())) == len(paths), f"shared paths at {data['decision']}"
        for action, path in paths.items():
            assert 1 <= len(path) <= 2, action
            assert path[0] in drawn(data), (action, path)
            if len(path) == 2:
                assert path[1] in drawn(data, path[0]), (action, path)


def test_the_playouts_reach_every_kind_of_decision() -> None:
    seen = {view.step for players, seed in GAMES for _, view, _ in decisions(players, seed)}
    assert seen == set(range(len(NAMES))) - {OVER}


@pytest.mark.parametrize(("players", "seed"), GAMES[::3])
def test_an_outbid_offers_exactly_the_free_districts_next_to_the_latest_bid(players: int, seed: int) -> None:
    for s, view, legal in decisions(players, seed):
        if view.step != BID:
            continue
        latest = s.bids[-1][0]
        free = {s.cat.sites[x].id for x in s.board.adjacent[latest] if s.occupant[x] == -1}
        firsts = {text.target(view, a)[0] for a in legal if isinstance(a, Bid | PlaceWonder)}
        assert firsts <= {f"district:{d}" for d in free}
        if any(isinstance(a, Bid | PlaceWonder) for a in legal):
            assert firsts == {f"district:{d}" for d in free}


def test_paths_name_the_district_then_the_value() -> None:
    s = skyrise.new_game(3, 4, {"first_player": 0})
    view = s.view(0)
    assert text.target(view, Bid(54, "C3")) == ("district:C3", "bid:54")
    assert text.target(view, PlaceWonder(7, "Ng")) == ("district:Ng", "wonder:7")
    assert text.target(view, skyrise.parse_action("move yellow green")) == ("row:yellow", "row:green")
    assert text.target(view, skyrise.parse_action("assign white")) == ("row:white",)
    assert text.target(view, skyrise.parse_action("take Ea")) == ("district:Ea",)
    assert text.target(view, skyrise.parse_action("panorama avenue")) == ("panorama:avenue",)
    assert text.target(view, Keep(7)) == ("card:7",)
    assert text.target(view, Pass()) == ("pass",)


@pytest.mark.parametrize(("players", "seed"), GAMES[:4])
def test_passes_and_the_last_kept_card_ask_first_and_nothing_else_does(players: int, seed: int) -> None:
    asked = 0
    for _, view, legal in decisions(players, seed):
        for action in legal:
            question = text.confirm(view, action)
            last_keep = isinstance(action, Keep) and len(view.chosen[view.to_act or 0]) == (players == 2)
            if isinstance(action, Pass) or last_keep:
                assert question and "?" in question
                asked += 1
            else:
                assert question is None, action
    assert asked > 0
