"""The game log: what happened, in plain words, with private lines shown only to their seat.

The log is a linked chain of immutable links ``(previous, entry)``, so copying a
state copies one reference however long the game has run.
"""

from __future__ import annotations

Entry = tuple[str, int, str]
"""``(public text, private seat, private text)``; seat ``-1`` when nothing is private."""
Log = tuple["Log", Entry] | None


def seat_name(seat: int) -> str:
    """How the log calls seat ``seat`` (counted from 0): ``"Player 2"`` for seat 1."""
    return f"Player {seat + 1}"


def append(log: Log, public: str, seat: int = -1, private: str = "") -> Log:
    return (log, (public, seat, private))


def lines_for(log: Log, seat: int | None) -> list[str]:
    """Oldest first; ``seat`` reads its own private lines in place of the public ones."""
    out: list[str] = []
    while log is not None:
        log, (public, owner, private) = log
        out.append(private if owner >= 0 and owner == seat else public)
    out.reverse()
    return out


def entries(log: Log) -> list[Entry]:
    out: list[Entry] = []
    while log is not None:
        log, entry = log
        out.append(entry)
    out.reverse()
    return out
