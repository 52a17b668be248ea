"""core.memo.ByIdentity and Remembered: remembered by the identity of the inputs, never by equality."""

from __future__ import annotations

from skyhall.core.memo import ByIdentity, Remembered


class Counter:
    def __init__(self) -> None:
        self.calls = 0

    def __call__(self) -> int:
        self.calls += 1
        return self.calls


def test_the_same_objects_hit_and_equal_copies_compute_again() -> None:
    memo: ByIdentity[int] = ByIdentity()
    count = Counter()
    a = tuple([1, 2, 3])
    assert memo((a,), count) == 1
    assert memo((a,), count) == 1
    assert memo((tuple([1, 2, 3]),), count) == 2
    assert count.calls == 2


def test_it_starts_over_when_full_and_holds_its_inputs() -> None:
    memo: ByIdentity[int] = ByIdentity(limit=2)
    count = Counter()
    keys = [tuple([k]) for k in range(3)]
    for k in keys:
        memo((k,), count)
    assert len(memo.found) == 1  # the third entry came after clearing two
    assert all(parts[0] is keys[2] for parts, _ in memo.found.values())


def test_remembered_computes_once_per_object_and_starts_over_when_full() -> None:
    seen: list[tuple[int, ...]] = []

    def total(value: tuple[int, ...]) -> int:
        seen.append(value)
        return sum(value)

    remembered = Remembered(total, limit=2)
    a, b, c = tuple([1, 2]), tuple([1, 2]), tuple([5])
    assert [remembered(a), remembered(a), remembered(b)] == [3, 3, 3]
    assert seen == [a, b] and seen[1] is b  # an equal copy is another object: computed again
    assert remembered(c) == 5
    assert list(remembered.found.values()) == [(c, 5)]  # full at two: cleared, then c kept with its input
