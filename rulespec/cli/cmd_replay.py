"""`rulespec replay FILE`: re-play a saved game's move log and verify it (stage: cli over Game).

Starts the match again from the save's variant, seed and player count, plays
every logged move in order, and checks the position reached equals the saved
one (dealing the next hand first when the save was written at the start of a
hand). A save that does not re-play is reported as ``corrupt save FILE: path:
message`` at the first diverging move or the first differing key; a rule file
changed since the save is an error unless ``--force``; exit 1.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from rulespec.sim.savecheck import restore
from rulespec.sim.savefile import read_save


def add_parser(subparsers: Any) -> None:
    p = subparsers.add_parser("replay", help="re-play a saved game's log and verify it")
    p.add_argument("file", metavar="FILE", help="a save file written by `rulespec play --save`")
    p.add_argument("--verbose", "-v", action="store_true", help="print every move as it is played")
    p.add_argument(
        "--force",
        action="store_true",
        help="re-play even if the rule file changed since the save (the log may then fail)",
    )


def run(args: argparse.Namespace) -> int:
    saved = read_save(args.file)
    if args.verbose:
        for number, text in enumerate(saved.log, start=1):
            print(f"{number:4d}  {text}")
    restored = restore(saved, args.file, force=args.force)
    for warning in restored.warnings:
        print(warning, file=sys.stderr)
    print(
        f"{args.file}: OK - {len(saved.log)} moves of {restored.variant.name} re-played from "
        f"seed {saved.seed}; {restored.hands_done + 1} hand(s); the saved position is reached"
    )
    return 0
