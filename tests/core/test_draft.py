"""Drafts: a frozen slotted dataclass filled in by plain stores, then sealed."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from skyhall.core.draft import Drafts


@dataclasses.dataclass(frozen=True, slots=True)
class Point:
    x: int
    y: tuple[int, ...]


def test_a_sealed_draft_is_the_frozen_class_equal_to_one_built_normally() -> None:
    drafts = Drafts(Point)
    d = drafts.new()
    d.x = 3
    d.y = (1, 2)
    p = drafts.seal(d)
    assert type(p) is Point
    assert p == Point(3, (1, 2)) and hash(p) == hash(Point(3, (1, 2)))
    assert pickle.loads(pickle.dumps(p)) == p
    assert dataclasses.replace(p, x=4) == Point(4, (1, 2))
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.x = 5  # type: ignore[misc]


def test_an_unset_field_fails_when_read() -> None:
    drafts = Drafts(Point)
    d = drafts.new()
    d.x = 1
    p = drafts.seal(d)
    with pytest.raises(AttributeError):
        _ = p.y


@dataclasses.dataclass(frozen=True)
class NoSlots:
    x: int


@dataclasses.dataclass(slots=True)
class NotFrozen:
    x: int


@dataclasses.dataclass(frozen=True, slots=True)
class WithDefault:
    x: int = 0


@pytest.mark.parametrize("cls", [NoSlots, NotFrozen, WithDefault, int])
def test_only_frozen_slotted_dataclasses_without_defaults(cls: type) -> None:
    with pytest.raises(TypeError, match=cls.__name__):
        Drafts(cls)
