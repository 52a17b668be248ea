"""Frozen slotted dataclasses built field by field at the cost of plain attribute stores.

A game builds a view at every bot decision and every RL step. Views are frozen
dataclasses with 30-40 fields, and a frozen dataclass's ``__init__`` sets each
field through ``object.__setattr__`` by name (about 100 ns a field, half the cost
of building a view). :class:`Drafts` makes a writable *twin* class with exactly
the same slots: a view is filled in on a twin by plain stores, then sealed by
taking the frozen class. CPython allows the class change because the two layouts
are identical; the result is an ordinary instance of the frozen class (equality,
hashing, pickling, ``dataclasses.replace`` and the freeze all as usual).

Sealing does not check that every field was stored (that would cost what it saves):
an unset field raises ``AttributeError`` when read, and each game's tests read every
field of its views (``tests/games/test_conformance.py``).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class Drafts(Generic[T]):
    """Drafts of instances of ``cls``, a frozen dataclass with ``slots=True`` and no defaults to apply."""

    __slots__ = ("cls", "twin")

    def __init__(self, cls: type[T]) -> None:
        params = getattr(cls, "__dataclass_params__", None)
        if params is None or not params.frozen or "__slots__" not in cls.__dict__:
            raise TypeError(f"{cls.__name__} is not a frozen dataclass with slots")
        if any(
            f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
            for f in dataclasses.fields(cls)  # type: ignore[arg-type]
        ) or hasattr(cls, "__post_init__"):
            raise TypeError(f"{cls.__name__} has defaults or __post_init__, which a draft would skip")
        self.cls = cls
        self.twin: type = type(f"{cls.__name__}Draft", (), {"__slots__": cls.__dict__["__slots__"]})

    def new(self) -> Any:
        """An empty, writable draft: store every field of ``cls`` on it, then :meth:`seal` it."""
        return self.twin()

    def seal(self, draft: Any) -> T:
        """``draft``, now an instance of ``cls`` (frozen from here on)."""
        draft.__class__ = self.cls
        sealed: T = draft
        return sealed
