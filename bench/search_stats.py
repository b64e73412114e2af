"""The C counted search's work counters over seeded smart hands (a measuring build only).

Build the extension with the counters first, then rebuild it plainly after:

    CFLAGS=-DGENSEARCH_STATS .venv/bin/python hatch_build.py
    .venv/bin/python bench/search_stats.py continental -n 6
    .venv/bin/python hatch_build.py

Prints, after one warm-up hand, the counts of `n` seeded hands: state values asked and not
kept (each a search step), pivots asked and not kept, walk steps and those not kept, the
walk's choices, grown hands and those searched, and `lone_strip` calls that set cards aside
(_gensearch_state.h's ST_ names). The plain build has no counters (`_stats` is absent).
"""

from __future__ import annotations

import argparse

from rulespec.compiler.load import load_variant
from rulespec.sim import runner

NAMES = (
    "value",
    "value_miss",
    "pivot",
    "pivot_miss",
    "walk_step",
    "walk_miss",
    "choose",
    "grown",
    "grown_searched",
    "strip",
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant")
    parser.add_argument("-n", type=int, default=6, help="seeded hands after the warm-up")
    parser.add_argument("--players", type=int, default=0)
    args = parser.parse_args()
    from rulespec.interpreter import _gensearch  # type: ignore[attr-defined]

    stats = getattr(_gensearch, "_stats", None)
    if stats is None:
        raise SystemExit("no counters: build with CFLAGS=-DGENSEARCH_STATS (see the docstring)")
    variant = load_variant(args.variant)
    players = args.players or int(max(variant.min_players, min(2, variant.max_players)))
    runner.run_hand(variant, players, ("smart",), 1, 10**6)
    stats()
    for seed in range(args.n):
        runner.run_hand(variant, players, ("smart",), 1, seed)
    for name, count in zip(NAMES, stats(), strict=True):
        print(f"{name:>15} {count:>10,}")


if __name__ == "__main__":
    main()
