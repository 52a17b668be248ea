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

from skyhall.core.data import overlaid
from skyhall.core.errors import DataError
from skyhall.core.registry import get
from skyhall.core.text import plural
from skyhall.sim.runner import Outcome, Run, fingerprint


class ResultsError(Exception):
    """A results file that cannot be read, or that belongs to another run."""


def line(run: Run, index: int, outcome: Outcome) -> dict[str, Any]:
    """The JSON object written for game ``index`` of ``run``."""
    return {"index": index, "run": run.to_dict(), "variant": run.options.get("data"), **outcome.to_dict()}


def read(path: Path, numbers: list[int] | None = None) -> list[dict[str, Any]]:
    """Every game in a results file, in file order; :class:`ResultsError` names a bad line. ``numbers``,
    if given, receives each game's line number (so that later errors can name the line too)."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ResultsError(f"cannot read {path}: {exc.strerror}") from None
    return parse(path, _text(path, raw), numbers)


def _text(path: Path, raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ResultsError(
            f"{path} is not a results file of `skyhall sim --out`: it is not UTF-8 text"
        ) from None


def parse(path: Path, text: str, numbers: list[int] | None = None) -> list[dict[str, Any]]:
    """The games in ``text`` (the content of ``path``); :class:`ResultsError` names a bad line, and says
    so when it is only the last line that is torn (a run killed while writing it). ``numbers``, if
    given, receives the line number of each game."""
    games = []
    lines = text.splitlines()
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        try:
            data = json.loads(raw)
        except json.JSONDecodeError as exc:
            torn = number == len(lines) and not text.endswith("\n")
            hint = (
                "; it is the last line, cut short: the same `skyhall sim` command cuts it off and plays that "
                "game again"
                if torn
                else ""
            )
            raise ResultsError(f"{path} line {number} is not valid JSON ({exc.msg}){hint}") from None
        if not isinstance(data, dict) or not {"index", "run", "scores", "record"} <= set(data):
            raise ResultsError(f"{path} line {number} is not a game result of `skyhall sim --out`")
        wrong = malformed(data)
        if wrong:
            raise ResultsError(f"{path} line {number}: {wrong}")
        games.append(data)
        if numbers is not None:
            numbers.append(number)
    return games


def _ints(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(x, int) and not isinstance(x, bool) for x in value)


def malformed(game: dict[str, Any]) -> str | None:
    """What is wrong with the fields of a game line that the summaries and the report read, or ``None``."""
    scores = game.get("scores")
    if not _ints(scores) or not scores:
        return "field 'scores' must be a list of whole numbers, one per seat"
    seats = len(scores)
    players = game.get("players")
    if isinstance(players, int) and not isinstance(players, bool) and players != seats:
        return f"field 'scores' holds {plural(seats, 'score')} for {plural(players, 'player')}: one per seat"
    checks = (
        ("index", isinstance(game.get("index"), int), "a whole number"),
        ("game", isinstance(game.get("game"), str), "a game id"),
        (
            "winners",
            _ints(game.get("winners"))
            and len(game["winners"]) > 0
            and all(0 <= w < seats for w in game["winners"]),
            "a list of seats",
        ),
        (
            "agents",
            isinstance(game.get("agents"), list) and len(game["agents"]) == seats,
            "an agent per seat",
        ),
        (
            "categories",
            isinstance(game.get("categories"), list)
            and len(game["categories"]) == seats
            and all(
                isinstance(sheet, dict) and all(isinstance(v, int | float) for v in sheet.values())
                for sheet in game["categories"]
            ),
            "a table of points per seat",
        ),
        (
            "ranks",
            _ints(game.get("ranks"))
            and len(game["ranks"]) == seats
            and all(1 <= r <= seats for r in game["ranks"]),
            "a rank per seat, 1 the best",
        ),
        ("decisions", isinstance(game.get("decisions"), int), "a whole number"),
        ("record", isinstance(game.get("record"), dict), "a game record"),
    )
    for name, ok, what in checks:
        if not ok:
            return f"field {name!r} is missing or not {what}"
    return None


def differing(found: object, wanted: dict[str, Any]) -> list[str]:
    """The settings of ``wanted`` (a run's) that ``found`` (another line's ``run``) does not share."""
    if not isinstance(found, dict):
        return ["run"]
    return [k for k in wanted if found.get(k) != wanted[k]] or ["run"]


def seated_by_run(path: Path, game: dict[str, Any], agents: list[str], hint: str) -> None:
    """:class:`ResultsError` (ending with ``hint``) unless ``game`` (read from ``path``) seats the run's
    ``agents``, in any order: a line edited by hand would otherwise be rated or summed for agents that
    never played it."""
    seated = game["agents"]
    if not all(isinstance(a, str) for a in seated) or sorted(seated) != sorted(agents):
        strangers = [a for a in seated if a not in agents] or seated
        raise ResultsError(
            f"{path} holds game {game['index']} seating {', '.join(map(repr, strangers))}, not the run's "
            f"agents ({', '.join(map(str, agents))}); {hint}"
        )


def one_run(path: Path, games: list[dict[str, Any]]) -> None:
    """:class:`ResultsError` unless ``games`` (read from ``path``) are one run's, each game once and
    seating the run's agents: files joined with ``cat`` would otherwise be summed as one run, or count
    a game twice."""
    if not games:
        return
    first = games[0]["run"]
    agents = first.get("agents") if isinstance(first, dict) else None
    if not isinstance(agents, list):
        raise ResultsError(f"{path} does not say which agents its run seats (field 'run', line 1)")
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
        seated_by_run(path, game, agents, "was the file edited by hand?")


def played_here(path: Path, games: list[dict[str, Any]]) -> None:
    """:class:`ResultsError` unless ``games`` (read from ``path``) were played on the rules and data
    installed here: replaying their records on others would replay other games, or fail half way."""
    if not games:
        return
    run = games[0]["run"]
    recorded, here = run.get("fingerprint"), fingerprint(str(run["game"]))
    if recorded is not None and recorded != here:
        raise ResultsError(
            f"{path} was played on other rules or data ({recorded}) than those installed here ({here}): "
            "its games cannot be replayed here; use the Skyhall and data files it was played on"
        )


def resume(path: Path, run: Run, *, cut: bool = True) -> list[dict[str, Any]]:
    """The games of ``run`` already in ``path`` (none if it does not exist), after cutting a torn last line
    (with ``cut=False`` the file is only checked: a round robin checks every group's file before it
    cuts any, see :func:`cut_torn`).

    :class:`ResultsError` when the file holds anything but games of this run, each seating the run's
    agents; the file is then left exactly as it was (a torn line is cut only from a file that is this
    run's).
    """
    if not path.exists():
        return []
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ResultsError(f"cannot read {path}: {exc.strerror}") from None
    whole = raw[: raw.rfind(b"\n") + 1]
    games = parse(path, _text(path, whole))
    wanted = run.to_dict()
    if games and game_data_alike(games[0]["run"], wanted):
        wanted = games[0]["run"]  # the same run, its variant written otherwise (see game_data_alike)
    for game in games:
        if game["run"] != wanted:
            found = game["run"] if isinstance(game["run"], dict) else {}
            differ = differing(found, wanted)
            raise ResultsError(
                f"{path} holds games of another run ({', '.join(differ)} "
                f"{'differs' if len(differ) == 1 else 'differ'}: "
                f"{', '.join(f'{k}={found.get(k)!r} there, {wanted.get(k)!r} now' for k in differ)}); "
                "use another --out, or delete this file to start over"
            )
        seated_by_run(path, game, wanted["agents"], "use another --out")
    if whole != raw:
        torn = raw[len(whole) :]
        if not torn.startswith(b'{"index":'):  # every line of a results file starts so: this is not one
            raise ResultsError(f"{path} is not a results file of `skyhall sim --out`; use another --out")
        if not games and f'"run":{json.dumps(wanted, separators=(",", ":"))}'.encode() not in torn:
            raise ResultsError(f"{path} holds one unfinished line of another run; use another --out")
        if cut:
            cut_torn(path)
    return games


def cut_torn(path: Path) -> None:
    """Cut a torn last line (the process was killed while writing it) off ``path``, a file
    :func:`resume` has found to be the run's; a file that ends with a whole line is left alone."""
    if not path.exists():
        return
    raw = path.read_bytes()
    whole = raw.rfind(b"\n") + 1
    if whole != len(raw):
        with path.open("r+b") as sink:
            sink.truncate(whole)


def game_data_alike(found: Any, wanted: dict[str, Any]) -> bool:
    """Whether a file's run ``found`` is ``wanted`` but for how its card-data variant is written, both
    building the same data: a run recorded before variants were recorded as their changes from the
    shipped data (an edited copy of a whole file, or a change to a shipped value) resumes with the same
    command, its games going on in the file's own words."""
    if not isinstance(found, dict) or found == wanted or not isinstance(found.get("options"), dict):
        return False
    mine, theirs = dict(found["options"]), dict(wanted["options"])
    data, asked = mine.pop("data", None), theirs.pop("data", None)
    if {**found, "options": mine} != {**wanted, "options": theirs}:
        return False
    try:
        package = get(wanted["game"]).package
        return overlaid(package, data) == overlaid(package, asked)
    except (DataError, KeyError, TypeError, AttributeError):
        return False


def append(path: Path, games: Iterable[dict[str, Any]]) -> None:
    """Add ``games`` at the end of ``path``, one line each, flushed."""
    with path.open("a", encoding="utf-8") as sink:
        for game in games:
            sink.write(json.dumps(game, separators=(",", ":")) + "\n")
