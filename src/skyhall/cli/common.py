"""What the commands share: finding a game and its text module, drawing views, score sheets, errors.

A game's terminal text lives in its ``text`` module (found by
:func:`skyhall.core.text.text_module`) and follows :class:`GameText`. It returns plain
text only; this module frames it with rich and colours it by the game's
``HIGHLIGHTS``. A game without a text module can still be simulated; the commands
that draw a table say which module is missing.
"""

from __future__ import annotations

import contextlib
import difflib
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from skyhall.core.registry import Game, get
from skyhall.core.result import Result
from skyhall.core.text import GameText as GameText  # noqa: PLC0414  (re-exported for the commands)
from skyhall.core.text import MissingText, group_of, listed, text_module, tie_words

USAGE_ERROR = 2

GROUP_AT = 10
"""From this many choices on, choices the text module groups are drawn grouped and in columns."""
ROOM_BELOW = 14
"""Lines kept free under the table for the latest events and the choices."""


def fail(message: str) -> NoReturn:
    """Print a one-line error and leave with exit code 2 (no traceback)."""
    Console(stderr=True).print(Text(f"Error: {message}", style="bold red"))
    raise typer.Exit(USAGE_ERROR)


def writable(path: Path, what: str) -> Path:
    """``path``, once it is known that ``what`` can be written there (created, replaced or added to):
    checked before any work, so that a long run never ends in an error it could have given at once."""
    folder = path.parent
    if path.is_dir():
        fail(f"cannot write {what} to {path}: it is a folder")
    if not folder.is_dir():
        fail(f"cannot write {what} to {path}: there is no folder {folder}")
    if not os.access(folder, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.W_OK)):
        fail(f"cannot write {what} to {path}: permission denied")
    return path


def write_text(path: Path, text: str, what: str) -> None:
    """Write ``text`` to ``path`` whole or not at all (a file beside it, then renamed over it, so that
    an interruption never leaves half a file); a failure (a full disk, say) is one line naming it, not
    a traceback."""
    part = path.with_name(f".{path.name}.part")
    try:
        part.write_text(text, encoding="utf-8")
        part.replace(path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            part.unlink()
        fail(f"cannot write {what} to {path}: {exc.strerror or exc}")


def find_game(game_id: str) -> Game:
    try:
        return get(game_id)
    except KeyError as exc:
        fail(str(exc.args[0]))


def check_players(game: Game, players: int) -> None:
    try:
        game.spec.check_players(players)
    except ValueError as exc:
        fail(str(exc))


GameOptions = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        metavar="NAME=VALUE",
        help="A game option, repeatable: first_player=1 (a seat, 0 is P1), city_keys=off… "
        "(see `skyhall games`).",
        show_default=False,
    ),
]
"""``--option NAME=VALUE`` of ``play``, ``sim`` and ``tournament`` (read by :func:`chosen_options`)."""


def chosen_options(game: Game, entries: Sequence[str]) -> dict[str, object]:
    """The ``NAME=VALUE`` entries of ``--option`` as the game's options: only those players choose
    (:attr:`~skyhall.core.spec.GameSpec.offered`), a seat option's value a seat number, the others text.
    The game itself checks the values when it sets up."""
    offered = game.spec.offered
    names = ", ".join(offered) or "none"
    chosen: dict[str, object] = {}
    for entry in entries:
        name, equals, value = entry.partition("=")
        name, value = name.strip(), value.strip()
        if not equals or not value:
            fail(f"--option takes NAME=VALUE, not {entry!r} (options of {game.spec.title}: {names})")
        option = offered.get(name)
        if option is None:
            fail(f"{game.spec.title} has no option {name!r} to choose (options: {names})")
        if option.seat and not (value.isascii() and value.isdecimal()):
            fail(f"--option {name} takes a seat number (0 is P1), not {value!r}")
        chosen[name] = int(value) if option.seat else value
    return chosen


def describe_options(game: Game) -> str:
    """The options players choose, with their values, in one line (``skyhall games``)."""
    parts = []
    for name, option in game.spec.offered.items():
        default = game.spec.options[name]
        values = [v for v, _ in option.choices]
        if values and isinstance(default, str):
            values.insert(0, default)
        typed = f"text: {option.hint}" if option.hint else "text"
        kind = "seat" if option.seat else "|".join(values) or typed
        parts.append(f"{name} ({kind})")
    return ", ".join(parts)


def game_text(game: Game) -> GameText:
    """The game's text module (see :mod:`skyhall.core.text`); a clear error when it has none."""
    try:
        return text_module(game)
    except MissingText as exc:
        fail(str(exc))


def styled(text: GameText, body: str) -> Text:
    """Plain game text with the game's colour words coloured: in the colour, or for a light colour
    (white, yellow) in black on it, which reads on a light terminal as on a dark one."""
    out = Text(body)
    for pattern, colour in text.HIGHLIGHTS:
        out.highlight_regex(pattern, _word_style(colour))
    return out


def _word_style(colour: str) -> str:
    """Coloured bold words; black on the colour when it is too light to read on a white background
    (a contrast under 2:1 with white, by WCAG's relative luminance)."""

    def linear(k: int) -> float:
        v = int(colour[k : k + 2], 16) / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    luminance = 0.2126 * linear(1) + 0.7152 * linear(3) + 0.0722 * linear(5)
    return f"bold black on {colour}" if 1.05 / (luminance + 0.05) < 2 else f"bold {colour}"


