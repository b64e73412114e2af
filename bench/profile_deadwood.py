"""cProfile summary of the deadwood kernel on seeded random gin hands (bench, issue 13).

    .venv/bin/python bench/profile_deadwood.py [--hands 3000] [--out FILE]

Times `deadwood` on 10-card and `deadwood_after_discard` on 11-card hands with
the solver's memos emptied first (every answer computed), as bench_ratios.py
does, and prints the CPU-time rates and the top of the cProfile table. First it
says which kernel answers (the compiled one or the pure-Python one, and why:
`RULESPEC_NATIVE=0` forces the latter) and the kernel's own rates on card masks
(no hand-to-mask, no solver call), one hand at a time and in batches
(`values_plus`: a 10-card hand plus each of the 42 other cards).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import time

from rulespec.compiler.load import load_variant
from rulespec.interpreter import native
from rulespec.interpreter.meldrules import tables
from rulespec.interpreter.runtable import kernel
from rulespec.interpreter.solver import deadwood, deadwood_after_discard


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=3000)
    ap.add_argument("--variant", default="gin")
    ap.add_argument("--out", help="write the summary here too")
    args = ap.parse_args()
    variant = load_variant(args.variant)
    hands = {size: [random.Random(size).sample(range(52), size)] for size in (10, 11)}
    for size in (10, 11):
        deal = random.Random(size)
        hands[size] = [deal.sample(range(52), size) for _ in range(args.hands)]

    def run() -> None:
        for size, solve in ((10, deadwood), (11, deadwood_after_discard)):
            tables(variant).memo.clear()
            kernel(tables(variant)).memo.clear()
            for h in hands[size]:
                solve(variant, h)

    run()  # warm the tables
    lines = [f"kernel: {native.WHY}"]
    k = kernel(tables(variant))
    masks = {size: [sum(1 << c for c in h) for h in hands[size]] for size in (10, 11)}
    full = (1 << 52) - 1
    for label, size, solve in (
        ("value", 10, k.value),
        ("after_discard", 11, k.after_discard),
        ("values_plus (x42)", 10, lambda m: k.values_plus(m, full ^ m)),
        ("after_discard_plus (x42)", 10, lambda m: k.after_discard_plus(m, full ^ m)),
    ):
        k.memo.clear()
        per = 42 if "x42" in label else 1
        start = time.process_time()
        for m in masks[size]:
            solve(m)
        rate = per * len(masks[size]) / (time.process_time() - start)
        lines.append(f"kernel alone, {label}: {rate:,.0f} hands/s")
    for size, solve in ((10, deadwood), (11, deadwood_after_discard)):
        best = 0.0
        for _ in range(3):
            tables(variant).memo.clear()
            kernel(tables(variant)).memo.clear()
            start = time.process_time()
            for h in hands[size]:
                solve(variant, h)
            best = max(best, len(hands[size]) / (time.process_time() - start))
        lines.append(f"{size}-card hands: {best:,.0f} evals/s (best of 3, CPU time)")
    prof = cProfile.Profile()
    prof.runcall(run)
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(12)
    text = "\n".join(lines) + "\n" + out.getvalue()
    print(text)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)


if __name__ == "__main__":
    main()
