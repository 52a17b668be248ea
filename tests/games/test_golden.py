"""A golden playthrough: one seeded Skyport game between random agents, diffed against a stored text.

Any change of behaviour shows up here as a readable diff of the decisions and the
score sheet. When the change is intended, bump ``SPEC.rules_version`` (old records
must refuse to replay) and regenerate the file with ``python scripts/regen_golden.py``.
"""

from __future__ import annotations

import difflib
from pathlib import Path

from skyhall.agents import make_agent
from skyhall.core.registry import get

GOLDEN = Path(__file__).parent / "golden" / "skyport-3p.txt"
GAME = "skyport"
PLAYERS = 3
SEED = 20240611
AGENT_SEEDS = tuple(SEED * 10 + seat for seat in range(PLAYERS))


def render() -> str:
    """The game, played afresh, as the golden file's text."""
    game = get(GAME)
    state = game.new_game(PLAYERS, SEED, {})
    agents = [make_agent("random", seed) for seed in AGENT_SEEDS]
    lines = [
        f"# Golden playthrough of {game.spec.title}: regenerate with `python scripts/regen_golden.py`",
        f"# only after an intended rules change (and a bump of rules_version). Agents: random, seeded "
        f"{', '.join(map(str, AGENT_SEEDS))}.",
        f"game {GAME}",
        f"rules_version {game.spec.rules_version}",
        f"players {PLAYERS}",
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
    for seat in range(PLAYERS):
        tiebreak = " ".join(map(str, result.tiebreak[seat])) if result.tiebreak else "-"
        lines.append(
            f"seat {seat}  {result.scores[seat]} points  rank {result.ranks[seat]}  tiebreak {tiebreak}"
        )
        lines += [f"    {line.points:3d}  {line.category}: {line.label}" for line in result.breakdown[seat]]
    lines.append(f"winners {' '.join(map(str, result.winners))}")
    return "\n".join(lines) + "\n"


def test_golden_playthrough() -> None:
    expected = GOLDEN.read_text(encoding="utf-8")
    actual = render()
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), actual.splitlines(), "golden", "now", n=2, lineterm=""
        )
        shown = "\n".join(list(diff)[:80])
        raise AssertionError(
            f"the {GAME} golden playthrough changed. If the rules change is intended, bump "
            f"rules_version and run `python scripts/regen_golden.py`.\n{shown}"
        )


def test_golden_file_states_the_current_rules_version() -> None:
    """A regenerated file always names the version it was made with."""
    header = GOLDEN.read_text(encoding="utf-8").splitlines()
    assert f"rules_version {get(GAME).spec.rules_version}" in header
