"""Simulation throughput: hands per second per variant with greedy and smart bots, and the
`--jobs 2` speed-up over `--jobs 1` (bench for rulespec.sim; prints a table for the report).

Every figure comes from a fresh `rulespec simulate --format json` process, so no run
profits from caches another run warmed. Usage:

    .venv/bin/python bench/bench_simulate.py [-n HANDS] [variant ...]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

from rulespec.compiler.load import bundled_names


def rate(name: str, bots: str, hands: int, jobs: int) -> float:
    """Hands per second of one fresh simulate run (its own timing, start-up excluded)."""
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "rulespec",
            "simulate",
            name,
            "-n",
            str(hands),
            "--bots",
            bots,
            "--jobs",
            str(jobs),
            "--seed",
            "1",
            "--format",
            "json",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return float(json.loads(out)["timing"]["per_second"])


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
        greedy = rate(name, "greedy", args.n, 1)
        smart = rate(name, "smart", args.n, 1)
        smart2 = rate(name, "smart", args.n, 2)
        print(
            f"{name:26} {greedy:11.1f} {smart:10.1f} {smart2:13.1f} {smart2 / smart:8.2f}x",
            flush=True,
        )


if __name__ == "__main__":
    main()
