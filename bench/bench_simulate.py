"""Simulation throughput: hands per second per variant with greedy and smart bots, and the
`--jobs 2` speed-up over `--jobs 1` (bench for rulespec.sim; prints a table for the report).

Every figure comes from a fresh `rulespec simulate --format json` process, so no run
profits from caches another run warmed. Usage:

    .venv/bin/python bench/bench_simulate.py [-n HANDS] [variant ...]
    .venv/bin/python bench/bench_simulate.py --random-jobs 2000 [variant ...]

`--random-jobs N`: only the `--jobs 2` speed-up of N random-bot hands per variant
(default gin), with a check that the per-hand records (`--out`) are byte-identical.

`--jobs-pairs K` (issue 13, target 5): K alternating `--jobs 1` / `--jobs 2` runs of
`-n` smart-bot hands (default 500) per variant (default gin), fresh processes each;
prints the median speed-up of the run's own timing (start-up excluded) and of the
whole command's wall time (interpreter start, load and imports included), the
machine's ceiling (the two halves of the run as two independent `--jobs 1`
processes side by side: two busy cores each run slower than one alone), `--jobs 2`'s
share of that ceiling, and whether every run wrote the same records.

    .venv/bin/python bench/bench_simulate.py --jobs-pairs 8 -n 500 gin
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

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


def records(name: str, bots: str, hands: int, jobs: int) -> tuple[float, list[str]]:
    """Hands per second of one fresh `simulate --out` run (its own timing, start-up
    excluded) and the per-hand records it wrote, one JSON line each."""
    rate_, _, lines = timed_records(name, bots, hands, jobs)
    return rate_, lines


def timed_records(name: str, bots: str, hands: int, jobs: int) -> tuple[float, float, list[str]]:
    """`records` and the whole command's wall time in seconds."""
    with tempfile.TemporaryDirectory() as folder:
        part = os.path.join(folder, "part.jsonl")
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "rulespec", "simulate", name, "-n", str(hands)]
            + ["--bots", bots, "--jobs", str(jobs), "--seed", "1", "--out", part],
            capture_output=True,
            check=True,
        )
        wall = time.perf_counter() - start
        with open(part, encoding="utf-8") as fh:
            head, *lines = fh.read().splitlines()
    return hands / float(json.loads(head)["seconds"]), wall, lines


def halves_side_by_side(name: str, bots: str, hands: int) -> tuple[float, list[str]]:
    """The machine's own ceiling for two processes: the two halves of the run
    (`--shard 1/2`, `--shard 2/2`, `--jobs 1` each) started together as independent
    processes; the slower one's timed seconds, and the records of both, in order."""
    with tempfile.TemporaryDirectory() as folder:
        parts = [os.path.join(folder, f"part{i}.jsonl") for i in (1, 2)]
        runs = [
            subprocess.Popen(
                [sys.executable, "-m", "rulespec", "simulate", name, "-n", str(hands)]
                + ["--bots", bots, "--jobs", "1", "--seed", "1", "--shard", f"{i}/2"]
                + ["--out", parts[i - 1]],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            for i in (1, 2)
        ]
        for run in runs:
            if run.wait() != 0:
                raise SystemExit(f"a shard of {name} failed")
        seconds, lines = 0.0, []
        for part in parts:
            with open(part, encoding="utf-8") as fh:
                head, *rows = fh.read().splitlines()
            seconds = max(seconds, float(json.loads(head)["seconds"]))
            lines += rows
    return seconds, lines


def jobs_pairs(names: list[str], hands: int, pairs: int) -> None:
    """Median `--jobs 2` speed-up over `pairs` alternating runs, timed and whole-command,
    beside the machine's ceiling: two independent `--jobs 1` processes playing the two
    halves side by side (two busy cores each run slower than one alone: shared caches
    and clock), and `--jobs 2`'s share of that ceiling."""
    head = f"{'variant':10} {'pairs':>5} {'timed x (median, min-max)':>27} {'wall x':>7}"
    print(head, f"{'ceiling x':>10} {'of ceiling':>10} same")
    for name in names:
        timed: list[float] = []
        walls: list[float] = []
        ceiling: list[float] = []
        share: list[float] = []
        same = True
        for _ in range(pairs):
            r1, w1, one = timed_records(name, "smart", hands, 1)
            r2, w2, two = timed_records(name, "smart", hands, 2)
            halves, both = halves_side_by_side(name, "smart", hands)
            timed.append(r2 / r1)
            walls.append(w1 / w2)
            ceiling.append(hands / r1 / halves)
            share.append(timed[-1] / ceiling[-1])
            same = same and one == two == both
        spread = f"{statistics.median(timed):.2f} ({min(timed):.2f}-{max(timed):.2f})"
        print(
            f"{name:10} {pairs:5} {spread:>27} {statistics.median(walls):6.2f}x "
            f"{statistics.median(ceiling):9.2f}x {statistics.median(share):9.0%} {same}"
        )
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def random_jobs(names: list[str], hands: int) -> None:
    """`--jobs 2` over `--jobs 1` for random-bot hands, and whether the records agree."""
    print(f"{'variant':26} {'j1 h/s':>9} {'j2 h/s':>9} {'speed-up':>9} records identical")
    for name in names:
        r1, one = records(name, "random", hands, 1)
        r2, two = records(name, "random", hands, 2)
        print(f"{name:26} {r1:9.1f} {r2:9.1f} {r2 / r1:8.2f}x {one == two}", flush=True)
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", type=int, default=60, help="hands per measurement")
    parser.add_argument("--random-jobs", type=int, default=0, help="random hands (see above)")
    parser.add_argument("--jobs-pairs", type=int, default=0, help="see above")
    parser.add_argument("variants", nargs="*")
    args = parser.parse_args()
    if args.jobs_pairs:
        jobs_pairs(args.variants or ["gin"], args.n if args.n != 60 else 500, args.jobs_pairs)
        return
    if args.random_jobs:
        random_jobs(args.variants or ["gin"], args.random_jobs)
        return
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
