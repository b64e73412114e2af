"""Legal-move latency with many wild cards: p50/p99/max ms of `legal_moves()` per rule file
(bench for the meld and partition search; prints a table for the report, asserts nothing).

Each file plays seeded random hands (a uniformly random legal move each time); every
`legal_moves()` computation is timed, with a per-call guard (`--timeout`, seconds) so a
search that blows up is reported as a timeout instead of hanging the benchmark. The
first play-phase call of each hand (the one right after the first draw) is also shown.
Default files: the extreme files `tests/data/valid/wild-*.rules` and the bundled
variants with wild cards. Usage:

    .venv/bin/python bench/bench_wilds.py [--hands N] [--moves M] [--timeout S] [file ...]
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import statistics
import time
from pathlib import Path
from types import FrameType

import rulespec
from rulespec.interpreter.game import Game
from rulespec.interpreter.phases import judge as L

ROOT = Path(__file__).resolve().parent.parent
BUNDLED_WILD = ["bridge", "remik", "continental", "rummy500"]


class _Timeout(Exception):
    pass


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise _Timeout


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0..100), nearest rank."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    rank = max(1, min(len(ordered), round(q / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


def measure(
    name: str, hands: int, moves: int, timeout: float, players: int
) -> tuple[list[float], list[float], int]:
    """(every call's ms, first play-phase call's ms per hand, timeouts) over seeded hands."""
    variant = rulespec.load(name)
    times: list[float] = []
    firsts: list[float] = []
    timeouts = 0
    for seed in range(hands):
        rng = random.Random(seed)
        game = Game.new(variant, players, seed=seed)
        first_play = True
        for _ in range(moves):
            if game.hand_over:
                break
            signal.setitimer(signal.ITIMER_REAL, timeout)
            start = time.perf_counter()
            try:
                legal = L.legal_moves(variant, game.hs)
            except _Timeout:
                timeouts += 1
                times.append(timeout * 1000)
                if first_play and game.hs.phase == "play":
                    firsts.append(timeout * 1000)
                break
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
            ms = (time.perf_counter() - start) * 1000
            times.append(ms)
            if first_play and game.hs.phase == "play":
                firsts.append(ms)
                first_play = False
            game.play(legal[rng.randrange(len(legal))])
    return times, firsts, timeouts


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=10, help="hands per file")
    parser.add_argument("--moves", type=int, default=300, help="moves at most per hand")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per call at most")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    names = args.files or [
        *(str(p) for p in sorted((ROOT / "tests/data/valid").glob("wild-*.rules"))),
        *BUNDLED_WILD,
    ]
    signal.signal(signal.SIGALRM, _alarm)
    print(f"load average {os.getloadavg()[0]:.2f}; timeout {args.timeout:.0f} s a call")
    print(
        f"{'file':34} {'calls':>6} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>9}"
        f" {'1st play p50':>12} {'1st max':>9} {'timeouts':>8}"
    )
    for name in names:
        times, firsts, timeouts = measure(name, args.hands, args.moves, args.timeout, args.players)
        label = Path(name).stem
        first_med = statistics.median(firsts) if firsts else float("nan")
        first_max = max(firsts) if firsts else float("nan")
        print(
            f"{label:34} {len(times):6d} {percentile(times, 50):8.2f} {percentile(times, 99):8.2f}"
            f" {max(times):9.1f} {first_med:12.2f} {first_max:9.1f} {timeouts:8d}",
            flush=True,
        )


if __name__ == "__main__":
    main()
