"""The bot framework: what a bot sees and how it answers (bots layer, on top of Game).

A bot is handed only ``game.observation(seat)`` (a JSON-like dict: what that seat
sees at the table) and the list of legal moves, plus the ``Variant`` (the public
rules). It never sees the ``Game``. ``bots/view.py`` reads an observation into a
typed ``View`` and ``bots/texts.py`` a move into a ``MoveText`` the heuristics can
reason about (both re-exported here); this module defines the ``Bot`` base class
with its own seeded ``random.Random`` and the small questions every bot asks of a
view (cards taken this turn, a pile take's cards, a stalled hand). Card texts and
move texts are read by the interpreter's one codec and parser.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

# the bots' point unit and the pack's near ranks live in bots/units.py
from rulespec.bots.texts import MoveText as MoveText
from rulespec.bots.texts import card_code as card_code
from rulespec.bots.texts import parse_move as parse_move
from rulespec.bots.texts import stands_for as stands_for
from rulespec.bots.units import near_ranks as near_ranks
from rulespec.bots.units import point_unit as point_unit
from rulespec.bots.units import points as points
from rulespec.bots.view import HistoryEvent as HistoryEvent
from rulespec.bots.view import TableMeld as TableMeld
from rulespec.bots.view import View as View
from rulespec.bots.view import view_of as view_of

# The one card codec and move type are the interpreter's; the bots import them from here.
from rulespec.core.cards import JOKER as JOKER
from rulespec.core.cards import rank_of as rank_of
from rulespec.core.cards import suit_of as suit_of
from rulespec.core.moves import Move as Move
from rulespec.interpreter.cards import hand_value as hand_value
from rulespec.interpreter.cards import is_wild as is_wild
from rulespec.model.variant import Variant


class Bot:
    """A seeded player: ``choose(observation, legal_moves, variant) -> one of legal_moves``."""

    name = "bot"

    def __init__(self, seed: int | None = None) -> None:
        self._seed = seed
        self._rng: random.Random | None = None

    @property
    def rng(self) -> random.Random:
        """The bot's own generator, seeded on first use: most hands never draw from it (the
        smart bot only in a stalled hand), and seeding one costs a third of a decision."""
        if self._rng is None:
            self._rng = random.Random(self._seed)
        return self._rng

    def reseed(self, seed: int) -> None:
        """Restart the bot's generator (the play session does this per move so a resumed
        game continues exactly as the unbroken one would have)."""
        self._seed, self._rng = seed, None  # (the next use seeds it afresh: rng.seed(seed))

    def choose(
        self, observation: Mapping[str, Any], legal_moves: Sequence[Move], variant: Variant
    ) -> Move:
        raise NotImplementedError

    def prepare(self, variant: Variant) -> None:
        """Build now whatever this bot reads on every hand of ``variant`` (tables made once
        per variant), so a run pays it at start-up; none for a bot that keeps no tables."""


def taken_this_turn(view: View) -> tuple[int, ...]:
    """Cards this seat took from the pile in the current turn (from the public history)."""
    if view.taken is not None:
        return view.taken
    taken: list[int] = []
    for event in reversed(view.history):
        if event.seat != view.seat:
            break
        if event.move.kind in ("draw", "take") and event.move.source != "stock":
            taken.extend(event.shown)
    return tuple(taken)


def pile_cards(view: View, move: MoveText) -> tuple[int, ...] | None:
    """The known cards a draw move takes from the pile (None: not all of them are visible)."""
    if move.kind == "draw":
        wanted = {"discard": 1, "discard+stock": 1, "discard+discard": 2}.get(move.source, 0)
    elif move.kind == "take":
        wanted = view.pile_size if move.source == "pile" else move.depth
    else:
        return ()
    if wanted > len(view.pile):
        return None
    return view.pile[len(view.pile) - wanted :] if wanted else ()


Groups = dict[str, list[tuple[MoveText, Move]]]
"""Legal moves by kind (`greedy.split_moves`): each parsed once, beside its Move."""


def pile_takes(
    view: View, groups: Groups, max_cards: int
) -> Iterator[tuple[MoveText, Move, tuple[int, ...]]]:
    """The draws and takes a smart draw weighs against the stock, in the groups' order,
    each with the pile cards it takes: none from the stock, none of cards not all in
    sight, none that would grow the hand past ``max_cards``."""
    size = len(view.hand)
    for kind in ("draw", "take"):
        for parsed, move in groups.get(kind, []):
            if parsed.source == "stock":
                continue
            cards = pile_cards(view, parsed)
            if cards is None or not cards or size + len(cards) > max_cards:
                continue
            yield parsed, move, cards


def repeats_take(view: View, cards: Sequence[int]) -> bool:
    """Would taking these pile cards repeat a position this seat has already been in?

    Walks the public history back from now while nothing made progress (no stock draw,
    no meld, lay-off, swap or knock by anyone: the stock and the table are as they are
    now), undoing this seat's own discards and pile takes to recover the hand it held
    before each earlier draw. If it once held exactly this hand and took exactly these
    cards, taking them again goes round the same circle: that take did not lead to
    using the cards (a meld or lay-off would have ended the window), and from the
    same position it will not now. Two deterministic bots can otherwise pass one
    pile card back and forth until the engine's turn cap abandons the hand."""
    if not cards:
        return False
    wanted = Counter(cards)
    hand: Counter[int] = Counter(view.hand)
    for event in reversed(view.history):
        move = event.move
        if move.kind in ("meld", "layoff", "swap", "knock"):
            return False
        if move.kind == "draw" and "stock" in move.source:
            return False
        if event.seat != view.seat:
            continue
        if move.kind == "discard":
            hand.update(move.cards)
        elif move.kind in ("draw", "take"):
            shown = Counter(event.shown)
            hand.subtract(shown)
            if shown == wanted and +hand == Counter(view.hand):
                return True
    return False


STALL_TURNS = 30  # after this many own turns in one hand, bots shake up their discards
STALL_CHANCE = 0.3


def turns_taken(view: View) -> int:
    """How many turns this seat has started in the current hand (its draws in the history)."""
    return sum(1 for e in view.history if e.seat == view.seat and e.move.kind in ("draw", "take"))


def stalled(view: View, rng: random.Random) -> bool:
    """A long hand (both sides hoarding in a recycled stock): time for a random discard.
    Deterministic bots can otherwise hold each other's cards forever."""
    return turns_taken(view) > STALL_TURNS and rng.random() < STALL_CHANCE
