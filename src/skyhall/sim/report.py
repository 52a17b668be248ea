"""``skyhall report``: one self-contained HTML page of balance figures and tables from a results file.

Sections (each an ``<section id=…>``), figures as base64 PNG drawn with matplotlib's
Agg backend (imported only here, when a report is built):

``summary``           the run: game, players, games, agents, seed, options, variant
``win-rate-seat``     win rate per seat with 95 % Wilson intervals (turn-order advantage)
``win-rate-agent``    the same per agent, when more than one agent played
``scores``            score distributions per seat (and per agent)
``length``            game length in decisions
``categories``        mean points per score category, per seat (and per agent)
``impact-<kind>``     per card / plane / wonder / district…: win rate with the item minus without,
                      with 95 % Newcombe intervals (see :mod:`skyhall.sim.items`)
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Callable, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import replace
from typing import Any

from skyhall.agents import timed_agents
from skyhall.core.errors import DataError, RecordError
from skyhall.core.record import GameRecord
from skyhall.core.registry import get
from skyhall.core.text import plural
from skyhall.sim.balance import (
    Game,
    Impact,
    Key,
    Rate,
    by_agent,
    by_seat,
    categories,
    impacts,
    rates,
    seat_label,
    wins_text,
)
from skyhall.sim.compare import (
    Runs,
    Shift,
    impact_shifts,
    length_shift,
    mean_length,
    paired,
    score_shifts,
    shared,
    win_shifts,
)
from skyhall.sim.items import Item, items_of
from skyhall.sim.variant import Change, changes, described_changes

FIGURE_WIDTH = 9.0
"""Inches; at 100 dpi a figure is 900 px wide, readable without zooming."""
SHOWN_ITEMS = 12
"""Items drawn at each end (the strongest and the weakest) of an impact figure; the table has all."""
MIN_ITEM_GAMES = 5
"""Items held in fewer seat-games than this are left out of the impact figure (tables keep them)."""
TOO_FEW = f"No figure: no item was held, and missed, in {MIN_ITEM_GAMES} seat-games or more; play more games."


Where = Callable[[int], str]
"""Where a run's game ``k`` (its position in the run) came from, for an error: ``results.jsonl line 4``."""


def build(
    games: Sequence[Game],
    on_replay: Callable[[], None] | None = None,
    unreplayable: str | None = None,
    where: Where | None = None,
    source: str | None = None,
) -> str:
    """The whole page for ``games`` (lines of one results file, named ``source`` on the page when
    given); ``on_replay`` is called per game replayed.
    ``unreplayable`` says why the games cannot be replayed here (they were played on other rules or
    data): the page then leaves out only the per-item impact, which needs a replay, and says so.
    ``where`` names a game's place in its file in a replay error (:class:`RecordError`)."""
    if not games:
        raise ValueError("no games to report on")
    ids = {g["game"] for g in games}
    if len(ids) > 1:
        raise ValueError(
            f"the games are of several games ({', '.join(sorted(ids))}); report on one at a time"
        )
    plt = _pyplot()
    multi = len({a for g in games for a in g["agents"]}) > 1
    sections = [_summary(games, multi, source)]
    sections.append(_rates_section(plt, "win-rate-seat", "Win rate by seat", rates(games, by_seat), games))
    if multi:
        sections.append(
            _rates_section(plt, "win-rate-agent", "Win rate by agent", rates(games, by_agent), games)
        )
    sections.append(_scores_section(plt, games, multi))
    sections.append(_length_section(plt, games))
    sections.append(_categories_section(plt, games, multi))
    if unreplayable:
        sections.append(_left_out(unreplayable))
    else:
        held = _held(games, on_replay, where)
        if held is not None:
            found = impacts(games, held)
            for kind in sorted({i.kind for i in found}):
                sections.append(_impact_section(plt, kind, [i for i in found if i.kind == kind], multi))
    title = f"Skyhall balance report: {game_title(str(games[0]['game']))}"
    return _PAGE.format(title=html.escape(title), body="\n".join(sections))


def game_title(game: str) -> str:
    """The game's title (``Grand Central Skyport``), or its id for a game not installed here."""
    try:
        return get(game).spec.title
    except KeyError:
        return game


def _left_out(why: str) -> str:
    """The impact section of a page whose games cannot be replayed here: why it is left out."""
    note = f'<p class="note"><strong>{html.escape(why)}</strong></p>'
    return _section("impact", "Impact of each item", "Left out: it replays every game.", note)


