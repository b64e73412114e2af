"""`rulespec schema`: print the JSON Schema of the resolved rule document (CLI layer)."""

from __future__ import annotations

import argparse
from typing import Any

from rulespec.cli.common import add_command, write_output


def add_parser(subparsers: Any) -> None:
    add_command(
        subparsers,
        "schema",
        help="print the JSON Schema of the rule document",
        description="Print the JSON Schema (draft 2020-12) that every resolved rule "
        "document must satisfy; point an editor at it for completion and help.",
    )


def run(args: argparse.Namespace) -> int:
    from rulespec.compiler.schema import schema_text

    write_output(schema_text(), args.output)
    return 0
