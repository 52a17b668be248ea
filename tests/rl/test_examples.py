"""The training example runs end to end in its quick mode."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_training_example_quick_mode_reports_win_rates() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "train_policy.py"), "--quick"],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    lines = done.stdout.splitlines()
    assert lines[0].startswith("skyrise: trained policy vs random: won ")
    assert lines[1].startswith("skyrise: trained policy vs ")
    assert lines[1].endswith("of 2 games")
