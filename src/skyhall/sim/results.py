"""The results file of ``skyhall sim --out``: one JSON line per game, appended in schedule order.

Each line holds the game's ``index`` in its run, the run's settings (``run``: game,
agents in their first-game order, seed, options), the ``variant`` (the card-data
overlay, or null), the agents per seat, scores, winners, ranks, the score sheet
(``breakdown``), points per category per seat (``categories``), the number of
decisions and the full ``record``, which replays to the same game.

Because game ``i`` of a run is always the same game, an interrupted run resumes by
playing only the indices missing from the file. A torn last line (the process was
killed while writing it) is cut off; a file written by a different run is refused.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from skyhall.sim.runner import Outcome, Run


class ResultsError(Exception):
    """A results file that cannot be read, or that belongs to another run."""


def line(run: Run, index: int, outcome: Outcome) -> dict[str, Any]:
    """The JSON object written for game ``index`` of ``run``."""
    return {"index": index, "run": run.to_dict(), "variant": run.options.get("data"), **outcome.to_dict()}


def read(path: Path) -> list[dict[str, Any]]:
    """Every game in a results file, in file order; :class:`ResultsError` names a bad line."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ResultsError(f"cannot read {path}: {exc.strerror}") from None
    games = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            data = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise ResultsError(f"{path} line {number} is not valid JSON ({exc.msg})") from None
        if not isinstance(data, dict) or not {"index", "run", "scores", "record"} <= set(data):
            raise ResultsError(f"{path} line {number} is not a game result of `skyhall sim --out`")
        games.append(data)
    return games


def differing(found: object, wanted: dict[str, Any]) -> list[str]:
    """The settings of ``wanted`` (a run's) that ``found`` (another line's ``run``) does not share."""
    if not isinstance(found, dict):
        return ["run"]
    return [k for k in wanted if found.get(k) != wanted[k]] or ["run"]


def one_run(path: Path, games: list[dict[str, Any]]) -> None:
    """:class:`ResultsError` unless ``games`` (read from ``path``) are one run's, each game once: files
    joined with ``cat`` would otherwise be summed as one run, or count a game twice."""
    if not games:
        return
    first = games[0]["run"]
    seen: set[Any] = set()
    for number, game in enumerate(games, start=1):
        if game["run"] != first:
            differ = differing(game["run"], first)
            raise ResultsError(
                f"{path} holds games of more than one run: game {number} differs from the first in "
                f"{', '.join(differ)}; report each run's file on its own"
            )
        if game["index"] in seen:
            raise ResultsError(f"{path} holds game {game['index']} of its run twice (line {number})")
        seen.add(game["index"])


def resume(path: Path, run: Run) -> list[dict[str, Any]]:
    """The games of ``run`` already in ``path`` (none if it does not exist), after cutting a torn last line.

    :class:`ResultsError` when the file holds games of a run with other settings.
    """
    if not path.exists():
        return []
    raw = path.read_bytes()
    whole = raw[: raw.rfind(b"\n") + 1]
    if whole != raw:
        with path.open("r+b") as sink:
            sink.truncate(len(whole))
    games = read(path)
    wanted = run.to_dict()
    for game in games:
        if game["run"] != wanted:
            found = game["run"] if isinstance(game["run"], dict) else {}
            differ = differing(found, wanted)
            raise ResultsError(
                f"{path} holds games of another run ({', '.join(differ)} differ: "
                f"{', '.join(f'{k}={found.get(k)!r} there, {wanted.get(k)!r} now' for k in differ)}); "
                "use another --out file, or delete this one to start over"
            )
    return games


def append(path: Path, games: Iterable[dict[str, Any]]) -> None:
    """Add ``games`` at the end of ``path``, one line each, flushed."""
    with path.open("a", encoding="utf-8") as sink:
        for game in games:
            sink.write(json.dumps(game, separators=(",", ":")) + "\n")
