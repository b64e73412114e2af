"""Benchmark of `simulate --executor ray`: scaling from 1 to 2 Ray workers, and the task size
below which Ray's per-task overhead dominates.

Not a test: run `python bench/bench_ray.py [--hands N] [--variant NAME] [--bots B]`
(needs `rulespec[ray]`). It prints Ray's start-up time, the in-process rate
(`--jobs 1`), the rate on a local Ray of 1 and of 2 CPUs with the runner's
chunks (4 hands) one to a task, a sweep of chunks per task on 2 CPUs, and the
round trip of an empty Ray task. Overhead dominates a task when that round
trip exceeds the task's own work: below `round trip / seconds per hand` hands a
task. Every run's records are checked equal to the in-process records.
"""

from __future__ import annotations

import argparse
import os
import time

import ray

from rulespec.sim import runner
from rulespec.sim.executors import RayExecutor

CHUNK = 4  # hands in one runner chunk (runner.iter_records)


def _noop() -> int:
    return 0


def _rate(job: runner.Job, hands: int, executor: RayExecutor | None) -> tuple[float, list]:
    """Hands a second, after a warm-up run (workers load the variant and fill bot caches)."""
    runner.simulate(job, min(hands, 40), executor=executor)
    start = time.perf_counter()
    records = runner.simulate(job, hands, executor=executor)
    return hands / (time.perf_counter() - start), records


def _start(cpus: int) -> float:
    start = time.perf_counter()
    ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
    ray.get([ray.remote(_noop).remote() for _ in range(cpus)])  # the workers are up
    return time.perf_counter() - start


def _round_trip(tasks: int = 200) -> float:
    noop = ray.remote(_noop)
    start = time.perf_counter()
    ray.get([noop.remote() for _ in range(tasks)])
    return (time.perf_counter() - start) / tasks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="gin")
    parser.add_argument("--bots", default="greedy")
    parser.add_argument("--hands", type=int, default=600)
    args = parser.parse_args()
    job = runner.Job(args.variant, 2, tuple(args.bots.split(",")), 1)
    load = os.getloadavg()[0]
    print(f"load average {load:.1f}; {args.hands} {args.variant} hands, bots {args.bots}")
    alone, expected = _rate(job, args.hands, None)
    print(f"in process (--jobs 1): {alone:8.1f} hands/s ({1000 / alone:.2f} ms a hand)")
    rates = {}
    for cpus in (1, 2):
        started = _start(cpus)
        rate, records = _rate(job, args.hands, RayExecutor())
        assert records == expected, "Ray records differ from the in-process records"
        rates[cpus] = rate
        print(f"ray {cpus} CPU(s): start {started:.1f} s, {rate:8.1f} hands/s (1 chunk a task)")
        if cpus == 2:
            trip = _round_trip()
            print(f"  scaling 1 -> 2 workers: x{rates[2] / rates[1]:.2f}")
            print(f"  empty task round trip: {1000 * trip:.2f} ms")
            for batch in (1, 2, 4, 8, 16):
                rate, records = _rate(job, args.hands, RayExecutor(batch=batch))
                assert records == expected
                print(f"  {batch:2d} chunks ({batch * CHUNK:3d} hands) a task: {rate:8.1f} hands/s")
            print(
                f"  overhead dominates below ~{1000 * trip:.2f} ms of work a task, "
                f"~{trip * alone:.2f} hands of this workload (the runner's chunk is {CHUNK})"
            )
        ray.shutdown()


if __name__ == "__main__":
    main()
