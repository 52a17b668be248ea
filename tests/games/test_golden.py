"""Golden playthroughs: one seeded game per registered game between random agents, diffed against a text.

Any change of behaviour shows up here as a readable diff of the decisions and the
score sheet. When the change is intended, bump ``SPEC.rules_version`` (old records
must refuse to replay) and regenerate the files with ``python scripts/regen_golden.py``.

Every registered game must have its file (``golden/<game>-<players>p.txt``): a new game
fails here until ``scripts/regen_golden.py`` has written one and it is committed.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from skyhall.agents import make_agent
from skyhall.core.registry import available, get

GOLDEN_DIR = Path(__file__).parent / "golden"
SEED = 20240611
PLAYERS = {"skyport": 3, "skyrise": 4, "airport-rush": 2}
"""Player count of each game's golden playthrough (a game not listed plays with its minimum).

Chosen to cover every count once while keeping the files small: Airport Rush's random
games are the longest (about 500 decisions at two players).
"""
REGEN = "python scripts/regen_golden.py"


def players_for(game_id: str) -> int:
    return PLAYERS.get(game_id, get(game_id).spec.min_players)


def golden_path(game_id: str) -> Path:
    return GOLDEN_DIR / f"{game_id}-{players_for(game_id)}p.txt"


def agent_seeds(players: int) -> tuple[int, ...]:
    return tuple(SEED * 10 + seat for seat in range(players))


def render(game_id: str) -> str:
    """The game, played afresh, as the golden file's text."""
    game = get(game_id)
    players = players_for(game_id)
    seeds = agent_seeds(players)
    state = game.new_game(players, SEED, {})
    agents = [make_agent("random", seed) for seed in seeds]
    lines = [
        f"# Golden playthrough of {game.spec.title}: regenerate with `{REGEN}`",
        f"# only after an intended rules change (and a bump of rules_version). Agents: random, seeded "
        f"{', '.join(map(str, seeds))}.",
        f"game {game_id}",
        f"rules_version {game.spec.rules_version}",
        f"players {players}",
        f"seed {SEED}",
        "",
        "decisions (number, seat to act, action)",
    ]
    count = 0
    while not state.is_over:
        seat = state.to_act
        action = agents[seat].choose(state.view(seat), state.legal_actions())
        count += 1
        lines.append(f"{count:4d}  seat {seat}  {action}")
        state.apply(action)
    result = state.result()
    lines += ["", "result (seat, score, rank, tie-breaks)"]
    for seat in range(players):
        tiebreak = " ".join(map(str, result.tiebreak[seat])) if result.tiebreak else "-"
        lines.append(
            f"seat {seat}  {result.scores[seat]} points  rank {result.ranks[seat]}  tiebreak {tiebreak}"
        )
        lines += [f"    {line.points:3d}  {line.category}: {line.label}" for line in result.breakdown[seat]]
    lines.append(f"winners {' '.join(map(str, result.winners))}")
    return "\n".join(lines) + "\n"


GAMES = list(available())


@pytest.mark.parametrize("game_id", GAMES)
def test_golden_playthrough(game_id: str) -> None:
    path = golden_path(game_id)
    if not path.exists():
        pytest.fail(
            f"{game_id} is registered but has no golden playthrough ({path.name}): run `{REGEN}`, "
            f"review the new file and commit it."
        )
    expected = path.read_text(encoding="utf-8")
    actual = render(game_id)
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), actual.splitlines(), "golden", "now", n=2, lineterm=""
        )
        shown = "\n".join(list(diff)[:80])
        raise AssertionError(
            f"the {game_id} golden playthrough ({path.name}) changed. If the rules change is intended, "
            f"bump rules_version and run `{REGEN}`.\n{shown}"
        )


@pytest.mark.parametrize("game_id", GAMES)
def test_golden_file_states_the_current_rules_version(game_id: str) -> None:
    """A regenerated file always names the version it was made with."""
    path = golden_path(game_id)
    if not path.exists():
        pytest.fail(f"{game_id} has no golden playthrough ({path.name}): run `{REGEN}`")
    header = path.read_text(encoding="utf-8").splitlines()
    assert f"rules_version {get(game_id).spec.rules_version}" in header, (
        f"{path.name} was made under another rules_version: run `{REGEN}`"
    )


def test_no_stray_golden_files() -> None:
    """Every file in golden/ belongs to a registered game at its chosen player count."""
    expected = {golden_path(game_id).name for game_id in GAMES}
    stray = sorted(p.name for p in GOLDEN_DIR.glob("*.txt") if p.name not in expected)
    assert not stray, f"golden files of no registered game (or another player count): {stray}"