def _held(
    games: Sequence[Game], on_replay: Callable[[], None] | None, where: Where | None = None
) -> list[list[set[Item]]] | None:
    """Each game's items by seat, from replaying its record (``None`` for a game without items);
    ``on_replay`` is called per game replayed. A record that does not replay is a :class:`RecordError`
    naming the game (by ``where``, else its index) and the field."""
    held = []
    for k, game in enumerate(games):
        source = f"{where(k)} (game {game['index']})" if where else f"game {game['index']}"
        try:
            items = items_of(GameRecord.from_dict(game["record"], source))
        except RecordError as exc:
            raise RecordError(source, f"record.{exc.field}", exc.problem) from None
        if on_replay is not None:
            on_replay()
        if items is None:
            return None
        held.append(items)
    return held


def build_comparison(
    runs: Runs,
    on_replay: Callable[[], None] | None = None,
    unreplayable: str | None = None,
    where: Sequence[Where] | None = None,
) -> str:
    """One page putting ``runs`` side by side, each later run against the first (see
    :mod:`skyhall.sim.compare`). The per-item impact is worked out by replaying every game
    (``on_replay`` is called per game); ``unreplayable`` says why it cannot be (the runs were played on
    other rules or data than those installed here), and the page then says so instead. ``where``, one per
    run, names a game's place in its file in a replay error."""
    plt = _pyplot()
    multi = any(len({a for g in run for a in g["agents"]}) > 1 for run in runs.games)
    sections = [_runs_section(runs)]
    for label, key in _groupings(multi):
        sections.append(_win_shift_section(plt, runs, label, key))
        sections.append(_score_shift_section(plt, runs, label, key))
    lengths = [
        (html.escape(runs.names[0]), str(len(runs.games[0])), f"{mean_length(runs.games[0]):.1f}", "", "")
    ]
    for name, run in zip(runs.names[1:], runs.games[1:], strict=True):
        shift = length_shift(runs.games[0], run)
        change = signed(shift.change)
        lengths.append(
            (
                html.escape(name),
                str(len(run)),
                f"{mean_length(run):.1f}",
                f"<b>{change}</b>" if shift.clear else change,
                f"{signed(shift.low)} – {signed(shift.high)}",
            )
        )
    sections.append(
        _section(
            "length",
            "Game length",
            f"Mean decisions per game, and the change from {html.escape(runs.names[0])} with its 95% "
            "interval (paired game by game where the runs dealt the same games).",
            _table(("run", "games", "mean decisions", "change", "95% interval"), lengths),
        )
    )
    found = [categories(run, _every_seat).get(EVERY_SEAT, {}) for run in runs.games]
    names = sorted({c for f in found for c in f})
    rows = [(html.escape(c), *(f"{f.get(c, 0.0):.2f}" for f in found)) for c in names]
    sections.append(
        _section(
            "categories",
            "Score by category",
            "Mean points per seat and game in each category of the score sheet.",
            _table(("category", *runs.names), rows),
        )
    )
    if unreplayable:
        sections.append(_left_out(unreplayable))
    else:
        held = [_held(run, on_replay, where[k] if where else None) for k, run in enumerate(runs.games)]
        if all(h is not None for h in held):
            per_run = [impacts(run, h) for run, h in zip(runs.games, held, strict=True) if h is not None]
            edited = [_changes_of(run[0]) for run in runs.games]
            for kind in sorted({i.kind for f in per_run for i in f}):
                by_kind = [[i for i in f if i.kind == kind] for f in per_run]
                sections.append(
                    _impact_shift_section(plt, runs, kind, by_kind, changed_items(by_kind, edited))
                )
    title = f"Skyhall comparison: {game_title(str(runs.games[0][0]['game']))}, {' vs '.join(runs.names)}"
    return _PAGE.format(title=html.escape(title), body="\n".join(sections))


EVERY_SEAT = "every seat"


def _every_seat(_game: Game, _seat: int) -> str:
    """One group for all seat-games (a :data:`~skyhall.sim.balance.Key`)."""
    return EVERY_SEAT


