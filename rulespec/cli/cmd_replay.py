"""`rulespec replay FILE`: re-play a saved game's move log and verify it (stage: cli over Game).

Starts the match again from the save's variant, seed and player count, plays
every logged move in order, and checks the position reached equals the saved
one. A log that does not re-play is reported at the first diverging move
(its number, its text and the rule it breaks); exit 1.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from rulespec.errors import RulespecError
from rulespec.sim import runner
from rulespec.sim.savefile import SaveFileError, document_digest, read_save


def add_parser(subparsers: Any) -> None:
    p = subparsers.add_parser("replay", help="re-play a saved game's log and verify it")
    p.add_argument("file", metavar="FILE", help="a save file written by `rulespec play --save`")
    p.add_argument("--verbose", "-v", action="store_true", help="print every move as it is played")


def _first_difference(a: Any, b: Any, path: str = "") -> str | None:
    """The first key path where two JSON values differ."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{path}{key}"
            found = _first_difference(a[key], b[key], f"{path}{key}.")
            if found:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{path.rstrip('.')} (length {len(a)} vs {len(b)})"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = _first_difference(x, y, f"{path}{i}.")
            if found:
                return found
        return None
    return None if a == b else path.rstrip(".") or "(root)"


def run(args: argparse.Namespace) -> int:
    saved = read_save(args.file)
    try:
        variant = runner.load(saved.variant)
    except RulespecError as exc:
        raise SaveFileError(
            f"{args.file}: cannot load its variant {saved.variant!r}: {exc}"
        ) from None
    if document_digest(variant) != saved.digest:
        print(
            f"{args.file}: warning: the rules of {saved.variant!r} changed since it was saved",
            file=sys.stderr,
        )
    if args.verbose:
        for number, text in enumerate(saved.log, start=1):
            print(f"{number:4d}  {text}")
    replay = runner.replay_log(variant, saved.players, saved.seed, saved.log)
    if replay.divergence is not None:
        d = replay.divergence
        print(
            f"{args.file}: the log diverges at move {d.number} ({d.text!r}): {d.why}",
            file=sys.stderr,
        )
        return 1
    reached = replay.game.position()
    if reached != dict(saved.position):
        where = _first_difference(reached, dict(saved.position))
        print(
            f"{args.file}: all {len(saved.log)} moves re-play, but the position reached differs "
            f"from the saved one (first at {where})",
            file=sys.stderr,
        )
        return 1
    print(
        f"{args.file}: OK - {len(saved.log)} moves of {variant.name} re-played from seed "
        f"{saved.seed}; {replay.hands_done + 1} hand(s); the saved position is reached"
    )
    return 0
