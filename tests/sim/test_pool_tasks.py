"""A local pool is handed a few consecutive chunks per task (runner.task_chunks): fewer
round trips for fast hands, and the records are still exactly those of one process."""

from __future__ import annotations

import pytest

from rulespec.sim import runner


@pytest.mark.parametrize(
    ("total", "jobs", "expected"),
    [(1, 2, 1), (31, 2, 1), (64, 2, 2), (500, 2, 8), (10**9, 2, 8), (500, 8, 3)],
)
def test_task_chunks(total: int, jobs: int, expected: int) -> None:
    assert runner.task_chunks(total, jobs) == expected


def test_tasks_of_several_chunks_give_the_same_records(monkeypatch: pytest.MonkeyPatch) -> None:
    job = runner.Job("gin", 2, ("random",), 4)
    one = runner.simulate(job, 22, 1)
    monkeypatch.setattr(runner, "TASKS_PER_WORKER", 1)  # 6 chunks, 2 workers: 3 a task
    assert runner.task_chunks(6, 2) == 3
    assert runner.simulate(job, 22, 2) == one
    assert [r.index for r in one] == list(range(22))
