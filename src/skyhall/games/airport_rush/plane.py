"""Planes at a Departure space: which dice fit, and when a plane is ready.

A plane's slots are small ints: ``0..2`` need a die of that colour (any value),
``3..8`` a die of value ``slot - 2`` (any colour). Dice sit on the plane as a
sorted tuple; which die fills which slot is never stored, because a player may
rearrange a plane's dice freely (ARU-DICE-13): a set of dice fits when *some*
arrangement meets every slot, found by a tiny backtracking match.

Whether dice fit depends only on the slots and the dice's faces (shown colour and
value), so the match is remembered per (slots, sorted faces): move generation asks
the same question for every die at every decision, and a search asks it millions
of times over a few thousand distinct cases.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from skyhall.games.airport_rush import die

COLOUR_SLOTS = 3


@dataclass(frozen=True, slots=True)
class Docked:
    """A plane on a Departure space and the dice on it (sorted)."""

    card: int
    dice: tuple[int, ...] = ()


def slot_value(slot: int) -> int:
    """The value a value slot asks for (``0`` for a colour slot, which takes any value)."""
    return 0 if slot < COLOUR_SLOTS else slot - COLOUR_SLOTS + 1


def meets(slot: int, d: int) -> bool:
    """Does die ``d`` meet ``slot``'s requirement (colour, or value)?"""
    if slot < COLOUR_SLOTS:
        return die.shown(d) == slot
    return die.value(d) == slot_value(slot)


def reach(slots: tuple[int, ...]) -> tuple[int, int]:
    """The smallest and largest total that dice meeting ``slots`` can show."""
    fixed = sum(slot_value(s) for s in slots)
    free = sum(1 for s in slots if s < COLOUR_SLOTS)
    return fixed + free, fixed + 6 * free


def arrangeable(slots: tuple[int, ...], dice: tuple[int, ...] | list[int]) -> bool:
    """Can ``dice`` sit on distinct slots, each meeting its slot?"""
    if len(dice) > len(slots):
        return False
    return _arrangeable_faces(slots, tuple(sorted(map(die.face, dice))))


@lru_cache(maxsize=1 << 15)
def _arrangeable_faces(slots: tuple[int, ...], faces: tuple[int, ...]) -> bool:
    """:func:`arrangeable` for dice given by their sorted faces (a face meets a slot as its die does)."""
    return _match(slots, list(faces), 0, 0)


def seating(slots: tuple[int, ...], dice: tuple[int, ...]) -> tuple[int, ...] | None:
    """One arrangement of ``dice`` on ``slots``: per slot, the index in ``dice`` of its die or ``-1``.

    ``None`` if the dice cannot sit there. Any arrangement will do: the player may rearrange
    a plane's dice at will, so this only says how a table may draw them.
    """
    seats = [-1] * len(slots)
    if len(dice) > len(slots) or not _match(slots, list(dice), 0, 0, seats):
        return None
    return tuple(seats)


def _match(
    slots: tuple[int, ...], dice: list[int], i: int, used: int, seats: list[int] | None = None
) -> bool:
    """Backtracking: can dice ``i..`` take free slots (``used`` is a bitmask)? Fills ``seats`` if given."""
    if i == len(dice):
        return True
    d = dice[i]
    for k, slot in enumerate(slots):
        if not used & (1 << k) and meets(slot, d) and _match(slots, dice, i + 1, used | (1 << k), seats):
            if seats is not None:
                seats[k] = i
            return True
    return False


def open_slots(slots: tuple[int, ...], dice: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every distinct set of slots (sorted) that some arrangement of ``dice`` leaves empty."""
    found: list[tuple[int, ...]] = []

    def arrange(i: int, used: int) -> None:
        if i == len(dice):
            rest = tuple(sorted(s for k, s in enumerate(slots) if not used >> k & 1))
            if rest not in found:
                found.append(rest)
            return
        for k, slot in enumerate(slots):
            if not used >> k & 1 and meets(slot, dice[i]):
                arrange(i + 1, used | 1 << k)

    arrange(0, 0)
    return found


@lru_cache(maxsize=1 << 16)
def fits(slots: tuple[int, ...], dice: tuple[int, ...], d: int) -> bool:
    """Can die ``d`` join ``dice`` on a plane with these slots?"""
    return len(dice) < len(slots) and arrangeable(slots, (*dice, d))


def ready(slots: tuple[int, ...], target: int, dice: tuple[int, ...]) -> bool:
    """Every slot filled as required and the dice add up to exactly ``target``."""
    return len(dice) == len(slots) and sum(die.value(d) for d in dice) == target and arrangeable(slots, dice)


def slot_name(slot: int) -> str:
    return die.COLOURS[slot] if slot < COLOUR_SLOTS else str(slot_value(slot))


def add(dice: tuple[int, ...], d: int) -> tuple[int, ...]:
    return tuple(sorted((*dice, d)))


def remove(dice: tuple[int, ...], d: int) -> tuple[int, ...]:
    items = list(dice)
    items.remove(d)
    return tuple(items)


def find_face(dice: tuple[int, ...], f: int) -> int:
    """A die among ``dice`` showing face ``f``, or ``-1``."""
    for d in dice:
        if die.face(d) == f:
            return d
    return -1
