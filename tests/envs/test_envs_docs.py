"""docs/envs.md stays true: its Python examples run (the Ray one runs in the Ray test), each
about ten lines, and it names every observation plane and feature the encoder makes."""

from __future__ import annotations

import re
import sys

import pytest
from envs_helpers import ROOT

from rulespec.envs import planes

DOC = (ROOT / "docs" / "envs.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```python\n(.*?)```", DOC, re.S)


def examples(ray: bool) -> list[str]:
    """The doc's Python blocks: those for a running Ray (first line `# ray`) or the others."""
    return [b for b in BLOCKS if b.startswith("# ray") == ray]


@pytest.mark.parametrize("block", examples(ray=False), ids=lambda b: b.splitlines()[0][:40])
def test_the_example_runs(block: str, capsys: pytest.CaptureFixture[str]) -> None:
    if "pyspiel" in block and sys.version_info < (3, 11):
        pytest.skip("OpenSpiel needs Python 3.11+")
    assert len(block.strip().splitlines()) <= 12
    exec(compile(block, "docs/envs.md", "exec"), {})  # noqa: S102 - the doc's own example


def test_there_is_an_example_of_each_interface() -> None:
    text = "\n".join(BLOCKS)
    for call in ("aec_env(", "gym_env(", "python_rulespec", "RayExecutor("):
        assert call in text


def test_every_plane_and_feature_is_documented() -> None:
    names = planes.plane_names(1) + planes.feature_names(1)
    missing = [n for n in names if f"`{n.replace('[0]', '[k]')}`" not in DOC]
    assert not missing, missing


def test_the_gym_example_script_runs(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import runpy

    monkeypatch.setattr(sys, "argv", ["gym_loop.py", "gin", "--episodes", "2", "--seed", "3"])
    runpy.run_path(str(ROOT / "examples" / "gym_loop.py"), run_name="__main__")
    assert capsys.readouterr().out.startswith("gin: 2 episodes, returns [")
