"""Group commit: concurrent moves share one transaction; a bad one fails only its own caller."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import pytest
from sqlalchemy.exc import IntegrityError

from skyhall.server.journal import Journal
from skyhall.server.storage import LIVE, OVER, Move, SeatInfo, Store
from tests.server.conftest import BACKENDS

pytestmark = pytest.mark.parametrize("database", BACKENDS, indirect=True)


class CountingStore(Store):
    """A store that remembers the size of every transaction of moves."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.batches: list[int] = []

    def add_moves(self, moves: Sequence[Move]) -> None:
        self.batches.append(len(moves))
        super().add_moves(moves)


def stored(store: Store, match: str) -> tuple[tuple[str, ...], str]:
    found = store.load(match)
    assert found is not None
    return found.moves, found.status


def with_matches(store: Store, *matches: str) -> None:
    for i, match in enumerate(matches):
        store.create(
            match,
            "skyport",
            1,
            7,
            {},
            [SeatInfo("A", "human", None, f"{i}a"), SeatInfo("B", "human", None, f"{i}b")],
        )


def test_concurrent_moves_of_many_matches_are_committed_together(database: str) -> None:
    store = CountingStore(database)
    with_matches(store, "m_a", "m_b")
    journal = Journal(store)
    moves = [Move("m_a", 0, "x0", 0, LIVE), Move("m_b", 0, "y0", 1, LIVE), Move("m_a", 1, "x1", 1, OVER)]

    async def append_all() -> None:
        await asyncio.gather(*(journal.append(move) for move in moves))

    asyncio.run(append_all())
    assert store.batches == [3]
    assert stored(store, "m_a") == (("x0", "x1"), OVER)
    assert stored(store, "m_b") == (("y0",), LIVE)
    store.close()


def test_a_move_already_stored_fails_alone(database: str) -> None:
    store = CountingStore(database)
    with_matches(store, "m_a")
    store.add_moves([Move("m_a", 0, "x0", 0, LIVE)])
    journal = Journal(store)

    async def attempt(move: Move) -> str:
        try:
            await journal.append(move)
        except IntegrityError:
            return "refused"
        return "stored"

    async def append_all() -> tuple[str, str]:
        return await asyncio.gather(
            attempt(Move("m_a", 1, "x1", 1, LIVE)), attempt(Move("m_a", 0, "again", 1, LIVE))
        )

    assert list(asyncio.run(append_all())) == ["stored", "refused"]
    assert store.batches == [1, 2, 1, 1]  # the first move alone, the failed batch, then one by one
    assert stored(store, "m_a") == (("x0", "x1"), LIVE)
    store.close()
