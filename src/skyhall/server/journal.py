"""Group commit: the moves of every match wait together for one transaction.

A move is acknowledged only once it is committed, and a commit costs about the same
for one row as for a hundred (a disk flush on PostgreSQL, a lock and a log write on
SQLite, a hop to a worker thread either way). So :meth:`Journal.append` does not
commit on its own: it queues the move and waits. One writer at a time takes every
move queued so far and commits them in one transaction (:meth:`Store.add_moves`);
moves that arrive meanwhile form the next batch. Under load the batches grow by
themselves; an idle server commits each move at once.

If a batch fails, its moves are committed one by one, so that one bad move (say, a
``seq`` already stored) fails only its own caller.
"""

from __future__ import annotations

import asyncio

from skyhall.server.storage import Move, Store


class Journal:
    """Appends moves to ``store`` in batches; :meth:`append` returns once its move is committed."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._queue: list[tuple[Move, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None

    async def append(self, move: Move) -> None:
        """Store ``move``; raises what storing it raised (then nothing of it is stored).

        Once queued, the move is committed even if the caller is cancelled meanwhile
        (:meth:`skyhall.server.authority.Authority.act` shields the whole act for that reason).
        """
        done = asyncio.get_running_loop().create_future()
        self._queue.append((move, done))
        if self._writer is None:
            self._writer = asyncio.create_task(self._write())
        await done

    async def _write(self) -> None:
        batch: list[tuple[Move, asyncio.Future[None]]] = []
        try:
            while self._queue:
                batch, self._queue = self._queue, []
                try:
                    await asyncio.to_thread(self.store.add_moves, [move for move, _ in batch])
                except Exception:
                    await self._one_by_one(batch)
                else:
                    settle(batch)
        finally:
            self._writer = None
            for _, done in batch:  # only if the writer itself was cancelled (the server stopping)
                if not done.done():
                    done.cancel()

    async def _one_by_one(self, batch: list[tuple[Move, asyncio.Future[None]]]) -> None:
        for move, done in batch:
            try:
                await asyncio.to_thread(self.store.add_moves, [move])
            except Exception as exc:
                settle([(move, done)], exc)
            else:
                settle([(move, done)])


def settle(batch: list[tuple[Move, asyncio.Future[None]]], failure: Exception | None = None) -> None:
    """Wake the callers of ``batch``: committed, or failed with ``failure``."""
    for _, done in batch:
        if done.done():  # its caller was cancelled
            continue
        if failure is None:
            done.set_result(None)
        else:
            done.set_exception(failure)
