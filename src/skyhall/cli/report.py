"""``skyhall report``: a results file of ``skyhall sim --out`` turned into one self-contained HTML page."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from skyhall.cli.common import fail, writable, write_text
from skyhall.sim import results
from skyhall.sim.report import build


def report(
    source: Annotated[
        Path, typer.Argument(metavar="RESULTS", help="A results JSONL from `skyhall sim --out`.")
    ],
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="The HTML page to write (default: RESULTS with .html)."),
    ] = None,
) -> None:
    """Win rates by seat and agent, score distributions, game length, categories and per-card impact."""
    try:
        games = results.read(source)
        results.one_run(source, games)
    except results.ResultsError as exc:
        fail(str(exc))
    if not games:
        fail(f"{source} holds no games")
    target = writable(output or source.with_suffix(".html"), "the report")
    console = Console(highlight=False)
    columns = (TextColumn("replaying"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=console) as bar:
        task = bar.add_task("", total=len(games))
        try:
            page = build(games, on_replay=lambda: bar.advance(task))
        except ValueError as exc:
            fail(str(exc))
    write_text(target, page, "the report")
    console.print(f"Wrote {target} ({len(games)} games, {len(page) // 1024} KB).")
