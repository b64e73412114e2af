"""`Game`: a match of hands — dealing, turns, hand ends, totals and match end (pipeline stage: run).

The public face of the interpreter (model: OpenSpiel's State + python-chess's
Board): `legal_moves()`, `play(move_or_text)`, `position()` /
`Game.from_position()`, `observation(seat)`, `next_hand()`, `copy()` and
`undo()` (model: python-chess's push/pop; see timeline.py). What is legal,
why a move is refused and how it is played: the phases (phases/judge.py).
Chance comes only from the match seed (phases/deal.py).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import islice, product, repeat
from operator import is_
from typing import Any

from rulespec.core.cards import JOKER
from rulespec.core.errors import (
    AmbiguousMove,
    IllegalMove,
    InvalidMove,
    PositionError,
    RulespecError,
)
from rulespec.core.moves import KNOCK, MELD, Move, as_move
from rulespec.interpreter.cards import cut_for_dealer
from rulespec.interpreter.handwild import hand_rules, per_table, table_decks
from rulespec.interpreter.matchpos import match_position, read_match_table
from rulespec.interpreter.melds import name_wilds
from rulespec.interpreter.observer import SeenHistory, observe
from rulespec.interpreter.outcome import HandResult, Observation
from rulespec.interpreter.phases import judge as J
from rulespec.interpreter.phases.context import Ctx
from rulespec.interpreter.phases.deal import deal
from rulespec.interpreter.phases.settle import settle
from rulespec.interpreter.position_check import seed_problem
from rulespec.interpreter.seating import first_active, next_seating
from rulespec.interpreter.state import (
    HandState,
    MatchState,
    from_position,
    to_position,
)
from rulespec.interpreter.timeline import Timeline, copy_hand, copy_match
from rulespec.model.schedule import for_deal
from rulespec.model.variant import Variant

SHOWN_WAYS = 8
"""Namings tried per bare-wild meld a knock shows (and that many squared showings in all)."""


def players_range(variant: Variant) -> str:
    """How many players a variant is for, in words: "exactly 2 players", "2 to 6 players"."""
    low, high = variant.min_players, variant.max_players
    return f"exactly {low} players" if low == high else f"{low} to {high} players"


def _stuck(hs: HandState) -> str:
    """Why a position leaves the seat to move no legal move, naming the fields to fix."""
    where = f"seat {hs.to_move} (to_move) has no legal move in phase {hs.phase}"
    if hs.phase in ("upcard", "draw") and not hs.stock and not hs.discard:
        return f"stock, discard: both empty, so {where}"
    return f"phase: {where}"


class Game:
    """A match of a variant between `players` seats (seat 0..n-1)."""

    def __init__(
        self, variant: Variant, hs: HandState, ms: MatchState, timeline: Timeline | None = None
    ) -> None:
        self._base = variant  # the match's rules; `variant` is the deal's (its schedule applied)
        self._per_table = per_table(variant)  # hands may play by rules of their own
        self.hs = hs
        self.ms = ms
        self._legal: list[Move] | None = None
        self._legal_set: frozenset[Move] | None = None
        self._context: Ctx | None = None
        self._rules: Variant | None = None  # the hand's rules, kept while `_rules_no` is dealt
        self._rules_no = 0
        self._timeline = Timeline.begin(hs, ms) if timeline is None else timeline
        self._moves = self._timeline.moves  # this hand's moves: play appends, undo re-plays
        self._seen = SeenHistory()  # the history entries shown to the seats, copied once each

    # --- construction ---------------------------------------------------------------

    @classmethod
    def new(cls, variant: Variant, players: int, seed: int | None = None) -> Game:
        """A new match, dealt; RulespecError for a player count or seed out of bounds."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise RulespecError(f"players must be a number, got {type(players).__name__}")
        if not variant.min_players <= players <= variant.max_players:
            shown = players if abs(players) < 10**6 else "that many"
            raise RulespecError(
                f"players: {variant.name} is for {players_range(variant)}, not {shown}"
            )
        if seed is None:
            seed = random.SystemRandom().getrandbits(63)
        problem = seed_problem(seed)
        if problem is not None:
            raise RulespecError(f"seed: {problem}")
        rng = random.Random(f"{seed}:dealer")
        if variant.first_dealer == "cut":
            dealer = cut_for_dealer(rng, variant, players)
        else:
            dealer = rng.randrange(players)
        ms = MatchState(totals=[0] * players, hands_won=[0] * players, hand_no=1, seed=seed)
        ms.fill_defaults(players, variant.match.columns)
        hs = deal(for_deal(variant, 1), players, dealer, ms, first_active(variant, players, dealer))
        return cls(variant, hs, ms)

    @classmethod
    def from_position(cls, variant: Variant, position: Any) -> Game:
        """The game at a saved position (docs/position.md); PositionError, naming the field,
        for a malformed position or one that leaves the seat to move no legal move."""
        hs, ms = from_position(variant, position)
        hs.fill_defaults()
        read_match_table(variant, position, hs, ms)
        game = cls(variant, hs, ms)
        if not game.hand_over and not game.legal_moves():
            raise PositionError(_stuck(hs))
        return game

    def position(self) -> dict[str, Any]:
        return {
            **to_position(self.variant, self.hs, self.ms),
            **match_position(self.variant, self.ms, self.hs),
        }

    @property
    def variant(self) -> Variant:
        """The rules of the deal being played: the match's variant with its deal schedule
        applied (model/schedule.py; the variant itself when it has no schedule)."""
        return for_deal(self._base, self.ms.hand_no)

    @property
    def match_variant(self) -> Variant:
        """The match's variant as loaded (every deal's rules: its schedule included)."""
        return self._base

    # --- the hand -------------------------------------------------------------------

    @property
    def rules(self) -> Variant:
        """The rules of the hand being played: the variant, with this hand's wild rank when it
        has one (`melds.wild.rank` / `melds.wild.cut`) and its set maximum for the decks in
        play (`melds.set.per_deck`); interpreter/handwild.py. Without rules per hand they
        are the deal's, kept while the same deal is played (asked twice per move)."""
        if self._per_table:
            decks = table_decks(self.variant, self.hs.active)
            return hand_rules(self.variant, self.hs.wild_rank, decks)
        rules = self._rules
        if rules is None or self._rules_no != self.ms.hand_no:
            rules = self._rules = self.variant
            self._rules_no = self.ms.hand_no
        return rules

    @property
    def players(self) -> int:
        return self.hs.players

    @property
    def to_move(self) -> int:
        return self.hs.to_move

    @property
    def phase(self) -> str:
        return self.hs.phase

    @property
    def dealer(self) -> int:
        return self.hs.dealer

    @property
    def hand_over(self) -> bool:
        return self.hs.phase == "over"

    @property
    def hand_result(self) -> HandResult | None:
        """How the hand ended: reason, winner, scores, lines … (attributes or keys)."""
        return None if self.hs.result is None else HandResult(self.hs.result)

    @property
    def totals(self) -> list[int]:
        return list(self.ms.totals)

    @property
    def match_over(self) -> bool:
        return self.ms.over

    @property
    def match_winner(self) -> int | None:
        return self.ms.winner

    @property
    def log(self) -> list[Move]:
        """The match's moves so far, oldest first (saved games store their texts)."""
        return [Move.parse(text) for text in self.ms.log]

    @property
    def hand_number(self) -> int:
        return self.ms.hand_no

    def legal_moves(self) -> list[Move]:
        legal = self._legal
        if legal is None:
            legal = self._legal = J.legal_moves(self._rules or self.rules, self.hs)
            self._legal_set = None
        return legal[:]

    def _ctx(self) -> Ctx:
        """The judge's context of this moment (cached facts shared by its questions)."""
        if self._context is None:
            self._context = Ctx(self.rules, self.hs)
        return self._context

    def _is_legal(self, m: Move) -> bool:
        """Listed, or accepted by the same predicate the list was made with (a valid meld
        the list leaves out: many wild cards, canonical melds only; `knock C with …`).
        A move taken from the list is found by identity first (no field comparison)."""
        legal = self._legal
        assert legal is not None
        if any(map(is_, legal, repeat(m))):
            return True
        if len(legal) <= 24:
            if m in legal:
                return True
        else:
            if self._legal_set is None:
                self._legal_set = frozenset(legal)
            if m in self._legal_set:
                return True
        return J.malformed(m) is None and J.refusal(self.rules, self.hs, m, self._ctx()) is None

    def is_legal(self, move: Move | str) -> bool:
        try:
            m = as_move(move)
        except InvalidMove:
            return False
        self.legal_moves()
        return self._is_legal(m)

    def play(self, move: Move | str) -> Move:
        """Play a move (a Move or its text); IllegalMove / InvalidMove leave the game unchanged."""
        m = move if type(move) is Move else as_move(move)
        legal = self._legal
        if legal is None:
            legal = self._legal = J.legal_moves(self.rules, self.hs)
            self._legal_set = None
        if (
            not any(map(is_, legal, repeat(m)))  # (_is_legal's first test, inlined: hot path)
            and not self._is_legal(m)
            and not self._is_legal(m := self._resolve_unnamed(m))
        ):
            problem = J.malformed(m)
            if problem is not None:
                raise InvalidMove(problem)
            where = f"seat {self.hs.to_move}, {self.hs.phase}"
            why = J.refusal(self.rules, self.hs, m, self._ctx()) or "not a legal move now"
            raise IllegalMove(f"{str(move)!r} ({where}): {why}")
        J.apply(self._rules or self.rules, self.hs, m, self._end_hand)
        self.ms.log.append(str(m))
        self._moves.append(m)
        self._legal = self._legal_set = self._context = None  # (_changed, inlined: hot path)
        return m

    def _changed(self) -> None:
        """The state moved on: the cached legal moves and judge's context are stale (and the
        rules, when a hand was dealt or taken back: `_rules` is read without its key on the
        hot path, so every change of deal comes through here)."""
        self._legal = self._legal_set = self._context = self._rules = None

    def undo(self) -> Move:
        """Take back the last move played and return it: all is as before it (python-chess's
        `pop`). It reaches back over `next_hand()`, not before the game was dealt or loaded:
        then IllegalMove "nothing to undo" and nothing changes."""
        last, self.hs, self.ms, todo = self._timeline.take_back(self.ms.log)
        self._moves = self._timeline.moves
        self._changed()
        for m in todo:
            J.apply(self.rules, self.hs, m, self._end_hand)
            self._timeline.replayed(self.hs, self.ms)
        return last

    def copy(self) -> Game:
        """An independent game at the same moment, with the same future and undo history."""
        twin = type(self)(
            self._base, copy_hand(self.hs), copy_match(self.ms), self._timeline.copy()
        )
        twin._legal, twin._legal_set = self._legal, self._legal_set  # (the context: per state)
        return twin

    def _resolve_unnamed(self, m: Move) -> Move:
        """A move written with bare wilds (`meld 7H 8H JK`, `layoff JK 2`) means the one legal
        move it can be; AmbiguousMove, naming them, when it could be several."""
        assert self._legal is not None
        if m.kind == KNOCK and m.melds:
            return self._resolve_shown(m)
        if not any(c == n == JOKER for c, n in m.cards):
            return m
        raw = sorted(c for c, _ in m.cards)
        fits = [
            x
            for x in self._legal
            if x.kind == m.kind and x.number == m.number and sorted(c for c, _ in x.cards) == raw
        ]
        if not fits and m.kind == MELD:
            # many wild cards: the list holds canonical melds only; name it from the rules
            ways = (Move.meld(w) for w in name_wilds(self.rules, raw))
            fits = [x for x in ways if self._is_legal(x)]
        if len(fits) > 1:
            raise AmbiguousMove(str(m), [str(x) for x in fits])
        return fits[0] if fits else m

    def _resolve_shown(self, m: Move) -> Move:
        """`knock C with …` naming a meld with bare wilds: the one legal showing it can be."""
        ways = []
        for group in m.melds:
            if any(c == n == JOKER for c, n in group):
                ways.append(name_wilds(self.rules, [c for c, _ in group])[:SHOWN_WAYS] or [group])
            else:
                ways.append([group])
        if all(len(w) == 1 for w in ways):
            return m  # nothing to choose: the showdown names the problem, if any
        showings = islice(product(*ways), SHOWN_WAYS * SHOWN_WAYS)
        fits = [x for x in (Move.knock(m.card, s) for s in showings) if self._is_legal(x)]
        if len(fits) > 1:
            raise AmbiguousMove(str(m), [str(x) for x in fits])
        return fits[0] if fits else m

    def _end_hand(
        self, variant: Variant, hs: HandState, reason: str, seat: int | None, extra: dict[str, Any]
    ) -> None:
        """The hand's end (the phases' `Ender`): settled into this game's match."""
        settle(variant, hs, self.ms, reason, seat, extra)

    def next_hand(self) -> None:
        """Deal the next hand of the match (the dealer chosen by `dealer.next`)."""
        if not self.hand_over:
            raise IllegalMove("next_hand: the hand is still being played")
        if self.match_over:
            raise IllegalMove("next_hand: the match is over")
        active, dealer = next_seating(self.variant, self.hs, self.ms)
        self.ms.hand_no += 1
        self.hs = deal(self.variant, self.players, dealer, self.ms, active)
        self._timeline.next_hand(self.hs, self.ms)
        self._moves = self._timeline.moves
        self._changed()

    # --- what a seat sees -------------------------------------------------------------

    def observation(self, seat: int) -> Observation:
        """Exactly what `seat` sees at the table (never another hand or the stock order)."""
        return observe(self.variant, self.hs, self.ms, seat, self._seen)

    @property
    def last_moves(self) -> dict[int, list[str]]:
        """Each seat's public moves in its latest turn this hand (what a bot just did)."""
        out: dict[int, list[str]] = {}
        prev = None
        for h in self.hs.history:
            if "seat" not in h:
                continue
            s = h["seat"]
            text = h["move"] + (f" ({' '.join(h['cards'])})" if h.get("cards") else "")
            if s != prev:
                out[s] = []
            out[s].append(text)
            prev = s
        return out

    def __iter__(self) -> Iterator[Move]:
        return iter(self.legal_moves())

    def __repr__(self) -> str:
        return f"<Game {self.variant.name} hand {self.ms.hand_no} seat {self.to_move} {self.phase}>"
