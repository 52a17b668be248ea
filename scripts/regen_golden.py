"""Rewrite the golden playthroughs after an intended rules change.

    python scripts/regen_golden.py               # every registered game
    python scripts/regen_golden.py skyport ...   # only these games

Bump the game's ``rules_version`` first: records of the old behaviour must refuse to replay.
Review the diff (``git diff tests/games/golden``) before committing it.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.games.test_golden import GAMES, golden_path, render  # noqa: E402


def regen(game_id: str) -> None:
    path = golden_path(game_id)
    text = render(game_id)
    old = path.read_text(encoding="utf-8") if path.exists() else None
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    status = "created" if old is None else "unchanged" if text == old else "rewritten"
    sys.stdout.write(f"{path.relative_to(ROOT)} {status} ({text.count(chr(10))} lines)\n")


def main(argv: list[str]) -> None:
    chosen = argv or GAMES
    unknown = [game_id for game_id in chosen if game_id not in GAMES]
    if unknown:
        sys.exit(f"no such game: {', '.join(unknown)} (games: {', '.join(GAMES)})")
    for game_id in chosen:
        regen(game_id)


if __name__ == "__main__":
    main(sys.argv[1:])
