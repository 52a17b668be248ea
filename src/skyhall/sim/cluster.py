"""A throwaway Dask cluster on this machine's loopback: one scheduler and a worker process group.

For trying ``--cluster`` without a real cluster, for the tests that check the cluster
path matches the local one, and for ``bench/sim.py``. It runs the same ``dask
scheduler`` and ``dask worker`` commands one would run on real machines, bound to
127.0.0.1 only, and tears both down (their whole process groups) on exit.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import Any

HOST = "127.0.0.1"
STARTUP_SECONDS = 60.0
STOP_SECONDS = 10.0


def free_port() -> int:
    """A TCP port on the loopback that nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def loopback(workers: int = 2) -> Iterator[str]:
    """Start a scheduler and ``workers`` single-threaded worker processes; yields the scheduler address."""
    port = free_port()
    address = f"tcp://{HOST}:{port}"
    dask = [sys.executable, "-m", "dask"]
    quiet = "--no-dashboard"
    started: list[subprocess.Popen[bytes]] = []
    try:
        started.append(_spawn([*dask, "scheduler", "--host", HOST, "--port", str(port), quiet]))
        pool = ["--nworkers", str(workers), "--nthreads", "1"]
        started.append(_spawn([*dask, "worker", address, *pool, "--host", HOST, quiet]))
        _wait_for(address, workers)
        yield address
    finally:
        for process in reversed(started):
            _stop(process)


def _spawn(command: list[str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )


def _wait_for(address: str, workers: int) -> None:
    import distributed

    connect: Callable[..., Any] = distributed.Client  # untyped library: typed at this edge
    client = connect(address, timeout=f"{STARTUP_SECONDS}s")
    try:
        client.wait_for_workers(workers, timeout=STARTUP_SECONDS)
    finally:
        client.close()


def _stop(process: subprocess.Popen[bytes]) -> None:
    """Stop ``process`` and the processes it started (its own session), forcefully if it lingers."""
    for sent in (signal.SIGTERM, signal.SIGKILL):
        if process.poll() is not None:
            break
        try:
            os.killpg(process.pid, sent)
        except ProcessLookupError:
            break
        try:
            process.wait(STOP_SECONDS)
        except subprocess.TimeoutExpired:
            continue
    with suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)  # children that outlived their parent
