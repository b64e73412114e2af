"""The issue-13 table in one run: rulespec's speeds beside OpenSpiel's C++ gin_rummy, as ratios.

Run in the benchmark's own environment (made by bench/setup.sh):

    bench/.env/bin/python bench/bench_ratios.py [--hands 150] [--variant-hands 30]

Rows (one process, measured one after another; rates are per CPU second of this
process, so a busy shared machine slows both sides alike; every row plays a fixed
list of seeded hands, so runs before and after a change time the same hands):

- smart-bot self-play, gin hands/s vs OpenSpiel `SimpleGinRummyBot` self-play
  through `pyspiel.evaluate_bots`;
- uniformly random play, gin hands/s vs OpenSpiel uniform random bots;
- deadwood of distinct random 10-card hands (`deadwood`) and 11-card hands with
  the best discard (`deadwood_after_discard`), evals/s, vs OpenSpiel's C++
  `GinRummyUtils.min_deadwood`; our memos are emptied first (every answer computed);
- smart-bot hands/s of every bundled variant at its usual player count.

Prints a Markdown table (paste it into bench/README.md) and the load average.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import time
from collections.abc import Callable

from rulespec.compiler.load import bundled_names, load_variant
from rulespec.interpreter.game import Game
from rulespec.interpreter.meldrules import tables
from rulespec.interpreter.solver import deadwood, deadwood_after_discard
from rulespec.sim import runner


def rate(step: Callable[[int], object], count: int) -> float:
    """Calls per CPU second of step(i) for i = 0 .. count-1: a fixed list of seeded hands,
    so two runs (before and after a change) time the very same hands; hands differ a lot
    in length, and a time budget would time different ones."""
    step(10**6)  # warm imports and tables
    gc.collect()  # earlier rows' garbage is not charged to this row's few timed hands
    start = time.process_time()
    for i in range(count):
        step(i)
    return count / (time.process_time() - start)


SLOW = ("bridge", "continental", "remik")  # once under 10 smart-bot hands/s (--slow-hands)


def batch_rate(run: Callable[[], int], repeat: int = 3) -> float:
    """Best items per CPU second of `repeat` calls of run() (it returns its item count)."""
    best = 0.0
    for _ in range(repeat):
        start = time.process_time()
        n = run()
        best = max(best, n / max(time.process_time() - start, 1e-9))
    return best


def forget(variant: object) -> None:
    """Empty the solver's memos (the kernel's too, where there is one: a run with the
    code from before the kernel measures the same way)."""
    tables(variant).memo.clear()  # type: ignore[arg-type]
    try:
        from rulespec.interpreter.runtable import kernel
    except ImportError:
        return
    k = kernel(tables(variant))  # type: ignore[arg-type]
    k.memo.clear()
    k.walks.clear()


def usual_players(variant: object) -> int:
    low, high = variant.min_players, variant.max_players  # type: ignore[attr-defined]
    return int(max(low, min(2, high)))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=150, help="smart-bot gin hands (each side)")
    ap.add_argument("--random-hands", type=int, default=1500, help="random-play gin hands")
    ap.add_argument(
        "--variant-hands", type=int, default=30, help="hands per bundled variant (0: skip them)"
    )
    ap.add_argument(
        "--slow-hands",
        type=int,
        default=30,
        help=f"hands for the once slow ones ({', '.join(SLOW)}): a few hands misread bridge",
    )
    ap.add_argument("--deadwood-hands", type=int, default=3000, help="for the deadwood rows")
    args = ap.parse_args()
    import pyspiel

    gin = load_variant("gin")
    game = pyspiel.load_game("gin_rummy")
    rows: list[tuple[str, float, str, float | None]] = []

    smart = rate(lambda i: runner.run_hand(gin, 2, ("smart",), 1, i), args.hands)
    simple = [pyspiel.make_simple_gin_rummy_bot(game.get_parameters(), p) for p in range(2)]
    os_simple = rate(
        lambda i: pyspiel.evaluate_bots(game.new_initial_state(), simple, i), args.hands * 4
    )
    rows.append(("smart-bot self-play, gin, hands/s", smart, "SimpleGinRummyBot", os_simple))

    rng = random.Random(1)

    def random_hand(i: int) -> None:
        g = Game.new(gin, 2, seed=i)
        while not g.hand_over:
            g.play(rng.choice(g.legal_moves()))

    ours_random = rate(random_hand, args.random_hands)
    uniform = [pyspiel.make_uniform_random_bot(p, 3 + p) for p in range(2)]
    os_random = rate(
        lambda i: pyspiel.evaluate_bots(game.new_initial_state(), uniform, i), args.random_hands
    )
    rows.append(("random play, gin, hands/s", ours_random, "uniform random bots", os_random))

    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    to_os = [c % 13 + 13 * (1, 2, 3, 0)[c // 13] for c in range(52)]
    for size in (10, 11):
        deal = random.Random(size)
        hands = [deal.sample(range(52), size) for _ in range(args.deadwood_hands)]
        os_hands = [[to_os[c] for c in h] for h in hands]

        def ours(hands: list[list[int]] = hands, size: int = size) -> int:
            forget(gin)
            if size == 10:
                for h in hands:
                    deadwood(gin, h)
            else:
                for h in hands:
                    deadwood_after_discard(gin, h)
            return len(hands)

        def theirs(os_hands: list[list[int]] = os_hands) -> int:
            for h in os_hands:
                utils.min_deadwood(h)
            return len(os_hands)

        rows.append(
            (
                f"deadwood, {size}-card hands, evals/s",
                batch_rate(ours),
                "min_deadwood",
                batch_rate(theirs),
            )
        )

    for name in sorted(bundled_names()) if args.variant_hands else ():
        variant = load_variant(name)
        players = usual_players(variant)
        got = rate(
            lambda i, v=variant, p=players: runner.run_hand(v, p, ("smart",), 1, i),
            args.slow_hands if name in SLOW else args.variant_hands,
        )
        rows.append((f"smart-bot self-play, {name} ({players} players), hands/s", got, "", None))

    print("| measure | rulespec | OpenSpiel C++ | ratio |")
    print("|---|---:|---|---:|")
    for label, value, peer, theirs_value in rows:
        if theirs_value is None:
            print(f"| {label} | {value:,.1f} | — | — |")
        else:
            print(
                f"| {label} | {value:,.1f} | {peer}: {theirs_value:,.1f} | "
                f"{value / theirs_value:.2f}x |"
            )
    print(f"\nload average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
