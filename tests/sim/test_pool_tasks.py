"""What `rulespec simulate` does before a run starts: the rule file loaded once (the forked
workers inherit it), the bots imported and their tables built, never on the first hand."""

from __future__ import annotations

import pytest

from rulespec.sim import runner


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


def test_the_bots_tables_are_built_at_start_up() -> None:
    """`Bot.prepare`: given the variant, `ready_bots` builds the smart bot's mask lookahead,
    which the first hand would otherwise build inside the run's timing (and once in every
    worker forked before it); the random bot keeps no tables."""
    from rulespec.bots import masklook

    variant = runner.load("gin")
    masklook._BY_VARIANT.pop(id(variant), None)
    runner.ready_bots(["random"], variant)
    assert id(variant) not in masklook._BY_VARIANT
    runner.ready_bots(["smart"], variant)
    assert masklook._BY_VARIANT[id(variant)][0] is variant
