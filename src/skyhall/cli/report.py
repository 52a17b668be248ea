"""``skyhall report``: a results file of ``skyhall sim --out`` turned into one self-contained HTML page."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from skyhall.cli.common import fail, writable, write_text
from skyhall.core.errors import RecordError
from skyhall.sim import results
from skyhall.sim.compare import Runs
from skyhall.sim.report import Where, build, build_comparison, missing_games


def looks_like_html(path: Path) -> bool:
    """Whether ``path`` is a page ``skyhall report`` wrote (one it may replace): it names its generator."""
    try:
        with path.open("rb") as page:
            start = page.read(400)
    except OSError:
        return False
    return b'<meta name="generator" content="skyhall report">' in start


def _place(source: Path, numbers: list[int]) -> Where:
    """Where game ``k`` of ``source`` is, once ``numbers`` holds each game's line number."""
    return lambda k: f"{source} line {numbers[k]}"


def report(
    sources: Annotated[
        list[Path],
        typer.Argument(
            metavar="RESULTS...",
            help="A results JSONL from `skyhall sim --out`; two or more: the runs side by side, each "
            "against the first (a baseline and its variants).",
        ),
    ],
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            help="The HTML page to write (default: RESULTS with .html; for several, FIRST-vs-SECOND.html).",
        ),
    ] = None,
) -> None:
    """Win rates by seat and agent, score distributions, game length, categories and per-card impact;
    or, for several runs, how each differs from the first."""
    runs = []
    places: list[Where] = []
    for source in sources:
        numbers: list[int] = []
        places.append(_place(source, numbers))
        try:
            games = results.read(source, numbers)
            results.one_run(source, games)
        except results.ResultsError as exc:
            fail(str(exc))
        if not games:
            fail(f"{source} holds no games")
        runs.append(games)
    first = sources[0]
    default = (
        first.with_suffix(".html")
        if len(sources) == 1
        else first.with_name(f"{first.stem}-vs-{'-vs-'.join(s.stem for s in sources[1:])}.html")
    )
    target = writable(output or default, "the report")
    if target.exists() and (
        any(target.resolve() == s.resolve() for s in sources) or not looks_like_html(target)
    ):
        fail(f"{target} is not a report written before: it would be replaced (choose another --output)")
    console = Console(highlight=False)
    unreplayable = None
    try:
        for source, games in zip(sources, runs, strict=True):
            results.played_here(source, games)  # the per-item impact replays every game
    except results.ResultsError as exc:
        unreplayable = f"Per-item impact is left out: {exc}."
        console.print(
            f"Note: {unreplayable} The rest of the report needs no replay and is complete.", style="yellow"
        )
    for source, games in zip(sources, runs, strict=True):
        gap = missing_games(games)
        if gap:
            console.print(
                f"Note: {source}: {gap}. The same `skyhall sim` command with --out {source} plays them "
                "again.",
                style="yellow",
            )
    columns = (TextColumn("replaying"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    problem = None
    with Progress(*columns, console=console, disable=unreplayable is not None) as bar:
        task = bar.add_task("", total=sum(len(run) for run in runs))
        try:
            if len(sources) > 1:
                names = tuple(s.stem for s in sources)
                page = build_comparison(
                    Runs(names, tuple(runs)), lambda: bar.advance(task), unreplayable, places
                )
            else:
                page = build(runs[0], lambda: bar.advance(task), unreplayable, places[0], str(sources[0]))
        except (ValueError, RecordError) as exc:
            problem = str(exc)  # said once the bar is gone, on a line of its own
    if problem is not None:
        fail(problem)
    write_text(target, page, "the report")
    left_out = ", per-item impact left out" if unreplayable else ""
    what = f"{len(sources)} runs side by side" if len(sources) > 1 else f"{len(runs[0])} games"
    console.print(f"Wrote {target} ({what}{left_out}, {len(page) // 1024} KB).")
