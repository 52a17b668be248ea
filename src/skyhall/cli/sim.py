"""``skyhall sim``: many bot games with seats rotated over paired seeds, in parallel, and a summary table.

The games are played in batches on local processes (``--workers``, one per core by
default) or on a Dask cluster (``--cluster tcp://host:8786``); the results do not
depend on where they were played. ``--out`` appends one JSON line per game and makes
the run resumable: the same command again plays only the games missing from the file.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any, NamedTuple

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.table import Table

from skyhall.agents import make_agent, timed_agents
from skyhall.cli.common import GameOptions, check_players, chosen_options, fail, find_game, writable
from skyhall.core.errors import DataError
from skyhall.core.registry import Game
from skyhall.sim import results, variant
from skyhall.sim.balance import Key, by_agent, by_seat, rates, seat_label, wins_text
from skyhall.sim.parallel import batch_size, executor_for, local_workers, play_all, tasks
from skyhall.sim.runner import Job, Outcome, Run, jobs, seated

INTERRUPTED = 130

Players = Annotated[
    int | None,
    typer.Option("--players", "-p", help="Players (default: one per agent named, else the game's fewest)."),
]
Seed = Annotated[int, typer.Option(help="Seed of the whole run.")]
Workers = Annotated[
    int | None, typer.Option("--workers", "-w", min=1, help="Local worker processes (default: one per core).")
]
Cluster = Annotated[
    str | None, typer.Option(help="Run on the Dask scheduler at this address, e.g. tcp://host:8786.")
]
Sets = Annotated[
    list[str] | None,
    typer.Option(
        "--set",
        help="Change the card data for this run: GAME.FILE.TABLE.FIELD=VALUE (repeatable).",
        show_default=False,
    ),
]
VariantFile = Annotated[
    Path | None,
    typer.Option(
        "--variant",
        help="A TOML overlay on the card data (tables mirror the data files), or an edited copy of one "
        "data file.",
    ),
]


def agent_list(text: str) -> list[str]:
    """The names in ``--agents``, each checked by building it once."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    if not names:
        fail("--agents names no agent")
    for name in names:
        try:
            make_agent(name, 0)
        except ValueError as exc:
            fail(str(exc))
    return names


def warn_clocked(console: Console, names: Sequence[str]) -> None:
    """Say so when an agent stops at a time limit: then the seed does not fix the games."""
    timed = timed_agents(names)
    if timed:
        console.print(
            f"Note: {'the agent' if len(timed) == 1 else 'the agents'} {', '.join(timed)} "
            f"{'stops' if len(timed) == 1 else 'stop'} thinking at a time limit, so "
            "these games depend on this machine's speed and load: the same seed may give other games. "
            "For repeatable runs give search a number of iterations (ismcts:500).",
            style="yellow",
        )


def game_options(
    game: Game,
    file: Path | None,
    settings: Sequence[str] | None,
    entries: Sequence[str] | None = None,
    players: int | None = None,
) -> dict[str, Any]:
    """The ``--option`` choices (seat 0 first unless one sets ``first_player``), plus the checked variant
    overlay (the ``data`` option) if any, its notes printed (a change overriding an earlier one, a
    variant that changes nothing); a game of ``players`` is set up once here, so a bad value fails
    now, not in every worker."""
    try:
        built = variant.prepare(game.id, file, settings or [])
    except DataError as exc:
        fail(f"bad variant: {exc}")
    overlay = built.overlay
    console = Console(highlight=False)
    for note in built.notes:
        console.print(f"Note: {note}.", style="yellow")
    options: dict[str, Any] = chosen_options(game, entries or [])
    if overlay:
        options["data"] = overlay
    options = seated(game.id, options)
    try:
        game.new_game(players or game.spec.min_players, 0, options)
    except ValueError as exc:
        fail(str(exc))
    return options


def progress_bar(console: Console) -> Progress:
    """Games done, games per second and the time left (see :func:`pace`)."""
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]} games/s"),
        TextColumn("{task.fields[left]}"),
        console=console,
    )


