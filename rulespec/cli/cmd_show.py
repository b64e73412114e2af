"""`rulespec show NAME|FILE`: the resolved document, extends applied (CLI layer, over load)."""

from __future__ import annotations

import argparse
from typing import Any

from rulespec.cli.common import add_command, form_of, render_document, resolve_target, write_output


def add_parser(subparsers: Any) -> None:
    add_command(
        subparsers,
        "show",
        help="print a variant's resolved document (extends applied)",
        description="Print the RESOLVED document of a variant or rule file: every "
        "`extends` applied, checked. Default form: the form of the input file.",
        target="NAME|FILE",
        to=True,
    )


def run(args: argparse.Namespace) -> int:
    from rulespec.compiler.load import load_document

    target = resolve_target(args.target)
    doc = load_document(target)
    write_output(render_document(doc, args.to or form_of(target)), args.output)
    return 0
