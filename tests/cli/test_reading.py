"""The table for reading aloud (``text.read``, what "The table in words" shows in the browser): the
terminal's sections, with nothing in columns or maps, so that a screen reader reads it line by line."""

from __future__ import annotations

import re
from typing import Any

import pytest

from skyhall.core.registry import get
from skyhall.core.rng import Rng
from skyhall.core.text import text_module

GAMES = ["skyport", "airport-rush", "skyrise"]
COLUMN_GAP = re.compile(r"\S {3,}\S")
"""Words set apart by padding: a column layout."""


def views(game: str, players: int, seed: int) -> list[Any]:
    """Every seat's and a spectator's view at every fifth decision of a random game, and at its end."""
    state = get(game).new_game(players, seed)
    rng = Rng(seed)
    seen, k = [], 0
    while not state.is_over:
        if k % 5 == 0:
            seen.extend(state.view(seat) for seat in (*range(players), None))
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        k += 1
    return [*seen, *(state.view(seat) for seat in (*range(players), None))]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [2, 4])
def test_reading_keeps_the_sections_and_lays_nothing_out_in_columns(game: str, players: int) -> None:
    text: Any = text_module(get(game))
    for view in views(game, players, seed=players):
        read = text.read(view)
        assert [t for t, _ in read] == [t for t, _ in text.render(view)]
        for title, body in read:
            for line in body.splitlines():
                assert "│" not in line and not COLUMN_GAP.search(line), f"{title}: {line!r}"


def section(text: Any, view: Any, title: str) -> list[str]:
    return next(body for t, body in text.read(view) if t.startswith(title)).splitlines()


def test_skyrise_reads_the_islands_a_district_a_line() -> None:
    text: Any = text_module(get("skyrise"))
    view = views("skyrise", 3, seed=3)[30]
    lines = section(text, view, "Islands")
    colours = ("yellow", "green", "white", "brown")
    districts = [d for _island, ds in view.board.islands for d in ds]
    assert len([line for line in lines if line.startswith("  ")]) == len(districts)
    for d in districts:
        site = view.cat.sites[d]
        mine = [line for line in lines if line.startswith(f"  {site.id} (")]
        assert len(mine) == 1 and colours[view.board.colour[d]] in mine[0], site.id
    assert "Central Island:" in lines
    rows = next(line for line in section(text, view, "Player 1") if line.startswith("Rows: "))
    assert "#" not in rows and re.search(r"yellow \d of 4 discs \(\d+ each\)", rows)  # words, not ##..


def test_skyport_reads_a_skyport_a_position_a_line() -> None:
    text: Any = text_module(get("skyport"))
    view = views("skyport", 2, seed=5)[20]
    lines = section(text, view, "Player 1")
    numbered = [line for line in lines if re.match(r"\d+: ", line)]
    assert len(numbered) == len(view.rows[0])
    assert all(line.endswith(".") for line in numbered)
    spaces = [line for line in section(text, view, "Central Skyport") if line.startswith("Space ")]
    assert len(spaces) == 8


def test_airport_rush_reads_a_load_space_a_line() -> None:
    text: Any = text_module(get("airport-rush"))
    view = views("airport-rush", 2, seed=2)[10]
    lines = section(text, view, "Load spaces")
    assert [line[:3] for line in lines[:6]] == [f"{k}: " for k in range(1, 7)]
