"""Skyrise's terminal text: every view draws, every legal action has words, and the words are true."""

from __future__ import annotations

import pytest

from skyhall.core.rng import Rng
from skyhall.games import skyrise
from skyhall.games.skyrise import text
from skyhall.games.skyrise.actions import Assign
from skyhall.games.skyrise.steps import ASSIGN
from tests.games.skyrise.position import CAT, play, position


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 7), (4, 13)])
def test_every_view_of_a_random_game_draws_and_labels_its_choices(players: int, seed: int) -> None:
    state = skyrise.new_game(players, seed)
    rng = Rng(seed)
    steps = set()
    while not state.is_over:
        for seat in (*range(players), None):
            assert all(body for _title, body in text.render(state.view(seat), width=80))
        view = state.view(state.to_act)
        steps.add(view.step)
        legal = state.legal_actions()
        labels = [text.label(view, action) for action in legal]
        assert all(labels) and len(set(labels)) == len(labels), labels
        state.apply(legal[rng.below(len(legal))])
    assert all(body for _title, body in text.render(state.view(None), width=80))
    assert len(steps) >= 4


def section(view: skyrise.View, title: str) -> str:
    return next(body for name, body in text.render(view, width=100) if name == title)


@pytest.mark.parametrize(
    ("mode", "said"),
    [
        ("lowest", "City Keys go to the least prestige at the end of Era 1."),
        ("highest", "City Keys go to the most prestige at the end of Era 1."),
        ("off", "City Keys: not used."),
    ],
)
def test_the_status_says_who_gets_the_city_keys(mode: str, said: str) -> None:
    s = skyrise.new_game(3, 0, {"first_player": 0, "city_keys": mode})
    assert said in text.render(s.view(0))[0][1]


def test_the_map_names_each_structures_owner_as_the_seat_bar_does() -> None:
    s = position(built={"Na": (0, 14), "Ea": (1, 16)})
    islands = section(s.view(0), "Islands")
    assert "P1 short" in islands and "P2 short" in islands and "P0" not in islands


def test_a_wild_colour_choice_says_what_the_row_becomes() -> None:
    s = position(discs={"C1": "wild"}, rows={0: (2, 0, 0, 0)})
    play(s, "bid 14 C1", "pass", "pass")
    assert s.step == ASSIGN and s.to_act == 0
    view = s.view(0)
    assert (
        text.label(view, Assign.of(0)) == f"yellow: row goes to 3 discs ({CAT.row_values[3]} per Structure)"
    )
    assert text.label(view, Assign.of(1)) == f"green: row goes to 1 disc ({CAT.row_values[1]} per Structure)"


def test_the_turn_summary_names_an_auctions_steps_in_order_and_the_dealt_cards() -> None:
    summary = " ".join(text.turn_summary().split())
    positions = [summary.index(step) for step in ("1. Open", "2. Bid", "3. Build", "4. Collect")]
    assert positions == sorted(positions)
    dealt = f"{CAT.wonders_dealt} Wonder cards ({CAT.wonders_dealt_two} with 2 players)"
    assert dealt in summary
