"""The `rulespec` command's entry point (pipeline: the outermost layer, over load and the engine).

Subcommands live in `rulespec/cli/cmd_<name>.py`, each exposing
`add_parser(subparsers) -> None` and `run(args) -> int`. Only the chosen one is
imported, so `rulespec --help` stays fast: the help listing comes from the
static COMMANDS table below.

Exit codes: 0 success, 1 invalid input (any `RulespecError`), 2 usage or I/O
error, 130 interrupted.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from rulespec.cli.common import UsageError
from rulespec.core.errors import RulespecError

# To add a subcommand: write rulespec/cli/cmd_NAME.py with add_parser(subparsers)
# and run(args) -> int, then add ONE line here: ("NAME", "one-line help").
COMMANDS: list[tuple[str, str]] = [
    ("list", "list the bundled variants"),
    ("check", "check rule files and report every problem"),
    ("show", "print a variant's resolved document (extends applied)"),
    ("convert", "convert a rule file between the .rules and YAML forms"),
    ("explain", "explain a variant's rules in plain English"),
    ("schema", "print the JSON Schema of the rule document"),
    ("play", "play a match against bots in the terminal"),
    ("simulate", "bots play many hands; report the statistics"),
    ("merge", "merge simulation shards into one report"),
    ("replay", "re-play a saved game's log and verify it"),
    ("serve", "serve the web table: play in the browser with friends and bots"),
]

PROG = "rulespec"


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("rulespec")
    except Exception:  # noqa: BLE001 - metadata missing in an odd install
        return "unknown"


def _chosen(argv: Sequence[str]) -> str | None:
    """The subcommand named in argv: the first argument that is not an option."""
    names = {name for name, _ in COMMANDS}
    for arg in argv:
        if arg == "--":
            return None
        if not arg.startswith("-"):
            return arg if arg in names else None
    return None


def build_parser(argv: Sequence[str]) -> tuple[argparse.ArgumentParser, object | None]:
    """The parser, with the chosen subcommand's module imported and its parser added."""
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="A declarative rules language for the rummy family: "
        "check, explain, convert and play rule files.",
    )
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    chosen = _chosen(argv)
    module = None
    for name, help_text in COMMANDS:
        if name == chosen:
            module = importlib.import_module(f"rulespec.cli.cmd_{name}")
            module.add_parser(sub)
        else:
            sub.add_parser(name, help=help_text, add_help=False)
    return parser, module


def _error(message: str) -> None:
    print(f"{PROG}: error: {message}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args_list = sys.argv[1:] if argv is None else list(argv)
    try:
        parser, module = build_parser(args_list)
        try:
            args = parser.parse_args(args_list)
        except SystemExit as exc:  # argparse: --help (0) or a usage error (2)
            return exc.code if isinstance(exc.code, int) else 2
        if args.version:
            print(f"{PROG} {_version()}")
            return 0
        if module is None:
            parser.print_help()
            return 2
        result: int = module.run(args)  # type: ignore[attr-defined]
        return result
    except UsageError as exc:
        _error(str(exc))
        return 2
    except RulespecError as exc:
        print(str(exc), file=sys.stderr)
        return 1
    except BrokenPipeError:
        # the reader went away (`rulespec explain gin | head`): not an error;
        # point stdout at devnull so the interpreter's final flush stays quiet
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except OSError as exc:
        _error(f"{exc.strerror or exc}: {exc.filename}" if exc.filename else str(exc))
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
