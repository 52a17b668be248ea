"""Bots think in worker processes, never on the event loop, knowing only their seat's view.

The server ships a worker the bot seat's view (views are frozen, picklable
dataclasses) and that seat's legal choices, and gets back the chosen action's
notation, which then goes through the same checked, committed path as a human's.
A level is an agent name (``easy``, ``normal``, ``hard`` when those agents exist);
the agent's own budget bounds its thinking, :data:`TIMEOUT` bounds the wait.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from skyhall.agents import agent_names, make_agent

LEVELS = ("easy", "normal", "hard")
TIMEOUT = 120.0
"""Seconds to wait for one bot decision before giving up on it."""
ORPHAN_CHECK = 1.0
"""Seconds between a worker's checks that the server is still its parent."""


def levels() -> list[str]:
    """The bot levels offered: ``easy``/``normal``/``hard`` if those agents exist, else every agent."""
    names = agent_names()
    return [level for level in LEVELS if level in names] or names


def default_level() -> str:
    """The level a bot seat gets when none is named: the second easiest (``normal``), as the lobby and
    the match page offer first."""
    offered = levels()
    return offered[min(1, len(offered) - 1)]


def bot_seed(match_seed: int, seat: int, seq: int) -> int:
    """The agent's own random stream for one decision: fixed by the match, the seat and the move number."""
    return (match_seed * 1_000_003 + seat * 7_919 + seq) % 2**63


def think(level: str, seed: int, view: Any, legal: Sequence[Any]) -> str:
    """In a worker: the notation of the action the ``level`` agent chooses from ``view``."""
    return str(make_agent(level, seed).choose(view, legal))


def start_worker(server: int) -> None:
    """A worker ignores Ctrl-C: a terminal sends it to every process of the server, and the server
    stops its workers itself (each printed a KeyboardInterrupt traceback). And it exits once the
    ``server`` process is gone: a server killed outright (``SIGKILL``, the OOM killer) cannot stop
    its workers, which then sat idle for ever, with multiprocessing's resource tracker."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_exit_without, args=(server,), name="orphan-check", daemon=True).start()


def _exit_without(server: int) -> None:
    while os.getppid() == server:
        time.sleep(ORPHAN_CHECK)
    os._exit(0)


class BotPool:
    """A process pool started on first use (``spawn``: workers share nothing with the server).

    At most one decision per worker is thinking; the others wait their turn, those of matches a person
    watches (``urgent``: a human seat's socket is open) before the others, so matches nobody watches
    cannot keep a person waiting for their bot's reply longer than a decision being thought already takes.
    """

    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)
        self._pool: Executor | None = None
        self._thinking = 0
        self._waiting: list[tuple[Callable[[], bool], asyncio.Future[None]]] = []
        """The decisions waiting for a worker, in order of arrival, each with whether it is urgent now."""

    async def choose(
        self, level: str, seed: int, view: Any, legal: Sequence[Any], urgent: Callable[[], bool] = bool
    ) -> str:
        """The bot ``level``'s choice; ``urgent()`` says whether a person waits on it now (default: no)."""
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=start_worker,
                initargs=(os.getpid(),),
            )
        await self._turn(urgent)
        try:
            loop = asyncio.get_running_loop()
            job = loop.run_in_executor(self._pool, think, level, seed, view, tuple(legal))
            return await asyncio.wait_for(job, TIMEOUT)
        finally:
            self._hand_on()

    async def _turn(self, urgent: Callable[[], bool]) -> None:
        """Wait until a worker is this decision's: urgent ones first, then in order of arrival. Whether a
        decision is urgent is asked when a worker comes free, not when it starts waiting (a page
        connects after its match's first bot decision began to wait)."""
        if self._thinking < self.workers and not self._waiting:
            self._thinking += 1
            return
        ready: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append((urgent, ready))
        try:
            await ready
        except asyncio.CancelledError:
            if ready.done() and not ready.cancelled():
                self._hand_on()  # the worker was handed over just as the wait was given up
            else:
                ready.cancel()
            raise

    def _hand_on(self) -> None:
        """A decision is done: its worker goes to the first urgent decision still waiting, else to the
        first waiting."""
        self._waiting = [(urgent, ready) for urgent, ready in self._waiting if not ready.done()]
        if not self._waiting:
            self._thinking -= 1
            return
        chosen = next((k for k, (urgent, _) in enumerate(self._waiting) if urgent()), 0)
        _, ready = self._waiting.pop(chosen)
        ready.set_result(None)

    async def close(self) -> None:
        """Stop the workers: waiting ones are cancelled, a bot thinking now finishes its move (its time
        budget bounds it). Waiting, in a thread, lets the pool release its locks before the server exits."""
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)
