"""Fuzzing the loader: mutated rule files load or fail with located problems, never crash.

Valid rule texts (tests/data/valid, and the bundled `.rules` variants when the
DSL front end is present) are mutated by deletions, duplications, swaps of
lines and random bytes; every result must be a `Variant` or a `RuleFileError`
whose problems all carry a line, within a time bound (hypothesis `deadline`).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulespec.errors import RuleFileError
from rulespec.spec.load import bundled_dir, load_text
from rulespec.spec.model import Variant

VALID = Path(__file__).parent / "data" / "valid"


def _sources() -> list[tuple[str, bytes, str]]:
    found = [(str(p), p.read_bytes(), "yaml") for p in sorted(VALID.glob("*.yaml"))]
    if importlib.util.find_spec("rulespec.grammar.transformer") is not None:
        folder = bundled_dir()
        if folder.is_dir():
            found += [(str(p), p.read_bytes(), "rules") for p in sorted(folder.glob("*.rules"))]
    return found


SOURCES = _sources()


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, bytes, str]:
    file, data, kind = draw(st.sampled_from(SOURCES))
    for _ in range(draw(st.integers(1, 4))):
        size = len(data)
        op = draw(st.sampled_from(["delete", "duplicate", "swap", "bytes", "lines"]))
        i = draw(st.integers(0, size))
        j = draw(st.integers(i, min(size, i + 40)))
        if op == "delete":
            data = data[:i] + data[j:]
        elif op == "duplicate":
            k = draw(st.integers(0, size))
            data = data[:k] + data[i:j] + data[k:]
        elif op == "bytes":
            noise = draw(st.binary(min_size=1, max_size=8))
            data = data[:i] + noise + data[j:]
        elif op == "swap":
            k = draw(st.integers(j, size))
            data = data[:i] + data[j:k] + data[i:j] + data[k:]
        else:
            lines = data.split(b"\n")
            a = draw(st.integers(0, len(lines) - 1))
            b = draw(st.integers(0, len(lines) - 1))
            lines[a], lines[b] = lines[b], lines[a]
            data = b"\n".join(lines)
    return file, data, kind


@settings(
    max_examples=150,
    deadline=2000,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(mutated())
def test_mutated_rule_text_is_valid_or_located(case: tuple[str, bytes, str]) -> None:
    file, data, kind = case
    try:
        variant = load_text(data, file, kind)
    except RuleFileError as exc:
        assert exc.problems
        for problem in exc.problems:
            assert problem.line is not None and problem.line >= 1, problem
            assert problem.message
        return
    assert isinstance(variant, Variant)


def test_unmutated_sources_load() -> None:
    for file, data, kind in SOURCES:
        assert isinstance(load_text(data, file, kind), Variant), file
