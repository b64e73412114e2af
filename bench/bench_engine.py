"""Benchmark of the engine: uniformly random Gin hands per second, against RLCard and OpenSpiel.

Run in the benchmark's own environment (made by bench/setup.sh):

    bench/.env/bin/python bench/bench_engine.py [--seconds 5]

Each engine plays complete hands from a fresh deal with uniformly random
legal moves: rulespec (`load("gin")`, `new_game`, `legal_moves`, `play`),
RLCard's gin_rummy game loop (`GinRummyGame.init_game/step` with a random
legal action), and OpenSpiel's `pyspiel.evaluate_bots` with two uniform
random bots on `gin_rummy`. Prints hands/second, moves/second and ratios.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

from rulespec.interpreter.game import Game

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def rate(name: str, one_hand: Callable[[int], int], seconds: float) -> tuple[float, float]:
    """(hands/s, moves/s) of calling one_hand(i) for about `seconds`."""
    one_hand(0)  # warm up caches and imports
    start = time.perf_counter()
    hands = moves = 0
    while time.perf_counter() - start < seconds:
        moves += one_hand(hands + 1)
        hands += 1
    took = time.perf_counter() - start
    print(f"{name:<28} {hands / took:9.1f} hands/s {moves / took:11.0f} moves/s ({hands} hands)")
    return hands / took, moves / took


def ours() -> Callable[[int], int]:
    from rulespec.compiler.load import load_variant

    gin = load_variant("gin")
    rng = random.Random(1)

    def one_hand(i: int) -> int:
        g = Game.new(gin, 2, seed=i)
        n = 0
        while not g.hand_over:
            g.play(rng.choice(g.legal_moves()))
            n += 1
        return n

    return one_hand


def rlcard_loop() -> Callable[[int], int] | None:
    try:
        from rlcard.games.gin_rummy.game import GinRummyGame
    except ImportError as err:
        print(f"RLCard not available ({err}); skipped")
        return None
    game = GinRummyGame()
    rng = random.Random(2)

    def one_hand(i: int) -> int:
        game.init_game()
        n = 0
        while not game.is_over():
            game.step(rng.choice(game.judge.get_legal_actions()))
            n += 1
        return n

    return one_hand


def openspiel_loop() -> Callable[[int], int] | None:
    try:
        import pyspiel
    except ImportError as err:
        print(f"OpenSpiel not available ({err}); skipped")
        return None
    game = pyspiel.load_game("gin_rummy")
    bots = [pyspiel.make_uniform_random_bot(p, 3 + p) for p in range(2)]

    def one_hand(i: int) -> int:
        pyspiel.evaluate_bots(game.new_initial_state(), bots, i)
        return 0  # evaluate_bots does not report the move count

    return one_hand


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=5.0)
    args = ap.parse_args()
    ours_rate, _ = rate("rulespec (gin)", ours(), args.seconds)
    results = {}
    loop = rlcard_loop()
    if loop is not None:
        results["RLCard gin_rummy"], _ = rate("RLCard gin_rummy", loop, args.seconds)
    loop = openspiel_loop()
    if loop is not None:
        results["OpenSpiel evaluate_bots"], _ = rate("OpenSpiel evaluate_bots", loop, args.seconds)
    for name, value in results.items():
        print(f"rulespec / {name}: {ours_rate / value:.2f}x")


if __name__ == "__main__":
    main()
