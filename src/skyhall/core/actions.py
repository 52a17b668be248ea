"""Actions: small frozen values with a readable notation and a bijective integer codec.

A game lists every action that can ever be legal (its *universe*, a few thousand
values at most); :class:`Codec` numbers them in that order. ``encode`` and
``decode`` are then exact inverses over ``range(len(codec))``, and ``parse``
reads the notation back by looking the normalised text up.
"""

from __future__ import annotations

import difflib
from collections.abc import Hashable, Iterable
from typing import Generic, Protocol, TypeVar

from skyhall.core.errors import MalformedAction


class Action(Hashable, Protocol):
    """What every game's action type offers: hashing, equality and ``str`` notation."""

    def __str__(self) -> str: ...


A = TypeVar("A", bound=Action)


def normalise(text: str) -> str:
    """Lower case, single spaces: the form notation is compared in."""
    return " ".join(text.lower().split())


class Codec(Generic[A]):
    """Numbers a fixed universe of actions and parses their notation."""

    __slots__ = ("_by_text", "_index", "_items")

    def __init__(self, universe: Iterable[A]) -> None:
        self._items: tuple[A, ...] = tuple(universe)
        self._index: dict[A, int] = {}
        self._by_text: dict[str, A] = {}
        for i, action in enumerate(self._items):
            if action in self._index:
                raise ValueError(f"action {action!r} appears twice in the codec universe")
            text = normalise(str(action))
            if text in self._by_text:
                raise ValueError(f"notation {text!r} is shared by two actions")
            self._index[action] = i
            self._by_text[text] = action

    def __len__(self) -> int:
        return len(self._items)

    def encode(self, action: A) -> int:
        """The integer of ``action``; ``KeyError`` if it is not in the universe."""
        return self._index[action]

    def encode_all(self, actions: Iterable[A]) -> list[int]:
        """The integers of ``actions``, in order (one lookup each, without a call per action)."""
        return list(map(self._index.__getitem__, actions))

    def decode(self, index: int) -> A:
        """The action numbered ``index``; ``IndexError`` outside ``range(len(self))``."""
        if not 0 <= index < len(self._items):
            raise IndexError(f"action index {index} outside 0..{len(self._items) - 1}")
        return self._items[index]

    def parse(self, text: str) -> A:
        """The action written as ``text``, or :class:`MalformedAction` with the nearest notations."""
        key = normalise(text)
        found = self._by_text.get(key)
        if found is None:
            near = difflib.get_close_matches(key, self._by_text, n=5, cutoff=0.6)
            hint = f" (did you mean {', '.join(near)}?)" if near else ""
            raise MalformedAction(text, f"not an action of this game{hint}", [])
        return found
