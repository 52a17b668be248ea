"""Skyport's terminal text: every view draws, every legal action has words, colours are always named."""

from __future__ import annotations

import re

import pytest

from skyhall.core.rng import Rng
from skyhall.games import skyport
from skyhall.games.skyport import text
from skyhall.games.skyport.actions import Move, SwapPair
from skyhall.games.skyport.cards import COLOURS
from skyhall.games.skyport.lane import LEFT, Berth, Lane
from tests.games.skyport.position import position


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 7), (4, 13)])
def test_every_view_of_a_random_game_draws_and_labels_its_choices(players: int, seed: int) -> None:
    state = skyport.new_game(players, seed)
    rng = Rng(seed)
    steps = set()
    while True:
        for seat in (*range(players), None):
            view = state.view(seat)
            for _title, body in text.render(view, width=80):
                assert body
            if state.is_over:
                continue
        if state.is_over:
            break
        view = state.view(state.to_act)
        steps.add(view.step)
        assert text.prompt(view) != "The game is over."
        legal = state.legal_actions()
        labels = [text.label(view, action) for action in legal]
        assert all(labels) and len(set(labels)) == len(labels), labels
        state.apply(legal[rng.below(len(legal))])
    assert len(steps) >= 5


def test_every_lane_and_ribbon_colour_is_written_as_a_word() -> None:
    view = skyport.new_game(3, 2).view(0)
    body = dict(text.render(view))[text.seat_name(view, 0) + " · you" + " · to decide" * (view.to_act == 0)]
    for item in view.rows[0]:
        if isinstance(item, Lane):
            assert f"{COLOURS[item.colour]} lane" in body
        else:
            station = view.cat.cards[item.station]
            assert isinstance(item, Berth)
            assert f"◀{COLOURS[station.left]} {COLOURS[station.right]}▶" in body
    colour_words = [pattern for pattern, _ in text.HIGHLIGHTS]
    assert all(re.search(p, "Blue Purple Green Red Orange Yellow Wild") for p in colour_words)


def test_moves_are_labelled_with_their_lane_destination_and_merges() -> None:
    s = position(2, 3, rows={0: ["B1", "S01", "R2", "B2"]}, current=0)
    view = s.view(0)
    # The lanes score 2 now (blue 1×1★ beside S01's blue ribbon, red 1×1★ beside its red one).
    assert (
        text.label(view, Move(3, LEFT, 1))
        == "move the blue lane at 4 (1 airship) left 1, to 3 (lanes score 1, −1)"
    )
    assert (
        text.label(view, Move(3, LEFT, 2))
        == "move the blue lane at 4 (1 airship) left 2, to 2, merging lanes (lanes score 3, +1)"
    )
    assert text.label(view, SwapPair(0, 2)) == (
        "swap the blue lane at 1 (1 airship) with the red lane at 3 (1 airship), merging lanes"
        " (lanes score 0, −2)"
    )


def test_the_turn_summary_names_the_four_phases_in_order() -> None:
    summary = text.turn_summary()
    positions = [
        summary.index(phase) for phase in ("1. Arrival", "2. Skyport", "3. Tycoon", "4. Acquisition")
    ]
    assert positions == sorted(positions)
    assert "Station Closing" in summary
