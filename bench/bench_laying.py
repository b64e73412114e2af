"""The engine's legal-move listing alone, on recorded positions (bench): its CPU time and
every list it gives, to compare before and after a change to the laying phase.

`record` plays seeded smart self-play hands of the named variants and pickles every
position in which the mover lists moves in phase `play` (the laying phase; `--all`:
every position, so that the memos the draw's listing fills are filled as in play); `time`
lists the moves of each recorded position once, in a fresh process (so the engine's
caches are as cold as in a simulation), and prints the CPU seconds per variant;
`dump` writes every listed move of every recorded position, one position a line (two
dumps of one recording compared with `cmp`: any changed legal move shows).

    .venv/bin/python bench/bench_laying.py record --out pos.pkl [-n 30] [--all] [names...]
    .venv/bin/python bench/bench_laying.py time pos.pkl [names...]
    .venv/bin/python bench/bench_laying.py dump pos.pkl --out moves.txt
    .venv/bin/python bench/bench_laying.py load pos.pkl [names...]

`load` does all that `time` does but the listing itself: under callgrind, the listing's
instructions are `time`'s count less `load`'s, for one variant.
"""

from __future__ import annotations

import argparse
import copy
import gc
import os
import pickle
import time

from rulespec.bots import make_bot
from rulespec.compiler.load import load_variant
from rulespec.interpreter.game import Game
from rulespec.interpreter.phases import judge as J
from rulespec.interpreter.state import HandState, MatchState
from rulespec.sim.runner import derive_seed

SLOW = ("continental", "scala-40", "kalooki", "contract-rummy", "indian-rummy", "carioca")
PLAYERS = {"contract-rummy": 3}


Positions = dict[str, list[tuple[HandState, MatchState]]]


def record(names: list[str], hands: int, every: bool = False) -> Positions:
    """Every play-phase position (`every`: every position, the draw's too) of `hands`
    seeded smart self-play hands per variant (the match state too: the hand's rules, a
    deal's contract or wild rank, come from it)."""
    out: Positions = {}
    for name in names:
        variant = load_variant(name)
        players = PLAYERS.get(name, max(variant.min_players, min(2, variant.max_players)))
        got: list[tuple[HandState, MatchState]] = []
        for i in range(hands):
            seed = derive_seed(1, i)  # (the seeds of `simulate --seed 1`, as profile_smart plays)
            agents = [make_bot("smart", derive_seed(seed, s, "bot")) for s in range(players)]
            game = Game.new(variant, players, seed)
            moves = 0
            while not game.hand_over and moves < 3000:
                if every or game.hs.phase == "play":
                    got.append(copy.deepcopy((game.hs, game.ms)))
                seat = game.to_move
                move = agents[seat].choose(game.observation(seat), game.legal_moves(), variant)
                game.play(move)
                moves += 1
        out[name] = got
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("action", choices=("record", "time", "dump", "load"))
    ap.add_argument("file", nargs="?", default="")
    ap.add_argument("names", nargs="*")
    ap.add_argument("-n", type=int, default=30, help="hands per variant (record)")
    ap.add_argument("--out", default="")
    ap.add_argument("--all", action="store_true", help="record every position, not only play")
    args = ap.parse_args()
    if args.action == "record":
        names = ([args.file] if args.file else []) + args.names or list(SLOW)
        with open(args.out, "wb") as fh:
            pickle.dump(record(names, args.n, args.all), fh)
        return
    with open(args.file, "rb") as fh:
        positions: Positions = pickle.load(fh)  # noqa: S301 (our own file)
    lines: list[str] = []
    total = 0.0
    for name, states in positions.items():
        if args.names and name not in args.names:
            continue
        variant = load_variant(name)
        moments = [(game.rules, game.hs) for game in (Game(variant, *s) for s in states)]
        gc.collect()
        gc.freeze()  # (the recorded positions are never garbage: no collection walks them)
        start = time.process_time()
        for rules, hs in moments if args.action != "load" else ():
            moves = J.legal_moves(rules, hs)
            if args.action == "dump":
                lines.append(f"{name} | {' '.join(map(str, moves))}")
        cpu = time.process_time() - start
        total += cpu
        if args.action == "time":
            print(f"{name:16} {len(states):5} positions {cpu:7.3f} s cpu")
    if args.action == "time":
        print(f"{'total':16} {'':5}           {total:7.3f} s cpu  (load {os.getloadavg()[0]:.1f})")
    else:
        with open(args.out, "w", encoding="utf-8") as fh:
            fh.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
