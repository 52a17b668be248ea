"""``skyhall rules`` and ``skyhall games``: what can be played, and how a turn goes."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from skyhall.cli.common import describe_options, find_game, game_text, styled
from skyhall.core.registry import available


def rules(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="Game id (see `skyhall games`).")],
) -> None:
    """Print a game's turn summary: the phases of a turn and how the game ends."""
    game = find_game(game_id)
    text = game_text(game)
    Console(highlight=False).print(styled(text, text.turn_summary()))


def games() -> None:
    """List the games Skyhall can play."""
    table = Table(header_style="bold")
    table.add_column("id")
    table.add_column("title")
    table.add_column("players", justify="right")
    table.add_column("options (skyhall play --option NAME=VALUE)")
    for game_id, game in available().items():
        spec = game.spec
        table.add_row(game_id, spec.title, f"{spec.min_players}-{spec.max_players}", describe_options(game))
    Console(highlight=False).print(table)
