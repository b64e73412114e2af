"""The README's promises hold: its Python example runs and its commands exist."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _blocks(lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", README, flags=re.S)


def test_python_example_runs() -> None:
    (code,) = _blocks("python")
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    reason = done.stdout.split()[0]
    assert reason in {"out", "rummy", "knock", "gin", "undercut", "stock", "void"}


def test_every_command_shown_is_a_real_subcommand() -> None:
    from rulespec.cli.main import COMMANDS

    known = {name for name, _help in COMMANDS}
    (shell,) = [b for b in _blocks("sh") if "rulespec list" in b]
    used = set(re.findall(r"^rulespec (\w+)", shell, flags=re.M))
    assert used and used <= known, used - known


def test_the_two_commands_match_ci() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    test_line = [line for line in ci.splitlines() if "pytest" in line][0].strip()
    assert test_line in README, "the README's test command must be exactly what .ci/run runs"


def test_house_rule_files_named_exist() -> None:
    for path in re.findall(r"examples/house-rules/[\w.-]+\.rules", README):
        assert (ROOT / path).is_file(), path


READ_ONLY = {"list", "explain", "show", "convert", "schema"}


def test_read_only_commands_run_as_written_from_the_repo_root() -> None:
    """Each `rulespec list|explain|show|convert|schema` line of the README, run verbatim."""
    (shell,) = [b for b in _blocks("sh") if "rulespec list" in b]
    lines = [line.split("#")[0].strip() for line in shell.splitlines()]
    commands = [line for line in lines if line.startswith("rulespec ")]
    ran = 0
    for line in commands:
        words = shlex.split(line)
        if words[1] not in READ_ONLY:
            continue
        done = subprocess.run(
            [sys.executable, "-m", "rulespec", *words[1:]],
            capture_output=True,
            text=True,
            timeout=120,
            cwd=ROOT,
        )
        assert done.returncode == 0, f"{line}: {done.stderr}"
        assert done.stdout.strip(), line
        ran += 1
    assert any(c.startswith("rulespec convert ") for c in commands)
    assert ran >= 5


def test_a_bundled_name_with_an_extension_gets_a_hint(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "rulespec", "convert", "gin.rules", "--to", "yaml"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert done.returncode == 2
    assert "no such file: gin.rules (the bundled variant is named 'gin'" in done.stderr
