"""Planes at a Departure space: which dice fit, and when a plane is ready.

A plane's slots are small ints: ``0..2`` need a die of that colour (any value),
``3..8`` a die of value ``slot - 2`` (any colour). Dice sit on the plane as a
sorted tuple; which die fills which slot is never stored, because a player may
rearrange a plane's dice freely (ARU-DICE-13): a set of dice fits when *some*
arrangement meets every slot, found by a tiny backtracking match.
"""

from __future__ import annotations

from dataclasses import dataclass

from skyhall.games.airport_rush import die

COLOUR_SLOTS = 3


@dataclass(frozen=True, slots=True)
class Docked:
    """A plane on a Departure space and the dice on it (sorted)."""

    card: int
    dice: tuple[int, ...] = ()


def meets(slot: int, d: int) -> bool:
    """Does die ``d`` meet ``slot``'s requirement (colour, or value)?"""
    if slot < COLOUR_SLOTS:
        return die.shown(d) == slot
    return die.value(d) == slot - COLOUR_SLOTS + 1


def arrangeable(slots: tuple[int, ...], dice: tuple[int, ...] | list[int]) -> bool:
    """Can ``dice`` sit on distinct slots, each meeting its slot?"""
    if len(dice) > len(slots):
        return False
    return _match(slots, list(dice), 0, 0)


def _match(slots: tuple[int, ...], dice: list[int], i: int, used: int) -> bool:
    if i == len(dice):
        return True
    d = dice[i]
    for k, slot in enumerate(slots):
        if not used & (1 << k) and meets(slot, d) and _match(slots, dice, i + 1, used | (1 << k)):
            return True
    return False


def fits(slots: tuple[int, ...], dice: tuple[int, ...], d: int) -> bool:
    """Can die ``d`` join ``dice`` on a plane with these slots?"""
    return len(dice) < len(slots) and arrangeable(slots, (*dice, d))


def ready(slots: tuple[int, ...], target: int, dice: tuple[int, ...]) -> bool:
    """Every slot filled as required and the dice add up to exactly ``target``."""
    return len(dice) == len(slots) and sum(die.value(d) for d in dice) == target and arrangeable(slots, dice)


def slot_name(slot: int) -> str:
    return die.COLOURS[slot] if slot < COLOUR_SLOTS else str(slot - COLOUR_SLOTS + 1)


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
