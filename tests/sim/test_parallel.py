"""Batched play on executors: the same run gives the same games on one worker, two, or a Dask cluster."""

from __future__ import annotations

from typing import Any

import pytest

from skyhall.sim import parallel
from skyhall.sim.cluster import loopback
from skyhall.sim.parallel import MAX_BATCH, batch_size, executor_for, play_all, play_batch, tasks
from skyhall.sim.runner import Run, jobs

RUN = Run("skyport", ("random", "random", "random"), 7, {"first_player": 0})


def played(run: Run, games: int, workers: int, cluster: str | None = None) -> list[dict[str, Any]]:
    with executor_for(workers, cluster) as (executor, count):
        work = tasks(run, jobs(run, games), batch_size(games, count))
        return [o.to_dict() for _, ready in play_all(work, executor, count) for o in ready]


def test_a_seeded_run_is_reproducible_and_the_same_as_one_batch_of_all_its_games() -> None:
    first = played(RUN, 9, workers=1)
    assert first == played(RUN, 9, workers=1)
    assert first == [o.to_dict() for o in play_batch(RUN, jobs(RUN, 9))]
    assert [g["seed"] for g in first][::3] != [first[0]["seed"]] * 3, "three deals, not one"


def test_one_local_worker_and_two_give_the_same_games_in_the_same_order() -> None:
    assert played(RUN, 12, workers=1) == played(RUN, 12, workers=2)


def test_batches_are_many_for_few_games_and_capped_for_many() -> None:
    assert batch_size(8, 2) == 1
    assert batch_size(60, 2) == 8
    assert batch_size(100_000, 2) == MAX_BATCH == 10
    assert batch_size(1, 1) == batch_size(100_000, 1) == 1  # this process: each game kept as it ends


def test_games_come_back_in_schedule_order_even_from_uneven_batches() -> None:
    todo = jobs(RUN, 7)
    with executor_for(2) as (executor, count):
        out = [o for _, ready in play_all(tasks(RUN, todo, 3), executor, count) for o in ready]
    assert [o.record.seed for o in out] == [job.deal for job in todo]


def test_a_loopback_dask_cluster_plays_exactly_the_local_games() -> None:
    variant = Run(
        "airport-rush", ("random", "random"), 3, {"first_player": 0, "data": {"game": {"penalty_die": 3}}}
    )
    with loopback(workers=2) as address:
        remote = played(variant, 8, workers=1, cluster=address)
    assert remote == played(variant, 8, workers=1)
    assert all(g["record"]["options"]["data"] == {"game": {"penalty_die": 3}} for g in remote)


def test_an_unreachable_cluster_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "CONNECT_SECONDS", 1.0)
    with (
        pytest.raises(RuntimeError, match="cannot reach the Dask scheduler"),
        executor_for(1, "tcp://127.0.0.1:9"),
    ):
        pass
