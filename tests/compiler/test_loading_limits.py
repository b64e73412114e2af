"""Loading limits and trust: bounded numbers, fast refusals, base problems named, untrusted text.

- numbers: literals beyond 1,000,000 are located problems (never an `int()`
  traceback); arithmetic at run time saturates at ±1,000,000,000;
- hostile files just under the size limit are refused with the right message
  (each in a subprocess with a generous timeout, which catches a hang; the
  timings themselves are in bench/bench_reject.py);
- a problem found in a base names the extending file first;
- `rulespec.loads` is untrusted by default: bundled bases only, no file read.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hostile_files import hostile_files  # noqa: E402

import rulespec
from rulespec.compiler.load import load_document, load_variant
from rulespec.core.errors import RuleFileError, RulespecError
from rulespec.grammar.expr import MAX_RESULT, compile_expression
from rulespec.interpreter.game import Game

ROOT = Path(__file__).resolve().parents[2]


# --- numbers ------------------------------------------------------------------------


def test_arithmetic_saturates_at_the_result_bound() -> None:
    product = compile_expression("me.penalty * 1000000 * 1000000", "score", "int")
    assert product({"me.penalty": 1_000_000}) == MAX_RESULT
    assert product({"me.penalty": -1_000_000}) == -MAX_RESULT
    folded = compile_expression("1000000 * 1000000 + 5", "score", "int")
    assert folded({}) == MAX_RESULT
    assert compile_expression("-(1000000 * 1000000)", "score", "int")({}) == -MAX_RESULT
    assert compile_expression("1000000 - 7", "score", "int")({}) == 999_993


def test_largest_card_value_loads_and_plays() -> None:
    variant = rulespec.loads(
        "variant big extends rummy {\n  values pips = 1000000, A = 1000000 * 1000000\n}\n"
    )
    assert variant.card_value(1) == MAX_RESULT  # the ace, saturated
    game = Game.new(variant, 2, seed=3)
    rng = random.Random(3)
    for _ in range(30):
        if game.hand_over:
            break
        game.play(rng.choice(game.legal_moves()))


@pytest.mark.parametrize(
    ("text", "kind", "fragment"),
    [
        ("variant b extends rummy {\n  values pips = " + "9" * 4400 + "\n}\n", "rules", "4400"),
        ("variant b extends rummy {\n  match to " + "9" * 5000 + "\n}\n", "rules", "5000"),
        ("name: b\ntitle: B\nmatch: {target: " + "9" * 4400 + "}\n", "yaml", "4400"),
        ('name: b\ntitle: B\nvalues: {pips: "face + ' + "9" * 40 + '"}\n', "yaml", "40 digits"),
        ("name: b\ntitle: B\nvalues: {pips: 1000001}\n", "yaml", "at most 1000000"),
    ],
)
def test_large_numbers_are_located_problems(text: str, kind: str, fragment: str) -> None:
    with pytest.raises(RuleFileError) as caught:
        rulespec.loads(text, kind)
    problem = caught.value.problems[0]
    assert problem.line is not None and problem.column is not None
    assert fragment in problem.message
    assert "too large" in problem.message or "at most" in problem.message


# --- hostile files ------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(hostile_files()))
def test_hostile_file_is_refused_with_its_message(name: str, tmp_path: Path) -> None:
    suffix, text, fragment = hostile_files()[name]
    path = tmp_path / f"{name}{suffix}"
    path.write_text(text, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "rulespec", "check", "--format", "json", str(path)],
        capture_output=True,
        text=True,
        timeout=20,  # a hang guard, not a speed test (bench/bench_reject.py measures)
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 1, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    (result,) = json.loads(done.stdout)
    messages = [p["message"] for p in result["problems"]]
    assert any(fragment in m for m in messages), messages[:3]
    assert len(messages) <= 51  # at most 50, then "… and K more"


def test_many_problems_end_with_a_count_of_the_rest(tmp_path: Path) -> None:
    path = tmp_path / "many.yaml"
    path.write_text("name: many\ntitle: M\n" + "".join(f"k{i}: 1\n" for i in range(80)))
    with pytest.raises(RuleFileError) as caught:
        load_document(str(path))
    problems = caught.value.problems
    assert len(problems) == 51
    assert problems[-1].message == "… and 30 more problems (the first 50 are shown)"


# --- a problem in a base names the extending file ------------------------------------


def _broken_base(folder: Path) -> tuple[Path, Path]:
    base = folder / "base.rules"
    base.write_text('variant base extends rummy {\n  title "Base"\n  players 2 to 99\n}\n')
    mine = folder / "mine.rules"
    mine.write_text('variant mine extends "base.rules" {\n  title "Mine"\n}\n')
    return mine, base


def test_problem_in_a_base_names_the_extending_file_first(tmp_path: Path) -> None:
    mine, _ = _broken_base(tmp_path)
    with pytest.raises(RuleFileError) as caught:
        load_variant(str(mine))
    (problem,) = caught.value.problems
    assert Path(problem.file).name == "base.rules"
    assert problem.via.endswith("mine.rules:1:22: extends base.rules")
    head = problem.render().splitlines()[0]
    assert head.index("mine.rules") < head.index("base.rules:3:")
    assert head.endswith("players.max: must be at most 16, got 99")


def test_a_base_that_does_not_parse_is_named_through_the_extending_file(tmp_path: Path) -> None:
    (tmp_path / "base.rules").write_text("variant base extends rummy {\n  deal 7 echo\n}\n")
    mine = tmp_path / "mine.yaml"
    mine.write_text("name: mine\ntitle: Mine\nextends: base.rules\n")
    with pytest.raises(RuleFileError) as caught:
        load_variant(str(mine))
    problem = caught.value.problems[0]
    assert Path(problem.file).name == "base.rules"
    assert problem.via.endswith("mine.yaml:3:10: extends base.rules")


def test_check_of_several_files_says_whose_problem_each_is(tmp_path: Path) -> None:
    _broken_base(tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "rulespec", "check", "mine.rules", "base.rules"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
        check=False,
    )
    heads = [line for line in done.stdout.splitlines() if "players.max" in line]
    assert heads == [
        "mine.rules:1:22: extends base.rules: base.rules:3:16: players.max: must be at most 16,"
        " got 99",
        "base.rules:3:16: players.max: must be at most 16, got 99",
    ]


def test_yaml_without_a_name_does_not_take_the_base_name() -> None:
    with pytest.raises(RuleFileError) as caught:
        rulespec.loads("title: Nameless\nextends: rummy\n", "yaml")
    assert "'name' is required" in caught.value.problems[0].message
    assert rulespec.loads("name: mine\ntitle: T\nextends: rummy\n", "yaml").name == "mine"


# --- trust ----------------------------------------------------------------------------


def test_untrusted_text_may_extend_a_bundled_variant() -> None:
    variant = rulespec.loads("variant mine extends gin {\n  match to 50\n}\n")
    assert variant.name == "mine"
    assert variant.document["match"]["target"] == 50


@pytest.mark.parametrize("how", ["absolute", "relative", "yaml"])
def test_untrusted_text_never_reads_another_file(
    how: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    secret = tmp_path / "secret.yaml"
    secret.write_text("db_password: hunter2\n")
    monkeypatch.chdir(tmp_path)
    reference = str(secret) if how == "absolute" else "secret.yaml"
    if how == "yaml":
        text, kind = f"name: probe\ntitle: P\nextends: {reference}\n", "yaml"
    else:
        text, kind = f'variant probe extends "{reference}" {{\n}}\n', "rules"
    with pytest.raises(RuleFileError) as caught:
        rulespec.loads(text, kind)
    rendered = str(caught.value)
    assert "hunter2" not in rendered
    assert "may extend only a bundled variant" in rendered
    assert caught.value.problems[0].path == "extends"
    # the same text, trusted, reads the file (and reports its problems, located there)
    with pytest.raises(RuleFileError) as trusted:
        rulespec.loads(text, kind, trusted=True)
    assert "db_password" in str(trusted.value)


def test_untrusted_text_may_not_use_a_local_suffixless_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "mybase").write_text("name: mybase\ntitle: B\n")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(RuleFileError) as caught:
        rulespec.loads("variant probe extends mybase {\n}\n")
    assert "no bundled variant is called 'mybase'" in caught.value.problems[0].message


def test_load_of_a_path_keeps_relative_and_absolute_bases(tmp_path: Path) -> None:
    (tmp_path / "base.yaml").write_text("name: base\ntitle: B\nextends: gin\n")
    (tmp_path / "rel.rules").write_text('variant rel extends "base.yaml" {\n}\n')
    absolute = (tmp_path / "base.yaml").resolve()
    (tmp_path / "abs.rules").write_text(f'variant abs extends "{absolute}" {{\n}}\n')
    assert load_variant(str(tmp_path / "rel.rules")).name == "rel"
    assert load_variant(str(tmp_path / "abs.rules")).name == "abs"


@pytest.mark.parametrize("length", [300, 5000])
def test_overlong_extends_is_a_located_problem(length: int) -> None:
    path = "a/" * (length // 2 - 4) + "b.rules"
    with pytest.raises(RuleFileError) as caught:
        rulespec.loads(f'variant probe extends "{path}" {{\n}}\n', trusted=True)
    (problem,) = caught.value.problems
    assert problem.path == "extends" and problem.line == 1
    assert "is too long" in problem.message


def test_loads_refuses_what_is_not_text() -> None:
    with pytest.raises(RuleFileError):
        rulespec.loads(5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="kind must be"):
        rulespec.loads("variant x {\n}\n", "toml")
    with pytest.raises(RulespecError):
        rulespec.loads(b"\xff\xfe", "yaml")
