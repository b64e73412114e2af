"""Two runs of bench_vs_openspiel.py on the same deals (`--per-hand FILE`), compared hand by hand.

    bench/.env/bin/python bench/paired_hands.py BASE.json CANDIDATE.json

The same seed plays the same deals in the same seats, so most hands come out alike and
the difference in the share of hands won has a standard error far below the interval of
either share (a seed alone moves the share by about 2 points). Prints both shares, the
paired difference with its standard error, how many hands changed outcome, and the same
for the points per hand.
"""

from __future__ import annotations

import argparse
import json
import math


def paired(base: list[float], cand: list[float]) -> tuple[float, float]:
    """Mean of cand - base and its standard error."""
    n = len(base)
    diffs = [c - b for b, c in zip(base, cand, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / max(n - 1, 1)
    return mean, math.sqrt(var / n)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("base")
    ap.add_argument("candidate")
    args = ap.parse_args()
    with open(args.base, encoding="utf-8") as f:
        base = json.load(f)
    with open(args.candidate, encoding="utf-8") as f:
        cand = json.load(f)
    if len(base) != len(cand):
        raise SystemExit("paired_hands: the two runs played different numbers of hands")
    won_b = [float(x > 0) for x in base]
    won_c = [float(x > 0) for x in cand]
    n = len(base)
    mean, se = paired(won_b, won_c)
    changed = sum(1 for b, c in zip(won_b, won_c, strict=True) if b != c)
    print(f"{n} hands: won {100 * sum(won_b) / n:.2f}% -> {100 * sum(won_c) / n:.2f}%")
    print(f"paired difference {100 * mean:+.2f} +- {100 * se:.2f} (se), {changed} hands changed")
    pts, pts_se = paired(base, cand)
    print(f"points per hand {pts:+.2f} +- {pts_se:.2f} (se)")


if __name__ == "__main__":
    main()
