"""Profile of random play (bench): where a uniformly random hand spends its time.

Plays ``-n`` seeded hands of a variant under cProfile and writes the top of the
cumulative and own-time tables to ``--out`` (default: stdout). Two loops:

- ``--loop game`` (the default): bench_ratios.py's "random play" row, the same
  work as OpenSpiel's ``evaluate_bots`` with uniform random bots: legal moves,
  one chosen uniformly, played, until the hand ends;
- ``--loop sim``: ``rulespec simulate`` with random bots (the runner, the bots
  and the hand records included).

Usage:

    .venv/bin/python bench/profile_random.py gin -n 300 [--loop sim] [--out FILE]
"""

from __future__ import annotations

import argparse
import cProfile
import random
import time

from profiling import write_report

from rulespec.interpreter.game import Game
from rulespec.sim import runner


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("variant", nargs="?", default="gin")
    parser.add_argument("-n", type=int, default=300, help="hands")
    parser.add_argument("--loop", choices=("game", "sim"), default="game")
    parser.add_argument("--players", type=int, default=0, help="0: the variant's usual count")
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--out", default="")
    args = parser.parse_args()
    variant = runner.load(args.variant)
    players = args.players or max(variant.min_players, min(2, variant.max_players))
    rng = random.Random(1)

    def game_loop() -> None:
        for i in range(args.n):
            g = Game.new(variant, players, seed=i)
            while not g.hand_over:
                g.play(rng.choice(g.legal_moves()))

    def sim_loop() -> None:
        runner.simulate(runner.Job(args.variant, players, ("random",), 1), args.n, 1)

    run = game_loop if args.loop == "game" else sim_loop
    start = time.perf_counter()
    run()  # unprofiled: the plain rate
    plain = time.perf_counter() - start
    prof = cProfile.Profile()
    start = time.perf_counter()
    prof.enable()
    run()
    prof.disable()
    wall = time.perf_counter() - start
    header = (
        f"{args.variant} random x{players} ({args.loop} loop): {args.n} hands, "
        f"{args.n / plain:.1f} hands/s unprofiled, {args.n / wall:.1f} profiled\n"
    )
    write_report(prof, header, args.top, args.out)


if __name__ == "__main__":
    main()