def table_of(text: GameText, view: Any, width: int, height: int | None = None) -> Group:
    """The whole table seen from ``view``, one panel per section.

    When boxed panels would not leave :data:`ROOM_BELOW` lines of a ``height``-line
    terminal, each section is drawn under a one-line title rule instead (no box),
    which saves two lines per section and gives the text the full width.
    """
    sections = text.render(view, width=max(width - 4, 40))
    boxed = Group(
        *(
            Panel(styled(text, body), title=title, title_align="left", border_style="dim", expand=False)
            for title, body in sections
        )
    )
    tall = sum(body.count("\n") + 3 for _, body in sections)
    if height is None or tall + ROOM_BELOW <= height:
        return boxed
    sections = text.render(view, width=max(width - 1, 40))
    parts: list[RenderableType] = []
    for title, body in sections:
        parts.append(Rule(Text(title, style="bold"), align="left", style="dim"))
        parts.append(styled(text, body))
    return Group(*parts)


def grouped_choices(
    text: GameText, view: Any, legal: Sequence[Any]
) -> list[tuple[str, list[tuple[Any, str]]]] | None:
    """The choices under headings with short labels, if the text module groups them and they are many.

    A text module may define ``group(view, action) -> (heading, short label) | None``
    (:func:`~skyhall.core.text.group_of`). Choices it does not group (``None``) come last under an
    empty heading, with their full label.
    """
    if len(legal) < GROUP_AT:
        return None
    heads: dict[str, list[tuple[Any, str]]] = {}
    rest: list[tuple[Any, str]] = []
    for action in legal:
        found = group_of(text, view, action)
        if found is None:
            rest.append((action, text.label(view, action)))
        else:
            heads.setdefault(found[0], []).append((action, found[1]))
    if not heads:
        return None
    out = list(heads.items())
    if rest:
        out.append(("", rest))
    return out


def column_lines(cells: Sequence[str], width: int, indent: int = 4, gap: int = 3) -> list[list[str]]:
    """``cells`` laid out in as many equal columns as fit in ``width``, filled row by row."""
    size = max(len(cell) for cell in cells) + gap
    per_row = max(1, (width - indent + gap) // size)
    return [list(cells[i : i + per_row]) for i in range(0, len(cells), per_row)]


def nearest(entry: str, notations: Sequence[str]) -> list[str]:
    """Up to three legal notations close to a mistyped ``entry``: among those sharing the most of its
    words (``keep O99 O01`` keeps to the choices with ``O01``), the closest in spelling."""
    key = " ".join(entry.lower().split())
    by_key = {" ".join(n.lower().split()): n for n in notations}
    words = set(key.split())
    shared = {k: len(words & set(k.split())) for k in by_key}
    most = max(shared.values(), default=0)
    near = [k for k in by_key if shared[k] == most]
    return [by_key[k] for k in difflib.get_close_matches(key, near, n=3, cutoff=0.5)]


def show_log(console: Console, text: GameText, lines: Sequence[str], heading: str) -> None:
    """A heading and one bullet per log line; a long line wraps under its own text, not the bullet."""
    if lines:
        console.print(Text(heading, style="bold"))
        grid = Table.grid(padding=(0, 1))
        grid.add_column(no_wrap=True)
        grid.add_column()
        for line in lines:
            grid.add_row("  •", styled(text, line))
        console.print(grid)


def score_sheet(text: GameText, view: Any, result: Result) -> Group:
    """Every scoring line of every seat, the totals and the ranking with its tie-breaks."""
    parts: list[Any] = []
    order = sorted(range(len(result.scores)), key=lambda seat: (result.ranks[seat], seat))
    for seat in order:
        sheet = Table(
            title=f"{text.seat_name(view, seat)}: {result.scores[seat]} points, rank {result.ranks[seat]}",
            title_justify="left",
            show_header=True,
            header_style="bold",
        )
        sheet.add_column("category")
        sheet.add_column("line")
        sheet.add_column("points", justify="right")
        for line in result.breakdown[seat]:
            sheet.add_row(line.category, styled(text, line.label), str(line.points))
        sheet.add_row("", Text("total", style="bold"), Text(str(result.scores[seat]), style="bold"))
        parts.append(sheet)
    ranking = Table(title="Ranking", title_justify="left", header_style="bold")
    ranking.add_column("rank", justify="right")
    ranking.add_column("seat")
    ranking.add_column("points", justify="right")
    for name in text.TIEBREAKS:
        ranking.add_column(f"tie-break: {name}", justify="right")
    for seat in order:
        ties = [str(v) for v in result.tiebreak[seat]] if result.tiebreak else []
        ranking.add_row(str(result.ranks[seat]), text.seat_name(view, seat), str(result.scores[seat]), *ties)
    parts.append(ranking)
    names = [text.seat_name(view, seat) for seat in range(len(result.scores))]
    parts.extend(Text(sentence) for sentence in tie_words(result, names, text.TIEBREAKS))
    verb = "win" if len(result.winners) > 1 else "wins"
    parts.append(Text(f"{listed([names[seat] for seat in result.winners])} {verb}.", style="bold"))
    return Group(*parts)