def _runs_section(runs: Runs) -> str:
    rows = []
    for name, run in zip(runs.names, runs.games, strict=True):
        first = run[0]
        settings = first.get("run", {})
        chosen = {k: v for k, v in settings.get("options", {}).items() if k != "data"}
        variant = "<br>".join(
            f"<code>{html.escape(x)}</code>" for x in described_changes(first["game"], first.get("variant"))
        )
        rows.append(
            (
                html.escape(name),
                str(len(run)),
                html.escape(", ".join(str(a) for a in settings.get("agents", first["agents"]))),
                html.escape(str(settings.get("seed", "?"))),
                html.escape(", ".join(f"{k}={v}" for k, v in sorted(chosen.items())) or "the defaults"),
                variant or "none (the shipped data)",
                html.escape(str(settings.get("fingerprint", "not recorded"))),
            )
        )
    base = runs.games[0]
    notes = []
    for name, run in zip(runs.names[1:], runs.games[1:], strict=True):
        label = html.escape(name)
        if paired(base, run):
            both = len(shared(base, run)[0])
            over = "" if both == len(base) == len(run) else f" (over the {both} games both played)"
            notes.append(
                f"{label} dealt and seated the same games as it (same seed, agents, players and options), "
                f"so its score changes are paired game by game{over}, which leaves the luck of the deal out."
            )
        else:
            notes.append(
                f"{label} played other deals or seatings (another seed, agents or options): its changes "
                "compare independent samples, with wider intervals."
            )
        if run[0].get("run", {}).get("fingerprint") != base[0].get("run", {}).get("fingerprint"):
            notes.append(
                f"<strong>{label} ran on other rules or data files than the first (see the fingerprints): "
                "a change may come from that, not from its variant.</strong>"
            )
    for name, run in zip(runs.names, runs.games, strict=True):
        gap = missing_games(run)
        if gap:
            notes.append(
                f"<strong>{html.escape(name)}: {html.escape(gap)}; the same <code>skyhall sim</code> command "
                "with its file as <code>--out</code> plays them again.</strong>"
            )
    warning = _not_repeatable(a for run in runs.games for a in run[0].get("run", {}).get("agents", []))
    if warning:
        notes.append(warning)
    cells = sum(len(found) for found in (win_shifts(base, run, by_seat) for run in runs.games[1:]))
    text = (
        f"Each run is compared with the first, <b>{html.escape(runs.names[0])}</b>. {' '.join(notes)} "
        f"Bold: the 95% interval of the change leaves out 0; with {cells} win-rate changes by seat, about "
        f"{cells / 20:.1f} would be bold by chance alone."
    )
    head = ("run", "games", "agents (first game's seats)", "seed", "options", "variant", "rules and data")
    return _section("summary", "The runs", text, _table(head, rows))


def _shift_rows(
    runs: Runs,
    shifts: Sequence[Sequence[Shift]],
    value: Callable[[float], str],
    change: Callable[[float], str],
    labels: Mapping[str, str] | None = None,
) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
    keys = [s.key for s in shifts[0]]
    head: tuple[str, ...] = ("", runs.names[0])
    for name in runs.names[1:]:
        head += (name, "change", "95% interval")
    rows = []
    for k, key in enumerate(keys):
        row: tuple[str, ...] = (html.escape((labels or {}).get(key, key)), value(shifts[0][k].before))
        for found in shifts:
            s = next((x for x in found if x.key == key), None)
            if s is None:
                row += ("–", "–", "–")
                continue
            shown = change(s.change)
            row += (
                value(s.after),
                f"<b>{shown}</b>" if s.clear else shown,
                f"{change(s.low)} – {change(s.high)}",
            )
        rows.append(row)
    return head, rows


def _shift_figure(
    plt: Any,
    runs: Runs,
    shifts: Sequence[Sequence[Shift]],
    xlabel: str,
    title: str,
    percent: bool = False,
    labels: Mapping[str, str] | None = None,
) -> str:
    """The change of each key in each run against the first, with its interval (``percent``: the changes
    are shares, drawn as percentage points, as the table gives them)."""
    keys = [s.key for s in shifts[0]]
    fig, ax = plt.subplots(figsize=(FIGURE_WIDTH, 0.5 * len(keys) * len(shifts) + 1.8))
    height = 0.8 / len(shifts)
    colours = ("#4c78a8", "#f58518", "#54a24b", "#b279a2", "#e45756")
    for j, (name, found) in enumerate(zip(runs.names[1:], shifts, strict=True)):
        by_key = {s.key: s for s in found}
        points = [(k + j * height, by_key[key]) for k, key in enumerate(keys) if key in by_key]
        ax.errorbar(
            [s.change for _, s in points],
            [y for y, _ in points],
            xerr=_spans([(s.change, s.low, s.high) for _, s in points]),
            fmt="o",
            color=colours[j % len(colours)],
            capsize=3,
            label=name,
        )
    ax.axvline(0, color="black", linewidth=1)
    ax.set_yticks(
        [k + (len(shifts) - 1) * height / 2 for k in range(len(keys))],
        [(labels or {}).get(k, k) for k in keys],
    )
    ax.invert_yaxis()
    ax.set_xlabel(xlabel)
    if percent:
        _percent_axis(ax)
    ax.set_title(title)
    # beside the plot: inside, "best" may still sit on a point's interval
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), title="run")
    return _png(plt, fig, title)


