"""``skyhall play``: a game at the terminal, against bots or hot-seat (every seat human).

The command is the referee: it holds the true state, shows each human only their
seat's view, and passes every entry through :func:`skyhall.core.engine.play`, so
an illegal or mistyped entry is refused with the legal choices and changes nothing.
"""

from __future__ import annotations

import secrets
import shlex
import sys
from collections.abc import Callable
from contextlib import nullcontext, suppress
from pathlib import Path
from typing import Annotated, Any

import typer
from platformdirs import user_data_dir
from rich.console import Console
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from skyhall.agents import Agent, make_agent
from skyhall.cli.common import (
    GameOptions,
    GameText,
    check_players,
    chosen_options,
    column_lines,
    fail,
    find_game,
    game_text,
    grouped_choices,
    nearest,
    score_sheet,
    show_log,
    styled,
    table_of,
    writable,
    write_text,
)
from skyhall.cli.replay import read_record
from skyhall.core.engine import play as checked_play
from skyhall.core.errors import IllegalAction, MalformedAction, RecordError
from skyhall.core.record import GameRecord
from skyhall.core.text import plural

QUIT = ("quit", "exit", "q")
LOG_SHOWN = 30
"""At most this many of the log lines since a seat's last decision are shown at once."""
HELP = ("help", "?", "h")
FULL = ("all", "list")
COMMANDS = (
    "Type a number or the notation in [brackets]. Also: ? help, t table, all every choice in full, "
    "log whole log, quit."
)


class Quit(Exception):
    """The human left the table (``quit``, end of input or Ctrl-C)."""


def drop_typeahead() -> None:
    """Forget what was typed while the bots played, so that it cannot answer a decision the player has
    not seen yet (a terminal on a POSIX system; elsewhere nothing happens)."""
    if not sys.stdin.isatty():
        return
    with suppress(ImportError, OSError):
        import termios  # POSIX only

        termios.tcflush(sys.stdin, termios.TCIFLUSH)


