"""The `rulespec` command through its real entry points: `python -m rulespec`, the console script.

Every test runs a subprocess and checks output and exit status (0 ok, 1 invalid
input, 2 usage or I/O error); a few in-process tests cover what a subprocess
cannot trigger (KeyboardInterrupt, a bug that must not be swallowed).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from rulespec.cli import main as cli_main

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = ROOT / "variants"

VALID = """\
name: porch
title: Porch Rummy
description: Rummy for the porch.
players: {min: 2, max: 4}
deal:
  cards: {"2": 10, "3-4": 7}
scoring:
  out: {winner: "losers.penalty * (rummy ? 2 : 1)"}
match: {target: 100}
"""

INVALID = """\
name: porch
title: Porch Rummy
playrs: {min: 2, max: 4}
deal:
  cards: ten
"""


def rulespec(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "NO_COLOR": "1"}
    return subprocess.run(
        [sys.executable, "-m", "rulespec", *args],
        capture_output=True,
        text=True,
        cwd=cwd or ROOT,
        env=env,
        timeout=60,
    )


def no_traceback(result: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in result.stderr, result.stderr
    assert "Traceback" not in result.stdout


@pytest.fixture
def valid(tmp_path: Path) -> Path:
    path = tmp_path / "porch.yaml"
    path.write_text(VALID, encoding="utf-8")
    return path


@pytest.fixture
def invalid(tmp_path: Path) -> Path:
    path = tmp_path / "broken.yaml"
    path.write_text(INVALID, encoding="utf-8")
    return path


def bundled() -> list[str]:
    return sorted(p.stem for p in VARIANTS.glob("*.rules"))


# --- the entry point ----------------------------------------------------------


def test_help_lists_every_command() -> None:
    result = rulespec("--help")
    assert result.returncode == 0
    for name, _ in cli_main.COMMANDS:
        assert name in result.stdout


def test_help_imports_no_subcommand() -> None:
    code = (
        "import sys; from rulespec.cli.main import main; main(['--help']); "
        "print(sorted(m for m in sys.modules if m.startswith(('rulespec.cli.cmd_', "
        "'jsonschema', 'lark', 'rich'))))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.stdout.strip().splitlines()[-1] == "[]"


@pytest.mark.parametrize(
    ("args", "status"),
    [
        ((), 2),
        (("bogus",), 2),
        (("check",), 2),
        (("convert", "x.yaml", "--to", "xml"), 2),
        (("--version",), 0),
        (("check", "--help"), 0),
    ],
)
def test_usage_exit_codes(args: tuple[str, ...], status: int) -> None:
    result = rulespec(*args)
    assert result.returncode == status, result.stderr
    no_traceback(result)


def test_console_script_runs() -> None:
    script = shutil.which("rulespec", path=str(Path(sys.executable).parent))
    assert script is not None, "the rulespec console script is not installed next to python"
    result = subprocess.run([script, "--help"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0
    assert "usage: rulespec" in result.stdout


def test_keyboard_interrupt_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    from rulespec.cli import cmd_schema

    def interrupted(args: Any) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(cmd_schema, "run", interrupted)
    assert cli_main.main(["schema"]) == 130


def test_a_bug_is_not_swallowed(monkeypatch: pytest.MonkeyPatch) -> None:
    from rulespec.cli import cmd_schema

    def buggy(args: Any) -> int:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(cmd_schema, "run", buggy)
    with pytest.raises(ZeroDivisionError):
        cli_main.main(["schema"])


def test_closed_pipe_is_quiet() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "rulespec", "schema"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.read(10)
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) in (0, 120)
    assert "Traceback" not in err


# --- check --------------------------------------------------------------------


def test_check_valid_file(valid: Path) -> None:
    result = rulespec("check", str(valid))
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip().splitlines()[-1] == "1 file checked: 1 valid"


def test_check_invalid_file_renders_every_problem_with_a_caret(invalid: Path) -> None:
    result = rulespec("check", str(invalid))
    assert result.returncode == 1
    no_traceback(result)
    lines = result.stdout.splitlines()
    assert f"{invalid}:3:1: playrs: " in lines[0]
    assert "did you mean 'players'" in lines[0]
    assert lines[1] == "    playrs: {min: 2, max: 4}"
    assert lines[2] == "    ^"
    located = [line for line in lines if line.startswith(f"{invalid}:5:10: deal.cards: ")]
    assert located, result.stdout
    assert lines[-1] == "1 file checked: 0 valid, 1 invalid (2 problems)"


def test_check_missing_file_is_an_io_error(tmp_path: Path) -> None:
    result = rulespec("check", str(tmp_path / "nowhere.rules"))
    assert result.returncode == 2
    no_traceback(result)
    assert "no such file" in result.stderr


def test_check_unknown_name_suggests(tmp_path: Path) -> None:
    result = rulespec("check", "rumy", cwd=tmp_path)
    assert result.returncode == 2
    no_traceback(result)
    assert "no bundled variant or file named 'rumy'" in result.stderr


def test_check_io_error_wins_over_invalid(valid: Path, invalid: Path, tmp_path: Path) -> None:
    result = rulespec("check", str(valid), str(invalid), str(tmp_path / "gone.yaml"))
    assert result.returncode == 2
    assert "3 files checked: 1 valid, 1 invalid (2 problems), 1 not readable" in result.stdout


def test_check_json(valid: Path, invalid: Path) -> None:
    result = rulespec("check", "--format", "json", str(valid), str(invalid))
    assert result.returncode == 1
    report = json.loads(result.stdout)
    assert [r["file"] for r in report] == [str(valid), str(invalid)]
    assert [r["valid"] for r in report] == [True, False]
    assert report[0]["problems"] == []
    paths = {(p["path"], p["line"], p["column"]) for p in report[1]["problems"]}
    assert paths == {("playrs", 3, 1), ("deal.cards", 5, 10)}


def test_check_on_a_terminal_is_coloured(invalid: Path) -> None:
    pexpect = pytest.importorskip("pexpect")
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TERM")}
    child = pexpect.spawn(
        sys.executable,
        ["-m", "rulespec", "check", str(invalid)],
        cwd=str(ROOT),
        env={**env, "TERM": "xterm-256color", "COLUMNS": "200"},
        encoding="utf-8",
        timeout=60,
    )
    output = child.read()
    child.close()
    assert child.exitstatus == 1
    assert "\x1b[" in output  # ANSI styling on a terminal
    assert "did you mean 'players'" in output
    assert "1 file checked: 0 valid, 1 invalid (2 problems)" in output


def test_check_hostile_bytes_no_traceback(tmp_path: Path) -> None:
    path = tmp_path / "bytes.yaml"
    path.write_bytes(b"name: x\ntitle: \xff\xfe\x00\n")
    result = rulespec("check", str(path))
    assert result.returncode == 1
    no_traceback(result)
    assert str(path) in result.stdout


def test_thirteen_bundled_variants_of_the_sources() -> None:
    rows = json.loads(rulespec("list", "--format", "json").stdout)
    assert len([r for r in rows if r["group"] == "sources"]) == 13
    assert len(bundled()) > 13
    assert "indian-rummy" in bundled()
    assert "tonk" in bundled()
    assert "contract-rummy" in bundled()


def test_check_every_bundled_variant() -> None:
    result = rulespec("check", *bundled())
    assert result.returncode == 0, result.stdout
    assert f"{len(bundled())} files checked: {len(bundled())} valid" in result.stdout


# --- list, show, convert, explain, schema ---------------------------------------


def test_list_shows_every_bundled_variant() -> None:
    result = rulespec("list")
    assert result.returncode == 0
    lines = result.stdout.splitlines()[1:]
    headings = [line for line in lines if line.endswith(":")]
    assert headings == [
        "The games of the sources:",
        "The rummy family at large (Pagat, rule books):",
    ]
    names = [line.split()[0] for line in lines if line and line not in headings]
    assert sorted(names) == bundled()
    rows = json.loads(rulespec("list", "--format", "json").stdout)
    assert all(r["title"] and r["players"] != "?" for r in rows)
    # the sources' games first, each group by name, and the text in the same order
    assert [r["name"] for r in rows] == names
    groups = [r["group"] for r in rows]
    assert groups == sorted(groups, key=["sources", "family"].index)
    for r in rows:
        cites_a_text = r["name"] in ("gin", "rummy", "michigan", "boat", "oklahoma")
        assert r["group"] == "sources" or not cites_a_text
    assert {r["name"] for r in rows if r["group"] == "family"} >= {"knock-rummy", "kalooki"}


def test_show_resolves_extends(valid: Path, tmp_path: Path) -> None:
    child = tmp_path / "child.yaml"
    child.write_text("extends: porch.yaml\nname: child\nmatch: {target: 250}\n", encoding="utf-8")
    result = rulespec("show", str(child), "--to", "yaml")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("# yaml-language-server: $schema=")
    doc = yaml.safe_load(result.stdout)
    assert "extends" not in doc
    assert doc["name"] == "child"
    assert doc["title"] == "Porch Rummy"
    assert doc["match"]["target"] == 250
    assert doc["deal"]["cards"] == {"2": 10, "3-4": 7}


def test_show_invalid_is_exit_1(invalid: Path) -> None:
    result = rulespec("show", str(invalid))
    assert result.returncode == 1
    no_traceback(result)
    assert "playrs" in result.stderr


def test_convert_to_yaml_keeps_extends_and_writes_out(tmp_path: Path, valid: Path) -> None:
    child = tmp_path / "child.yaml"
    child.write_text("extends: porch.yaml\nname: child\n", encoding="utf-8")
    out = tmp_path / "out.yaml"
    result = rulespec("convert", str(child), "--to", "yaml", "-o", str(out))
    assert result.returncode == 0, result.stderr
    text = out.read_text(encoding="utf-8")
    assert text.splitlines()[0].startswith("# yaml-language-server: $schema=")
    assert yaml.safe_load(text) == {"extends": "porch.yaml", "name": "child"}


def test_convert_round_trip_through_the_dsl(tmp_path: Path, valid: Path) -> None:
    rules = tmp_path / "porch.rules"
    first = rulespec("convert", str(valid), "--to", "rules", "-o", str(rules))
    assert first.returncode == 0, first.stderr
    back = rulespec("convert", str(rules), "--to", "yaml")
    assert back.returncode == 0, back.stderr
    assert yaml.safe_load(back.stdout) == yaml.safe_load(VALID)


def test_convert_to_unwritable_place_is_exit_2(valid: Path, tmp_path: Path) -> None:
    target = str(tmp_path / "no" / "dir" / "x.yaml")
    result = rulespec("convert", str(valid), "--to", "yaml", "-o", target)
    assert result.returncode == 2
    no_traceback(result)


def test_explain_file(valid: Path) -> None:
    result = rulespec("explain", str(valid))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("# Porch Rummy (porch)")
    assert "- Cards dealt to each player, one at a time: 2 players: 10 cards; " in result.stdout
    assert "2 if the winner went rummy, otherwise 1" in result.stdout


def test_explain_missing_is_exit_2(tmp_path: Path) -> None:
    result = rulespec("explain", str(tmp_path / "gone.rules"))
    assert result.returncode == 2
    no_traceback(result)


@pytest.mark.parametrize("name", ["gin", "michigan-ace-positional"])
def test_explain_bundled(name: str) -> None:
    result = rulespec("explain", name)
    assert result.returncode == 0, result.stderr
    assert "## Scoring" in result.stdout


def test_schema_is_json() -> None:
    result = rulespec("schema")
    assert result.returncode == 0
    schema = json.loads(result.stdout)
    assert "$schema" in schema
    assert "players" in schema["properties"]


@pytest.mark.parametrize("name", ["oklahoma", "bridge", "remik"])
def test_bundled_convert_and_show_agree_with_the_loader(name: str, tmp_path: Path) -> None:
    from rulespec.compiler.load import load_document, read_document

    out = tmp_path / f"{name}.yaml"
    converted = rulespec("convert", name, "--to", "yaml", "-o", str(out))
    assert converted.returncode == 0, converted.stderr
    assert read_document(str(out))[0] == read_document(name)[0]
    shown = rulespec("show", name, "--to", "yaml")
    assert shown.returncode == 0, shown.stderr
    assert yaml.safe_load(shown.stdout) == load_document(name)


def test_relative_file_in_the_cwd(valid: Path, tmp_path: Path) -> None:
    result = rulespec("check", "porch.yaml", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    (tmp_path / "notes").write_text(VALID, encoding="utf-8")
    odd = rulespec("check", "notes", cwd=tmp_path)
    assert odd.returncode == 1
    no_traceback(odd)
    assert "unknown kind of rule file" in odd.stdout
