"""Actions: small frozen values with a readable notation and a bijective integer codec.

A game lists every action that can ever be legal (its *universe*, a few thousand
values at most); :class:`Codec` numbers them in that order. ``encode`` and
``decode`` are then exact inverses over ``range(len(codec))``, and ``parse``
reads the notation back by looking the normalised text up.

**Shared instances.** An action class that derives from :class:`Interned` gets
``Cls.of(*fields)``: the one shared instance with those field values, found with a
plain tuple lookup (hashed and compared in C) instead of building a new frozen
dataclass. A codec adopts the shared instances as its universe (registering its own
objects where none exists yet), so legal sets built with ``of`` hold the very
objects the codec numbers, and :meth:`Codec.encode` / :meth:`Codec.encode_all` find
them by identity before falling back to the ordinary equality lookup. Sharing is an
optimisation only: any other equal object (parsed, unpickled, built directly) is
the same action, with the same hash, notation and index.
"""

from __future__ import annotations

import difflib
from collections.abc import Hashable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, Self, TypeVar

from skyhall.core.errors import MalformedAction


class Action(Hashable, Protocol):
    """What every game's action type offers: hashing, equality and ``str`` notation."""

    def __str__(self) -> str: ...


A = TypeVar("A", bound=Action)


def normalise(text: str) -> str:
    """Lower case, single spaces: the form notation is compared in."""
    return " ".join(text.lower().split())


class Interned:
    """Mixin for a frozen action dataclass: ``Cls.of(*fields)`` returns one shared instance per value.

    Put it first among the bases of a ``@dataclass(frozen=True, slots=True)`` class; it adds no
    field and no state, so equality, hashing, ``repr``, pickling and ``match`` stay the dataclass's.
    ``of`` takes the fields positionally, in declaration order (``Put.of(face, where)``); each
    class keeps its own table keyed by that argument tuple, so a hit costs one call and one dict
    lookup on ints and strings, several times cheaper than constructing the dataclass.
    """

    __slots__ = ()
    _shared: ClassVar[dict[tuple[Any, ...], Any]]
    """This class's shared instances, keyed by their field values in declaration order."""

    if TYPE_CHECKING:

        @classmethod
        def of(cls, *fields: Any) -> Self:
            """The shared instance with these field values (built and registered on first use)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # ``of`` is a plain closure stored as a staticmethod rather than a classmethod: no method
        # binding and no attribute lookup per call. ``@dataclass(slots=True)`` builds a second
        # class from the first; this runs again for it, so the closure holds the final class.
        super().__init_subclass__(**kwargs)
        table: dict[tuple[Any, ...], Any] = {}

        def of(*fields: Any) -> Any:
            found = table.get(fields)
            if found is None:
                found = table.setdefault(fields, cls(*fields))
            return found

        cls._shared = table
        cls.of = staticmethod(of)  # type: ignore[method-assign]


def shared(action: A) -> A:
    """The shared instance equal to ``action``, registering ``action`` if there is none yet.

    Actions of classes that are not :class:`Interned` are returned as they are.
    """
    if not isinstance(action, Interned):
        return action
    fields = tuple(getattr(action, name) for name in type(action).__match_args__)  # type: ignore[attr-defined]
    found: A = type(action)._shared.setdefault(fields, action)
    return found


class Codec(Generic[A]):
    """Numbers a fixed universe of actions and parses their notation."""

    __slots__ = ("_by_id", "_by_text", "_index", "_items")

    def __init__(self, universe: Iterable[A]) -> None:
        self._items: tuple[A, ...] = tuple(map(shared, universe))
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
        self._by_id: dict[int, int] = {id(action): i for i, action in enumerate(self._items)}
        """Index by object identity: ``_items`` keeps these objects alive, so their ids stay theirs."""

    def __len__(self) -> int:
        return len(self._items)

    def blocks(self) -> list[tuple[str, range]]:
        """The runs of consecutive indices whose actions are of one kind (class), in order: the
        codec's map for a reader of raw indices (a kind may have several runs if the universe mixes
        them)."""
        found: list[tuple[str, range]] = []
        for i, action in enumerate(self._items):
            kind = type(action).__name__
            if found and found[-1][0] == kind:
                found[-1] = (kind, range(found[-1][1].start, i + 1))
            else:
                found.append((kind, range(i, i + 1)))
        return found

    def encode(self, action: A) -> int:
        """The integer of ``action``; ``KeyError`` if it is not in the universe."""
        found = self._by_id.get(id(action))
        return self._index[action] if found is None else found

    def encode_all(self, actions: Iterable[A]) -> list[int]:
        """The integers of ``actions``, in order (one lookup each, without a call per action).

        Shared instances are found by identity; if any action is another (equal) object, the
        whole list is looked up again by equality.
        """
        actions = tuple(actions)  # a tuple is not copied; an iterator may be read only once
        try:
            return list(map(self._by_id.__getitem__, map(id, actions)))
        except KeyError:
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