class Match:
    """One game at the terminal: the state, its record, the humans and the bots."""

    def __init__(
        self,
        console: Console,
        text: GameText,
        record: GameRecord,
        state: Any,
        humans: set[int],
        bots: dict[int, Agent],
        saved: Callable[[], None],
    ) -> None:
        self.console = console
        self.text = text
        self.record = record
        self.state = state
        self.humans = humans
        self.bots = bots
        self.saved = saved
        """Called after every decision (the record is written as the game goes)."""
        self.hotseat = len(humans) > 1
        self.bots_moved = False
        """Whether a bot decided since the humans last typed (see :func:`drop_typeahead`)."""
        self.seen = dict.fromkeys(humans, 0)
        """Per human seat, how many log lines it has been shown."""
        self.facing: int | None = None
        """The human seat the screen currently belongs to."""

    def run(self) -> bool:
        """Play to the end; ``False`` when a human quit first (Ctrl-C included, while bots think too)."""
        state = self.state
        try:
            while not state.is_over:
                seat = state.to_act
                if seat in self.bots:
                    with self.thinking(seat):
                        action = self.bots[seat].choose(state.view(seat, log=False), state.legal_actions())
                    self.record.actions.append(str(checked_play(state, action, seat)))
                    self.bots_moved = True
                else:
                    self.decide(seat)
                self.saved()
        except (Quit, KeyboardInterrupt):
            return False
        self.finish()
        return True

    def thinking(self, seat: int) -> Any:
        """A spinner saying which bot is thinking (on a terminal only)."""
        if not self.console.is_terminal or self.console.is_dumb_terminal:
            return nullcontext()
        who = self.text.seat_name(self.state.view(None, log=False), seat)
        return self.console.status(f"{who} is thinking… (Ctrl-C leaves the game)")

    def ask(self, prompt: str) -> str:
        try:
            return self.console.input(prompt)
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            raise Quit from None

    def pass_device(self, seat: int, view: Any) -> None:
        """Hot-seat: blank the screen and its scrollback so the next player cannot see the last hand.

        A terminal that cannot be cleared (``TERM=dumb``, an editor's shell, a pipe) gets blank lines
        to push the hand off the screen, and the players are told that scrolling back shows it."""
        clears = self.console.is_terminal and not self.console.is_dumb_terminal
        if clears:
            self.console.clear()
            self.console.file.write("\x1b[3J")  # erase the scrollback too (xterm and most terminals)
        else:
            self.console.print("\n" * max(self.console.height, 50))
        who = self.text.seat_name(view, seat)
        self.console.rule(Text(f"Pass the device to {who}", style="bold"))
        if self.facing is None:
            hidden = ""
        elif clears:
            hidden = "The last player's hand is hidden. "
        else:
            hidden = "This terminal cannot be cleared: the last player's hand is only scrolled away. "
        self.console.print(f"{hidden}Press Enter when only {who} is looking.")
        self.ask("")

    def show(self, seat: int) -> Any:
        """Draw the table as ``seat`` sees it and what happened since it last decided."""
        view = self.state.view(seat)
        self.console.clear()
        self.console.print(table_of(self.text, view, self.console.width, self.console.height))
        since = self.latest(view.log[self.seen[seat] :])
        show_log(self.console, self.text, since, "Since your last decision:")
        self.seen[seat] = len(view.log)
        return view

    def latest(self, lines: list[str]) -> list[str]:
        """At most :data:`LOG_SHOWN` of ``lines``, the last ones (a resumed game's log is the whole game),
        after a note of how many earlier ones are left out."""
        if len(lines) <= LOG_SHOWN:
            return lines
        earlier = len(lines) - LOG_SHOWN
        self.console.print(Text(f"({plural(earlier, 'earlier line')}: type log to see them)", style="dim"))
        return lines[earlier:]

    def choices(self, view: Any, legal: list[Any], full: bool = False) -> list[Any]:
        """Print the numbered choices; returns them in the order they are numbered.

        Many choices that the text module groups are drawn compactly, under headings
        and in columns, without their notation (``all`` prints the full list).
        """
        self.console.print(Text(self.text.prompt(view), style="bold"))
        groups = None if full else grouped_choices(self.text, view, legal)
        if groups is None:
            self.console.print(self.grid(view, list(enumerate(legal, 1))))
            return legal
        order: list[Any] = []
        digits = len(str(len(legal)))
        headed = [(heading, items) for heading, items in groups if heading]
        size = max(len(label) for _, items in headed for _, label in items) + digits + 4
        lead = max(len(heading) for heading, _ in headed) + 1
        # A heading and all its choices on one line when every group fits so; else the choices go under it.
        inline = all(lead + 2 + len(items) * size <= self.console.width for _, items in headed)
        for heading, items in groups:
            first = len(order) + 1
            order.extend(action for action, _ in items)
            if not heading:
                grid = self.grid(view, list(enumerate(order[first - 1 :], first)))
                self.console.print(Padding(grid, (0, 0, 0, 2)))
                continue
            cells = [f"{n:>{digits}} {label}".ljust(size - 3) for n, (_, label) in enumerate(items, first)]
            if inline:
                rows = [cells]
            else:
                self.console.print(styled(self.text, heading))
                rows = column_lines(cells, self.console.width)
            for row in rows:
                line = Text(heading.ljust(lead) + " ") if inline else Text("  ")
                for cell in row:
                    line.append(cell.ljust(size))
                line.rstrip()
                self.console.print(styled(self.text, line.plain), no_wrap=True, overflow="ellipsis")
        self.console.print(Text("Type all to see every choice in full, with its notation.", style="dim"))
        return order

    def grid(self, view: Any, numbered: list[tuple[int, Any]]) -> Table:
        """Numbered choices one to a line: number, label in full, notation."""
        grid = Table.grid(padding=(0, 2))
        grid.add_column(justify="right")
        grid.add_column()
        grid.add_column(style="dim", no_wrap=True)
        for number, action in numbered:
            grid.add_row(str(number), styled(self.text, self.text.label(view, action)), Text(f"[{action}]"))
        return grid

    def decide(self, seat: int) -> None:
        view = self.state.view(seat)
        if self.hotseat and self.facing != seat:
            self.pass_device(seat, view)
        self.facing = seat
        view = self.show(seat)
        legal = list(self.state.legal_actions())
        numbered = self.choices(view, legal)
        who = self.text.seat_name(view, seat)
        if self.bots_moved:
            drop_typeahead()
            self.bots_moved = False
        while True:
            entry = self.ask(f"{who} › ").strip()
            if not entry:
                continue
            word = entry.lower()
            if word in QUIT:
                raise Quit
            if word in HELP:  # how a turn goes (skyhall rules), then what can be typed
                self.console.print(styled(self.text, self.text.turn_summary()))
                self.console.print(COMMANDS, markup=False)
                numbered = self.choices(view, legal)
                continue
            if word in ("t", "table"):
                self.show(seat)
                numbered = self.choices(view, legal)
                continue
            if word in FULL:
                numbered = self.choices(view, legal, full=True)
                continue
            if word == "log":
                show_log(self.console, self.text, view.log, "The whole log:")
                numbered = self.choices(view, legal)
                continue
            action: Any = entry
            if entry.isascii() and entry.isdigit():  # not "²", which is a digit to Python
                if not 1 <= int(entry) <= len(numbered):
                    self.refuse(f"there is no choice {entry} (the choices are 1 to {len(numbered)})")
                    numbered = self.choices(view, legal)
                    continue
                action = numbered[int(entry) - 1]
            try:
                done = checked_play(self.state, action, seat)
            except MalformedAction:
                near = nearest(entry, [str(a) for a in legal])
                if near:
                    self.refuse(
                        f"{entry!r} is not one of the choices now (did you mean {' or '.join(near)}?)"
                    )
                else:
                    self.refuse(
                        f"{entry!r} is not one of the choices now; type a choice's number or its notation "
                        "in [brackets]"
                    )
                numbered = self.choices(view, legal)
                continue
            except IllegalAction as exc:
                self.refuse(exc.reason)
                numbered = self.choices(view, legal)
                continue
            self.record.actions.append(str(done))
            return

    def refuse(self, reason: str) -> None:
        self.console.print(
            Text(f"Not possible: {reason}. Nothing was changed. The legal choices:", style="red")
        )

    def finish(self) -> None:
        """The final table, the last events, the score sheet."""
        seat = next(iter(self.humans)) if not self.hotseat else None
        view = self.state.view(seat)
        self.console.print(table_of(self.text, view, self.console.width, self.console.height))
        since = self.seen[seat] if seat is not None else min(self.seen.values())
        show_log(self.console, self.text, self.latest(view.log[since:]), "The last moves:")
        self.console.print(score_sheet(self.text, view, self.state.result()))


