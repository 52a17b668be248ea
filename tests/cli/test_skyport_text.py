"""Skyport's terminal text: every view draws, every legal action has words, colours are always named."""

from __future__ import annotations

import re

import pytest

from skyhall.core.rng import Rng
from skyhall.core.state import EMPTY
from skyhall.games import skyport
from skyhall.games.skyport import text
from skyhall.games.skyport.actions import Host, Move, SwapPair, Walk
from skyhall.games.skyport.cards import COLOURS, load
from skyhall.games.skyport.lane import LEFT, Berth, Lane
from tests.games.skyport.position import berth, play, position, with_deck


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


# -- the words are true: numbers and seats a player reads -------------------------------------------

A = ["SA1", "SA2", "SA3", "SA4"]
B = ["SB1", "SB2", "SB3", "SB4"]


def section(view: skyport.View, start: str) -> str:
    return next(body for title, body in text.render(view, width=100) if title.startswith(start))


def test_the_status_gives_the_round_from_one() -> None:
    assert text.render(position(players=2).view(0))[0][0].startswith("Round 1 · Player 1")
    assert text.render(position(players=2, current=2).view(0))[0][0].startswith("Round 2 · Player 1")


def test_the_status_counts_the_turns_left_once_the_closing_card_is_out() -> None:
    s = position(players=2, rows={0: A}, hands={0: ["S01", "B1"]})
    with_deck(s, [], closing_at=0)
    play(s, "play S01", "place right", "take airship")
    assert (s.turn, s.last_turn) == (1, 3)
    assert "The game ends after 2 more turns after this one." in " ".join(
        body for _title, body in text.render(s.view(1), width=100)
    )


def test_a_skyports_lanes_show_their_score() -> None:
    shown = section(position(players=2, rows={0: A}).view(0), "Player 1")
    assert "1×1★ = 1" in shown and "1×2★ = 2" in shown  # SA1 beside a blue ribbon; SA3 between two


def test_the_walk_prompt_offers_the_allowance_with_the_diplomats_bonus() -> None:
    s = position(rows={0: ["SA1", berth("S01", "Di1"), "B2", "SA4"]}, hands={0: ["S02", "S03"]})
    play(s, "play S02", "place right")
    assert [str(a) for a in s.legal_actions()] == [f"walk {n}" for n in (1, 2, 3, 4)]
    assert text.prompt(s.view(0)).startswith("Acquisition: walk your standee 1 to 4 spaces")


def test_the_central_skyport_shows_the_top_token_of_each_stack() -> None:
    shown = section(position(players=2).view(0), "Central Skyport")
    assert "+ token 10 for all six colours (4 left)" in shown
    assert "+ token 7 for pax, nav and cargo (4 left)" in shown


def test_a_rival_asked_about_a_wild_is_told_who_played_it() -> None:
    s = position(rows={0: A, 1: B}, hands={0: ["W1", "S01"]})
    play(s, "play W1", "join 1")
    assert s.to_act == 1
    assert (
        text.prompt(s.view(1)) == "Player 1 played a Wild: you may move one of your lanes 1 space, or pass."
    )


def test_a_tycoon_is_offered_under_a_station_by_its_place() -> None:
    s = position(rows={0: A}, hands={0: ["Di1", "S01"]})
    play(s, "play Di1")
    assert text.label(s.view(0), Host.of(1)) == "under station SA2 at 2 (blue|purple ★1)"


def test_a_walk_to_a_completed_set_says_which_token_it_takes() -> None:
    s = position(players=3, rows={0: [*A, "B4"]}, hands={0: ["S02", "S03"]})
    s.owned[0] = (10, EMPTY)
    s.token_stacks[0] = s.token_stacks[0][:-1]
    s.standees[0] = 6
    play(s, "play S02", "place right")
    assert text.label(s.view(0), Walk.of(1)).endswith("; your set is complete: +7 token")


def test_merchants_and_explorers_say_their_colour_with_its_article() -> None:
    said = {text.ability(card) for card in load().cards}
    assert any(s.startswith("after an orange ") for s in said)
    assert not any(re.search(r"\ba [aeiou]", s) for s in said)
