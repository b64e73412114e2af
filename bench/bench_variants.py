"""Smart-bot self-play hands per CPU second of bundled variants (bench): `bench_ratios.py`'s
variant rows alone, without the OpenSpiel peers, for a quick before/after of a few variants.

    .venv/bin/python bench/bench_variants.py [--hands 16] [--slow-hands 4] [variant ...]

Each variant plays a fixed list of seeded hands at its usual player count (the same
hands as `bench_ratios.py`), after one warm-up hand and a full garbage collection (a
collection of the earlier variants' garbage once landed inside a slow variant's few
timed hands and cut its rate by a third); the load average is printed with the table,
as the machine is shared.
"""

from __future__ import annotations

import argparse
import gc
import os
import time

from rulespec.compiler.load import bundled_names, load_variant
from rulespec.sim import runner

SLOW = ("bridge", "continental")
"""Under 5 smart-bot hands/s before the general search was shared: fewer hands."""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=16, help="hands per variant")
    ap.add_argument("--slow-hands", type=int, default=4, help=f"for {', '.join(SLOW)}")
    ap.add_argument("variants", nargs="*", help="bundled variants (default: all)")
    args = ap.parse_args()
    print("| variant | players | smart-bot hands/s |")
    print("|---|---:|---:|")
    for name in args.variants or sorted(bundled_names()):
        variant = load_variant(name)
        players = int(max(variant.min_players, min(2, variant.max_players)))
        runner.run_hand(variant, players, ("smart",), 1, 10**6)  # warm imports and tables
        count = args.slow_hands if name in SLOW else args.hands
        gc.collect()  # earlier variants' garbage is not charged to this one's few timed hands
        start = time.process_time()
        for i in range(count):
            runner.run_hand(variant, players, ("smart",), 1, i)
        rate = count / (time.process_time() - start)
        print(f"| {name} | {players} | {rate:,.1f} |", flush=True)
    print(f"\nload average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