def _win_shift_section(plt: Any, runs: Runs, label: str, key: Key) -> str:
    shifts = [win_shifts(runs.games[0], run, key) for run in runs.games[1:]]
    title = f"Win rate by {label}"
    head, rows = _shift_rows(runs, shifts, _pct, lambda x: signed(x, "+.1%"))
    figure = _shift_figure(
        plt, runs, shifts, f"win rate change against {runs.names[0]} (95% Newcombe interval)", title, True
    )
    text = (
        f"Share of games won by each {label} in each run, and the change from {html.escape(runs.names[0])}."
    )
    return _section(f"win-rate-{label}", title, text, figure, _table(head, rows))


def _score_shift_section(plt: Any, runs: Runs, label: str, key: Key) -> str:
    shifts = [score_shifts(runs.games[0], run, key) for run in runs.games[1:]]
    title = f"Mean score by {label}"
    head, rows = _shift_rows(runs, shifts, lambda x: f"{x:.1f}", signed)
    figure = _shift_figure(
        plt, runs, shifts, f"mean score change against {runs.names[0]} (95% interval)", title
    )
    text = (
        f"Mean final score of each {label} in each run, and the change from {html.escape(runs.names[0])} "
        "(paired game by game where the runs dealt the same games)."
    )
    return _section(f"score-{label}", title, text, figure, _table(head, rows))


def _changes_of(game: Game) -> list[Change]:
    """The fields a run's variant changes against the data installed here (none when it cannot say)."""
    try:
        return changes(str(game["game"]), game.get("variant"))
    except (DataError, KeyError):
        return []


def changed_items(found: Sequence[Sequence[Impact]], edited: Sequence[Sequence[Change]]) -> set[str]:
    """The names of the items some run changed against the first: an item whose value differs (a
    token's points), or one whose entry in the data files a run's variant sets otherwise than the
    first's (``B3`` for ``airships.B3.movement``; a Wonder ``12 Open Plaza`` by its number and name; a
    district ``C4 (Central Island)`` by its id)."""
    values: dict[str, set[str]] = {}
    for held in found:
        for i in held:
            values.setdefault(i.name, set()).add(i.value)
    out = {name for name, seen in values.items() if len(seen) > 1}
    first = {c.path: c.after for c in edited[0]}
    entries: list[Mapping[str, Any]] = []
    for run in edited[1:]:
        mine = {c.path: c.after for c in run}
        entries += [
            c.entry
            for c in (*edited[0], *run)
            if c.entry is not None and first.get(c.path) != mine.get(c.path)
        ]
    keys = set()
    for entry in entries:
        if "id" in entry:
            keys.add(str(entry["id"]))
        if "number" in entry and "name" in entry:
            keys.add(f"{entry['number']} {entry['name']}")
        elif "name" in entry:
            keys.add(str(entry["name"]))
    out |= {name for name in values for key in keys if name == key or name.startswith(f"{key} (")}
    return out


