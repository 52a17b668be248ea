"""Long lists of choices drawn grouped and in columns, the compact table, and help for mistyped entries."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from skyhall.cli.common import column_lines, game_text, grouped_choices, nearest, table_of
from skyhall.cli.main import app
from skyhall.core.record import GameRecord
from skyhall.core.registry import get
from skyhall.games.airport_rush.actions import TakeDice
from skyhall.games.skyrise.actions import Bid

runner = CliRunner()


def _start(game: str, players: int, seed: int) -> object:
    _, state = GameRecord.start(game, players, seed)
    return state


def test_skyrise_bids_are_grouped_by_district_and_numbered_in_the_order_shown(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    # Seed 5, three players: Player 3 opens the first auction with 28 bids on the Central Island.
    result = runner.invoke(
        app,
        ["play", "skyrise", "--bots", "random", "-p", "3", "--seed", "5", "--seat", "2", "--save", str(save)],
        input="9\nquit\n",
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "On C1 (yellow, brown disc):" in out and "On C2 (green, white disc):" in out
    assert "Type all to see every choice in full" in out
    assert "[bid 18 C1]" not in out  # the compact list leaves the notation out
    # C1 holds choices 1-7 (short 18 … tall 102), so 9 is C2's second: short 22.
    assert GameRecord.from_json(save.read_text()).actions[0] == "bid 22 C2"


def test_all_prints_every_choice_in_full_in_the_engine_order(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = runner.invoke(
        app,
        ["play", "skyrise", "--bots", "random", "-p", "3", "--seed", "5", "--seat", "2", "--save", str(save)],
        input="all\n2\nquit\n",
    )
    assert result.exit_code == 0, result.output
    assert "[bid 18 C1]" in result.output
    state = _start("skyrise", 3, 5)
    second = str(state.legal_actions()[1])  # type: ignore[attr-defined]
    assert GameRecord.from_json(save.read_text()).actions[0] == second


def test_airport_rush_dice_choices_sit_under_their_load_space() -> None:
    game = get("airport-rush")
    text = game_text(game)
    state = _start("airport-rush", 3, 11)
    while not isinstance(state.legal_actions()[0], TakeDice):  # type: ignore[attr-defined]
        state.apply(state.legal_actions()[0])  # type: ignore[attr-defined]
    view = state.view(state.to_act)  # type: ignore[attr-defined]
    legal = state.legal_actions()  # type: ignore[attr-defined]
    groups = grouped_choices(text, view, legal)
    assert groups is not None
    assert [heading.split(":")[0] for heading, _ in groups] == [f"Load space {k}" for k in range(1, 7)]
    assert sum(len(items) for _, items in groups) == len(legal)
    for heading, items in groups:
        for action, short in items:
            # Each short label names the dice taken, as colour and pips, and each is on that space.
            assert heading.startswith(f"Load space {action.space + 1}: ")
            for part in short.split(" + "):
                colour, pips = part.split(" (")[0].split()
                assert colour in ("yellow", "blue", "red") and f"{colour} {pips}" in heading


def test_skyrise_groups_only_bids_and_wonders() -> None:
    text = game_text(get("skyrise"))
    state = _start("skyrise", 3, 5)
    view = state.view(state.to_act)  # type: ignore[attr-defined]
    for action in state.legal_actions():  # type: ignore[attr-defined]
        found = text.group(view, action)  # type: ignore[attr-defined]
        assert (found is not None) == isinstance(action, Bid)
        if found is not None:
            assert found[0].startswith(f"On {action.district} (")
            assert found[1].endswith(f" {action.value}")


def test_column_lines_fill_rows_to_the_width() -> None:
    cells = [f"{n:>2} short 18" for n in range(1, 8)]
    rows = column_lines(cells, 46)  # 11-character cells, 3 apart, after a 4-space indent
    assert [len(row) for row in rows] == [3, 3, 1]
    assert column_lines(cells, 10) == [[cell] for cell in cells]


def test_nearest_suggests_only_legal_notations() -> None:
    legal = ["walk 1", "walk 2", "walk 3", "take airship"]
    assert nearest("walk 9", legal)[0].startswith("walk ")
    assert set(nearest("walk 9", legal)) <= set(legal)
    assert nearest("fly to the moon", legal) == []


def test_a_table_too_tall_for_the_terminal_drops_the_boxes() -> None:
    game = get("airport-rush")
    text = game_text(game)
    view = _start("airport-rush", 3, 11).view(0)  # type: ignore[attr-defined]
    console = Console(width=100, record=True)
    console.print(table_of(text, view, 100, height=200))
    boxed = console.export_text()
    console.print(table_of(text, view, 100, height=50))
    compact = console.export_text()
    assert "╭" in boxed and "╭" not in compact
    assert len(compact.splitlines()) < len(boxed.splitlines())
    for title, _ in text.render(view, width=96):
        assert title in compact


def test_nearest_keeps_to_the_choices_that_share_the_most_words() -> None:
    legal = ["keep O01 O10", "keep O01 O16", "keep O10 O16", "keep O10 O17", "keep O16 O17"]
    assert sorted(nearest("keep O99 O01", legal)) == ["keep O01 O10", "keep O01 O16"]
    assert sorted(nearest("KEEP  o16 o99", legal)) == ["keep O01 O16", "keep O10 O16", "keep O16 O17"]
