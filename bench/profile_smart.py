"""Profile of smart-bot self-play (bench): where a simulated hand spends its time.

Plays ``-n`` seeded hands of a variant with smart bots in one process under
cProfile and writes the top of the cumulative and own-time tables to
``--out`` (default: stdout). Usage:

    .venv/bin/python bench/profile_smart.py gin -n 40 [--bots smart] [--out FILE]
"""

from __future__ import annotations

import argparse
import cProfile
import time

from profiling import write_report

from rulespec.sim import runner


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("variant", nargs="?", default="gin")
    parser.add_argument("-n", type=int, default=40, help="hands")
    parser.add_argument("--bots", default="smart")
    parser.add_argument("--players", type=int, default=0, help="0: the variant's usual count")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--out", default="")
    args = parser.parse_args()
    variant = runner.load(args.variant)
    players = args.players or max(variant.min_players, min(2, variant.max_players))
    job = runner.Job(args.variant, players, (args.bots,), 1)
    prof = cProfile.Profile()
    start = time.perf_counter()
    prof.enable()
    runner.simulate(job, args.n, 1)
    prof.disable()
    wall = time.perf_counter() - start
    header = (
        f"{args.variant} {args.bots} x{players}: {args.n} hands in {wall:.2f} s "
        f"(profiled: {args.n / wall:.1f} hands/s)\n"
    )
    write_report(prof, header, args.top, args.out)


if __name__ == "__main__":
    main()