def _impact_shift_section(
    plt: Any,
    runs: Runs,
    kind: str,
    found: Sequence[Sequence[Impact]],
    changed: AbstractSet[str] = frozenset(),
) -> str:
    """How each ``kind`` item's impact moved in each run against the first (items held, and missed, in
    :data:`MIN_ITEM_GAMES` seat-games or more in both): the ``changed`` items first, marked, then the
    largest change first; the figure draws the changed items and the :data:`SHOWN_ITEMS` largest changes.
    Items are named with their value in each run where they have one (``colours #1 (10 → 12)``)."""
    title = f"Impact of each {kind}"
    shifts = [impact_shifts(found[0], other, MIN_ITEM_GAMES, changed) for other in found[1:]]
    if not shifts[0]:
        return _section(f"impact-{kind}", title, "", f'<p class="note">{TOO_FEW}</p>')
    labels = {}
    for s in shifts[0]:
        values = [next((i.value for i in run if i.name == s.key), "") for run in found]
        shown = values[0] if len(set(values)) == 1 else " → ".join(v or "–" for v in values)
        label = f"{s.key} ({shown})" if shown else s.key
        labels[s.key] = f"{CHANGED} {label}" if s.key in changed else label
    head, rows = _shift_rows(runs, shifts, lambda x: signed(x, "+.1%"), lambda x: signed(x, "+.1%"), labels)
    others = [s.key for s in shifts[0] if s.key not in changed]
    drawn = {s.key for s in shifts[0] if s.key in changed} | set(others[: 2 * SHOWN_ITEMS])
    figure = _shift_figure(
        plt,
        runs,
        [[s for s in run if s.key in drawn] for run in shifts],
        f"change of (win rate with it − without it) against {runs.names[0]} (approximate 95% interval)",
        f"{title}: the largest changes",
        True,
        labels,
    )
    compared = {s.key for run in shifts for s in run}
    missing = sorted(
        name for name in changed if name not in compared and any(i.name == name for f in found for i in f)
    )
    if changed & compared:
        named = ", ".join(
            html.escape(labels[k].removeprefix(f"{CHANGED} ")) for k in sorted(changed & compared)
        )
        look = f"The items a variant changed come first, marked {CHANGED}: {named}; look at them first."
    else:
        look = f"No {html.escape(kind)} was changed by a variant here."
    if missing:
        look += (
            f" Changed but not compared (held, or missed, in fewer than {MIN_ITEM_GAMES} seat-games in a "
            f"run): {html.escape(', '.join(missing))}."
        )
    text = (
        f"For each {html.escape(kind)}: the win rate of seats that ended the game with it minus that of "
        f"seats that did not, in each run, and its change from {html.escape(runs.names[0])} (largest "
        "first; bold: the approximate interval leaves out 0). An association, not a cause, as in a single "
        f"run's report; with {len(shifts[0])} items about {len(shifts[0]) / 20:.1f} changes would be bold by "
        f"chance alone. {look}"
    )
    return _section(f"impact-{kind}", title, text, figure, _table(head, rows))


CHANGED = "◆"
"""Marks, in a comparison, an item a variant changed."""


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _percent_axis(ax: Any) -> None:
    """Label a share axis in percent, as the tables beside the plots give shares."""
    from matplotlib.ticker import PercentFormatter

    ax.xaxis.set_major_formatter(PercentFormatter(1.0))


def _png(plt: Any, fig: Any, alt: str) -> str:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100, bbox_inches="tight")
    plt.close(fig)
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f'<img alt="{html.escape(alt)}" src="data:image/png;base64,{data}">'


def _table(head: Sequence[str] | None, rows: Sequence[Sequence[str]]) -> str:
    """A table; ``head`` ``None`` for one of names and values, which needs no header row."""
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    if head is None:
        return f"<table><tbody>{body}</tbody></table>"
    cells = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    return f"<table><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>"


def signed(x: float, spec: str = "+.1f") -> str:
    """``x`` with its sign, as ``format(x, spec)``, but a value that rounds to zero is ``+0.0``, never
    ``-0.0`` (an interval read ``-7.0 – -0.0``)."""
    text = format(x, spec)
    return format(0.0, spec) if float(text.rstrip("%")) == 0 else text


def _section(anchor: str, title: str, text: str, *parts: str) -> str:
    inner = "\n".join(parts)
    return f'<section id="{anchor}"><h2>{html.escape(title)}</h2><p>{text}</p>\n{inner}</section>'


def _groupings(multi: bool) -> list[tuple[str, Key]]:
    """By seat, and by agent when more than one agent played."""
    keys: list[tuple[str, Key]] = [("seat", by_seat)]
    if multi:
        keys.append(("agent", by_agent))
    return keys


def _spans(points: Sequence[tuple[float, float, float]]) -> list[list[float]]:
    """Error-bar lengths below and above each ``(value, low, high)`` (never negative from rounding)."""
    return [[max(0.0, v - lo) for v, lo, _ in points], [max(0.0, hi - v) for v, _, hi in points]]


def _pct(x: float) -> str:
    return f"{x:.1%}"


