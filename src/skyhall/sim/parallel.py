"""Playing a run's games in batches on an executor: this process, local processes, or a Dask cluster.

Everything goes through the :class:`concurrent.futures.Executor` API, so the local
pool and a cluster (``distributed.Client(address).get_executor()``) share one code
path. A task carries the run's settings and a few ``(index, deal, seats)`` jobs,
never game objects; it returns the finished games. Results come back in schedule
order whatever the number of workers, so the output of a run does not depend on
where it was played.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from typing import Any, TypeVar

from skyhall.sim.runner import Job, Outcome, Run, fingerprint, play_job

MAX_BATCH = 10
"""Most games in one task: enough to make the 1–2 ms task overhead small, few enough to balance, and
to lose little on Ctrl-C (a batch is kept only once it is whole)."""
TASKS_PER_WORKER = 4
"""Aim for this many tasks per worker, so a slow batch does not leave the others idle at the end."""
IN_FLIGHT = 2
"""Tasks submitted ahead per worker: keeps every worker busy without queueing the whole run."""
CONNECT_SECONDS = 10.0
"""How long to try reaching a cluster's scheduler."""

T = TypeVar("T")


class WorkerMismatch(RuntimeError):
    """A worker whose game rules or data differ from the run's: its games would be other games."""


def play_batch(run: Run, batch: Sequence[Job]) -> list[Outcome]:
    """One task: play ``batch`` (runs in a worker process or on a cluster worker), once the worker is
    known to have the run's rules and data (:func:`~skyhall.sim.runner.fingerprint`)."""
    here = fingerprint(run.game)
    if here != run.fingerprint:
        raise WorkerMismatch(
            f"a worker has other {run.game} rules or data ({here}) than this run ({run.fingerprint}): "
            "install the same Skyhall and data on every worker, and restart the workers after editing "
            "the data (a worker reads the data files once, when it first plays the game)"
        )
    return [play_job(run, job) for job in batch]


def batch_size(games: int, workers: int) -> int:
    """Games per task: ``games / (TASKS_PER_WORKER × workers)``, between 1 and :data:`MAX_BATCH`; one
    game when this process plays them (no task overhead to spread, and every game is kept on Ctrl-C)."""
    if workers <= 1:
        return 1
    return max(1, min(MAX_BATCH, -(-games // (TASKS_PER_WORKER * workers))))


class InlineExecutor(Executor):
    """Runs each task at once in this process: the one-worker case, on the same code path."""

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        future: Future[T] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as exc:
            future.set_exception(exc)
        return future


def local_workers() -> int:
    """The default number of local worker processes: one per core."""
    return os.cpu_count() or 1


@contextmanager
def executor_for(workers: int, cluster: str | None = None) -> Iterator[tuple[Executor, int]]:
    """An executor and its number of workers: a Dask cluster at ``cluster``, else ``workers`` processes.

    One worker runs in this process. Local processes start from a fork server, so they
    do not inherit this process's threads (the progress bar's). A cluster's workers
    must have Skyhall installed (the same version).
    """
    if cluster is not None:
        try:
            import distributed
        except ImportError:
            raise RuntimeError("--cluster needs Dask distributed: pip install 'skyhall[cluster]'") from None
        try:
            connect: Callable[..., Any] = distributed.Client  # untyped library: typed at this edge
            client = connect(cluster, timeout=f"{CONNECT_SECONDS}s")
        except (OSError, TimeoutError, ValueError) as exc:  # ValueError: not an address
            raise RuntimeError(f"cannot reach the Dask scheduler at {cluster}: {exc}") from None
        try:
            threads = sum(client.nthreads().values()) or 1
            yield client.get_executor(pure=False), threads
        finally:
            client.close()
    elif workers <= 1:
        yield InlineExecutor(), 1
    else:
        pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("forkserver"))
        try:
            yield pool, workers
        except BaseException:  # Ctrl-C or an error: stop the workers now, not after their batches
            for process in list((getattr(pool, "_processes", None) or {}).values()):
                process.terminate()
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        pool.shutdown(wait=True)


Task = tuple[Run, Sequence[Job]]
"""One unit of work: a run's settings and a batch of its jobs."""


def tasks(run: Run, todo: Sequence[Job], size: int) -> list[Task]:
    """``todo`` cut into batches of ``size`` games, in order."""
    return [(run, todo[i : i + size]) for i in range(0, len(todo), size)]


def play_all(work: Sequence[Task], executor: Executor, workers: int) -> Iterator[tuple[int, list[Outcome]]]:
    """Play every task on ``executor``; yields ``(games just finished, games now ready in order)``.

    Every finished batch is reported at once (for a progress bar), but games are handed
    out only in task order: a batch that finishes early waits for those before it.
    At most ``IN_FLIGHT × workers`` tasks are queued at a time.
    """
    results: dict[int, list[Outcome]] = {}
    running: dict[Future[list[Outcome]], int] = {}
    submitted = handed = 0
    while handed < len(work):
        while submitted < len(work) and len(running) < IN_FLIGHT * workers:
            running[executor.submit(play_batch, *work[submitted])] = submitted
            submitted += 1
        finished, _ = wait(list(running), return_when=FIRST_COMPLETED)
        count = 0
        for future in finished:
            number = running.pop(future)
            results[number] = future.result()
            count += len(results[number])
        ready: list[Outcome] = []
        while handed in results:
            ready.extend(results.pop(handed))
            handed += 1
        yield count, ready
