"""core.memo: results found by the identity of their inputs (Guarded's guards aside), never by equality."""

from __future__ import annotations

from skyhall.core.memo import ByIdentity, Guarded, Remembered


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


def test_guarded_is_remembered_by_the_value_for_the_same_guard() -> None:
    calls: list[tuple[int, ...]] = []

    def shown(value: tuple[int, ...], guard: tuple[frozenset[int], str]) -> tuple[str, ...]:
        calls.append(value)
        known, blank = guard
        return tuple(str(c) if c in known else blank for c in value)

    guarded = Guarded(shown, limit=2)
    get = guarded.get
    hand, known, more = tuple([1, 2]), frozenset({1}), frozenset({1, 2})
    first = get(hand, (known, "?"))
    assert first == ("1", "?")
    assert get(hand, (known, "?")) is first and len(calls) == 1  # an equal guard of the same objects: found
    assert get(hand, (more, "?")) == ("1", "2") and len(calls) == 2  # another guard: computed again,
    assert len(guarded.found) == 1 and get(hand, (more, "?")) == ("1", "2") and len(calls) == 2  # replacing
    assert get(hand, (more, "-")) == ("1", "2") and len(calls) == 3
    assert get(tuple([1, 2]), (more, "-")) == ("1", "2") and len(calls) == 4  # an equal copy: computed again
    assert get(tuple([3]), (known, "?")) == ("?",)  # full at two: cleared, then kept with its inputs
    assert [(v, g) for v, g, _ in guarded.found.values()] == [((3,), (known, "?"))]