def resumed_record(
    game_id: str, path: Path, players: int | None, seed: int | None, option: list[str] | None
) -> GameRecord:
    """The record ``--resume`` names, once it is known to be this game's and nothing contradicts it."""
    if players is not None or seed is not None or option:
        fail("--resume plays on with the record's players, seed and options: leave out --players, --seed, -o")
    try:
        record = read_record(path, 0)
    except RecordError as exc:
        fail(f"bad record: {exc}")
    if record.game != game_id:
        fail(f"{path} is a game of {record.game}, not {game_id}")
    return record


def play(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="Game id (see `skyhall games`).")],
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", help="Number of players (default: the fewest the game allows)."),
    ] = None,
    seat: Annotated[
        int | None, typer.Option(help="Your seat against bots: 0 is P1, 1 is P2… (default: 0)")
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option(
            help="Agent playing the other seats: easy, normal, hard (up to 1.5 s a move), random, greedy, "
            "ismcts:N (N iterations) or ismcts:250ms (default: normal)."
        ),
    ] = None,
    hotseat: Annotated[bool, typer.Option("--hotseat", help="Every seat human, passing the device.")] = False,
    seed: Annotated[int | None, typer.Option(help="Game seed (default: a fresh random one).")] = None,
    save: Annotated[
        Path | None,
        typer.Option(
            help="Write the game record here, after every decision (default: a new file in Skyhall's "
            "saves folder, named when the game starts). A file holding an unfinished game is not replaced."
        ),
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option(
            help="Go on with a saved game (its players, seed and options come with it); "
            "it is saved back there unless --save names another file."
        ),
    ] = None,
    option: GameOptions = None,
) -> None:
    """Play a game at the terminal against bots, or hot-seat with friends."""
    game = find_game(game_id)
    resumed = None if resume is None else resumed_record(game.id, resume, players, seed, option)
    count = resumed.players if resumed is not None else game.spec.min_players if players is None else players
    check_players(game, count)
    text = game_text(game)
    if hotseat and (bots is not None or seat is not None):
        fail("--hotseat makes every seat human: leave out --bots and --seat, or leave out --hotseat")
    bots = bots or "normal"
    seat = seat or 0
    if not hotseat and not 0 <= seat < count:
        fail(f"--seat must be between 0 and {count - 1}")
    if not hotseat:
        try:
            make_agent(bots, 0)
        except ValueError as exc:
            fail(str(exc))
    options = dict(resumed.options) if resumed is not None else chosen_options(game, option or [])
    if save is not None and (resume is None or save.resolve() != resume.resolve()):
        replaceable(save)
    if resumed is not None:
        record, seed = resumed, resumed.seed
        try:
            state = record.replay()
        except RecordError as exc:
            fail(f"bad record: {exc}")
        if state.is_over:
            fail(f"the game in {resume} is over (watch it with: skyhall replay {resume})")
    else:
        seed = secrets.randbelow(2**31) if seed is None else seed
        try:
            record, state = GameRecord.start(game.id, count, seed, options)
        except ValueError as exc:
            fail(str(exc))
    target = save or resume or new_save(game.id, seed)
    writable(target, "the game record")
    humans = set(range(count)) if hotseat else {seat}
    agents = {s: make_agent(bots, seed ^ (s + 1) * 0x9E3779B1) for s in range(count) if s not in humans}
    console = Console(highlight=False)
    chosen = "".join(f", {name}={value}" for name, value in options.items())
    made = len(record.actions)
    again = "" if resumed is None else f", resumed after {plural(made, 'decision')}"
    console.print(f"{game.spec.title}, {count} players, seed {seed}{chosen}{again}. {COMMANDS}", markup=False)
    console.print(f"Saved as you play in {target}.", markup=False)

    def saved() -> None:
        write_text(target, record.to_json() + "\n", "the game record")

    saved()
    match = Match(console, text, record, state, humans, agents, saved)
    if match.run():
        console.print(f"Record saved to {target} (watch it with: skyhall replay {target}).", markup=False)
        return
    saved()  # once more: an interruption may have come between a decision and its saving
    made = len(record.actions)
    command = ["skyhall", "play", game.id, "--resume", str(target)]
    if hotseat:
        command.append("--hotseat")
    else:
        command += ["--seat", str(seat)] if seat else []
        command += ["--bots", bots] if bots != "normal" else []
    console.print(
        f"You left the game after {plural(made, 'decision')} (counting every seat's). It is saved in "
        f"{target}. Go on with:",
        markup=False,
    )
    console.print(shlex.join(command), markup=False, soft_wrap=True)


def new_save(game_id: str, seed: int) -> Path:
    """A file name not yet taken in Skyhall's saves folder (created if missing)."""
    folder = Path(user_data_dir("skyhall")) / "saves"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail(f"cannot make the saves folder {folder}: {exc.strerror or exc}; name a file with --save")
    path, n = folder / f"{game_id}-{seed}.json", 1
    while path.exists():
        n += 1
        path = folder / f"{game_id}-{seed}-{n}.json"
    return path


def replaceable(path: Path) -> None:
    """Refuse to write over a file that holds an unfinished game, or anything else than a game record
    (a finished game may be replaced: it is what playing again with the same --save does)."""
    if not path.is_file():
        return
    try:
        record = GameRecord.from_json(path.read_text(encoding="utf-8"), str(path))
        over = record.replay().is_over
    except (OSError, UnicodeDecodeError, ValueError, RecordError):
        fail(f"{path} exists and is not a Skyhall game record: choose another file for --save")
    if not over:
        fail(f"{path} holds an unfinished game: go on with it (--resume {path}), or choose another file")