def _summary(games: Sequence[Game], multi: bool, source: str | None = None) -> str:
    first = games[0]
    run = first.get("run", {})
    agents = ", ".join(html.escape(str(a)) for a in run.get("agents", first["agents"]))
    variant = first.get("variant")
    chosen = {k: v for k, v in run.get("options", {}).items() if k != "data"}
    options = ", ".join(f"{k}={v}" for k, v in sorted(chosen.items()))
    rows = [("results file", f"<code>{html.escape(source)}</code>")] if source else []
    rows += [
        ("game", html.escape(f"{game_title(str(first['game']))} ({first['game']})")),
        ("games", str(len(games))),
        ("players", str(first["players"])),
        ("agents (first game's seats)", agents),
        ("seed", html.escape(str(run.get("seed", "?")))),
        ("options", html.escape(options) if options else "the defaults"),
        ("plays first", html.escape(seat_label(first_seat(games)))),
        (
            "variant",
            "<br>".join(f"<code>{html.escape(s)}</code>" for s in described_changes(first["game"], variant))
            or "none (the shipped data)",
        ),
        ("rules and data", html.escape(str(run.get("fingerprint", "not recorded")))),
    ]
    players = first["players"]
    missing = missing_games(games)
    if missing:
        text = (
            f"<strong>{html.escape(missing)}: the seat rotation is incomplete around them, so the agents "
            "did not all play every seat equally often. Running the same <code>skyhall sim</code> command "
            "with this file as <code>--out</code> plays them again (game i of a run is always the same "
            "game).</strong>"
        )
    elif len(games) % players == 0:
        text = "Seats rotate over paired deals, so every agent plays every seat on the same deals."
    else:
        text = (
            f"<strong>{len(games)} games is not a multiple of {players} players: the last deal's seat "
            "rotation is incomplete, so the agents did not all play every seat equally often.</strong>"
        )
    text += " A first place shared by k seats counts 1/k of a win for each. Intervals are 95%."
    if not multi:
        text += " One agent filled every seat: differences between seats are the game's own."
    warning = _not_repeatable(run.get("agents", first["agents"]))
    if warning:
        text += f" {warning}"
    return _section("summary", "The run", text, _table(None, rows))


def missing_games(games: Sequence[Game]) -> str:
    """``""``, or which game numbers of the run are missing before the last one in ``games``:
    ``Games 10–18 of the run are missing from the file (9 games)``."""
    held = {int(g["index"]) for g in games}
    gaps = sorted(set(range(max(held) + 1)) - held) if held else []
    if not gaps:
        return ""
    spans: list[list[int]] = []
    for number in gaps:
        if spans and spans[-1][1] == number - 1:
            spans[-1][1] = number
        else:
            spans.append([number, number])
    named = [f"{a}" if a == b else f"{a}–{b}" for a, b in spans[:6]] + (["…"] if len(spans) > 6 else [])
    word = "Game" if len(gaps) == 1 else "Games"
    return (
        f"{word} {', '.join(named)} of the run {'is' if len(gaps) == 1 else 'are'} missing from the file "
        f"({plural(len(gaps), 'game')} before its last, game {max(held)})"
    )


def _not_repeatable(agents: Iterable[object]) -> str:
    """A warning naming the ``agents`` that stop thinking at a time limit, or ``""`` when none does."""
    timed = timed_agents(agents)
    if not timed:
        return ""
    return (
        f"<strong>Not repeatable: {'the agent' if len(timed) == 1 else 'the agents'} "
        f"{html.escape(', '.join(timed))} {'stops' if len(timed) == 1 else 'stop'} thinking at a time limit, "
        "so these "
        "games depend on the machines' speed and load, and the same seed may give other games.</strong>"
    )


def first_seat(games: Sequence[Game]) -> int:
    """The seat that plays first in the run's games (its ``first_player`` option; seat 0 without one)."""
    first = games[0].get("run", {}).get("options", {}).get("first_player", 0)
    return first if isinstance(first, int) and not isinstance(first, bool) else 0


def _rates_section(plt: Any, anchor: str, title: str, found: Sequence[Rate], games: Sequence[Game]) -> str:
    fair = 1 / games[0]["players"]
    by_agents = anchor.endswith("agent")
    first = seat_label(first_seat(games))
    if not by_agents:  # the seat table says which seat plays first: seat 0 only when no option moves it
        found = [replace(r, key=f"{r.key}, plays first") if r.key == first else r for r in found]
        title = f"{title} ({first} plays first)"
    fig, ax = plt.subplots(figsize=(FIGURE_WIDTH, 0.6 * len(found) + 1.8))
    names = [r.key for r in found]
    y = list(range(len(found)))
    ax.barh(y, [r.rate for r in found], color="#4c78a8")
    ax.errorbar(
        [r.rate for r in found],
        y,
        xerr=_spans([(r.rate, r.low, r.high) for r in found]),
        fmt="none",
        ecolor="black",
        capsize=4,
    )
    ax.axvline(fair, color="#e45756", linestyle="--", label=f"equal share (1/{games[0]['players']})")
    ax.set_yticks(y, names)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    _percent_axis(ax)
    ax.set_xlabel("win rate (share of games won), with 95% Wilson interval")
    ax.set_title(title)
    ax.legend(loc="lower right")
    rows = [
        (
            html.escape(r.key),
            str(r.games),
            wins_text(r.wins),
            _pct(r.rate),
            f"{_pct(r.low)} – {_pct(r.high)}",
            f"{r.mean_score:.1f}",
        )
        for r in found
    ]
    text = (
        f"Share of games won. {html.escape(first)} plays first, and the others follow in turn. The dashed "
        "line is what every seat would win if the game were fair; an interval that misses it is a real "
        "difference at the 95% level."
        if not by_agents
        else "Share of its seat-games each agent won (an agent in two seats of a game counts both). The "
        "dashed line is the share of an agent no better than the others; an interval that misses it is a "
        "real difference at the 95% level."
    )
    head = ("", "seat-games" if by_agents else "games", "wins", "win rate", "95% interval", "mean score")
    return _section(anchor, title, text, _png(plt, fig, title), _table(head, rows))


