"""`rulespec play`: a person against bots, a whole match, in the terminal (stage: cli over Game).

The session (``play_session``) shows the table as the human's seat sees it (rich; plain text with
no control codes when stdin/stdout is not a terminal, so games can be scripted),
reads canonical move text or short forms, asks the bots for their moves from
their observations only, and — with ``--save`` — writes the save file
atomically after every move, holding a lock on it for the whole session (a
second session writing the same file is refused). ``--resume`` re-plays the
saved log from the match start and continues only if it reaches the saved
position (``sim/savecheck``); a tampered or corrupt save is refused, never
patched up. EOF on stdin quits, saving first. Bad input is answered with the
rule it breaks; the game is unchanged.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from typing import Any

from rulespec.bots import BOT_NAMES
from rulespec.cli.common import UsageError, resolve_target
from rulespec.cli.play_session import Session
from rulespec.interpreter.game import Game, players_range
from rulespec.sim import runner
from rulespec.sim.savecheck import restore
from rulespec.sim.savefile import SEED_LIMIT, read_save
from rulespec.sim.savelock import SaveLock


def add_parser(subparsers: Any) -> None:
    p = subparsers.add_parser("play", help="play a match against bots in the terminal")
    p.add_argument(
        "variant", metavar="NAME|FILE", nargs="?", help="a bundled variant or a rule file"
    )
    p.add_argument("--players", type=int, default=None, help="player count (default: the minimum)")
    p.add_argument("--seat", type=int, default=0, help="your seat, 0-based (default 0)")
    p.add_argument("--bots", default="smart", help="bots for the other seats, comma-separated")
    p.add_argument("--seed", type=int, default=None, help="seed: same seed, same deal")
    p.add_argument("--save", metavar="FILE", help="save the game here after every move")
    p.add_argument(
        "--overwrite",
        action="store_true",
        help="let a new game's --save FILE replace a game already saved there",
    )
    p.add_argument("--resume", metavar="FILE", help="continue a saved game")
    p.add_argument("--hands", type=int, default=None, help="stop after N hands")
    p.add_argument(
        "--force",
        action="store_true",
        help="--resume even if the rule file changed since the save (the log may then fail)",
    )


def _bots_for(text: str, players: int, human: int) -> dict[int, str]:
    names = [b.strip().lower() for b in text.split(",") if b.strip()] or ["smart"]
    for name in names:
        if name not in BOT_NAMES:
            raise UsageError(f"unknown bot {name!r}: choose from {', '.join(BOT_NAMES)}")
    seats = [s for s in range(players) if s != human]
    return {s: names[i % len(names)] for i, s in enumerate(seats)}


def _resume(args: argparse.Namespace, plain: bool) -> Session:
    """Lock the file the session will write, then read and verify the save (``restore``)."""
    target = args.save or args.resume
    lock = SaveLock(target)
    lock.acquire()
    try:
        saved = read_save(args.resume)
        restored = restore(saved, args.resume, force=args.force, seat=True)
    except BaseException:
        lock.release()
        raise
    for warning in restored.warnings:
        print(warning, file=sys.stderr)
    seats = [s for s in range(saved.players) if s != saved.seat]
    return Session(
        saved.variant,
        restored.variant,
        restored.game,
        saved.seed,
        saved.seat,
        dict(zip(seats, saved.bots, strict=True)),
        list(saved.log),
        target,
        saved.hands if args.hands is None else args.hands,
        restored.hands_done,
        plain,
        lock,
    )


def run(args: argparse.Namespace) -> int:
    plain = not (sys.stdin.isatty() and sys.stdout.isatty())
    if args.resume:
        session = _resume(args, plain)
    else:
        if not args.variant:
            raise UsageError("name a variant or a rule file to play (or --resume FILE)")
        spec = resolve_target(args.variant)
        variant = runner.load(spec)
        players = args.players if args.players is not None else max(variant.min_players, 2)
        if not variant.min_players <= players <= variant.max_players:
            raise UsageError(f"{variant.name} is for {players_range(variant)}, not {players}")
        if not 0 <= args.seat < players:
            raise UsageError(f"--seat must be 0..{players - 1}")
        if args.hands is not None and args.hands < 1:
            raise UsageError("--hands must be at least 1")
        if args.seed is not None and not -SEED_LIMIT < args.seed < SEED_LIMIT:
            raise UsageError("--seed must be below 2**63 in size")
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
        game = Game.new(variant, players, seed)
        bots = _bots_for(args.bots, players, args.seat)
        session = Session(
            spec, variant, game, seed, args.seat, bots, [], args.save, args.hands, 0, plain
        )
        try:  # the save is locked now: a live session writing it was refused already
            if args.save and os.path.exists(args.save) and not args.overwrite:
                raise UsageError(
                    f"{args.save} already exists (a saved game is never replaced unasked): "
                    f"continue it with --resume {args.save}, or start afresh with --overwrite"
                )
            session.save()
            session.console.print(
                f"{variant.title}: you are seat {args.seat}; seed {seed}. Type 'help'."
            )
        except BaseException:
            session.release()
            raise
    return session.run()  # releases the save's lock however it ends
