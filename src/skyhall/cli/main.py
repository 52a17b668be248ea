"""The ``skyhall`` command: one typer app, one small module per command."""

from __future__ import annotations

import typer

from skyhall.cli.bench import bench
from skyhall.cli.data import data
from skyhall.cli.play import play
from skyhall.cli.replay import replay
from skyhall.cli.report import report
from skyhall.cli.rules import games, rules
from skyhall.cli.serve import serve
from skyhall.cli.sim import sim
from skyhall.cli.tournament import tournament

app = typer.Typer(
    name="skyhall",
    help="Skyhall: Grand Central Skyport and friends, in the terminal.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.command()(games)
app.command()(rules)
app.command()(play)
app.command()(sim)
app.command()(replay)
app.command()(tournament)
app.command()(report)
app.command()(data)
app.command()(serve)
app.command()(bench)

if __name__ == "__main__":
    app()