def _scores_section(plt: Any, games: Sequence[Game], multi: bool) -> str:
    figures = []
    keys = _groupings(multi)
    rows = []
    for label, key in keys:
        found = rates(games, key)
        fig, ax = plt.subplots(figsize=(FIGURE_WIDTH, 0.6 * len(found) + 1.8))
        ax.boxplot([list(r.scores) for r in found], orientation="horizontal", showmeans=True)
        ax.set_yticks(range(1, len(found) + 1), [r.key for r in found])
        ax.invert_yaxis()
        ax.set_xlabel("final score (points); box: middle half, line: median, triangle: mean")
        ax.set_title(f"Score distribution by {label}")
        figures.append(_png(plt, fig, f"Score distribution by {label}"))
        for r in found:
            ordered = sorted(r.scores)
            rows.append(
                (
                    html.escape(r.key),
                    f"{r.mean_score:.1f}",
                    str(ordered[len(ordered) // 2]),
                    str(ordered[0]),
                    str(ordered[-1]),
                )
            )
    text = "How many points each seat (and agent) ends with; a wide box means a swingy game."
    return _section("scores", "Scores", text, *figures, _table(("", "mean", "median", "min", "max"), rows))


def _length_section(plt: Any, games: Sequence[Game]) -> str:
    from matplotlib.ticker import MaxNLocator

    lengths = [int(g["decisions"]) for g in games]
    fig, ax = plt.subplots(figsize=(FIGURE_WIDTH, 3.5))
    ax.hist(lengths, bins=min(30, max(5, len(set(lengths)))), color="#72b7b2", edgecolor="white")
    ax.set_xlabel("decisions in the game (every choice of every seat; forced moves not counted)")
    ax.set_ylabel("games")
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))  # a count of games: no 2.5
    ax.set_title("Game length")
    ordered = sorted(lengths)
    rows = [
        (
            f"{sum(lengths) / len(lengths):.1f}",
            str(ordered[len(ordered) // 2]),
            str(ordered[0]),
            str(ordered[-1]),
        )
    ]
    text = "How long games run, in decisions."
    return _section(
        "length",
        "Game length",
        text,
        _png(plt, fig, "Game length"),
        _table(("mean", "median", "min", "max"), rows),
    )


def stacked(bars: Sequence[Sequence[float]]) -> list[list[float]]:
    """Where each bar starts when ``bars`` (one row per category, one value per group) are stacked:
    points rightwards from 0, penalties leftwards from 0, so that no bar hides another."""
    gains = [0.0] * len(bars[0]) if bars else []
    losses = list(gains)
    starts = []
    for values in bars:
        starts.append([gain if v >= 0 else loss for v, gain, loss in zip(values, gains, losses, strict=True)])
        gains = [a + max(0.0, v) for a, v in zip(gains, values, strict=True)]
        losses = [a + min(0.0, v) for a, v in zip(losses, values, strict=True)]
    return starts


def _categories_section(plt: Any, games: Sequence[Game], multi: bool) -> str:
    keys = _groupings(multi)
    figures = []
    tables = []
    for label, key in keys:
        found = categories(games, key)
        names = sorted({c for sheet in found.values() for c in sheet})
        groups = list(found)
        fig, ax = plt.subplots(figsize=(FIGURE_WIDTH, 0.6 * len(groups) + 2.2))
        bars = [[found[g].get(category, 0.0) for g in groups] for category in names]
        for category, values, starts in zip(names, bars, stacked(bars), strict=True):
            ax.barh(range(len(groups)), values, left=starts, label=category)
        ax.axvline(0.0, color="black", linewidth=0.8)
        ax.set_yticks(range(len(groups)), groups)
        ax.invert_yaxis()
        ax.set_xlabel("mean points per game (penalties left of 0)")
        ax.set_title(f"Score by category, by {label}")
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.25), ncol=min(5, len(names)))
        figures.append(_png(plt, fig, f"Score by category, by {label}"))
        rows = [(html.escape(g), *(f"{found[g].get(c, 0.0):.2f}" for c in names)) for g in groups]
        tables.append(_table((label, *names), rows))
    text = "Where the points come from: mean points per game in each category of the score sheet."
    return _section("categories", "Score by category", text, *figures, *tables)


