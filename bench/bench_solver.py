"""Benchmark of the deadwood solver against RLCard and OpenSpiel; exactness against a brute force.

Run in the benchmark's own environment (made by bench/setup.sh):

    bench/.env/bin/python bench/bench_solver.py [--hands 3000] [--exact 2000]

Times, on the same distinct random one-deck hands: rulespec's `deadwood`
(10 cards) and `deadwood_after_discard` (11 cards), RLCard's
`get_best_meld_clusters` (10 cards; 11 cards = the best of its 11 discards),
and OpenSpiel's C++ `GinRummyUtils.min_deadwood` (10 and 11 cards). All
answers are compared. Then checks exactness against the brute force of
tests/bruteforce_ref.py on hands with jokers and two decks.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

from bruteforce_ref import brute_deadwood  # noqa: E402
from interp_helpers import (  # noqa: E402
    continental_like,
    gin_like,
    jokers_two_decks,
    wrap_like,
)

from rulespec.interpreter.cards import build_deck  # noqa: E402
from rulespec.interpreter.meldrules import tables  # noqa: E402
from rulespec.interpreter.runtable import kernel  # noqa: E402
from rulespec.interpreter.solver import deadwood, deadwood_after_discard  # noqa: E402
from rulespec.model.variant import Variant  # noqa: E402


def gin_variant() -> tuple[Variant, str]:
    try:
        from rulespec.compiler.load import load_variant

        return load_variant("gin"), "load_variant('gin')"
    except Exception as err:  # the loader may not be there yet
        return gin_like(), f"test helper gin_like (loader unavailable: {err})"


def distinct_hands(size: int, count: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    seen: set[tuple[int, ...]] = set()
    hands: list[list[int]] = []
    while len(hands) < count:
        hand = sorted(rng.sample(range(52), size))
        if tuple(hand) not in seen:
            seen.add(tuple(hand))
            hands.append(hand)
    return hands


def rlcard_solvers() -> (
    tuple[Callable[[Sequence[int]], int], Callable[[Sequence[int]], int]] | None
):
    try:
        from rlcard.games.base import Card
        from rlcard.games.gin_rummy.utils import utils
        from rlcard.games.gin_rummy.utils.melding import get_best_meld_clusters
    except Exception as err:
        print(f"RLCard unavailable: {err}")
        return None
    suit_letter = "CDHS"
    rank_letter = "A23456789TJQK"
    cards = [Card(suit=suit_letter[c // 13], rank=rank_letter[c % 13]) for c in range(52)]

    def ten(hand: Sequence[int]) -> int:
        rl_hand = [cards[c] for c in hand]
        clusters = get_best_meld_clusters(rl_hand)
        if not clusters:
            return sum(utils.get_deadwood_value(c) for c in rl_hand)
        return int(utils.get_deadwood_count(rl_hand, clusters[0]))

    def eleven(hand: Sequence[int]) -> int:
        return min(ten([c for c in hand if c != d]) for d in hand)

    return ten, eleven


def openspiel_solver() -> Callable[[Sequence[int]], int] | None:
    try:
        import pyspiel
    except Exception as err:
        print(f"OpenSpiel unavailable: {err}")
        return None
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    to_os = [c % 13 + 13 * (1, 2, 3, 0)[c // 13] for c in range(52)]  # OpenSpiel suits: s c d h

    def solve(hand: Sequence[int]) -> int:
        return int(utils.min_deadwood([to_os[c] for c in hand]))

    return solve


def timed(
    fn: Callable[[Sequence[int]], Any],
    hands: list[list[int]],
    repeat: int = 3,
    reset: Callable[[], None] | None = None,
) -> tuple[float, list[Any]]:
    """Best wall time of `repeat` runs over the hands (the machine is shared), and the answers.

    `reset` empties our solver's memos before each run, so no run reads answers an
    earlier run left (the hands are distinct: every answer is computed)."""
    best = float("inf")
    out: list[Any] = []
    for _ in range(repeat):
        if reset is not None:
            reset()
        start = time.perf_counter()
        out = [fn(h) for h in hands]
        best = min(best, time.perf_counter() - start)
    return best, out


def meld_rich(hands: list[list[int]], gin: Variant, limit: int) -> list[list[int]]:
    """The hands whose deadwood is at most `limit` (near knocking: many meld choices)."""
    return [h for h in hands if deadwood(gin, h) <= limit]


def run_speed(args: argparse.Namespace) -> None:
    gin, source = gin_variant()
    print(f"gin variant: {source}")
    rl = rlcard_solvers()
    os_solve = openspiel_solver()
    plans = [
        (10, "distinct random", distinct_hands(10, args.hands, seed=10)),
        (11, "distinct random", distinct_hands(11, args.hands, seed=11)),
    ]
    rich = meld_rich(distinct_hands(10, args.hands * 20, seed=12), gin, 25)[: args.hands]
    plans.append((10, "meld-rich (deadwood <= 25)", rich))

    def reset() -> None:
        tables(gin).memo.clear()
        kernel(tables(gin)).memo.clear()

    for size, kind, hands in plans:
        if size == 10:
            ours_t, ours = timed(lambda h: deadwood(gin, h), hands, reset=reset)
        else:
            ours_t, ours_pairs = timed(lambda h: deadwood_after_discard(gin, h), hands, reset=reset)
            ours = [v for v, _ in ours_pairs]
        n = len(hands)
        print(f"\n{size}-card hands, {n} {kind} hands (best of 3 runs)")
        print(f"  rulespec   {n / ours_t:>10.0f} hands/s")
        if rl is not None:
            rl_fn = rl[0] if size == 10 else rl[1]
            sample = hands[: args.rl_hands]
            rl_t, rl_out = timed(rl_fn, sample)
            rate = len(sample) / rl_t
            agree = rl_out == ours[: len(sample)]
            print(
                f"  RLCard     {rate:>10.0f} hands/s  (on {len(sample)} hands; "
                f"rulespec is {n / ours_t / rate:.1f}x; answers agree: {agree})"
            )
        if os_solve is not None:
            os_t, os_out = timed(os_solve, hands)
            print(
                f"  OpenSpiel  {n / os_t:>10.0f} hands/s  (C++; rulespec/OpenSpiel = "
                f"{os_t / ours_t:.2f}; answers agree: {os_out == ours})"
            )


def run_exact(args: argparse.Namespace) -> None:
    print("\nexactness against the brute force (tests/bruteforce_ref.py)")
    cases: list[tuple[str, Variant, int, int]] = [
        ("two decks + 4 jokers (20 each), 10 cards", jokers_two_decks(), 10, args.exact),
        ("two decks + 4 jokers, 13 cards", jokers_two_decks(), 13, args.exact // 4),
        ("continental-like (2 decks, 2 jokers), 15 cards", continental_like(), 15, args.exact // 4),
        ("wrap, ace positional, 10 cards", wrap_like(), 10, args.exact // 2),
    ]
    for label, variant, size, count in cases:
        rng = random.Random(size * 7919 + count)
        deck = build_deck(variant, 2)
        wrong = 0
        start = time.perf_counter()
        for _ in range(count):
            hand = rng.sample(deck, size)
            if deadwood(variant, hand) != brute_deadwood(variant, hand):
                wrong += 1
        spent = time.perf_counter() - start
        print(f"  {label}: {count} hands, {wrong} wrong ({spent:.1f}s with the brute force)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000, help="hands per size for timing")
    parser.add_argument("--rl-hands", type=int, default=500, help="hands timed with RLCard")
    parser.add_argument("--exact", type=int, default=2000, help="brute-force hands (jokers)")
    args = parser.parse_args()
    run_speed(args)
    run_exact(args)


if __name__ == "__main__":
    main()
