"""One table of the web server: the one `Game`, its seats and what each seat is shown (web layer).

The server is authoritative: a `Table` holds the match, plays the bots' moves
itself and hands each seat only `Game.observation(seat)` (plus the legal moves
when that seat is to move and the public seat list). The seed, the stock order
and the other hands never leave this module. Seat tokens are kept as sha256
hashes only, so a table file on disk does not hold the links that open it.
Everything here is synchronous and free of Starlette: the app runs it in a
worker thread under the table's lock, and the tests drive it directly too.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import Any

from rulespec.bots import BOT_NAMES, make_bot
from rulespec.core.cards import card_text
from rulespec.core.errors import RulespecError
from rulespec.interpreter.game import Game
from rulespec.model.variant import Variant
from rulespec.sim.runner import bot_move, derive_seed

HUMAN = "human"
BOT_MOVE_CAP = 20_000  # the engine ends a hand after 1000 turns; this only guards the loop


class TableError(RulespecError):
    """A request the table refuses (not your turn, the hand is still on, ...): nothing changed."""


def token_hash(token: str) -> str:
    """The stored form of a seat token: sha256 hex (the token itself is never saved)."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@dataclass(frozen=True)
class Seat:
    """One seat: a person (reached by a secret token) or a bot by name."""

    kind: str  # HUMAN or a bot name of BOT_NAMES
    token_hash: str = ""  # sha256 of the seat's token; people only

    @property
    def is_bot(self) -> bool:
        return self.kind != HUMAN


@dataclass(frozen=True)
class Source:
    """Where the table's rules came from: a bundled name, or rule text pasted in the lobby."""

    name: str  # the variant's name (bundled name, or the name the text declares)
    text: str | None = None  # the pasted rule text; None for a bundled variant
    kind: str = "rules"  # the text's form: "rules" or "yaml"
    file: str = "pasted.rules"  # the name the text's problems are reported under


class Table:
    """A match between people and bots, played on the server; see the module docstring."""

    def __init__(
        self,
        table_id: str,
        source: Source,
        variant: Variant,
        seats: list[Seat],
        game: Game,
        bot_seed: int,
        match_no: int = 1,
    ) -> None:
        self.id = table_id
        self.source = source
        self.variant = variant
        self.seats = seats
        self.game = game
        self.bot_seed = bot_seed
        self.match_no = match_no
        self.version = 0  # bumped on every change: the state messages carry it

    # --- making a table --------------------------------------------------------------

    @classmethod
    def create(
        cls,
        table_id: str,
        source: Source,
        variant: Variant,
        kinds: list[str],
        seed: int | None = None,
    ) -> tuple[Table, dict[int, str]]:
        """A new table with one seat per entry of `kinds` (HUMAN or a bot name); returns it and
        the secret token of each human seat (seat -> token), handed out once as join links.
        `seed` (the server's own setting, for tests) fixes the deal and the bots; by default
        both come from the system's generator."""
        bad = [k for k in kinds if k != HUMAN and k not in BOT_NAMES]
        if bad:
            raise TableError(f"unknown seat kind {bad[0]!r}: choose human or one of the bots")
        if HUMAN not in kinds:
            raise TableError("at least one seat must be a person")
        game = Game.new(variant, len(kinds), seed)  # the player count is checked here
        tokens = {s: secrets.token_urlsafe(18) for s, k in enumerate(kinds) if k == HUMAN}
        seats = [Seat(k, token_hash(tokens[s]) if k == HUMAN else "") for s, k in enumerate(kinds)]
        bot_seed = secrets.randbits(63) if seed is None else derive_seed(seed, 0, "bots")
        table = cls(table_id, source, variant, seats, game, bot_seed)
        table.run_bots()
        return table, tokens

    # --- who is who --------------------------------------------------------------------

    @property
    def title(self) -> str:
        """The variant's title (its name when it has none)."""
        return str(self.variant.document.get("title") or self.variant.name)

    def seat_of(self, token: str) -> int | None:
        """The seat a token opens, or None (compared in constant time)."""
        wanted = token_hash(token)
        found = None
        for s, seat in enumerate(self.seats):
            if seat.kind == HUMAN and hmac.compare_digest(seat.token_hash, wanted):
                found = s
        return found

    # --- what people do ----------------------------------------------------------------

    def play(self, seat: int, text: str) -> None:
        """Seat `seat` plays move `text`; then the bots move until a person is to move.

        `TableError`, `IllegalMove` or `InvalidMove` (the rule it breaks) leave all unchanged.
        """
        game = self.game
        if game.hand_over:
            raise TableError("the hand is over: start the next hand")
        if seat != game.to_move:
            raise TableError(f"it is not your turn: seat {game.to_move + 1} is to move")
        game.play(text)
        self.run_bots()
        self.version += 1

    def next_hand(self) -> None:
        """Deal the next hand once this one is over (any person at the table may ask)."""
        if not self.game.hand_over:
            raise TableError("the hand is still being played")
        if self.game.match_over:
            raise TableError("the match is over: ask for a rematch")
        self.game.next_hand()
        self.run_bots()
        self.version += 1

    def rematch(self) -> None:
        """A new match between the same seats once the match is over (a fresh deal and seed)."""
        if not self.game.match_over:
            raise TableError("the match is still on")
        self.game = Game.new(self.variant, len(self.seats))
        self.match_no += 1
        self.run_bots()
        self.version += 1

    def run_bots(self) -> None:
        """Play bot moves while a bot is to move and the hand goes on."""
        game = self.game
        for _ in range(BOT_MOVE_CAP):
            if game.hand_over or not self.seats[game.to_move].is_bot:
                return
            seat = game.to_move
            bot = make_bot(self.seats[seat].kind)
            bot.reseed(derive_seed(self.bot_seed, len(game.log), f"seat{seat}"))
            game.play(bot_move(game, seat, bot, self.variant))

    # --- what a seat is shown ----------------------------------------------------------

    def legal_for(self, seat: int) -> list[dict[str, Any]]:
        """The legal moves of `seat` when it is to move: canonical text and the hand cards each
        uses (the client offers a move when the selected cards are exactly those)."""
        game = self.game
        if game.hand_over or seat != game.to_move:
            return []
        return [
            {"text": str(m), "cards": [card_text(c) for c, _named in m.cards]}
            for m in game.legal_moves()
        ]

    def view(self, seat: int, connected: set[int] | None = None) -> dict[str, Any]:
        """The `state` message for one seat: its observation, its legal moves, the seats."""
        game = self.game
        online = connected or set()
        return {
            "type": "state",
            "table": self.id,
            "version": self.version,
            "match_no": self.match_no,
            "you": seat,
            "title": self.title,
            "seats": [
                {"seat": s, "kind": x.kind, "online": x.is_bot or s in online}
                for s, x in enumerate(self.seats)
            ],
            "observation": game.observation(seat),
            "legal": self.legal_for(seat),
            "match_over": game.match_over,
            "match_winner": game.match_winner,
        }
