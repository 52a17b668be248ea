"""Server load: parallel matches of random legal play over real websockets against ``skyhall serve``.

    python bench/server.py [--matches 200] [--seconds 30] [--think 1.0] [--clients 1] [--url URL]

Without ``--url`` it starts ``skyhall serve`` (uvicorn, one process, as shipped) on
``127.0.0.1:<free port>`` with a temporary SQLite file. It creates ``--matches``
matches spread over the three games, every seat human, and drives every seat over its
own websocket with the seat's token: the seat to act waits a random think time
(uniform in ``[0, 2 × think]``, ``--think 0`` for as fast as possible) and sends a
random legal choice. A finished match is replaced by a new one of the same game, so
the number of matches stays constant for ``--seconds``.

Latency is measured on the acting seat's socket, from sending ``act`` to receiving the
``state`` whose ``seq`` is past it (checked, committed and pushed). Clients are asyncio
(the ``websockets`` library) in ``--clients`` processes (default one: the server has a
single event loop, so on two cores one client process keeps up with it; ``client_cpu``
shows how busy the clients were). Prints one JSON line::

    {"matches": 200, "seconds": 30, "games": [...], "think_s": 1.0, "clients": 1,
     "actions": ..., "actions_per_s": ..., "p50_ms": ..., "p99_ms": ..., "max_ms": ...,
     "errors": 0, "error_kinds": {}, "finished": ..., "client_cpu": ...,
     "server_cpu": ..., "server_ms_per_action": ..., "server_waiting": ...}

``errors`` counts error messages, refused or dropped sockets, failed creations and
actions with no answer within :data:`ANSWER_TIMEOUT`. ``finished`` counts matches
played to the end. ``client_cpu`` and ``server_cpu`` are CPU seconds per second of the
run (1.0 = one core busy); ``server_ms_per_action`` is the server's CPU time per action
(the number to compare between versions on a shared machine); ``server_waiting`` is the
share of the run the server's event loop was ready to run but waited for a CPU taken
by other processes (high on a busy machine, and then latency says more about the
machine than the server). The ``server_*`` figures need a server this script started.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

GAMES = ("skyport", "airport-rush", "skyrise")
ANSWER_TIMEOUT = 10.0
"""Seconds an action may wait for its state before it counts as an error."""
IDLE_CHECK = 1.0
"""Seconds a seat with nothing pending waits for a message before looking whether the run stopped."""
START_TIMEOUT = 60.0
"""Seconds for a started server to answer."""
SETUP_TIMEOUT = 120.0
"""Seconds for creating and joining every match before the run."""


@dataclass
class Tally:
    """What one client process saw."""

    latencies: list[float] = field(default_factory=list)
    """Milliseconds, one per answered action sent during the run."""
    errors: Counter[str] = field(default_factory=Counter)
    finished: int = 0
    cpu: float = 0.0
    server: tuple[float, float] | None = None
    """The server's CPU seconds and its event loop's seconds waiting for a CPU, during the run."""

    def merge(self, other: Tally) -> None:
        self.latencies += other.latencies
        self.errors.update(other.errors)
        self.finished += other.finished
        self.cpu += other.cpu
        self.server = self.server or other.server


@dataclass(frozen=True)
class Plan:
    """One client process's share of the load."""

    url: str
    games: tuple[str, ...]
    """One entry per match slot this process drives."""
    seconds: float
    think: float
    seed: int
    server_pid: int | None = None
    """The server process to watch (given to one client process)."""


def post(url: str, body: Any) -> Any:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), method="POST", headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


class Seat:
    """One seat's socket: acts when the state offers it choices, timing each action to its answer."""

    def __init__(self, ws: ClientConnection, rng: random.Random, plan: Plan, tally: Tally) -> None:
        self.ws = ws
        self.rng = rng
        self.plan = plan
        self.tally = tally
        self.sent_at: float | None = None
        self.sent_seq = -1

    async def play(self, stop: asyncio.Event) -> bool:
        """Play until the match ends (True) or the run stops and nothing is pending (False)."""
        while True:
            if stop.is_set() and self.sent_at is None:
                return False
            try:
                async with asyncio.timeout(ANSWER_TIMEOUT if self.sent_at else IDLE_CHECK):
                    raw = await self.ws.recv()
            except TimeoutError:
                if self.sent_at is not None:
                    self.tally.errors["no answer"] += 1
                    return False
                continue  # idle: look at the clock again
            message = json.loads(raw)
            if message["type"] == "error":
                self.tally.errors[message["code"]] += 1
                self.sent_at = None
                continue
            if self.sent_at is not None and message["seq"] > self.sent_seq:
                self.tally.latencies.append((time.perf_counter() - self.sent_at) * 1000)
                self.sent_at = None
            if message["status"] != "live":
                return True
            if message["choices"] and self.sent_at is None and not stop.is_set():
                await self.act(message, stop)

    async def act(self, message: dict[str, Any], stop: asyncio.Event) -> None:
        if self.plan.think:
            think = self.rng.uniform(0, 2 * self.plan.think)
            try:
                await asyncio.wait_for(stop.wait(), think)
                return  # the run ended while thinking
            except TimeoutError:
                pass
        choice = self.rng.choice(message["choices"])
        self.sent_seq = message["seq"]
        self.sent_at = time.perf_counter()
        await self.ws.send(json.dumps({"type": "act", "seq": message["seq"], "action": choice["notation"]}))


