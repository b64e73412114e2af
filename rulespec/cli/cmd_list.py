"""`rulespec list`: the bundled variants with their one-line descriptions (CLI layer, over load).

Each variant is loaded resolved, so a variant that `extends` another shows its
inherited player range; a bundled file that fails to load is listed as invalid.
The games of the sources come first, under their own heading, then the rummy
family at large (compiler/groups.py); `--format json` gives each row its `group`.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from rulespec.compiler.groups import FAMILY, GROUPS, group_of, group_order
from rulespec.core.errors import RuleFileError


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "list",
        help="list the bundled variants",
        description="List the bundled variants: name, players, title and description.",
    )
    parser.add_argument("--format", choices=("text", "json"), default="text")


def _players(doc: dict[str, Any]) -> str:
    players = doc.get("players") or {}
    low, high = players.get("min", "?"), players.get("max", "?")
    return str(low) if low == high else f"{low}-{high}"


def rows() -> list[dict[str, Any]]:
    """One row per bundled variant: name, players, title, description (or the load error)
    and group, the sources' games first, each group by name."""
    from rulespec.compiler.load import bundled_names, load_document

    result: list[dict[str, Any]] = []
    for name in bundled_names():
        try:
            doc = load_document(name)
        except RuleFileError as exc:
            result.append(
                {
                    "name": name,
                    "players": "?",
                    "title": "",
                    "description": f"(invalid: {len(exc.problems)} problem(s))",
                    "group": FAMILY,
                }
            )
            continue
        result.append(
            {
                "name": name,
                "players": _players(doc),
                "title": str(doc.get("title", "")),
                "description": str(doc.get("description", "") or ""),
                "group": group_of(doc),
            }
        )
    return sorted(result, key=lambda r: (group_order(r["group"]), r["name"]))


def run(args: argparse.Namespace) -> int:
    table = rows()
    if args.format == "json":
        print(json.dumps(table, indent=2, ensure_ascii=False))
        return 0
    if not table:
        print("no bundled variants found")
        return 0
    name_w = max(len(r["name"]) for r in table)
    players_w = max(len("players"), *(len(r["players"]) for r in table))
    print(f"{'name':<{name_w}}  {'players':<{players_w}}  title — description")
    group = None
    for r in table:
        if r["group"] != group:
            group = r["group"]
            print(f"\n{GROUPS[group]}:")
        text = r["title"]
        if r["description"]:
            text = f"{text} — {r['description']}" if text else r["description"]
        print(f"{r['name']:<{name_w}}  {r['players']:<{players_w}}  {text}")
    return 0
