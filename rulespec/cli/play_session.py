"""The terminal match in progress behind `rulespec play` (stage: cli over Game).

``Session`` holds one match: the game, the seats (the human's and the bots'), the
log and the save file. It shows the table as the human's seat sees it (rich; plain
text with no control codes when stdin/stdout is not a terminal, so games can be
scripted), reads canonical move text or the short forms ``expand`` turns into it,
asks the bots for their moves from their observations only, and writes the save
atomically after every move while holding its lock. Bad input is answered with the
rule it breaks; the game is unchanged. `cmd_play` parses the command and starts or
resumes a session.
"""

from __future__ import annotations

import sys
from collections import Counter
from typing import Any

from rulespec.bots import make_bot
from rulespec.cli.play_display import (
    drawn_cards,
    make_console,
    name_seats,
    render_hand_end,
    render_match_end,
    render_table,
    seat_label,
)
from rulespec.cli.play_help import help_text
from rulespec.core.errors import IllegalMove, InvalidMove
from rulespec.sim import runner
from rulespec.sim.savefile import SavedGame, SaveFileError, document_digest, write_save
from rulespec.sim.savelock import SaveLock


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
        from rulespec.bots.base import card_code

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
        lock: SaveLock | None = None,
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
        self.lock: SaveLock | None = lock  # held on save_path when given
        if save_path and lock is None:
            self.claim(save_path)

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

    def claim(self, path: str) -> None:
        """Make ``path`` this session's save file, locked until the session ends;
        ``SaveFileError`` if another session holds it (nothing is changed then)."""
        lock = SaveLock(path)
        lock.acquire()
        self.release()
        self.lock, self.save_path = lock, path

    def release(self) -> None:
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    def save(self, path: str | None = None) -> bool:
        """Write the save file (atomically); a failure is reported and play goes on,
        the previous save left intact. Another file than the session's is locked
        for the write only."""
        target = path or self.save_path
        if not target:
            return False
        try:
            if target == self.save_path:
                write_save(target, self.saved())
            else:
                with SaveLock(target):
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
        try:
            return self._loop()
        finally:
            self.release()

    def _loop(self) -> int:
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
        if not self.save_path:
            self.console.print("Nothing saved (no --save FILE): this game is gone.")
        elif self.save():
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
            self.console.print(help_text(self.variant, self.save_path))
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
                try:
                    self.claim(target)
                except SaveFileError as exc:
                    self.console.print(f"Not saved: {exc}")
                    return "again"
            if not (target or self.save_path):
                self.console.print("No save file: say 'save FILE' or start with --save FILE.")
            elif self.save(target):
                self.console.print(f"Saved to {target or self.save_path}.")
            return "again"
        text = expand(line)
        before = Counter(self.game.observation(self.human)["hand"])
        try:
            self.play_move(text)
        except (InvalidMove, IllegalMove) as exc:
            self.console.print(f"Not allowed: {name_seats(str(exc), self.human, self.bots)}")
            return "again"
        after = self.game.observation(self.human)["hand"] if not self.game.hand_over else []
        drew = drawn_cards(before, after)
        verb = "drew" if self.log[-1] == "draw stock" else "took"
        self.console.print(f"You: {self.log[-1]}" + (f" (you {verb} {drew})" if drew else ""))
        return "moved"

    def _rules(self) -> str:
        try:
            from rulespec.explain.document import explain_document
        except ImportError:
            return "The rules explanation is not available in this build."
        return str(explain_document(dict(self.variant.document)))
