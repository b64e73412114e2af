"""`rulespec explain NAME|FILE`: the rules in plain English (CLI layer, over load and explain)."""

from __future__ import annotations

import argparse
from typing import Any

from rulespec.cli.common import add_command, resolve_target, write_output


def add_parser(subparsers: Any) -> None:
    add_command(
        subparsers,
        "explain",
        help="explain a variant's rules in plain English",
        description="Explain a variant's rules in plain English, generated from its "
        "resolved rule document (so the text always matches the rules).",
        target="NAME|FILE",
    )


def run(args: argparse.Namespace) -> int:
    from rulespec.compiler.load import load_document
    from rulespec.explain.document import explain_document

    doc = load_document(resolve_target(args.target))
    write_output(explain_document(doc), args.output)
    return 0
