"""The smart bot in the rummy family's new games: smart vs greedy and smart vs random, one table.

    .venv/bin/python bench/bench_new_games.py [--hands 60] [--seed 1] [--games a,b]

For each of the 12 games bundled in wave 1 (at its usual player count) it plays
``--hands`` seeded hands of smart against each opponent, the bots alternating
seats (smart at seats 0, 2, ...; with partnerships that is one team) and the
seating rotated every hand so each bot sits in every seat alike. Columns:

- ``win%``: the share of smart's seat-hands won (a seat-hand is one seat in one
  hand) beside the opponent's; ``score``: mean hand score per seat-hand (the
  rules' own score of the hand: higher is better, except in Scala 40 where
  scores are penalty points counted up);
- ``h/s``: hands per CPU second;
- what smart did with each game's defining rules, per smart seat-hand:
  ``knock`` knocks (after or before drawing), ``drop`` drops, ``buy`` buys out of
  offers (``b/o``), ``laid`` hands in which it laid down a meld (a contract met),
  ``turned`` face-up stock cards taken out of those offered, and ``void``: the
  share of hands that ended with no winner.

Seeded and deterministic: two runs print the same table (bar ``h/s``).
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from dataclasses import dataclass, field

from rulespec.bots import make_bot
from rulespec.bots.base import parse_move
from rulespec.compiler.load import load_variant
from rulespec.interpreter.game import Game
from rulespec.model.variant import Variant
from rulespec.sim.runner import derive_seed, seat_bots

GAMES = (
    "straight-gin",
    "big-gin",
    "knock-rummy",
    "kalooki",
    "scala-40",
    "three-player-gin",
    "hollywood-gin",
    "partnership-500-rum",
    "indian-rummy",
    "tonk",
    "conquian",
    "contract-rummy",
)
USUAL = {"knock-rummy": 3, "contract-rummy": 4, "kalooki": 4, "indian-rummy": 4, "tonk": 3}
MAX_MOVES = 4000


def usual_players(name: str, variant: Variant) -> int:
    """The game's usual player count: the table above, else 2 when allowed, else its minimum."""
    want = USUAL.get(name, 2)
    return max(variant.min_players, min(want, variant.max_players))


@dataclass
class Tally:
    """What one pairing did over its hands."""

    hands: int = 0
    seconds: float = 0.0
    void: int = 0
    wins: Counter[str] = field(default_factory=Counter)
    seats: Counter[str] = field(default_factory=Counter)
    score: Counter[str] = field(default_factory=Counter)
    used: Counter[str] = field(default_factory=Counter)


def play_hand(variant: Variant, players: int, names: list[str], seed: int, t: Tally) -> None:
    """One hand: bots by seat, counts of smart's defining moves into ``t``."""
    bots = [make_bot(n, derive_seed(seed, s, "bot")) for s, n in enumerate(names)]
    game = Game.new(variant, players, seed)
    laid: set[int] = set()
    moves = 0
    start = time.process_time()
    while not game.hand_over and moves < MAX_MOVES:
        seat = game.to_move
        legal = game.legal_moves()
        move = bots[seat].choose(game.observation(seat), legal, variant)
        if names[seat] == "smart":
            kinds = {parse_move(m).kind for m in legal}
            kind = parse_move(move).kind
            if "buy" in kinds:
                t.used["offer"] += 1
                t.used["buy"] += kind == "buy"
            if variant.draw.turned and any(parse_move(m).source == "discard" for m in legal):
                t.used["turn offer"] += 1
                t.used["turned"] += parse_move(move).source == "discard"
            t.used["knock"] += kind in ("knock", "knock first")
            t.used["drop"] += kind == "drop"
            if kind == "meld":
                laid.add(seat)
        game.play(move)
        moves += 1
    t.seconds += time.process_time() - start
    t.hands += 1
    t.used["laid"] += len(laid)
    result = game.hand_result
    winner = result.winner if result is not None else None
    t.void += winner is None
    scores = result.scores if result is not None else [0] * players
    for seat, name in enumerate(names):
        t.seats[name] += 1
        t.score[name] += scores[seat] if seat < len(scores) else 0
        t.wins[name] += winner == seat


def pairing(name: str, opponent: str, hands: int, seed: int) -> tuple[int, Tally]:
    variant = load_variant(name)
    players = usual_players(name, variant)
    t = Tally()
    for i in range(hands):
        names = seat_bots(["smart", opponent], players, i)
        play_hand(variant, players, names, derive_seed(seed, i, name), t)
    return players, t


def row(name: str, players: int, opponent: str, t: Tally) -> str:
    s, o = t.seats["smart"] or 1, t.seats[opponent] or 1
    u = t.used
    buys = f"{u['buy']}/{u['offer']}" if u["offer"] else "-"
    turned = f"{u['turned']}/{u['turn offer']}" if u["turn offer"] else "-"
    return (
        f"| {name} ({players}p) | {opponent} | {100 * t.wins['smart'] / s:.0f}% : "
        f"{100 * t.wins[opponent] / o:.0f}% | {t.score['smart'] / s:+.1f} : "
        f"{t.score[opponent] / o:+.1f} | {t.hands / max(t.seconds, 1e-9):.1f} | "
        f"{u['knock'] / s:.2f} | {u['drop'] / s:.2f} | {buys} | {u['laid'] / s:.2f} | "
        f"{turned} | {100 * t.void / max(t.hands, 1):.0f}% |"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--opponents", default="greedy,random")
    args = ap.parse_args()
    print(f"{args.hands} hands per row, seed {args.seed}; smart : opponent per seat-hand")
    print()
    print("| game | vs | win% | score | h/s | knock | drop | buy b/o | laid | turned | void |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for name in args.games.split(","):
        for opponent in args.opponents.split(","):
            players, t = pairing(name, opponent, args.hands, args.seed)
            print(row(name, players, opponent, t), flush=True)


if __name__ == "__main__":
    main()
