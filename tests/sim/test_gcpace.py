"""The collector paced within a chunk of hands (sim/gcpace.py): raised, restored, harmless."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from typing import Any

import pytest

from rulespec.sim import gcpace, runner


@pytest.fixture
def thresholds() -> Iterator[tuple[int, int, int]]:
    """The test's own thresholds, put back afterwards whatever happens."""
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    yield gc.get_threshold()
    gc.set_threshold(*before)


def test_the_young_threshold_is_raised_within_and_restored_after(
    thresholds: tuple[int, int, int],
) -> None:
    with gcpace.paced():
        assert gc.get_threshold() == (gcpace.YOUNG, 10, 10)
    assert gc.get_threshold() == thresholds


def test_restored_after_an_error_too(thresholds: tuple[int, int, int]) -> None:
    with pytest.raises(KeyError), gcpace.paced():
        raise KeyError("x")
    assert gc.get_threshold() == thresholds


def test_a_callers_higher_threshold_is_kept(thresholds: tuple[int, int, int]) -> None:
    gc.set_threshold(gcpace.YOUNG * 3, 5, 7)
    with gcpace.paced():
        assert gc.get_threshold() == (gcpace.YOUNG * 3, 5, 7)
    assert gc.get_threshold() == (gcpace.YOUNG * 3, 5, 7)


def test_every_move_of_a_hand_and_a_match_is_chosen_paced(
    thresholds: tuple[int, int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: set[tuple[int, int, int]] = set()
    real = runner.bot_move

    def spy(*args: Any) -> Any:
        seen.add(gc.get_threshold())
        return real(*args)

    monkeypatch.setattr(runner, "bot_move", spy)
    variant = runner.load("gin")
    runner.run_hand(variant, 2, ("random",), 1, 0)
    assert gc.get_threshold() == thresholds
    runner.run_match(variant, 2, ("random",), 1, 0)
    assert seen == {(gcpace.YOUNG, 10, 10)}
    assert gc.get_threshold() == thresholds


def test_records_do_not_depend_on_when_the_collector_runs(
    thresholds: tuple[int, int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bots' caches keyed by object identity must not answer from a freed object:
    hands played under a collector that runs every 50 allocations give the paced run's
    records."""
    job = runner.Job("rummy", 2, ("smart", "greedy"), 7)
    paced = runner.simulate(job, 3, 1)
    monkeypatch.setattr(gcpace, "YOUNG", 50)
    gc.set_threshold(50, 2, 2)
    eager = runner.simulate(job, 3, 1)
    gc.set_threshold(*thresholds)
    assert eager == paced
