"""Data-driven loader tests: every file in tests/data/valid loads with exactly the
warnings its `# expect-warning:` lines name (none without such lines), every file
in tests/data/invalid fails with the problems its `# expect:` lines name (see
tests/data/README.md for the format)."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from rulespec.compiler.load import load_document, load_variant
from rulespec.core.errors import Problem, RuleFileError
from rulespec.model.variant import Variant

DATA = Path(__file__).resolve().parents[1] / "data"
SUFFIXES = (".yaml", ".yml", ".rules")
EXPECT = re.compile(
    r"^#\s*expect(?P<warning>-warning)?:\s*(?:(?P<file>[^\s:]+):)?(?P<line>\d+):(?P<col>\d+) "
    r"(?P<path>\S*): (?P<msg>.+)$"
)


def _files(kind: str) -> list[Path]:
    return sorted(p for p in (DATA / kind).iterdir() if p.suffix in SUFFIXES)


def _expectations(path: Path, warnings: bool = False) -> list[dict[str, str]]:
    """The file's `# expect:` lines (or, with `warnings`, its `# expect-warning:` lines)."""
    found = []
    with path.open("rb") as handle:
        for raw in handle:
            line = raw.decode("utf-8", "replace").rstrip("\n")
            if not line.startswith("#"):
                break
            match = EXPECT.match(line)
            if match and bool(match["warning"]) == warnings:
                found.append(match.groupdict())
    return found


def _matches(want: dict[str, str], problem: Problem, path: Path) -> bool:
    return (
        Path(problem.file).name == (want["file"] or path.name)
        and problem.line == int(want["line"])
        and problem.column == int(want["col"])
        and problem.path == want["path"]
        and want["msg"] in problem.message
    )


@pytest.mark.parametrize("path", _files("valid"), ids=lambda p: p.name)
def test_valid_file_loads(path: Path) -> None:
    variant = load_variant(str(path))
    assert isinstance(variant, Variant)
    assert "extends" not in variant.document
    assert variant.name == load_document(str(path))["name"]


@pytest.mark.parametrize("path", _files("valid"), ids=lambda p: p.name)
def test_valid_file_warns_exactly_as_expected(path: Path) -> None:
    """Each `# expect-warning:` line matches one warning, and every warning is expected."""
    expected = _expectations(path, warnings=True)
    warnings: list[Problem] = []
    load_document(str(path), warnings)
    assert all(not w.is_error for w in warnings)
    shown = "\n".join(w.render().splitlines()[0] for w in warnings)
    for want in expected:
        assert any(_matches(want, w, path) for w in warnings), f"expected {want} among:\n{shown}"
    for found in warnings:
        assert any(_matches(want, found, path) for want in expected), f"unexpected:\n{shown}"


@pytest.mark.parametrize("path", _files("invalid"), ids=lambda p: p.name)
def test_invalid_file_reports_located_problem(path: Path) -> None:
    expected = _expectations(path)
    assert expected, f"{path.name} has no '# expect:' line"
    started = time.process_time()  # this process's CPU: a busy machine does not count
    with pytest.raises(RuleFileError) as caught:
        load_document(str(path))
    assert time.process_time() - started < 5.0
    problems = caught.value.problems
    assert problems
    for problem in problems:
        assert problem.line is None or problem.line >= 1
        assert problem.message and "\n" not in problem.message
    for want in expected:
        matches = [p for p in problems if _matches(want, p, path)]
        shown = "\n".join(p.render().splitlines()[0] for p in problems)
        assert matches, f"expected {want} among:\n{shown}"


def test_enough_data_files() -> None:
    assert len(_files("valid")) >= 10
    assert len(_files("invalid")) >= 25