async def create(plan: Plan, game: str) -> dict[str, Any]:
    """A new match, each seat's invite opened (its ``token`` then holds the seat), as players' pages do."""
    created: dict[str, Any] = await asyncio.to_thread(
        post, plan.url + "/api/matches", {"game": game, "seats": [{"kind": "human"}] * 2}
    )
    claim = f"{plan.url}/api/matches/{created['match']}/claim"
    for seat in created["seats"]:
        seat["token"] = (await asyncio.to_thread(post, claim, {"token": seat["token"]}))["token"]
    return created


async def join(plan: Plan, match: str, token: str) -> ClientConnection:
    ws = await connect(f"{plan.url.replace('http', 'ws', 1)}/ws/matches/{match}", max_size=2**22)
    await ws.send(json.dumps({"type": "join", "token": token}))
    return ws


@dataclass
class Run:
    """One client process's run: its plan, its tally, and the signals its match slots share."""

    plan: Plan
    tally: Tally = field(default_factory=Tally)
    start: asyncio.Event = field(default_factory=asyncio.Event)
    stop: asyncio.Event = field(default_factory=asyncio.Event)
    setting_up: asyncio.Semaphore = field(default_factory=lambda: asyncio.Semaphore(16))
    """Creations and joins before the start, a few at a time."""
    joined: int = 0
    """Slots whose first match is set up."""


async def open_match(run: Run, game: str) -> list[ClientConnection]:
    """A new match of ``game`` with a socket joined on each seat, with the seat's token."""
    created = await create(run.plan, game)
    return [await join(run.plan, created["match"], seat["token"]) for seat in created["seats"]]


async def slot(run: Run, game: str, rng: random.Random) -> None:
    """Matches of ``game`` one after another until the run stops; the first is set up before the start."""
    first = True
    while not run.stop.is_set():
        try:
            if first:
                async with run.setting_up:
                    sockets = await open_match(run, game)
            else:
                sockets = await open_match(run, game)
        except (OSError, WebSocketException) as exc:
            run.tally.errors[f"setup: {type(exc).__name__}"] += 1
            await asyncio.sleep(1)
            continue
        if first:
            first = False
            run.joined += 1
            await run.start.wait()
        try:
            seats = [Seat(ws, rng, run.plan, run.tally) for ws in sockets]
            ended = await asyncio.gather(*(seat.play(run.stop) for seat in seats))
            run.tally.finished += all(ended)
        except WebSocketException as exc:
            run.tally.errors[f"socket: {type(exc).__name__}"] += 1
        finally:
            for ws in sockets:
                await ws.close()


async def drive(plan: Plan, barrier: Any = None) -> Tally:
    """Set up every slot, wait for the other processes (``barrier``), then play for ``plan.seconds``."""
    run = Run(plan)
    rng = random.Random(plan.seed)
    tasks = [asyncio.create_task(slot(run, game, random.Random(rng.getrandbits(64)))) for game in plan.games]
    deadline = time.monotonic() + SETUP_TIMEOUT
    while run.joined < len(plan.games):
        if any(task.done() for task in tasks):
            await asyncio.gather(*tasks)  # a slot failed outright: let its exception through
        if time.monotonic() > deadline:
            raise SystemExit(
                f"only {run.joined} of {len(plan.games)} matches were set up: {dict(run.tally.errors)}"
            )
        await asyncio.sleep(0.1)
    if barrier is not None:
        await asyncio.to_thread(barrier.wait)
    cpu, server = time.process_time(), usage(plan.server_pid)
    run.start.set()
    await asyncio.sleep(plan.seconds)
    run.stop.set()
    run.tally.cpu = time.process_time() - cpu
    if plan.server_pid:
        after = usage(plan.server_pid)
        run.tally.server = (after[0] - server[0], after[1] - server[1])
    await asyncio.gather(*tasks)
    return run.tally