def _impact_section(plt: Any, kind: str, found: Sequence[Impact], multi: bool) -> str:
    shown = [i for i in found if i.with_games >= MIN_ITEM_GAMES and i.without_games >= MIN_ITEM_GAMES]
    between = len(shown) - 2 * SHOWN_ITEMS  # items left out of the figure's middle
    if between > 0:
        shown = [*shown[:SHOWN_ITEMS], *shown[-SHOWN_ITEMS:]]
    parts = []
    title = f"Impact of each {kind}"
    if shown:
        fig, ax = plt.subplots(figsize=(FIGURE_WIDTH, 0.32 * (len(shown) + 2 * (between > 0)) + 1.8))
        # the weakest sit two rows further down when items are left out between: a marked gap
        y = [k + (2 if between > 0 and k >= SHOWN_ITEMS else 0) for k in range(len(shown))]
        if between > 0:
            ax.axhline(SHOWN_ITEMS + 0.5, color="#999999", linestyle=":", linewidth=1)
            ax.text(
                0.5,
                SHOWN_ITEMS + 0.5,
                f"{between} {kind}{'' if between == 1 else 's'} in between left out (the table has all)",
                transform=ax.get_yaxis_transform(),
                ha="center",
                va="center",
                color="#555555",
                backgroundcolor="white",
            )
        ax.errorbar(
            [i.difference for i in shown],
            y,
            xerr=_spans([(i.difference, i.low, i.high) for i in shown]),
            fmt="o",
            color="#4c78a8",
            ecolor="#9ecae9",
            capsize=3,
        )
        ax.axvline(0, color="black", linewidth=1)
        ax.set_yticks(y, [f"{kind} {i.label}" for i in shown])
        ax.invert_yaxis()
        ax.set_xlabel("win rate with it − win rate without it (95% Newcombe interval)")
        _percent_axis(ax)
        ax.set_title(f"{title} (strongest on top; at least {MIN_ITEM_GAMES} seat-games each way)")
        parts.append(_png(plt, fig, title))
    else:
        parts.append(f'<p class="note">{TOO_FEW}</p>')
    rows = [
        (
            html.escape(i.label),
            str(i.with_games),
            _pct(i.with_rate),
            str(i.without_games),
            _pct(i.without_rate),
            f"<b>{signed(i.difference, '+.1%')}</b>"
            if i.low > 0 or i.high < 0
            else signed(i.difference, "+.1%"),
            f"{signed(i.low, '+.1%')} – {signed(i.high, '+.1%')}",
        )
        for i in found
    ]
    head = (
        kind,
        "seat-games with",
        "win rate with",
        "without",
        "win rate without",
        "difference",
        "95% interval",
    )
    bold = sum(1 for i in found if i.low > 0 or i.high < 0)
    text = (
        f"For each {html.escape(kind)}: the win rate of seats that ended the game with it minus that of "
        "seats that did not (bold: the interval excludes 0). This is an association, not a cause: strong "
        f"positions also collect more. {bold} of {len(found)} are bold; with this many comparisons about "
        f"{len(found) / 20:.1f} would be bold by chance alone even if no {html.escape(kind)} mattered, so "
        "trust a difference that is large and stays bold as the games grow."
    )
    if multi:
        text += (
            " Several agents played: these are pooled over them, so an item one agent seeks out looks as "
            "strong as that agent; a run with one agent in every seat measures the items alone."
        )
    return _section(f"impact-{kind}", title, text, *parts, _table(head, rows))


_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="generator" content="skyhall report">
<title>{title}</title>
<style>
body {{ font-family: system-ui, sans-serif; max-width: 960px; margin: 2em auto; padding: 0 1em; }}
h1 {{ font-size: 1.6em; }} h2 {{ margin-top: 2em; border-bottom: 1px solid #ccc; }}
img {{ max-width: 100%; display: block; margin: 1em 0; }}
table {{ border-collapse: collapse; margin: 1em 0; font-size: 0.9em; }}
th, td {{ border: 1px solid #ddd; padding: 0.25em 0.6em; text-align: right; }}
th:first-child, td:first-child {{ text-align: left; }}
thead {{ background: #f3f3f3; }}
</style>
</head>
<body>
<h1>{title}</h1>
{body}
</body>
</html>
"""
