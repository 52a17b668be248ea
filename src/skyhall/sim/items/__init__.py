"""What each seat ended a game with, as labelled items, for the report's per-card impact tables.

A finished game is replayed from its record and read through the spectator view,
which reveals everything once the game is over. Each game has one small module here
(``skyhall.sim.items.<game package>``, found by the game's name) whose ``items(view)`` maps that
view to one set of items per seat; an item is ``(kind, name)``, e.g.
``("airship", "B3")``, with a ``value`` where the item is a slot whose value a variant may change
(``Item("token", "colours #1", "10")``: the top Colours token). ``name`` is the item's identity, the
same in every run, so a comparison matches items by it and shows the values of each run. The report
then compares the win rate of seats that had an item with those that did not
(:mod:`skyhall.sim.balance`).

A game with no module here simply gets no impact section.
"""

from __future__ import annotations

from typing import NamedTuple

from skyhall.core.record import GameRecord
from skyhall.core.registry import per_game


class Item(NamedTuple):
    """``(kind, name)``: ``("tycoon", "Ex3")``, ``("wonder", "12 Open Plaza")``…, and for a slot its
    ``value`` in this run (``("token", "colours #1", "10")``)."""

    kind: str
    name: str
    value: str = ""

    @property
    def label(self) -> str:
        return labelled(self.name, self.value)


def labelled(name: str, value: str) -> str:
    """How a report names an item: ``colours #1 (10)`` (a slot and its value in the run), ``B3``."""
    return f"{name} ({value})" if value else name


def items_of(record: GameRecord) -> list[set[Item]] | None:
    """Replay ``record`` and read each seat's items; ``None`` for a game without an items module."""
    try:
        module = per_game(__name__, record.game)
    except ModuleNotFoundError:
        return None
    found: list[set[Item]] = module.items(record.replay().view(None, log=False))
    return found
