"""``skyhall replay``: step through a recorded game (a record JSON, or one line of a results JSONL)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from skyhall.cli.common import GameText, fail, find_game, game_text, score_sheet, show_log, styled, table_of
from skyhall.core.errors import RecordError
from skyhall.core.record import GameRecord, parse_json
from skyhall.sim import results

KEYS = "Enter/n next, b back, j N jump to decision N, q quit."


def read_record(path: Path, index: int) -> GameRecord:
    """The record in ``path``: a record, an ``Outcome`` holding one, or line ``index`` of a JSONL file."""
    source = str(path)
    try:
        raw = path.read_text(encoding="utf-8")
    except OSError as exc:
        fail(f"cannot read {path}: {exc.strerror}")
    except UnicodeDecodeError:
        fail(f"{path} is not a game record: it is not UTF-8 text")
    lines = [line for line in raw.splitlines() if line.strip()]
    if len(lines) > 1:
        if not 0 <= index < len(lines):
            fail(f"--game-index must be between 0 and {len(lines) - 1} for {path}")
        raw, source = lines[index], f"{path} line {index + 1}"
    elif index != 0:
        fail(f"{path} holds one game; --game-index must be 0")
    data = parse_json(raw, source)
    if isinstance(data, dict) and "record" in data:
        if isinstance(data.get("run"), dict) and "game" in data["run"]:  # a line of `skyhall sim --out`
            try:
                results.played_here(path, [data])
            except results.ResultsError as exc:
                fail(str(exc))
        data, source = data["record"], f"{source}: record"
    return GameRecord.from_dict(data, source)


class Replay:
    """The states after 0..N decisions, drawn from one seat's (or a spectator's) point of view.

    A finished game is shown with every hand and secret revealed, as the browser's replay does (there
    is nothing left to keep). An unfinished one (a saved game) keeps the watcher's secrets: the table
    is the watcher's view, and another seat's decision is told only by what the watcher's log says.
    """

    def __init__(self, console: Console, record: GameRecord, seat: int | None) -> None:
        record.replay()  # every action checked: a RecordError names the game, options or first bad action
        game = find_game(record.game)
        self.console = console
        self.text: GameText = game_text(game)
        self.record = record
        self.seat = seat
        self.codec = game.codec
        state = record.replay(upto=0)
        self.states = [state]
        for notation in record.actions:
            state = state.clone()
            state.apply(self.codec.parse(notation))
            self.states.append(state)
        self.reveal = state.is_over

    def show(self, at: int) -> None:
        state = self.states[at]
        view = state.view(self.seat, reveal=self.reveal)
        self.console.clear()
        self.console.print(table_of(self.text, view, self.console.width, self.console.height))
        total = len(self.record.actions)
        if at:
            before = self.states[at - 1]
            action = self.codec.parse(self.record.actions[at - 1])
            earlier = before.view(self.seat, reveal=self.reveal)
            who = self.text.seat_name(earlier, before.to_act)
            line = Text(f"Decision {at} of {total}: {who}")
            if self.reveal or before.to_act == self.seat:
                words = styled(self.text, self.text.label(earlier, action))
                line.append(": ").append(words).append(f"  [{action}]", style="dim")
            else:  # the choice may be secret from the watcher: the log below says what they may know
                line.append(" decides.")
            self.console.print(line)
            show_log(self.console, self.text, view.log[len(earlier.log) :], "What happened:")
        else:
            self.console.print(f"The start: decision 0 of {total}.")
        if state.is_over:
            self.console.print(score_sheet(self.text, view, state.result()))

    def step(self) -> None:
        """Interactive stepping until ``q`` or the end of input."""
        at = 0
        last = len(self.states) - 1
        said = ""
        while True:
            self.show(at)
            if said:
                self.console.print(said, style="bold")
            said = ""
            try:
                entry = self.console.input(f"[dim]{KEYS}[/] › ").strip().lower()
            except (EOFError, KeyboardInterrupt):
                return
            if entry in ("", "n"):
                said = "This is the last decision." if at == last else ""
                at = min(at + 1, last)
            elif entry == "b":
                said = "This is the start." if at == 0 else ""
                at = max(at - 1, 0)
            elif entry.startswith("j") and entry[1:].strip().isascii() and entry[1:].strip().isdigit():
                wanted = int(entry[1:])
                said = f"There are {last} decisions: showing the last." if wanted > last else ""
                at = min(wanted, last)
            elif entry in ("q", "quit"):
                return
            elif entry in ("?", "h", "help"):  # as in `skyhall play`
                said = KEYS
            else:
                said = f"Not a command: {entry!r}. {KEYS}"


def replay(
    file: Annotated[Path, typer.Argument(help="A record JSON, or a results JSONL from `skyhall sim --out`.")],
    game_index: Annotated[int, typer.Option(help="Which line of a JSONL file (0-based).")] = 0,
    seat: Annotated[
        int | None, typer.Option(help="Watch as this seat (0 is P1) sees it; default: a spectator.")
    ] = None,
    to_end: Annotated[
        bool, typer.Option("--to-end", help="Print the final table and scores, then stop.")
    ] = False,
) -> None:
    """Step through a recorded game."""
    try:
        record = read_record(file, game_index)
        if seat is not None and not 0 <= seat < record.players:
            fail(f"--seat must be between 0 and {record.players - 1}")
        watcher = Replay(Console(highlight=False), record, seat)
    except RecordError as exc:
        fail(f"bad record: {exc}")
    if to_end:
        watcher.show(len(watcher.states) - 1)
        if not watcher.states[-1].is_over:
            watcher.console.print("The record stops here: the game was not played to its end.", style="bold")
    else:
        watcher.step()
