"""`--jobs N` runs N processes, the parent one of them (sim/localpool.py): results in the
order of the items whoever plays them, both processes at work, a failure delivered in its
turn, and the same records as one process."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from rulespec.sim import localpool, runner


def _square(items: list[int]) -> list[int]:
    return [i * i for i in items]


def _player(items: list[int]) -> list[tuple[int, int]]:
    return [(i, os.getpid()) for i in items]


def _fails_at_seven(items: list[int]) -> list[int]:
    if 7 in items:
        raise ValueError("item 7")
    return list(items)


@pytest.mark.parametrize("processes", [1, 2, 3])
def test_results_come_in_the_order_of_the_items(processes: int) -> None:
    got = list(localpool.ordered_map(_square, iter(range(97)), 97, processes))
    assert got == [i * i for i in range(97)]


def test_the_parent_plays_too() -> None:
    got = list(localpool.ordered_map(_player, iter(range(60)), 60, 2))
    assert [i for i, _ in got] == list(range(60))
    pids = {pid for _, pid in got}
    assert os.getpid() in pids and len(pids) == 2  # this process and one worker


@pytest.mark.parametrize("count", [8, 10, 30])
def test_a_failure_comes_after_the_results_before_it(count: int) -> None:
    """Item 7 falls in a worker's task or in the parent's share depending on the run's
    length; either way the seven results before it are delivered, then its error."""
    got: list[int] = []
    with pytest.raises(ValueError, match="item 7"):
        for result in localpool.ordered_map(_fails_at_seven, iter(range(count)), count, 2):
            got.append(result)
    assert got == list(range(7))


def test_closing_early_stops_the_workers() -> None:
    results: Iterator[int] = localpool.ordered_map(_square, iter(range(10**6)), 10**6, 2)
    assert [next(results) for _ in range(5)] == [0, 1, 4, 9, 16]
    results.close()  # type: ignore[attr-defined]  # (a generator)


@pytest.mark.parametrize(("left", "expected"), [(1, 1), (7, 1), (16, 2), (500, 8), (10**9, 8)])
def test_tasks_shrink_as_the_run_ends(left: int, expected: int) -> None:
    assert localpool.task_size(left, 2) == expected


@pytest.mark.parametrize("jobs", [2, 3])
def test_a_run_over_several_processes_gives_the_records_of_one(jobs: int) -> None:
    job = runner.Job("gin", 2, ("random",), 4)
    one = runner.simulate(job, 45, 1)
    assert runner.simulate(job, 45, jobs) == one
    assert [r.index for r in one] == list(range(45))