def pace(done: int, total: int, seconds: float) -> tuple[str, str]:
    """Games per second and the time left, as shown: the run's own average since it started. Games come
    back a batch at a time, so a rate over the last few updates (rich's) swings from a batch's burst
    to nothing; the average over the whole run settles."""
    if done <= 0 or seconds <= 0:
        return "–", ""
    rate = done / seconds
    left = round((total - done) / rate)
    return f"{rate:.1f}", f"{left // 3600}:{left // 60 % 60:02d}:{left % 60:02d} left"


def played(
    console: Console,
    work: Sequence[tuple[Run, Sequence[Job]]],
    workers: int | None,
    cluster: str | None,
    title: str,
) -> Iterator[list[Outcome]]:
    """Play ``work`` (jobs of one or more runs) under a progress bar; yields finished games in order."""
    total = sum(len(todo) for _, todo in work)
    if not total:  # all played already (a resumed run): no workers to start, no empty progress bar
        return
    try:
        with (
            executor_for(workers or local_workers(), cluster) as (executor, count),
            progress_bar(console) as bar,
        ):
            size = batch_size(total, count)
            task = bar.add_task(title, total=total, rate="–", left="")
            start, done = time.monotonic(), 0
            for finished, ready in play_all(
                [t for run, todo in work for t in tasks(run, todo, size)], executor, count
            ):
                yield ready
                done += finished
                rate, left = pace(done, total, time.monotonic() - start)
                bar.update(task, advance=finished, rate=rate, left=left)
    except RuntimeError as exc:
        fail(str(exc))


class Pending(NamedTuple):
    """What is left of the first games of a run (see :func:`pending`)."""

    run: Run
    """The run as its results file writes it."""
    held: list[dict[str, Any]]
    """Every game the file holds."""
    done: list[dict[str, Any]]
    """Those among the first games asked for."""
    todo: list[Job]
    """The jobs of the others."""


def pending(run: Run, games: int, out: Path | None, *, cut: bool = True) -> Pending:
    """What is left of the first ``games`` games of ``run``, given its results file ``out`` (if any).
    A file of another run exits with its error; ``cut=False`` leaves a torn last line for
    :func:`results.cut_torn` (see :func:`results.resume`)."""
    try:
        held = results.resume(out, run, cut=cut) if out is not None else []
    except results.ResultsError as exc:
        fail(str(exc))
    if held and held[0]["run"] != run.to_dict():  # the same data, its variant written otherwise
        run = replace(run, options=held[0]["run"]["options"])
    done = [g for g in held if g["index"] < games]
    have = {g["index"] for g in done}
    return Pending(run, held, done, [job for job in jobs(run, games) if job.index not in have])


def play_run(
    console: Console,
    run: Run,
    games: int,
    out: Path | None,
    workers: int | None,
    cluster: str | None,
    title: str,
) -> tuple[list[dict[str, Any]], int, bool]:
    """Play the games of ``run`` not yet in ``out``; every game's line, in order, how many games
    ``out`` holds then (a file may hold more games of the run than were asked for this time), and
    whether Ctrl-C stopped the run (the lines are then the games finished before it)."""
    run, held, done, todo = pending(run, games, out)
    beyond = len(held) - len(done)
    if beyond:
        rest = f"the other {len(todo)} are played now" if todo else "so no game is played now"
        console.print(
            f"{out} holds {len(held)} games of this run, more than the {games} asked for: {len(done)} of "
            f"the first {games} are there, {rest}. The summary covers the first {games}; the file keeps "
            f"all {len(held)} (ask for --games {len(held)} to see them all)."
        )
    elif done:
        console.print(
            f"Resuming {out}: {len(done)} of {games} games already played, the other {len(todo)} are "
            "played now."
        )
    lines: list[dict[str, Any]] = []
    try:
        for ready in played(console, [(run, todo)], workers, cluster, title):
            new = [results.line(run, todo[len(lines) + i].index, o) for i, o in enumerate(ready)]
            if out is not None:
                try:
                    results.append(out, new)
                except OSError as exc:
                    fail(f"cannot add to {out} after {len(done) + len(lines)} games: {exc.strerror or exc}")
            lines.extend(new)
    except KeyboardInterrupt:
        kept = len(done) + len(lines)
        if not kept:
            console.print(
                "Interrupted before any game finished: there is nothing to sum up"
                + (f", and {out} gained no game" if out is not None else "")
                + ". Run the command again to start."
            )
        elif out is not None:
            console.print(f"Interrupted after {kept} games: {out} keeps them, and the same command resumes.")
        else:
            console.print(
                f"Interrupted after {kept} games, not saved "
                "(with --out FILE a run keeps its games and resumes)."
            )
        return sorted(done + lines, key=lambda g: int(g["index"])), len(held) + len(lines), True
    return sorted(done + lines, key=lambda g: int(g["index"])), len(held) + len(lines), False


