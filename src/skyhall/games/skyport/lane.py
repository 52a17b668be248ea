"""A skyport row: lanes and stations side by side, and the moves, swaps and merges on it.

A row is a tuple of positions, left to right. Each position is a :class:`Lane`
(airships of one colour) or a :class:`Berth` (a station, perhaps hosting a tycoon).
Rows are immutable; every operation returns a new row.
"""

from __future__ import annotations

from dataclasses import dataclass

LEFT, RIGHT = -1, 1
SIDE_NAMES = {LEFT: "left", RIGHT: "right"}


@dataclass(frozen=True, slots=True)
class Lane:
    """A column of airships of one colour; ``cards`` in the order they joined."""

    colour: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Berth:
    """A station in the row, and the tycoon it hosts (``-1``: none)."""

    station: int
    tycoon: int = -1


Position = Lane | Berth
Row = tuple[Position, ...]


def room(row: Row, pos: int, side: int) -> int:
    """How many positions lie beyond ``pos`` toward ``side``: the furthest a move can go."""
    return pos if side == LEFT else len(row) - 1 - pos


def shift_options(row: Row, pos: int, low: int, high: int) -> list[tuple[int, int]]:
    """Every legal ``(side, distance)`` for moving the lane at ``pos`` between ``low`` and ``high`` spaces.

    The rulebook's rules for a move ability: one direction; at least ``low`` if any
    direction has room for it, in such a direction; never more than ``high``. When
    neither side has room for ``low``, the lane goes as far as it can toward the
    side with more room (either side when they are equal).
    """
    options: list[tuple[int, int]] = []
    for side in (LEFT, RIGHT):
        space = room(row, pos, side)
        if space >= low:
            options.extend((side, d) for d in range(low, min(high, space) + 1))
    if options:
        return options
    left, right = room(row, pos, LEFT), room(row, pos, RIGHT)
    best = max(left, right)
    if best == 0:
        return []
    return [(side, best) for side, space in ((LEFT, left), (RIGHT, right)) if space == best]


def merged(row: Row) -> Row:
    """Merge every run of neighbouring lanes of one colour into a single lane (left to right)."""
    out: list[Position] = []
    for position in row:
        last = out[-1] if out else None
        if isinstance(position, Lane) and isinstance(last, Lane) and last.colour == position.colour:
            out[-1] = Lane(last.colour, last.cards + position.cards)
        else:
            out.append(position)
    return tuple(out)


def shifted(row: Row, pos: int, side: int, distance: int) -> Row:
    """The row after moving the position at ``pos`` ``distance`` places toward ``side``, then merging."""
    target = pos + side * distance
    if not 0 <= target < len(row) or distance < 1:
        raise ValueError(f"cannot move position {pos} {SIDE_NAMES[side]} {distance} in a row of {len(row)}")
    items = list(row)
    moving = items.pop(pos)
    items.insert(target, moving)
    return merged(tuple(items))


def swapped(row: Row, first: int, second: int) -> Row:
    """The row after two lanes trade places (everything else stays), then merging."""
    items = list(row)
    items[first], items[second] = items[second], items[first]
    return merged(tuple(items))


def lane_holding(row: Row, card: int) -> int:
    """The position of the lane that holds ``card``, or ``-1``."""
    for pos, position in enumerate(row):
        if isinstance(position, Lane) and card in position.cards:
            return pos
    return -1


def lanes(row: Row) -> list[int]:
    """Positions of the lanes in ``row``."""
    return [pos for pos, position in enumerate(row) if isinstance(position, Lane)]
