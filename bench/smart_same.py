"""Seeded bot move logs of every bundled variant (bench): proof that a speed change kept the
bots' decisions.

Plays a fixed list of seeded hands per bundled variant (smart self-play, greedy
self-play, smart against greedy; the usual player count and three players where
allowed) and writes every chosen move, one hand per line, to ``--out``. Run it
before and after a change (same command) and compare the two files with
``cmp``: any changed decision shows up as a differing line.

    .venv/bin/python bench/smart_same.py --out before.txt [--hands 12] [--games gin,rummy]
"""

from __future__ import annotations

import argparse
import time

from rulespec.bots import make_bot
from rulespec.compiler.load import bundled_names, load_variant
from rulespec.interpreter.game import Game
from rulespec.sim.runner import derive_seed

SLOW = {"bridge": 3, "continental": 3, "remik": 4, "kalooki": 3, "carioca": 3, "scala-40": 4}
LINEUPS = (("smart",), ("greedy",), ("smart", "greedy"))


def play(name: str, players: int, bots: tuple[str, ...], index: int) -> str:
    """One seeded hand's move log as a line: variant, seats, seed, every move text, result."""
    variant = load_variant(name)
    seed = derive_seed(7, index)
    seats = [bots[s % len(bots)] for s in range(players)]
    agents = [make_bot(b, derive_seed(seed, s, "bot")) for s, b in enumerate(seats)]
    game = Game.new(variant, players, seed)
    log: list[str] = []
    while not game.hand_over and len(log) < 3000:
        seat = game.to_move
        move = agents[seat].choose(game.observation(seat), game.legal_moves(), variant)
        log.append(f"{seat}:{move}")
        game.play(move)
    return f"{name} {players} {','.join(seats)} {index} | {' '.join(log)} | {game.hand_result}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=12)
    ap.add_argument("--games", default="")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    names = args.games.split(",") if args.games else sorted(bundled_names())
    with open(args.out, "w", encoding="utf-8") as fh:
        for name in names:
            variant = load_variant(name)
            counts = sorted(
                {max(variant.min_players, min(2, variant.max_players))}
                | ({3} if variant.min_players <= 3 <= variant.max_players else set())
            )
            start = time.process_time()
            for players in counts:
                for bots in LINEUPS:
                    hands = SLOW.get(name, args.hands) if players <= 2 else 2
                    for i in range(hands):
                        fh.write(play(name, players, bots, i) + "\n")
            print(f"{name}: {time.process_time() - start:.1f} s", flush=True)


if __name__ == "__main__":
    main()
