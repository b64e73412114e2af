"""`rulespec check FILE…`: check rule files and report every problem (CLI layer, over load).

Exit 0 when every file is valid, 1 when any is invalid, 2 on a usage or I/O
error (a missing file), which wins over 1. Text output renders each problem as
`file:line:col: path: message` with the source line and a caret, then a
summary; JSON output is a list of `{"file", "valid", "problems"}`.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from typing import Any

from rulespec.cli.common import UsageError, add_command, resolve_target
from rulespec.core.errors import Problem, RuleFileError


def add_parser(subparsers: Any) -> None:
    parser = add_command(
        subparsers,
        "check",
        help="check rule files and report every problem",
        description="Check rule files (or bundled variants by name): every problem of "
        "every file, located. Exit 0 all valid, 1 any invalid, 2 usage or I/O error.",
        target="FILE",
        target_help="rule files or bundled names",
        many=True,
        output=False,
    )
    parser.add_argument("--format", choices=("text", "json"), default="text")


@dataclass
class Result:
    """The outcome of checking one argument."""

    file: str
    problems: list[Problem] = field(default_factory=list)
    error: str | None = None  # a usage or I/O error: the file could not be checked

    @property
    def valid(self) -> bool:
        return self.error is None and not any(p.is_error for p in self.problems)

    @property
    def errors(self) -> int:
        return sum(p.is_error for p in self.problems)

    @property
    def warnings(self) -> int:
        return sum(not p.is_error for p in self.problems)

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "file": self.file,
            "valid": self.valid,
            "problems": [p.as_json() for p in self.problems],
        }
        if self.error is not None:
            data["error"] = self.error
        return data


def check_one(arg: str) -> Result:
    """Check one FILE argument; never raises for bad input."""
    from rulespec.compiler.load import load_document

    warnings: list[Problem] = []
    try:
        target = resolve_target(arg)
        load_document(target, warnings)
    except UsageError as exc:
        return Result(arg, error=str(exc))
    except RuleFileError as exc:
        return Result(arg, problems=_named(exc.problems, arg))
    except OSError as exc:
        return Result(arg, error=f"{exc.strerror or exc}: {arg}")
    return Result(arg, problems=_named(warnings, arg))


def _named(problems: list[Problem], arg: str) -> list[Problem]:
    """Every problem says which checked file it belongs to: one placed in another file
    (a base) without a `via` already gets the argument's name as its `via`."""
    from dataclasses import replace
    from pathlib import Path

    own = {arg, str(Path(arg)), Path(arg).name}
    return [
        p if p.via or p.file in own or Path(p.file).name == Path(arg).name else replace(p, via=arg)
        for p in problems
    ]


def summary(results: list[Result]) -> str:
    files = len(results)
    valid = sum(r.valid for r in results)
    problems = sum(r.errors for r in results)
    warnings = sum(r.warnings for r in results)
    errors = sum(r.error is not None for r in results)
    text = f"{files} file{'s' if files != 1 else ''} checked: {valid} valid"
    invalid = files - valid - errors
    if invalid:
        text += f", {invalid} invalid ({problems} problem{'s' if problems != 1 else ''})"
    if errors:
        text += f", {errors} not readable"
    if warnings:
        text += f", {warnings} warning{'s' if warnings != 1 else ''}"
    return text


def _print_text(results: list[Result]) -> None:
    if sys.stdout.isatty():
        from rich.console import Console
        from rich.text import Text

        console = Console(highlight=False)
        for r in results:
            for p in r.problems:
                head, _, rest = p.render().partition("\n")
                line = Text(head)
                start = len(p.via) + 2 if p.via else 0
                line.stylize("bold", start, start + len(p.location()))
                colour = "red" if p.is_error else "yellow"
                line.stylize(colour, len(head) - len(p.message), len(head))
                console.print(line)
                if rest:
                    console.print(Text(rest, style="dim"))
        console.print(Text(summary(results), style="bold"))
    else:
        for r in results:
            for p in r.problems:
                print(p.render())
        print(summary(results))
    for r in results:
        if r.error is not None:
            print(f"rulespec: error: {r.error}", file=sys.stderr)


def run(args: argparse.Namespace) -> int:
    results = [check_one(arg) for arg in args.targets]
    if args.format == "json":
        print(json.dumps([r.as_json() for r in results], indent=2, ensure_ascii=False))
        for r in results:
            if r.error is not None:
                print(f"rulespec: error: {r.error}", file=sys.stderr)
    else:
        _print_text(results)
    if any(r.error is not None for r in results):
        return 2
    return 0 if all(r.valid for r in results) else 1
