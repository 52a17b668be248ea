"""A game's words: the ``text`` module each game package provides, and how front ends find it.

A game's text lives in ``skyhall.games.<package>.text`` (the package that defines
the game's ``new_game``) and follows :class:`GameText`: plain strings built from a
seat's view, never from the state, so it can only say what that seat may know.
The terminal (``skyhall.cli``) and the browser server (``skyhall.server``) both
find it with :func:`text_module`.

Some functions are optional, and front ends ask for them through the helpers
below, which supply the defaults when a game lacks them:

``read(view) -> list[(title, body)]``
    the table for reading aloud, as a screen reader does: ``render``'s sections with
    nothing laid out in columns or maps (default: ``render(view)``);
``group(view, action) -> (heading, short label) | None``
    a heading to list many choices under (default: none);
``target(view, action) -> tuple[str, ...]``
    the table elements a player clicks, in order, to make the choice (default: none,
    so the choice is offered by its label only);
``unordered(view, action) -> int``
    how many of ``target``'s first clicks may come in any order (default: 0, every
    click in order);
``confirm(view, action) -> str | None``
    a question to confirm before sending the choice (default: none).
"""

from __future__ import annotations

import importlib
import itertools
import re
import textwrap
from collections.abc import Sequence
from typing import Any, Protocol, cast

from skyhall.core.errors import SkyhallError
from skyhall.core.registry import Game
from skyhall.core.result import Result


class GameText(Protocol):
    """The functions and constants a game's ``text`` module provides (plain strings only)."""

    TIEBREAKS: tuple[str, ...]
    """Names of the values in ``Result.tiebreak``, in order."""
    HIGHLIGHTS: tuple[tuple[str, str], ...]
    """``(regular expression, "#rrggbb")``: words to colour (the words themselves name the colour)."""

    def render(self, view: Any, width: int = ...) -> list[tuple[str, str]]:
        """The table seen from ``view`` as ``(title, body)`` sections."""

    def prompt(self, view: Any) -> str:
        """One line on the decision the seat to act faces."""

    def waiting(self, view: Any) -> str:
        """The same decision for everyone else, completing "Player 2 is …" (from ``view`` alone:
        the observer's, which may not show what the seat to act holds)."""

    def label(self, view: Any, action: Any) -> str:
        """A legal action in plain words."""

    def seat_name(self, view: Any, seat: int) -> str: ...

    def turn_summary(self) -> str: ...


class MissingText(SkyhallError):
    """A game without a text module: it can be simulated, but not drawn for people."""


def plural(n: int, word: str, many: str = "") -> str:
    """``1 disc``, ``3 discs`` (``many``: the plural when it is not ``word`` + s)."""
    return f"{n} {word if n == 1 else many or word + 's'}"


def fit(body: str, width: int) -> str:
    """``body`` with each line longer than ``width`` wrapped, continuing two spaces further in than it
    began (so a wrapped line of a list stays under its item, not at the terminal's left edge)."""
    out = []
    for line in body.split("\n"):
        if len(line) <= width:
            out.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip()) + 2)
        out.extend(textwrap.wrap(line, width, subsequent_indent=indent, break_on_hyphens=False))
    return "\n".join(out)


def viewer_last(view: Any) -> list[int]:
    """The seats in order, the viewing seat moved to the end (nearest the choices); a spectator's
    view keeps seat order."""
    seats = list(range(view.players))
    if view.seat is not None:
        seats.remove(view.seat)
        seats.append(view.seat)
    return seats


_ITEM = re.compile(r"\s*\d+\.\s")


def paragraphs(summary: str) -> list[str]:
    """A :meth:`GameText.turn_summary` as paragraphs, its terminal line breaks undone (for a page that
    wraps text itself). Blank lines part paragraphs, and each numbered item (``  1. Arrival: …``) is a
    paragraph of its own, its number kept."""
    found: list[list[str]] = []
    fresh = True
    for line in summary.splitlines():
        if not line.strip():
            fresh = True
            continue
        if fresh or _ITEM.match(line):
            found.append([])
            fresh = False
        found[-1].append(line.strip())
    return [" ".join(words) for words in found]


def text_module(game: Game) -> GameText:
    """The game's text module, found by the package convention above."""
    name = f"{game.package}.text"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError:
        raise MissingText(f"{game.spec.title} has no text yet (expected the module {name})") from None
    return cast(GameText, module)


def read_of(text: GameText, view: Any) -> list[tuple[str, str]]:
    """The table seen from ``view`` for reading aloud (``render``'s when the game has no ``read``)."""
    read = getattr(text, "read", None)
    return text.render(view) if read is None else cast("list[tuple[str, str]]", read(view))


def group_of(text: GameText, view: Any, action: Any) -> tuple[str, str] | None:
    """``(heading, short label)`` to list ``action`` under, or ``None`` (also when the game never groups)."""
    group = getattr(text, "group", None)
    return None if group is None else cast("tuple[str, str] | None", group(view, action))


def target_of(text: GameText, view: Any, action: Any) -> tuple[str, ...]:
    """The table elements clicked, in order, to make ``action``; ``()`` when the game names none."""
    target = getattr(text, "target", None)
    return () if target is None else tuple(target(view, action))


def unordered_of(text: GameText, view: Any, action: Any) -> int:
    """How many of :func:`target_of`'s first clicks may come in any order (``0``: the path is
    clicked in order; two objectives kept, dice picked from one load space)."""
    unordered = getattr(text, "unordered", None)
    return 0 if unordered is None else cast(int, unordered(view, action))


def confirm_of(text: GameText, view: Any, action: Any) -> str | None:
    """The question to ask before sending ``action``, or ``None``."""
    confirm = getattr(text, "confirm", None)
    return None if confirm is None else cast("str | None", confirm(view, action))


def listed(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``."""
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def tie_words(result: Result, names: Sequence[str], tiebreaks: Sequence[str]) -> list[str]:
    """How the rulebook's tie-breaks settled each group of seats tied on points, one sentence per
    group, best score first (none when no two seats tie), e.g. "Ann and Bob tie on 33 points; Ann goes
    ahead of Bob on lanes, 12 to 10." ``tiebreaks`` names the values of ``result.tiebreak``."""
    tied: dict[int, list[int]] = {}
    for seat, score in enumerate(result.scores):
        tied.setdefault(score, []).append(seat)
    sentences = []
    for score, seats in sorted(tied.items(), reverse=True):
        if len(seats) < 2:
            continue
        seats.sort(key=lambda seat: (result.ranks[seat], seat))
        said = []
        for a, b in itertools.pairwise(seats):
            if result.ranks[a] == result.ranks[b]:
                also = f" tie on {listed(tiebreaks)} too, and" if tiebreaks else ""
                said.append(f"{names[a]} and {names[b]}{also} share {ordinal(result.ranks[a])} place")
                continue
            ours, theirs = result.tiebreak[a], result.tiebreak[b]
            k = next(k for k, (x, y) in enumerate(zip(ours, theirs, strict=True)) if x != y)
            before = [f"{tiebreaks[j]} tied at {ours[j]}" for j in range(k)]
            after = f" ({', '.join(before)})" if before else ""
            said.append(
                f"{names[a]} goes ahead of {names[b]} on {tiebreaks[k]}, {ours[k]} to {theirs[k]}{after}"
            )
        sentences.append(f"{listed([names[s] for s in seats])} tie on {score} points; {'; '.join(said)}.")
    return sentences
