"""``skyhall bench``: how fast the engine and the bots run on this machine.

The same measurements as ``bench/engine.py`` and ``bench/agents.py``
(:mod:`skyhall.sim.speed`), as tables or, with ``--json``, as JSON lines.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from skyhall.agents import make_agent
from skyhall.cli.common import check_players, fail, find_game
from skyhall.core.registry import available
from skyhall.sim.positions import random_positions
from skyhall.sim.speed import agent_speed, engine_speed


def engine_table(lines: list[dict[str, Any]]) -> Table:
    out = Table(
        title="Engine (random playouts, one core)",
        title_justify="left",
        header_style="bold",
        caption="clone / step: the time to copy a state over that of one decision (legal set and apply); "
        "a search bot copies a state per simulation",
        caption_justify="left",
    )
    for name in ("game", "players", "decisions/s", "games/s", "decisions/game", "clone / step"):
        out.add_column(name, justify="left" if name == "game" else "right", overflow="fold")
    for r in lines:
        out.add_row(
            r["game"],
            str(r["players"]),
            f"{r['decisions_per_s']:,}",
            f"{r['games_per_s']:,}",
            f"{r['decisions_per_game']:,}",
            f"{r['clone_over_step']:.2f}",
        )
    return out


def bots_table(lines: list[dict[str, Any]]) -> Table:
    out = Table(title="Bots (seconds per decision)", title_justify="left", header_style="bold")
    for name in ("game", "agent", "mean s", "longest s", "ISMCTS iterations/s"):
        out.add_column(name, justify="left" if name in ("game", "agent") else "right", overflow="fold")
    for r in lines:
        its = r.get("iterations_per_s")
        out.add_row(
            r["game"],
            r["agent"],
            f"{r['decision_s']:.3f}",
            f"{r['max_decision_s']:.3f}",
            "" if its is None else f"{its:,}",
        )
    return out


def bench(
    game_id: Annotated[
        str | None, typer.Argument(metavar="[GAME]", help="Game id (default: every game).")
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Players (default: the middle of the range).")
    ] = None,
    seconds: Annotated[float, typer.Option(help="Seconds of random playouts per game.")] = 3.0,
    agents: Annotated[
        str, typer.Option(help="Comma-separated bots to time ('' for none).")
    ] = "easy,normal,hard",
    positions: Annotated[int, typer.Option(help="Positions each bot decides in, per game.")] = 3,
    seed: Annotated[int, typer.Option(help="Seed of the playouts and positions.")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="JSON lines instead of tables.")] = False,
) -> None:
    """Measure the engine's and the bots' speed on this machine (one core)."""
    games = [find_game(game_id)] if game_id else list(available().values())
    if seconds <= 0 or positions < 1:
        fail("--seconds must be above 0 and --positions at least 1")
    names = [a for a in agents.split(",") if a]
    for name in names:
        try:
            make_agent(name, 0)
        except ValueError as exc:
            fail(str(exc))
    counts = {}
    for game in games:
        spec = game.spec
        counts[game.id] = (spec.min_players + spec.max_players) // 2 if players is None else players
        check_players(game, counts[game.id])
    console = Console(highlight=False)
    engine_lines, bot_lines = [], []
    for game in games:
        line = engine_speed(game, counts[game.id], seconds, seed)
        engine_lines.append(line)
        if as_json:
            print(json.dumps(line), flush=True)
    if not as_json:
        console.print(engine_table(engine_lines))
    for game in games if names else []:
        states = random_positions(game.id, counts[game.id], positions, seed, every=15)
        for name in names:
            line = agent_speed(game.id, name, states, seed)
            bot_lines.append(line)
            if as_json:
                print(json.dumps(line), flush=True)
    if bot_lines and not as_json:
        console.print(bots_table(bot_lines))
