"""Simulation tests run one process per simulate unless a test asks for more: the suite
already spreads over the cores (pytest-xdist), and `simulate` without `--jobs` would
otherwise fork a worker per core inside each test. Tests of the default set the cores."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rulespec.sim import runner


@pytest.fixture(autouse=True)
def _one_core(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(runner, "cores", lambda: 1)
    yield
