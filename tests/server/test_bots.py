"""The bots' worker processes: they go when the server goes, even when it is killed outright."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import textwrap
import time
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

import pytest

from skyhall.server.bots import BotPool
from tests.server.conftest import Server

SERVER = textwrap.dedent(
    """
    import asyncio

    from skyhall.games import skyport
    from skyhall.server.bots import BotPool

    async def main() -> None:
        pool = BotPool(2)
        state = skyport.new_game(2, 1)
        await pool.choose("random", 1, state.view(state.to_act), state.legal_actions())
        print("ready", flush=True)
        await asyncio.sleep(120)

    if __name__ == "__main__":
        asyncio.run(main())
    """
)


def children(parent: int) -> list[int]:
    """The processes whose parent is ``parent``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except (FileNotFoundError, ProcessLookupError):
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == parent:
                found.append(int(entry.name))
    return found


def gone(pid: int) -> bool:
    """Whether process ``pid`` has exited (a zombie waiting for its new parent to reap it counts)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return True
    return stat.rsplit(")", 1)[1].split()[0] == "Z"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_the_bot_workers_exit_when_the_server_is_killed(tmp_path: Path) -> None:
    script = tmp_path / "server.py"
    script.write_text(SERVER)
    server = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        assert server.stdout.readline() == "ready\n"
        pids = children(server.pid)  # the two workers, and multiprocessing's resource tracker if any
        assert len(pids) >= 2 and not any(gone(pid) for pid in pids), pids
        os.kill(server.pid, signal.SIGKILL)
        server.wait()
        deadline = time.monotonic() + 15
        while not all(gone(pid) for pid in pids) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert [pid for pid in pids if not gone(pid)] == []
    finally:
        server.kill()
        for pid in pids if "pids" in locals() else []:
            if not gone(pid):
                os.kill(pid, signal.SIGKILL)


class Gate(Executor):
    """An executor that runs nothing until told: it records which decision (by seed) started when."""

    def __init__(self) -> None:
        self.started: list[int] = []
        self.running: list[Future[str]] = []

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[str]:
        self.started.append(args[1])
        self.running.append(Future())
        return self.running[-1]


def test_a_match_a_person_watches_gets_the_next_free_worker_before_the_others() -> None:
    """Urgency is asked when a worker comes free: a match whose page connected while its decision
    waited goes first too."""

    async def scenario() -> list[int]:
        pool = BotPool(1)
        pool._pool = gate = Gate()
        watched = {seed: False for seed in range(1, 6)}

        def decide(seed: int, urgent: bool) -> asyncio.Task[str]:
            watched[seed] = urgent
            return asyncio.create_task(pool.choose("random", seed, None, (), lambda: watched[seed]))

        async def finish(k: int) -> None:
            gate.running[k].set_result("pass")
            await asyncio.sleep(0.01)

        first = decide(1, urgent=False)
        await asyncio.sleep(0.01)
        later = [decide(2, urgent=False), decide(3, urgent=False), decide(4, urgent=True)]
        await asyncio.sleep(0.01)
        given_up = decide(5, urgent=True)
        await asyncio.sleep(0.01)
        given_up.cancel()  # a waiting decision may be given up: it never starts
        watched[3] = True  # its page connected while it waited
        assert gate.started == [1]  # one worker: one decision at a time
        for k in range(4):
            await finish(k)
        assert all(task.result() == "pass" for task in [first, *later])
        assert pool._thinking == 0 and pool._waiting == []
        return gate.started

    assert asyncio.run(scenario()) == [1, 3, 4, 2]


def test_a_bot_handed_a_seat_while_an_earlier_bot_thinks_still_plays(server: Server) -> None:
    """Hand the seat to a bot, take it back and play, hand it over again while the first bot still
    thinks: the first bot's move comes too late, and the second bot must then decide (the seat was
    left waiting for good)."""
    gate = Gate()
    server.client.app.state.hall.bots._pool = gate  # type: ignore[attr-defined]
    created = server.create()
    match = created["match"]
    seat = server.state(match)["view"]["to_act"]
    token = created["seats"][seat]["token"]
    url = f"/api/matches/{match}/seats/{seat}/control"
    server.client.post(url, json={"token": token, "kind": "bot", "level": "random"})
    server.wait_until(lambda: len(gate.started) == 1)
    server.client.post(url, json={"token": token, "kind": "human"})
    server.play_first_choices(created, 1)
    assert server.state(match)["view"]["to_act"] == seat  # a turn is a chain of decisions
    server.client.post(url, json={"token": token, "kind": "bot", "level": "random"})
    gate.running[0].set_result("pass")  # the first bot's move, for a position gone by
    server.wait_until(lambda: len(gate.started) == 2)  # the second bot thinks
    choice = server.state(match, token)["choices"][0]["notation"]
    gate.running[1].set_result(choice)
    server.wait_until(lambda: server.state(match)["seq"] == 2)
