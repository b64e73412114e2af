"""`rulespec merge PART…`: the report of a run simulated in shards (CLI layer, over sim/parts).

The parts are what `rulespec simulate … --shard i/N --out PART` wrote; the
merged report (table or JSON) is the one the single run gives for the same
seed: the same settings and results, the records summarised in index order.
The JSON's ``timing`` adds up the parts' own seconds (``--no-timing`` leaves it out).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rulespec.cli.common import UsageError
from rulespec.sim import parts
from rulespec.sim.summary import summarise


def add_parser(subparsers: Any) -> None:
    p = subparsers.add_parser("merge", help="merge simulation shards into one report")
    p.add_argument("parts", nargs="+", metavar="PART.jsonl", help="the shards' part files")
    p.add_argument("--format", choices=("table", "json"), default="table")
    p.add_argument("--no-timing", action="store_true", help="leave the timing out of the JSON")


def run(args: argparse.Namespace) -> int:
    read = []
    for path in args.parts:
        try:
            read.append(parts.read_part(path))
        except FileNotFoundError:
            raise UsageError(f"no such file: {path}") from None
        except IsADirectoryError:
            raise UsageError(f"is a directory, not a part file: {path}") from None
    head, records = parts.merge(read)
    settings = head["settings"]
    matches = settings["unit"] == "matches"
    report: dict[str, Any] = {
        "variant": head["variant"],
        "settings": settings,
        "results": summarise(records, settings["players"], matches),
    }
    seconds = round(sum(float(p.header.get("seconds", 0.0)) for p in read), 3)
    timing = {
        "jobs": len(read),
        "seconds": seconds,
        "per_second": round(len(records) / seconds, 2) if seconds else 0.0,
        "by_variant": [{"variant": head["variant"], "seconds": seconds}],
    }
    if not args.no_timing:
        report["timing"] = timing
    if args.format == "json":
        sys.stdout.write(json.dumps(report, indent=2, sort_keys=True) + "\n")
    else:
        from rulespec.cli.sim_table import print_report

        print_report(report, timing)
    return 0
