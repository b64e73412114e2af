"""`--executor ray`: the seeded chunks run as Ray tasks on a local Ray with 2 CPUs and give
the records and the report of `--jobs 1`, byte for byte (hands and matches, one chunk or
several a task, through the runner and through the command line).

Ray takes seconds to start (about 5 s here), so this module starts it once, and its checks
share one test so that pytest-xdist never starts a second Ray on the other worker."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import ray

from rulespec.cli.main import main
from rulespec.sim import runner
from rulespec.sim.executors import RayExecutor

DOC = (Path(__file__).resolve().parent.parent.parent / "docs" / "envs.md").read_text()


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="WARNING")
    yield
    ray.shutdown()


def _report(capsys: pytest.CaptureFixture[str], *extra: str) -> str:
    args = ["simulate", "rummy", "-n", "9", "--players", "3", "--seed", "4"]
    args += ["--bots", "greedy,random", "--format", "json"]
    assert main([*args, "--no-timing", *extra]) == 0
    return capsys.readouterr().out


def test_ray_runs_give_the_single_process_records(
    local_ray: None, capsys: pytest.CaptureFixture[str]
) -> None:
    hands = runner.Job("rummy", 3, ("greedy", "random"), 11)
    alone = runner.simulate(hands, 14)
    assert runner.simulate(hands, 14, executor=RayExecutor()) == alone
    assert runner.simulate(hands, 14, executor=RayExecutor(batch=3)) == alone
    part = runner.simulate(hands, 14, executor=RayExecutor(), span=(5, 12))
    assert part == alone[5:12]

    matches = runner.Job("gin", 2, ("greedy",), 2, matches=True)
    assert runner.simulate(matches, 2, executor=RayExecutor()) == runner.simulate(matches, 2)

    single = _report(capsys)
    assert _report(capsys, "--executor", "ray") == single
    assert json.loads(single)["settings"]["count"] == 9
    assert ray.is_initialized()  # the CLI joined this Ray and left it running

    (doc,) = [b for b in re.findall(r"```python\n(.*?)```", DOC, re.S) if b.startswith("# ray")]
    exec(compile(doc, "docs/envs.md", "exec"), {})  # noqa: S102 - docs/envs.md's Ray example
