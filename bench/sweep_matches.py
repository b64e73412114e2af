"""Sweep whole matches for stranded seats: every bundled variant, every allowed player count.

Not a benchmark but a long check kept beside them: bots play whole matches (Game.new, each
hand to its end, next_hand until the match is over, capped) and every state before a hand
ends must list a legal move. The invariant tests mostly play first hands; strandings were
found in later deals (Three Thirteen's deals 6-10). A stranded state is printed with the
position just before the move that led to it (history and log dropped), ready for
tests/data/stranded/. Usage: python bench/sweep_matches.py [NAMES] [--seeds N] [--bot B].
"""

from __future__ import annotations

import argparse
import json
import time

from rulespec.bots import make_bot
from rulespec.compiler.load import bundled_names, load_variant
from rulespec.interpreter.game import Game
from rulespec.sim.runner import derive_seed

MAX_MOVES = 5000  # per hand: a hand past this never ends
MAX_HANDS = 60  # per match


def play_match(name: str, players: int, seed: int, bot: str) -> tuple[int, int, str | None]:
    """Hands and moves played, and what went wrong (None: nothing)."""
    variant = load_variant(name)
    bots = [make_bot(bot, derive_seed(seed, i, "bot")) for i in range(players)]
    game = Game.new(variant, players, seed)
    hands = moves = 0
    while True:
        before: Game | None = None
        last = ""
        in_hand = 0
        while not game.hand_over:
            legal = game.legal_moves()
            if not legal:
                pos = before.position() if before is not None else {}
                pos.pop("history", None)
                pos.pop("log", None)
                return hands, moves, json.dumps({"hand": hands, "move": last, "position": pos})
            seat = game.to_move
            move = bots[seat].choose(game.observation(seat), legal, variant)
            before, last = game.copy(), str(move)
            game.play(move)
            in_hand += 1
            moves += 1
            if in_hand > MAX_MOVES:
                return hands, moves, f"hand {hands} ran past {MAX_MOVES} moves"
        hands += 1
        if game.match_over or hands >= MAX_HANDS:
            return hands, moves, None
        game.next_hand()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="?", default="", help="comma-separated (default: all)")
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--bot", default="random")
    args = parser.parse_args()
    names = args.names.split(",") if args.names else bundled_names()
    for name in names:
        variant = load_variant(name)
        start = time.time()
        matches = hands = moves = 0
        for players in range(variant.min_players, variant.max_players + 1):
            for s in range(args.seeds):
                seed = derive_seed(s, players, name + args.bot)
                h, m, wrong = play_match(name, players, seed, args.bot)
                matches, hands, moves = matches + 1, hands + h, moves + m
                if wrong:
                    print(f"{name} players={players} seed={seed}: {wrong}")
        print(
            f"{name} {args.bot}: {matches} matches, {hands} hands, {moves} moves,"
            f" {time.time() - start:.0f} s",
            flush=True,
        )


if __name__ == "__main__":
    main()
