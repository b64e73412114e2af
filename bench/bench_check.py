"""Benchmark of the `rulespec` command's start-up: `check` of every bundled variant, `--help`.

Not a test: run `python bench/bench_check.py [-n RUNS]`. Each figure is the
median wall time of RUNS fresh subprocesses (interpreter start-up included),
printed against its target (check of all bundled variants < 0.5 s,
`--help` < 0.3 s). `--importtime` adds the ten slowest imports of each command
(from `python -X importtime`), the profile used to keep imports lazy.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGETS = {"check": 0.5, "help": 0.3}


def bundled() -> list[str]:
    return sorted(p.stem for p in (ROOT / "variants").glob("*.rules"))


def _child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(args: list[str], runs: int) -> tuple[float, float, int]:
    """Median wall and CPU seconds of `python -m rulespec ARGS` over runs, last exit status.

    CPU time (user + system of the child) barely depends on the machine's load,
    so it shows whether a slow wall figure is the code or a busy machine.
    """
    walls, cpus, status = [], [], 0
    for _ in range(runs):
        cpu = _child_cpu()
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "rulespec", *args], capture_output=True, cwd=ROOT
        )
        walls.append(time.perf_counter() - start)
        cpus.append(_child_cpu() - cpu)
        status = done.returncode
    return statistics.median(walls), statistics.median(cpus), status


def slowest_imports(args: list[str], count: int = 10) -> list[tuple[int, str]]:
    """The slowest imports (cumulative microseconds, module) of one run."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "rulespec", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    rows = []
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        _, cumulative, name = (part.strip() for part in line[12:].split("|"))
        rows.append((int(cumulative), name.strip()))
    return sorted(rows, reverse=True)[:count]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--runs", type=int, default=7)
    parser.add_argument("--importtime", action="store_true", help="show the slowest imports")
    opts = parser.parse_args()
    names = bundled()
    if not names:
        print("no bundled variants in variants/: the check figure measures nothing")
    cases = {"check": ["check", *names], "help": ["--help"]}
    timed(["--version"], 1)  # warm the disk cache
    bare = statistics.median(_bare_python() for _ in range(opts.runs))
    print(
        f"python start-up alone: {bare * 1000:.0f} ms (median of {opts.runs}); "
        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
    ok = True
    for label, args in cases.items():
        seconds, cpu, status = timed(args, opts.runs)
        target = TARGETS[label]
        verdict = "ok" if seconds < target else "SLOW"
        ok = ok and seconds < target
        what = f"check of {len(names)} variants" if label == "check" else "--help"
        print(
            f"{what:<28} {seconds * 1000:6.0f} ms wall, {cpu * 1000:4.0f} ms cpu  "
            f"(target < {target * 1000:.0f} ms)  exit {status}  {verdict}"
        )
        if opts.importtime:
            for micros, module in slowest_imports(args):
                print(f"    {micros / 1000:7.1f} ms  {module}")
    return 0 if ok else 1


def _bare_python() -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], capture_output=True)
    return time.perf_counter() - start


if __name__ == "__main__":
    sys.exit(main())
