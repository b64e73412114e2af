"""Scale-out options of `rulespec simulate`: `--executor ray`, `--shard i/N --out FILE` (CLI layer).

Kept beside ``cmd_simulate.py`` so that command only asks three things: the
options to pass the runner (an executor, a span of indices), and whether to
write a part file instead of a report. The records do not depend on where or
in how many pieces the chunks run (``sim/executors.py``, ``sim/parts.py``).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from rulespec.cli.common import UsageError
from rulespec.core.errors import RulespecError
from rulespec.sim import executors, parts


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The scale-out options of `simulate`."""
    p.add_argument(
        "--executor",
        choices=("local", "ray"),
        default="local",
        help="where chunks run: local processes (--jobs) or Ray tasks (needs rulespec[ray])",
    )
    p.add_argument(
        "--address",
        default=None,
        help="Ray cluster to join (auto, or ray://HOST:10001); default: start a local Ray",
    )
    p.add_argument("--shard", default=None, metavar="I/N", help="play only shard I of N")
    p.add_argument("--out", default=None, metavar="PART.jsonl", help="write the records there")


def check(args: argparse.Namespace) -> None:
    """Usage errors of the scale-out options, before anything is played."""
    if args.address is not None and args.executor != "ray":
        raise UsageError("--address needs --executor ray")
    if args.shard is not None and args.out is None:
        raise UsageError("--shard needs --out PART.jsonl (merge the parts with `rulespec merge`)")
    if args.out is not None and (args.compare or args.plot):
        raise UsageError("--out writes one run's records: leave out --compare and --plot")
    if args.shard is not None:
        try:
            executors.parse_shard(args.shard)
        except RulespecError as exc:
            raise UsageError(str(exc)) from None


def runner_options(args: argparse.Namespace) -> dict[str, Any]:
    """The executor and index span `runner.simulate` takes for these options."""
    options: dict[str, Any] = {}
    if args.executor == "ray":
        options["executor"] = executors.RayExecutor(args.address, cpus=args.jobs)
    if args.shard is not None:
        i, n = executors.parse_shard(args.shard)
        options["span"] = executors.shard_span(args.hands, i, n)
    return options


def write_part(
    args: argparse.Namespace,
    variant: str,
    spec: str,
    settings: dict[str, Any],
    records: Any,
    seconds: float,
) -> int:
    """Write this shard's records to ``--out`` and say so on stderr."""
    i, n = executors.parse_shard(args.shard) if args.shard is not None else (1, 1)
    span = executors.shard_span(args.hands, i, n)
    head = parts.header(variant, spec, settings, (i, n), span)
    head["seconds"] = round(seconds, 3)  # timing only: merge adds it up, never compares it
    written = parts.write_part(args.out, head, records)
    sys.stderr.write(
        f"wrote {written} records (indices {span[0]}..{span[1] - 1} of {args.hands}, "
        f"shard {i}/{n}) to {args.out}\n"
    )
    return 0