def summary(title: str, column: str, games: Sequence[dict[str, Any]], key: Key) -> Table:
    """Games, wins, win rate with its 95 % interval, and scores, per seat or per agent."""
    out = Table(title=title, title_justify="left", header_style="bold")
    out.add_column(column, overflow="fold")  # wraps at 80 columns, and no cell is cut short
    for name in ("games", "wins", "win rate", "95% interval", "mean score", "min", "max"):
        whole = name in ("win rate", "95% interval")
        out.add_column(name, justify="right", no_wrap=whole, min_width=13 if name == "95% interval" else None)
    for rate in rates(games, key):
        out.add_row(
            rate.key,
            str(rate.games),
            wins_text(rate.wins),
            f"{rate.rate:.1%}",
            f"{rate.low:.1%}–{rate.high:.1%}",
            f"{rate.mean_score:.1f}",
            str(min(rate.scores)),
            str(max(rate.scores)),
        )
    return out


def sim(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="Game id (see `skyhall games`).")],
    players: Players = None,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Games to play.")] = 100,
    seed: Seed = 1,
    agents: Annotated[
        str, typer.Option(help="Comma-separated agent per seat, or one agent for every seat.")
    ] = "random",
    out: Annotated[
        Path | None, typer.Option(help="Append one JSON line per game here (rerun to resume).")
    ] = None,
    workers: Workers = None,
    cluster: Cluster = None,
    settings: Sets = None,
    variant_file: VariantFile = None,
    option: GameOptions = None,
) -> None:
    """Simulate bot games and summarise win rate by seat and agent, scores and game length."""
    game = find_game(game_id)
    names = agent_list(agents)
    count = players if players is not None else (len(names) if len(names) > 1 else game.spec.min_players)
    check_players(game, count)
    if len(names) == 1:
        names *= count
    elif len(names) != count:
        fail(f"--agents names {len(names)} agents for {count} players")
    run = Run(game.id, tuple(names), seed, game_options(game, variant_file, settings, option, count))
    if out is not None:
        writable(out, "the results")

    console = Console(highlight=False)
    warn_clocked(console, names)
    if games % count and len(set(names)) > 1:
        console.print(
            f"Note: {games} games is not a multiple of {count} players, so the last deal's seats do not "
            f"rotate through every agent: use a multiple of {count} to compare seats fairly.",
            style="yellow",
        )
    lines, in_file, interrupted = play_run(console, run, games, out, workers, cluster, game.spec.title)
    if interrupted and not lines:
        raise typer.Exit(INTERRUPTED)

    first = run.options.get("first_player")
    order = f"Player {first + 1} (seat {first}) plays first, " if isinstance(first, int) else ""
    data = run.options.get("data")
    shown = ", ".join(variant.described_changes(game.id, data, shown=6))
    changed = f" with a variant of the card data ({shown})," if data else ""
    rules = "".join(f" {k}={v}," for k, v in run.options.items() if k not in ("data", "first_player"))
    played = f"{len(lines)} of {games}" if interrupted else str(games)
    console.print(
        f"{played} games of {game.spec.title},{changed}{rules} {count} players, seed {seed}; {order}"
        "seats rotate over paired deals. A shared first place counts as 1/k of a win for each of the "
        "k winners."
    )
    starts = seat_label(first if isinstance(first, int) else 0)
    console.print(summary(f"By seat ({starts} plays first)", "seat", lines, by_seat))
    if len(set(names)) > 1:
        console.print(summary("By agent", "agent", lines, by_agent))
    console.print(f"Mean game length: {sum(g['decisions'] for g in lines) / len(lines):.1f} decisions.")
    if out is not None:
        console.print(
            f"{out} holds {in_file} games (watch one with: skyhall replay {out} --game-index N; "
            f"report: skyhall report {out} -o report.html)."
        )
    if interrupted:
        raise typer.Exit(INTERRUPTED)
