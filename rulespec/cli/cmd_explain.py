"""`rulespec explain NAME|FILE`: the rules in plain English (CLI layer, over load and explain)."""

from __future__ import annotations

import argparse
from typing import Any

from rulespec.cli.common import resolve_target, write_output


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "explain",
        help="explain a variant's rules in plain English",
        description="Explain a variant's rules in plain English, generated from its "
        "resolved rule document (so the text always matches the rules).",
    )
    parser.add_argument("target", metavar="NAME|FILE", help="a bundled variant or a rule file")
    parser.add_argument("-o", "--output", metavar="OUT", help="write to OUT instead of stdout")


def run(args: argparse.Namespace) -> int:
    from rulespec.spec.explain import explain_document
    from rulespec.spec.load import load_document

    doc = load_document(resolve_target(args.target))
    write_output(explain_document(doc), args.output)
    return 0
