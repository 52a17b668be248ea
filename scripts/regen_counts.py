"""Rewrite the perft-style action counts (tests/games/counts/<game>.json) after an intended rules change.

    python scripts/regen_counts.py               # every registered game
    python scripts/regen_counts.py skyrise ...   # only these games

Bump the game's ``rules_version`` first. Review the diff (``git diff tests/games/counts``):
the ``divide`` tables show which first actions gained or lost continuations.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.games.test_counts import GAMES, counts_path, dumps, generate  # noqa: E402


def regen(game_id: str) -> None:
    path = counts_path(game_id)
    started = time.perf_counter()
    text = dumps(generate(game_id))
    seconds = time.perf_counter() - started
    old = path.read_text(encoding="utf-8") if path.exists() else None
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    status = "created" if old is None else "unchanged" if text == old else "rewritten"
    sys.stdout.write(f"{path.relative_to(ROOT)} {status} ({seconds:.2f} s)\n")


def main(argv: list[str]) -> None:
    chosen = argv or GAMES
    unknown = [game_id for game_id in chosen if game_id not in GAMES]
    if unknown:
        sys.exit(f"no such game: {', '.join(unknown)} (games: {', '.join(GAMES)})")
    for game_id in chosen:
        regen(game_id)


if __name__ == "__main__":
    main(sys.argv[1:])
