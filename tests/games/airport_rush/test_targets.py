"""Click paths on the browser table (``text.target``), confirmations, and what ``View.to_dict`` adds for it.

:func:`drawn` predicts, from the JSON view alone, the ``data-target`` names the renderer
(``static/games/airport-rush.js``) draws, the same way it does; the browser test checks the
real page against the same paths.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from skyhall.core.rng import Rng
from skyhall.games import airport_rush
from skyhall.games.airport_rush import actions, text
from skyhall.games.airport_rush.state import State
from skyhall.games.airport_rush.view import View
from tests.games.airport_rush.position import position
from tests.games.checked import play

SEEDS = range(9)
EFFECT_BUTTONS = {
    "adjust": ("adjust:up", "adjust:down"),
    "flip": ("flip",),
    "reroll": ("reroll",),
    "paint": ("paint:yellow", "paint:blue", "paint:red"),
    "overload": ("use",),
    "bag-draw": ("use",),
    "locate": ("use",),
}


def face(name: str) -> str:
    """``r5(y)`` (a painted die) → ``r5``: targets name the face a die shows."""
    return name[:2]


def drawn(d: dict[str, Any], legal_paths: list[tuple[str, ...]]) -> set[str]:
    """The target names the renderer draws for the JSON view ``d`` (mirrors airport-rush.js)."""
    seat = d["seat"]
    mine = seat is not None and d["to_act"] == seat
    names = {f"die:{s}:{face(x)}" for s, dice in enumerate(d["load"], 1) for x in dice}
    if mine and d["decision"] == "take dice":
        names |= {f"take:{s}" for s in range(1, len(d["load"]) + 1)}
    for k, deck in enumerate(actions.DECK_NAMES):
        names.add(f"deck:{deck}")
        names |= {f"supply:{deck}:{i}" for i, c in enumerate(d["supply"][k], 1) if c is not None}
    if mine and d["pending"]:
        names |= {f"pending:{face(x)}" for x in d["pending"]} | {"discard"}
    if mine and d["card"] is not None:
        names.update(EFFECT_BUTTONS.get(d["cards"][d["card"]]["kind"], ()))
    names |= {f"locate:{c}" for c in d["locate"]["planes"]}
    if mine and d["event"] is not None and d["cards"][d["event"]]["kind"] == "fog":
        names.add("drop")
    if mine and ("pass",) in legal_paths:
        names.add("pass")
    if seat is None:
        return names
    names.add("airport")
    names |= {f"airport:{face(x)}" for x in d["airport"][seat]}
    for p, docked in enumerate(d["departure"][seat], 1):
        if docked is not None:
            names.add(f"plane:{p}")
            names |= {f"plane:{p}:{face(x)}" for x in docked["seated"] if x is not None}
    names |= {f"waiting:{w}" for w in range(1, len(d["waiting"][seat]["planes"]) + 1)}
    for c in d["hands"][seat]["cards"]:
        info = d["cards"][c]
        names.add(f"hand:{c if info['type'] == 'plane' else info['kind']}")
    names |= {f"objective:{o}" for o in d["objectives"][seat] or d["dealt"][seat]}
    return names


@cache
def decisions() -> tuple[View, ...]:
    """Every decision of seeded random games with 2, 3 and 4 players, as the deciding seat sees it."""
    views = []
    for seed in SEEDS:
        s = airport_rush.new_game(2 + seed % 3, seed)
        rng = Rng(seed)
        while not s.is_over:
            views.append(s.view(s.to_act, log=False))
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
    return tuple(views)


def paths_of(v: View) -> Iterator[tuple[actions.Action, tuple[str, ...]]]:
    for a in v.legal:
        yield a, text.target(v, a)


def test_every_action_kind_is_met_by_the_playouts() -> None:
    kinds = {type(a) for v in decisions() for a in v.legal}
    assert kinds == set(actions.Action.__args__)


def test_every_legal_action_has_its_own_path_and_no_path_starts_another() -> None:
    for v in decisions():
        paths: dict[tuple[str, ...], actions.Action] = {}
        for a, p in paths_of(v):
            assert p and all(p), (str(a), p)
            assert p not in paths, (str(a), str(paths[p]), p)
            paths[p] = a
        for p, a in paths.items():
            for k in range(1, len(p)):
                assert p[:k] not in paths, (str(a), str(paths[p[:k]]))


def test_every_name_a_path_uses_is_drawn_on_the_table() -> None:
    for v in decisions():
        legal_paths = [p for _, p in paths_of(v)]
        names = drawn(v.to_dict(), legal_paths)
        missing = {n for p in legal_paths for n in p} - names
        assert not missing, (v.to_dict()["decision"], missing)


def at(s: State, *notations: str) -> View:
    """Play ``notations`` (forced steps follow) and return the view of the seat then to act."""
    play(s, *notations)
    assert s.to_act is not None
    v: View = s.view(s.to_act)
    return v


def targets(v: View) -> dict[str, tuple[str, ...]]:
    return {str(a): text.target(v, a) for a in v.legal}


def test_dice_are_clicked_in_face_order_then_the_space_then_each_is_placed() -> None:
    s = position(
        players=2,
        departure={0: [("BR1", ""), "US2", None]},
        load={2: "r5 b2 b2"},
        airport={0: "y3"},
    )
    v = s.view(0)
    paths = targets(v)
    assert paths["take 3 b2 r5"] == ("die:3:b2", "die:3:r5", "take:3")
    assert paths["take 3 b2 b2"] == ("die:3:b2", "die:3:b2", "take:3")
    assert paths["take 3 r5"] == ("die:3:r5", "take:3")
    v = at(s, "take 3 b2 r5")
    paths = targets(v)
    assert paths["put b2 plane 1"] == ("pending:b2", "plane:1")
    assert paths["put r5 airport"] == ("pending:r5", "airport")
    assert text.confirm(v, airport_rush.CODEC.parse("put r5 airport")) is None


def test_cards_decks_and_pass_are_one_click() -> None:
    s = position(players=2, hands={0: ["FR3", "control"]})
    v = s.view(0)
    assert text.target(v, actions.Draw(0, 1)) == ("supply:plane:2",)
    assert text.target(v, actions.Draw(1, actions.DECK)) == ("deck:action",)
    assert text.target(v, actions.Play("FR3")) == ("hand:FR3",)
    assert text.target(v, actions.Play("control")) == ("hand:control",)
    assert text.target(v, actions.PASS) == ("pass",)
    assert text.target(v, actions.Keep("O03", "O11")) == ("objective:O03", "objective:O11")
    assert text.target(v, actions.Adjust(actions.AIRPORT, 4, -1)) == ("airport:y5", "adjust:down")
    assert text.target(v, actions.Transfer(1, 17, 0)) == ("plane:2:r6", "plane:1")
    assert text.target(v, actions.Exchange(2, 0)) == ("plane:3", "waiting:1")
    assert text.target(v, actions.Scrap(True, 1)) == ("waiting:2",)


def test_passing_with_a_ready_plane_asks_first_and_without_one_does_not() -> None:
    # US2 needs blue + 4, total 8: b4 y4 is ready.
    s = position(
        players=2, departure={0: [("US2", "b4 y4"), "BR1", None]}, hands={0: ["FR3"]}, load={0: "r1"}
    )
    v = at(s, "take 1 r1")
    assert v.to_dict()["decision"] == "take off" and v.to_dict()["departure"][0][0]["ready"] is True
    assert text.confirm(v, actions.PASS) == "A plane is ready: go on to Action 4 without taking it off?"
    assert text.confirm(v, actions.TakeOff(0)) is None
    s = position(
        players=2, departure={0: [("US2", "b4 y3"), "BR1", None]}, hands={0: ["FR3"]}, load={0: "r1"}
    )
    v = at(s, "take 1 r1")
    assert v.to_dict()["decision"] == "take off"
    assert text.confirm(v, actions.PASS) is None


def test_a_departure_plane_says_how_its_dice_sit_on_its_slots() -> None:
    s = position(players=2, departure={0: [("BR2", "r1 y6"), None, None]})
    docked = s.view(1).to_dict()["departure"][0][0]
    # BR2's slots: red, yellow, 5.
    assert docked == {"plane": "BR2", "dice": ["y6", "r1"], "seated": ["r1", "y6", None], "ready": False}


def test_the_card_data_names_only_cards_the_seat_may_see() -> None:
    for v in decisions()[::37]:
        d = v.to_dict()
        seat = d["seat"]
        visible = {c for row in d["supply"] for c in row if c}
        visible |= (
            {c for h in d["hands"] for c in h["cards"]} | set(d["discard"]) | set(d["locate"]["planes"])
        )
        visible |= {c for q in d["waiting"] for c in q["planes"]} | {
            c for t in d["taken"] for c in t["planes"]
        }
        visible |= {p["plane"] for row in d["departure"] for p in row if p}
        visible |= {c for c in (d["card"], d["event"]) if c} | (
            {"storm"} if d["storm"] is not None else set()
        )
        assert set(d["cards"]) == visible
        shown = {o for group in (*d["objectives"], *d["dealt"]) for o in group if o}
        assert set(d["objective_cards"]) == shown
        rivals = [k for k in range(d["players"]) if k != seat]
        assert all(d["objectives_met"][k] is None for k in rivals)


@pytest.mark.parametrize("seed", [0, 1])
def test_met_objectives_are_told_to_their_owner(seed: int) -> None:
    s = airport_rush.new_game(2, seed)
    rng = Rng(seed)
    while not s.is_over:
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    d = s.view(0).to_dict()
    points = [sum(m["points"] for m in d["objectives_met"][k]) for k in range(2)]
    result = s.result()
    assert [result.category_totals(k).get("objectives", 0) for k in range(2)] == points
