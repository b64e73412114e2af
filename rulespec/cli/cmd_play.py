"""`rulespec play`: a person against bots, a whole match, in the terminal (stage: cli over Game).

The session shows the table as the human's seat sees it (rich; plain text with
no control codes when stdin/stdout is not a terminal, so games can be scripted),
reads canonical move text or short forms, asks the bots for their moves from
their observations only, and — with ``--save`` — writes the save file
atomically after every move. ``--resume`` re-plays the saved log from the match
start (falling back to the saved position) and continues. EOF on stdin quits,
saving first. Bad input is answered with the rule it breaks; the game is
unchanged.
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any

from rulespec.cli.common import UsageError, resolve_target
from rulespec.cli.play_display import (
    make_console,
    render_hand_end,
    render_match_end,
    render_table,
    seat_label,
)
from rulespec.errors import IllegalMove, InvalidMove, RulespecError
from rulespec.players import BOT_NAMES, make_bot
from rulespec.sim import runner
from rulespec.sim.savefile import SavedGame, SaveFileError, document_digest, read_save, write_save

HELP = """Moves (canonical text):
  draw stock | draw discard | draw discard+stock | draw discard+discard
  take N | take pile | meld C C C ... (a joker as JK:7H) | layoff C M | swap C M
  discard C | knock C | knock C with C C C, C C C (the melds you show) | pass
Short forms: d = draw stock, p = draw discard, a bare card = discard it,
  k C = knock C, m C C C = meld, l C M = layoff, t N = take N
