"""Data-driven loader tests: every file in tests/data/valid loads, every file in
tests/data/invalid fails with the problems its `# expect:` lines name (see
tests/data/README.md for the format)."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from rulespec.errors import RuleFileError
from rulespec.spec.load import load_document, load_variant
from rulespec.spec.model import Variant

DATA = Path(__file__).parent / "data"
SUFFIXES = (".yaml", ".yml", ".rules")
EXPECT = re.compile(
    r"^#\s*expect:\s*(?:(?P<file>[^\s:]+):)?(?P<line>\d+):(?P<col>\d+) (?P<path>\S*): (?P<msg>.+)$"
)


def _files(kind: str) -> list[Path]:
    return sorted(p for p in (DATA / kind).iterdir() if p.suffix in SUFFIXES)


def _expectations(path: Path) -> list[dict[str, str]]:
    found = []
    with path.open("rb") as handle:
        for raw in handle:
            line = raw.decode("utf-8", "replace").rstrip("\n")
            if not line.startswith("#"):
                break
            match = EXPECT.match(line)
            if match:
                found.append(match.groupdict())
    return found


@pytest.mark.parametrize("path", _files("valid"), ids=lambda p: p.name)
def test_valid_file_loads(path: Path) -> None:
    variant = load_variant(str(path))
    assert isinstance(variant, Variant)
    assert "extends" not in variant.document
    assert variant.name == load_document(str(path))["name"]


@pytest.mark.parametrize("path", _files("invalid"), ids=lambda p: p.name)
def test_invalid_file_reports_located_problem(path: Path) -> None:
    expected = _expectations(path)
    assert expected, f"{path.name} has no '# expect:' line"
    started = time.perf_counter()
    with pytest.raises(RuleFileError) as caught:
        load_document(str(path))
    assert time.perf_counter() - started < 5.0
    problems = caught.value.problems
    assert problems
    for problem in problems:
        assert problem.line is None or problem.line >= 1
        assert problem.message and "\n" not in problem.message
    for want in expected:
        wanted_file = want["file"] or path.name
        matches = [
            p
            for p in problems
            if Path(p.file).name == wanted_file
            and p.line == int(want["line"])
            and p.column == int(want["col"])
            and p.path == want["path"]
            and want["msg"] in p.message
        ]
        shown = "\n".join(p.render().splitlines()[0] for p in problems)
        assert matches, f"expected {want} among:\n{shown}"


def test_enough_data_files() -> None:
    assert len(_files("valid")) >= 10
    assert len(_files("invalid")) >= 25
