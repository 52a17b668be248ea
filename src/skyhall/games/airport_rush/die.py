"""Dice as small integers, and the bag they come from.

A die is one int: ``true colour * 18 + shown colour * 6 + (value - 1)``. The
*true* colour is the die's plastic (where it goes back in the bag); the *shown*
colour is what it counts as (they differ only after a PAINT card). Actions name
a die by its *face*: shown colour and value, ``0..17``, written ``r5``.
"""

from __future__ import annotations

from skyhall.core.rng import Rng

COLOURS = ("yellow", "blue", "red")
LETTERS = ("y", "b", "r")
FACES = 18
"""Distinct faces: 3 shown colours x 6 values."""


def make(colour: int, value: int, shown: int | None = None) -> int:
    return colour * 18 + (colour if shown is None else shown) * 6 + value - 1


def value(die: int) -> int:
    return die % 6 + 1


def shown(die: int) -> int:
    """The colour the die counts as."""
    return die // 6 % 3


def true_colour(die: int) -> int:
    """The colour of the die itself (where it returns in the bag)."""
    return die // 18


def face(die: int) -> int:
    """Shown colour and value, ``0..17``: what an action names."""
    return die % 18


def with_value(die: int, new_value: int) -> int:
    return die - (die % 6) + new_value - 1


def with_shown(die: int, colour: int) -> int:
    return true_colour(die) * 18 + colour * 6 + die % 6


def face_name(f: int) -> str:
    """``r5``: shown colour letter and value."""
    return f"{LETTERS[f // 6]}{f % 6 + 1}"


def name(die: int) -> str:
    """``r5``, or ``r5(y)`` for a yellow die painted red."""
    base = face_name(face(die))
    return base if shown(die) == true_colour(die) else f"{base}({LETTERS[true_colour(die)]})"


def describe(die: int) -> str:
    """``red 5`` in words (painted dice say so)."""
    words = f"{COLOURS[shown(die)]} {value(die)}"
    return words if shown(die) == true_colour(die) else f"{words} (a painted {COLOURS[true_colour(die)]} die)"


def draw(bag: list[int], rng: Rng) -> int:
    """Take one die out of ``bag`` (counts per colour, changed in place) and roll it; ``-1`` if empty."""
    total = sum(bag)
    if total == 0:
        return -1
    pick = rng.below(total)
    colour = 0
    while pick >= bag[colour]:
        pick -= bag[colour]
        colour += 1
    bag[colour] -= 1
    return make(colour, rng.below(6) + 1)


def returned(bag: tuple[int, ...], dice: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """The bag's counts after ``dice`` go back in (by their true colour)."""
    counts = list(bag)
    for die in dice:
        counts[true_colour(die)] += 1
    return tuple(counts)
