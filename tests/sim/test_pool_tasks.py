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


def test_a_preloaded_variant_is_not_loaded_again_and_is_let_go(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`rulespec simulate` hands the variant it loaded to the run (and its forked workers):
    no second load, the same records, and nothing kept once the run is over."""
    job = runner.Job("gin", 2, ("random",), 9)
    expected = runner.simulate(job, 12, 1)
    variant = runner.load("gin")
    monkeypatch.setattr(runner, "_WORKER_VARIANTS", {})  # no variant kept by the run above

    def refuse(spec: str) -> None:
        raise AssertionError(f"{spec} loaded again")

    monkeypatch.setattr(runner, "load", refuse)
    with runner.preloaded("gin", variant):
        assert runner.simulate(job, 12, 1) == expected
        assert runner.simulate(job, 12, 2) == expected  # forked workers inherit it
    with pytest.raises(AssertionError, match="loaded again"):
        runner.simulate(job, 4, 1)


def test_the_bots_are_imported_at_start_up_not_on_the_first_hand() -> None:
    """`rulespec simulate` imports the named bots before its timer starts and before
    the workers fork (runner.ready_bots): a fresh process has not imported the smart
    bot, and has only the bots named afterwards."""
    import subprocess
    import sys

    probe = (
        "import sys\n"
        "from rulespec.sim import runner\n"
        "seen = lambda: ['rulespec.bots.smart' in sys.modules,"
        " 'rulespec.bots.random_bot' in sys.modules]\n"
        "before = seen()\n"
        "runner.ready_bots(['random', 'random'])\n"
        "random_only = seen()\n"
        "runner.ready_bots(['smart'])\n"
        "print(*before, *random_only, *seen())\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False", "False", "True", "True", "True"]
