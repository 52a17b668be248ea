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
from skyhall.sim.report import build


def looks_like_html(path: Path) -> bool:
    """Whether ``path`` starts as an HTML page does (one a report may replace)."""
    try:
        with path.open("rb") as page:
            start = page.read(64).lstrip().lower()
    except OSError:
        return False
    return start.startswith((b"<!doctype html", b"<html"))


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
    if target.exists() and (target.resolve() == source.resolve() or not looks_like_html(target)):
        fail(f"{target} is not a report written before: it would be replaced (choose another --output)")
    console = Console(highlight=False)
    columns = (TextColumn("replaying"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=console) as bar:
        task = bar.add_task("", total=len(games))
        try:
            page = build(games, on_replay=lambda: bar.advance(task))
        except (ValueError, RecordError) as exc:
            fail(str(exc))
    write_text(target, page, "the report")
    console.print(f"Wrote {target} ({len(games)} games, {len(page) // 1024} KB).")