Commands: help, moves (legal moves now), hint (what the smart bot would do),
  rules (the rules explained), save [FILE], quit (saves first)"""


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
    p.add_argument("--resume", metavar="FILE", help="continue a saved game")
    p.add_argument("--hands", type=int, default=None, help="stop after N hands")


def expand(text: str) -> str:
    """Short forms to canonical move text (``d``, ``p``, a bare card, ``k C``, ``m …``)."""
    words = text.split()
    if not words:
        return ""
    head, rest = words[0].lower(), words[1:]
    if head == "d" and not rest:
        return "draw stock"
    if head == "p" and not rest:
        return "draw discard"
    short = {"k": "knock", "m": "meld", "l": "layoff", "t": "take", "s": "swap"}
    if head in short and rest:
        return " ".join([short[head], *rest])
    if len(words) == 1 and head not in ("pass", "draw", "take"):
        from rulespec.players.base import card_code

        try:
            card_code(words[0])
        except ValueError:
            return text.strip()
        return f"discard {words[0]}"
    return text.strip()


class Session:
    """One match in progress: the game, the seats, the log and the save file."""

    def __init__(
        self,
        spec: str,
        variant: Any,
        game: Any,
        seed: int,
        human: int,
        bots: dict[int, str],
        log: list[str],
        save_path: str | None,
        hands_limit: int | None,
        hands_done: int,
        plain: bool,
    ) -> None:
        self.spec, self.variant, self.game, self.seed = spec, variant, game, seed
        self.human, self.bots, self.log = human, bots, log
        self.save_path, self.hands_limit, self.hands_done = save_path, hands_limit, hands_done
        self.players = len(bots) + 1
        self.plain = plain
        self.console = make_console(plain)
        self.digest = document_digest(variant)
        self.bot_objects = {
            s: make_bot(n, runner.derive_seed(seed, s, "bot")) for s, n in bots.items()
        }

    # ---- saving ---------------------------------------------------------------

    def saved(self) -> SavedGame:
        return SavedGame(
            variant=self.spec,
            digest=self.digest,
            seed=self.seed,
            players=self.players,
            bots=tuple(self.bots[s] for s in sorted(self.bots)),
            seat=self.human,
            position=self.game.position(),
            log=tuple(self.log),
            hands=self.hands_limit,
            extra={"hands_done": self.hands_done},
        )

    def save(self, path: str | None = None) -> bool:
        """Write the save file (atomically); a failure is reported and play goes on,
        the previous save left intact."""
        target = path or self.save_path
        if not target:
            return False
        try:
            write_save(target, self.saved())
        except SaveFileError as exc:
            self.console.print(f"Warning: {exc}")
            return False
        return True

    # ---- the loop -------------------------------------------------------------

    def play_move(self, move: Any) -> None:
        before = len(getattr(self.game, "log", []) or [])
        self.game.play(move)
        game_log = getattr(self.game, "log", None)
        text = str(game_log[-1]) if game_log and len(game_log) > before else str(move)
        self.log.append(text)
        self.save()

    def run(self) -> int:
        shown = False
        while True:
            game = self.game
            if game.hand_over:
                render_hand_end(self.console, game, self.human, self.bots)
                limit_hit = self.hands_limit is not None and self.hands_done + 1 >= self.hands_limit
                if game.match_over or limit_hit:
                    if game.match_over:
                        render_match_end(self.console, game, self.human, self.bots)
                    self.save()
                    return 0
                if not self.plain and not self._wait_enter():
                    return self.quit()
                game.next_hand()
                self.hands_done += 1
                self.save()
                shown = False
                continue
            seat = game.to_move
            if seat != self.human:
                bot = self.bot_objects[seat]
                bot.reseed(runner.derive_seed(self.seed, len(self.log), f"seat{seat}"))
                move = runner.bot_move(game, seat, bot, self.variant)
                self.play_move(move)
                self.console.print(f"{seat_label(seat, self.human, self.bots)}: {move}")
                shown = False
                continue
            if not shown:
                render_table(
                    self.console,
                    game.observation(self.human),
                    self.variant,
                    self.human,
                    self.bots,
                    self._hand_number(),
                )
                shown = True
            line = self._read("> ")
            if line is None:
                return self.quit()
            outcome = self.handle(line)
            if outcome == "quit":
                return self.quit()
            if outcome == "moved":
                shown = False

    def _hand_number(self) -> int:
        return self.hands_done + 1

    def _read(self, prompt: str) -> str | None:
        try:
            if self.plain:
                self.console.print(prompt, end="")
                sys.stdout.flush()
                line = sys.stdin.readline()
                if not line:
                    return None
                return line.rstrip("\n")
            return input(prompt)
        except EOFError:
            return None

    def _wait_enter(self) -> bool:
        return self._read("Press Enter for the next hand (or quit) ") not in (None, "quit", "q")

    def quit(self) -> int:
        if self.save():
            self.console.print(f"Saved to {self.save_path}. Resume with --resume {self.save_path}")
        self.console.print("Bye.")
        return 0

    def handle(self, line: str) -> str:
        """One line of input: a command, or a move. Returns 'quit', 'moved' or 'again'."""
        words = line.strip().split()
        if not words:
            return "again"
        head = words[0].lower()
        if head in ("quit", "q", "exit"):
            return "quit"
        if head in ("help", "?", "h"):
            self.console.print(HELP)
            return "again"
        if head == "moves":
            self.console.print("Legal moves: " + ", ".join(str(m) for m in self.game.legal_moves()))
            return "again"
        if head == "hint":
            bot = make_bot("smart", runner.derive_seed(self.seed, len(self.log), "hint"))
            move = runner.bot_move(self.game, self.human, bot, self.variant)
            self.console.print(f"Hint: {move}")
            return "again"
        if head == "rules":
            self.console.print(self._rules())
            return "again"
        if head == "save":
            target = words[1] if len(words) > 1 else None
            if target and not self.save_path:
                self.save_path = target
            if not (target or self.save_path):
                self.console.print("No save file: say 'save FILE' or start with --save FILE.")
            elif self.save(target):
                self.console.print(f"Saved to {target or self.save_path}.")
            return "again"
        text = expand(line)
        try:
            self.play_move(text)
        except (InvalidMove, IllegalMove) as exc:
            self.console.print(f"Not allowed: {exc}")
            return "again"
        self.console.print(f"You: {self.log[-1]}")
        return "moved"

    def _rules(self) -> str:
        try:
            from rulespec.spec.explain import explain_document
        except ImportError:
            return "The rules explanation is not available in this build."
        return str(explain_document(dict(self.variant.document)))


def _bots_for(text: str, players: int, human: int) -> dict[int, str]:
    names = [b.strip().lower() for b in text.split(",") if b.strip()] or ["smart"]
    for name in names:
        if name not in BOT_NAMES:
            raise UsageError(f"unknown bot {name!r}: choose from {', '.join(BOT_NAMES)}")
    seats = [s for s in range(players) if s != human]
    return {s: names[i % len(names)] for i, s in enumerate(seats)}


def _resume(args: argparse.Namespace, plain: bool) -> Session:
    saved = read_save(args.resume)
    spec = saved.variant
    try:
        variant = runner.load(spec)
    except RulespecError as exc:
        raise SaveFileError(f"{args.resume}: cannot load its variant {spec!r}: {exc}") from None
    if document_digest(variant) != saved.digest:
        raise SaveFileError(
            f"{args.resume}: the rules of {spec!r} changed since this game was saved "
            "(document digest differs)"
        )
    if len(saved.bots) != saved.players - 1:
        raise SaveFileError(f"{args.resume}: {len(saved.bots)} bots for {saved.players} players")
    seats = [s for s in range(saved.players) if s != saved.seat]
    bots = dict(zip(seats, saved.bots, strict=True))
    for name in bots.values():
        if name not in BOT_NAMES:
            raise SaveFileError(f"{args.resume}: unknown bot {name!r}")
    game, hands_done = _restore(variant, saved, args.resume)
    return Session(
        spec,
        variant,
        game,
        saved.seed,
        saved.seat,
        bots,
        list(saved.log),
        args.save or args.resume,
        saved.hands if args.hands is None else args.hands,
        hands_done,
        plain,
    )


def _restore(variant: Any, saved: SavedGame, where: str) -> tuple[Any, int]:
    """Re-play the log from the match start; if that fails, start from the saved position."""
    try:
        replayed = runner.replay_log(variant, saved.players, saved.seed, saved.log)
    except RulespecError:
        replayed = None
    if (
        replayed is not None
        and replayed.divergence is None
        and replayed.game.position() == dict(saved.position)
    ):
        return replayed.game, replayed.hands_done
    from rulespec.interpreter.game import Game

    try:
        game = Game.from_position(variant, dict(saved.position))
    except RulespecError as exc:
        raise SaveFileError(f"{where}: the saved position is not valid: {exc}") from None
    done = saved.extra.get("hands_done", 0)
    return game, int(done) if isinstance(done, int) else 0


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
            raise UsageError(
                f"{variant.name} is for {variant.min_players}-{variant.max_players} players"
            )
        if not 0 <= args.seat < players:
            raise UsageError(f"--seat must be 0..{players - 1}")
        if args.hands is not None and args.hands < 1:
            raise UsageError("--hands must be at least 1")
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
        game = variant.new_game(players, seed=seed)
        bots = _bots_for(args.bots, players, args.seat)
        session = Session(
            spec, variant, game, seed, args.seat, bots, [], args.save, args.hands, 0, plain
        )
        session.save()
        session.console.print(
            f"{variant.title}: you are seat {args.seat}; seed {seed}. Type 'help'."
        )
    return session.run()
