"""Instructions of seeded smart-bot hands under callgrind (bench): a before/after measure
that a shared machine's load does not move.

On a 2-core machine shared with other work, timed hands/s of the same seeded hands
move by 20-50% from run to run; the instructions a hand executes move by a few tenths of
a percent. For each variant this script runs, under ``valgrind --tool=callgrind``, one
warm-up smart hand and then ``-n`` seeded hands (``runner.run_hand``, the hands
`bench_variants.py` plays), then the same with the warm-up hand alone, and prints the
difference in millions of instructions: the hands' own cost, without start-up, imports
and the variant's tables. ``PYTHONHASHSEED=0`` makes the runs repeatable. Compare two
trees by running each tree's copy of this script with that tree's Python. Usage:

    .venv/bin/python bench/instructions.py continental scala-40 [-n 6] [--players 3]

Needs valgrind (Debian: ``apt-get install valgrind``); about a minute per variant.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys

from rulespec.compiler.load import load_variant
from rulespec.sim import runner

WARM_UP = 10**6
"""The warm-up hand's index: outside the measured hands' 0..n-1."""


def play(name: str, hands: int, players: int) -> None:
    """The measured program: one warm-up hand, then hands 0..hands-1 (seed 1)."""
    variant = load_variant(name)
    seats = players or int(max(variant.min_players, min(2, variant.max_players)))
    runner.run_hand(variant, seats, ("smart",), 1, WARM_UP)
    for i in range(hands):
        runner.run_hand(variant, seats, ("smart",), 1, i)


def collected(name: str, hands: int, players: int) -> int:
    """Instructions callgrind counts for `play` of `hands` hands, in a child process."""
    cmd = [
        "valgrind",
        "--tool=callgrind",
        "--callgrind-out-file=/dev/null",
        sys.executable,
        __file__,
        "--play",
        name,
        "-n",
        str(hands),
        "--players",
        str(players),
    ]
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode or found is None:
        raise SystemExit(f"instructions: callgrind failed for {name}: {done.stderr[-500:]}")
    return int(found.group(1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("variants", nargs="+", help="bundled variants")
    ap.add_argument("-n", type=int, default=6, help="seeded hands per variant")
    ap.add_argument("--players", type=int, default=0, help="0: the variant's usual count")
    ap.add_argument("--play", action="store_true", help=argparse.SUPPRESS)  # the child
    args = ap.parse_args()
    if args.play:
        play(args.variants[0], args.n, args.players)
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("instructions: valgrind is not installed (apt-get install valgrind)")
    print("| variant | players | instructions, millions |")
    print("|---|---:|---:|")
    for name in args.variants:
        own = collected(name, args.n, args.players) - collected(name, 0, args.players)
        print(f"| {name} | {args.players or 'usual'} | {own / 1e6:,.1f} |", flush=True)


if __name__ == "__main__":
    main()
