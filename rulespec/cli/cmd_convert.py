"""`rulespec convert FILE --to yaml|rules`: one rule file in the other form (CLI layer).

The document is NOT resolved: an `extends` stays as written, so the converted
file means the same as the original in the same place.
"""

from __future__ import annotations

import argparse
from typing import Any

from rulespec.cli.common import add_command, form_of, render_document, resolve_target, write_output


def add_parser(subparsers: Any) -> None:
    add_command(
        subparsers,
        "convert",
        help="convert a rule file between the .rules and YAML forms",
        description="Print the document of a rule file in the other form (extends kept). "
        "Default --to: the form the file is not in.",
        target="FILE",
        target_help="a rule file (or a bundled variant name)",
        to=True,
    )


def run(args: argparse.Namespace) -> int:
    from rulespec.compiler.load import read_document

    target = resolve_target(args.target)
    doc, _info = read_document(target)
    to = args.to or ("rules" if form_of(target) == "yaml" else "yaml")
    write_output(render_document(doc, to), args.output)
    return 0
