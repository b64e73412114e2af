"""Simulation throughput: hands per second per variant with greedy and smart bots, and the
`--jobs 2` speed-up over `--jobs 1` (bench for rulespec.sim; prints a table for the report).

Usage: .venv/bin/python bench/bench_simulate.py [-n HANDS] [variant ...]
"""

from __future__ import annotations

import argparse
import time

from rulespec.sim import runner
from rulespec.spec.load import bundled_names


def rate(spec: str, bots: tuple[str, ...], hands: int, jobs: int, players: int) -> float:
    job = runner.Job(spec, players, bots, seed=1)
    start = time.perf_counter()
    runner.simulate(job, hands, jobs)
    return hands / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", type=int, default=60, help="hands per measurement")
    parser.add_argument("variants", nargs="*")
    args = parser.parse_args()
    names = args.variants or sorted(bundled_names())
    print(
        f"{'variant':26} {'greedy h/s':>11} {'smart h/s':>10} {'smart j2 h/s':>13} {'speed-up':>9}"
    )
    for name in names:
        variant = runner.load(name)
        players = max(variant.min_players, 2)
        greedy = rate(name, ("greedy",), args.n, 1, players)
        smart = rate(name, ("smart",), args.n, 1, players)
        smart2 = rate(name, ("smart",), args.n, 2, players)
        print(f"{name:26} {greedy:11.1f} {smart:10.1f} {smart2:13.1f} {smart2 / smart:8.2f}x")


if __name__ == "__main__":
    main()
