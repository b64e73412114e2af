"""Helpers shared by the `rulespec` subcommands: naming a rule file, writing output.

Sits in the CLI layer, between argparse and `rulespec.compiler.load`. Kept small and
import-light: `rulespec --help` imports this module.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from rulespec.core.errors import RulespecError

FORMS = ("yaml", "rules")


class UsageError(RulespecError):
    """Bad command-line usage or an unreadable file: exit status 2."""


def add_command(
    subparsers: Any,
    name: str,
    *,
    help: str,
    description: str,
    target: str | None = None,
    target_help: str = "a bundled variant or a rule file",
    many: bool = False,
    to: bool = False,
    output: bool = True,
) -> argparse.ArgumentParser:
    """A subcommand's parser with the arguments the file commands share.

    `target`: the metavar of the positional NAME|FILE argument (dest `target`; with
    `many`, one or more, dest `targets`), none when None; `to`: a `--to yaml|rules`
    option; `output`: a `-o/--output OUT` option (stdout when absent).
    """
    parser: argparse.ArgumentParser = subparsers.add_parser(
        name, help=help, description=description
    )
    if target is not None:
        if many:
            parser.add_argument("targets", nargs="+", metavar=target, help=target_help)
        else:
            parser.add_argument("target", metavar=target, help=target_help)
    if to:
        parser.add_argument("--to", choices=FORMS, help="output form")
    if output:
        parser.add_argument("-o", "--output", metavar="OUT", help="write to OUT instead of stdout")
    return parser


def resolve_target(arg: str) -> str:
    """The loader argument for NAME|FILE: an existing file, or a bundled variant name.

    Raises UsageError (exit 2) for a missing file or an unknown name.
    """
    from rulespec.compiler.load import bundled_names, is_path

    path = Path(arg)
    if is_path(arg):
        if not path.exists():
            hint = ""
            if path.stem in bundled_names() and path.parent == Path("."):
                hint = f" (the bundled variant is named {path.stem!r}, without the extension)"
            raise UsageError(f"no such file: {arg}{hint}")
        if path.is_dir():
            raise UsageError(f"is a directory, not a rule file: {arg}")
        return arg
    names = bundled_names()
    if arg in names:
        return arg
    if path.is_file():
        return os.path.join(".", arg)  # a file in the cwd, not a bundled name
    import difflib

    close = difflib.get_close_matches(arg, names, n=1)
    hint = f"; did you mean {close[0]!r}?" if close else " (see `rulespec list`)"
    raise UsageError(f"no bundled variant or file named {arg!r}{hint}")


def form_of(arg: str) -> str:
    """The form a rule file is written in: 'yaml' or 'rules' (bundled names are .rules)."""
    return "yaml" if arg.endswith((".yaml", ".yml")) else "rules"


def write_output(text: str, out: str | None) -> None:
    """Write text to the file `out`, or to stdout when out is None or '-'."""
    if not text.endswith("\n"):
        text += "\n"
    if out is None or out == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    Path(out).write_text(text, encoding="utf-8")


DEFAULT_SCHEMA_URL = "https://rulespec.invalid/schema.json"


def schema_url() -> str:
    """The schema's `$id`, for the yaml-language-server modeline of YAML output."""
    from rulespec.compiler.schema import schema

    url = schema().get("$id")
    return url if isinstance(url, str) and url else DEFAULT_SCHEMA_URL


def render_document(doc: dict[str, object], to: str) -> str:
    """A document as text in one form: 'yaml' (with the schema modeline) or 'rules' (DSL)."""
    if to == "yaml":
        import yaml

        body = yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)
        return f"# yaml-language-server: $schema={schema_url()}\n{body}"
    from rulespec.grammar.printer import dump_rules

    return dump_rules(doc)
