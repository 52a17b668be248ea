"""Rewrite the golden playthrough after an intended rules change.

    python scripts/regen_golden.py

Bump the game's ``rules_version`` first: records of the old behaviour must refuse to replay.
Review the diff (``git diff tests/games/golden``) before committing it.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.games.test_golden import GOLDEN, render  # noqa: E402


def main() -> None:
    text = render()
    old = GOLDEN.read_text(encoding="utf-8") if GOLDEN.exists() else ""
    GOLDEN.write_text(text, encoding="utf-8")
    status = "unchanged" if text == old else "rewritten"
    sys.stdout.write(f"{GOLDEN.relative_to(ROOT)} {status} ({text.count(chr(10))} lines)\n")


if __name__ == "__main__":
    main()
