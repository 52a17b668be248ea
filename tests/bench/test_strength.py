"""``bench/strength.py``: the protocol's games are logged one by one and never played twice."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "strength.py"


def run(*args: str) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, check=True, timeout=300
    )
    lines = done.stdout.splitlines()
    assert len(lines) == 1, done.stdout
    summary: dict[str, object] = json.loads(lines[0])
    return summary


def test_a_logged_run_resumes_without_replaying_and_reports_the_same(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    args = (
        "--game",
        "skyrise",
        "--a",
        "greedy",
        "--b",
        "random",
        "--games",
        "4",
        "--seed",
        "3",
        "--log",
        str(log),
    )
    first = run(*args)
    games = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(games) == 4
    assert [g["order"] for g in games] == [[0, 1], [1, 0], [0, 1], [1, 0]]
    assert games[0]["deal"] == games[1]["deal"] != games[2]["deal"] == games[3]["deal"]
    for g in games:
        assert sum(g["share"]) == 1.0
        assert all(isinstance(x, int) for x in g["scores"])
    assert first["wins"] == sum(1 for g in games if g["share"][0] == 1.0)
    margin = sum(g["scores"][0] - g["scores"][1] for g in games) / 4
    assert first["mean_margin"] == round(margin, 2)

    again = run(*args)
    assert len(log.read_text().splitlines()) == 4  # nothing played twice
    for key in ("wins", "draws", "losses", "win_rate", "wilson95", "mean_margin"):
        assert again[key] == first[key]

    log.write_text("\n".join(json.dumps(g) for g in games[:3]) + "\n")  # the run stopped a game early
    run(*args)
    replayed = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(replayed) == 4
    for key in ("deal", "order", "share", "scores", "decisions"):
        assert replayed[3][key] == games[3][key]  # the same game again: seeds fix everything
