"""``skyhall sim``: many bot games with seats rotated over paired seeds, and a summary table."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, TextIO

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from skyhall.agents import agent_names
from skyhall.cli.common import check_players, fail, find_game
from skyhall.sim.runner import Outcome, run_many


class Tally:
    """Wins (a shared first place split evenly between the tied winners), scores and game lengths."""

    def __init__(self) -> None:
        self.wins: dict[str, float] = defaultdict(float)
        self.scores: dict[str, list[int]] = defaultdict(list)
        self.games = 0
        self.decisions = 0

    def add(self, keys: Sequence[str], outcome: Outcome) -> None:
        for seat, key in enumerate(keys):
            self.scores[key].append(outcome.result.scores[seat])
        for seat in outcome.result.winners:
            self.wins[keys[seat]] += 1 / len(outcome.result.winners)
        self.games += 1
        self.decisions += outcome.decisions

    def table(self, title: str, column: str) -> Table:
        out = Table(title=title, title_justify="left", header_style="bold")
        for name in (column, "games", "wins", "win rate", "mean score", "min", "max"):
            out.add_column(name, justify="left" if name == column else "right")
        for key in sorted(self.scores):
            scores = self.scores[key]
            out.add_row(
                key,
                str(len(scores)),
                f"{self.wins[key]:g}",
                f"{self.wins[key] / len(scores):.1%}",
                f"{sum(scores) / len(scores):.1f}",
                str(min(scores)),
                str(max(scores)),
            )
        return out


def sim(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="Game id (see `skyhall games`).")],
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Players (default: one per agent).")
    ] = None,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Games to play.")] = 100,
    seed: Annotated[int, typer.Option(help="Seed of the whole run.")] = 1,
    agents: Annotated[
        str, typer.Option(help="Comma-separated agent per seat, or one agent for every seat.")
    ] = "random",
    out: Annotated[Path | None, typer.Option(help="Write one JSON line per game here.")] = None,
) -> None:
    """Simulate bot games and summarise win rate by seat, scores and game length."""
    game = find_game(game_id)
    names = [name.strip() for name in agents.split(",") if name.strip()]
    if not names:
        fail("--agents names no agent")
    for name in names:
        if name not in agent_names():
            fail(f"no agent {name!r} (agents: {', '.join(agent_names())})")
    count = players if players is not None else (len(names) if len(names) > 1 else game.spec.min_players)
    check_players(game, count)
    if len(names) == 1:
        names *= count
    elif len(names) != count:
        fail(f"--agents names {len(names)} agents for {count} players")

    console = Console(highlight=False)
    by_seat, by_agent = Tally(), Tally()
    sink: TextIO | None = out.open("w", encoding="utf-8") if out is not None else None

    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]} games/s"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console) as progress:
        task = progress.add_task(f"{game.spec.title}", total=games, rate="–")

        def record(outcome: Outcome) -> None:
            by_seat.add([f"Player {s + 1} (seat {s})" for s in range(count)], outcome)
            by_agent.add(list(outcome.agents), outcome)
            if sink is not None:
                sink.write(json.dumps(outcome.to_dict(), separators=(",", ":")) + "\n")
            progress.advance(task)
            speed = progress.tasks[task].speed
            progress.update(task, rate=f"{speed:.1f}" if speed else "–")

        try:
            run_many(game.id, names, games, seed, on_game=record)
        finally:
            if sink is not None:
                sink.close()

    order = "Player 1 (seat 0) plays first, " if "first_player" in game.spec.options else ""
    console.print(
        f"{games} games of {game.spec.title}, {count} players, seed {seed}; {order}seats rotate over paired "
        "deals. A shared first place counts as 1/k of a win for each of the k winners."
    )
    console.print(by_seat.table("By seat", "seat"))
    if len(set(names)) > 1:
        console.print(by_agent.table("By agent", "agent"))
    console.print(f"Mean game length: {by_seat.decisions / by_seat.games:.1f} decisions.")
    if out is not None:
        console.print(f"Wrote {games} lines to {out} (watch one with: skyhall replay {out} --game-index N).")