def run_process(plan: Plan, barrier: Any, results: Any) -> None:
    """A client process: its tally goes back through ``results``."""
    results.put(asyncio.run(drive(plan, barrier)))


def shares(games: list[str], parts: int) -> list[tuple[str, ...]]:
    return [tuple(games[i::parts]) for i in range(parts)]


def run_clients(url: str, server_pid: int | None, args: argparse.Namespace) -> Tally:
    games = [GAMES[i % len(GAMES)] for i in range(args.matches)]
    plans = [
        Plan(url, share, args.seconds, args.think, args.seed * 1000 + i, None if i else server_pid)
        for i, share in enumerate(shares(games, args.clients))
    ]
    if args.clients == 1:
        return asyncio.run(drive(plans[0]))
    context = multiprocessing.get_context("spawn")
    barrier, results = context.Barrier(args.clients), context.Queue()
    processes = [context.Process(target=run_process, args=(plan, barrier, results)) for plan in plans]
    for process in processes:
        process.start()
    tally = Tally()
    for _ in processes:
        tally.merge(results.get())
    for process in processes:
        process.join()
    return tally


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def usage(pid: int | None) -> tuple[float, float]:
    """Process ``pid``'s CPU seconds so far, and its main thread's seconds spent waiting for a CPU.

    Read from Linux's ``/proc`` (``stat``: user + system ticks; ``schedstat``: run-queue nanoseconds).
    """
    if not pid:
        return 0.0, 0.0
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    waited = int(Path(f"/proc/{pid}/schedstat").read_text().split()[1])
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK"), waited / 1e9


@contextmanager
def started_server() -> Iterator[tuple[str, int]]:
    """``skyhall serve`` on a free loopback port and a temporary SQLite file: ``(url, pid)``."""
    with tempfile.TemporaryDirectory(prefix="skyhall-bench-") as folder:
        port = free_port()
        # one client process stands for every player: no per-address limits
        command = [
            sys.executable,
            "-m",
            "skyhall.cli.main",
            "serve",
            "--port",
            str(port),
            "--no-address-limits",
        ]
        command += ["--db", f"sqlite:///{Path(folder) / 'bench.db'}"]
        with open(Path(folder) / "server.log", "wb") as output:
            process = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT)
        url = f"http://127.0.0.1:{port}"
        try:
            wait_for_server(url, process)
            yield url, process.pid
        finally:
            process.terminate()
            process.wait(30)


def wait_for_server(url: str, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"skyhall serve exited with {process.returncode}")
        try:
            with urllib.request.urlopen(url + "/api/games", timeout=5):
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"skyhall serve did not answer within {START_TIMEOUT} s")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def measure(url: str, server_pid: int | None, args: argparse.Namespace) -> dict[str, Any]:
    tally = run_clients(url, server_pid, args)
    latencies = tally.latencies
    line = {
        "matches": args.matches,
        "seconds": args.seconds,
        "games": list(GAMES),
        "think_s": args.think,
        "clients": args.clients,
        "actions": len(latencies),
        "actions_per_s": round(len(latencies) / args.seconds, 1),
        "p50_ms": round(percentile(latencies, 0.50), 2),
        "p99_ms": round(percentile(latencies, 0.99), 2),
        "max_ms": round(max(latencies, default=float("nan")), 2),
        "errors": sum(tally.errors.values()),
        "error_kinds": dict(tally.errors),
        "finished": tally.finished,
        "client_cpu": round(tally.cpu / args.seconds, 2),
    }
    if tally.server:
        cpu, waited = tally.server
        line["server_cpu"] = round(cpu / args.seconds, 2)
        line["server_ms_per_action"] = round(1000 * cpu / max(1, len(latencies)), 2)
        line["server_waiting"] = round(waited / args.seconds, 2)
    return line


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--matches", type=int, default=200, help="concurrent matches (default 200)")
    parser.add_argument("--seconds", type=float, default=30.0, help="length of the run (default 30)")
    parser.add_argument(
        "--think",
        type=float,
        default=1.0,
        help="mean seconds a seat thinks before acting (default 1; 0: none)",
    )
    parser.add_argument("--clients", type=int, default=1, help="client processes (default 1)")
    parser.add_argument("--url", help="an already running server (default: start one)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.url:
        print(json.dumps(measure(args.url.rstrip("/"), None, args)), flush=True)
        return
    with started_server() as (url, pid):
        print(json.dumps(measure(url, pid, args)), flush=True)


if __name__ == "__main__":
    main()
