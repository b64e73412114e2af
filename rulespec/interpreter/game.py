"""`Game`: a match of hands — dealing, turns, hand ends, totals and match end (pipeline stage: run).

The public face of the interpreter (model: OpenSpiel's State + python-chess's
Board): `legal_moves()`, `play(move_or_text)`, `position()` /
`Game.from_position()`, `observation(seat)`, `next_hand()`, `copy()` and
`undo()` (model: python-chess's push/pop; see timeline.py). Chance comes
only from the match seed: hand k is shuffled by `random.Random(f"{seed}:{k}")`,
so a saved position with its seed and hand number continues exactly.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from rulespec.core.cards import card_text, placed_text
from rulespec.core.errors import IllegalMove, InvalidMove, PositionError, RulespecError
from rulespec.core.moves import MELD, Move, as_move
from rulespec.interpreter import engine as E
from rulespec.interpreter import legal as L
from rulespec.interpreter import turnctx as T
from rulespec.interpreter.cards import build_deck, cut_for_dealer
from rulespec.interpreter.legal import meld_legal
from rulespec.interpreter.melds import name_wilds
from rulespec.interpreter.nextdealer import next_dealer
from rulespec.interpreter.outcome import HandResult, Observation
from rulespec.interpreter.position_check import seed_problem
from rulespec.interpreter.rules import knock_shown_error, malformed, why_illegal
from rulespec.interpreter.scoring import score_hand
from rulespec.interpreter.state import (
    HandState,
    MatchState,
    deck_players,
    from_position,
    to_position,
)
from rulespec.interpreter.timeline import Timeline, copy_hand, copy_match
from rulespec.model.variant import Variant


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
        self.variant = variant
        self.hs = hs
        self.ms = ms
        self._legal: list[Move] | None = None
        self._legal_set: frozenset[Move] | None = None
        self._timeline = Timeline.begin(hs, ms) if timeline is None else timeline
        self._moves = self._timeline.moves  # this hand's moves: play appends, undo re-plays

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
        hs = cls._deal(variant, players, dealer, ms, [True] * players)
        return cls(variant, hs, ms)

    @staticmethod
    def _deal(
        variant: Variant, players: int, dealer: int, ms: MatchState, active: list[bool]
    ) -> HandState:
        rng = random.Random(f"{ms.seed}:{ms.hand_no}")
        n_active = deck_players(variant, active)
        deck = build_deck(variant, n_active)
        rng.shuffle(deck)
        hs = HandState(
            players=players,
            dealer=dealer,
            to_move=dealer,
            phase="draw",
            hands=[[] for _ in range(players)],
            stock=[],
            discard=[],
            active=list(active),
        )
        hs.fill_defaults()
        seats = []
        s = dealer
        for _ in range(sum(active)):
            s = T.next_seat(variant, hs, s)
            seats.append(s)
        each = variant.deal.cards(n_active)
        packet = max(variant.deal.packet, 1)
        pos = 0
        dealt = dict.fromkeys(seats, 0)
        while any(dealt[s] < each for s in seats):
            for s in seats:
                k = min(packet, each - dealt[s])
                hs.hands[s].extend(deck[pos : pos + k])
                pos += k
                dealt[s] += k
        extra = deck[pos : pos + variant.deal.dealer_extra]
        pos += len(extra)
        if variant.deal.dealer_extra_to == "hand":
            hs.hands[dealer].extend(extra)
        else:
            hs.discard.extend(extra)
        if variant.deal.upcard and pos < len(deck):
            hs.discard.append(deck[pos])
            pos += 1
        hs.upcard = hs.discard[0] if hs.discard else None
        hs.stock = deck[pos:]
        first = seats[0]
        if variant.deal.dealer_extra and variant.deal.dealer_extra_to == "hand":
            # the dealer holds a card more and starts by discarding
            first = dealer
            hs.phase = "play"
            hs.turns[dealer] = 1
        if variant.draw.upcard_offer and hs.discard and hs.phase == "draw":
            hs.phase = "upcard"
        hs.to_move = first
        return hs

    @classmethod
    def from_position(cls, variant: Variant, position: Any) -> Game:
        """The game at a saved position (docs/position.md); PositionError, naming the field,
        for a malformed position or one that leaves the seat to move no legal move."""
        hs, ms = from_position(variant, position)
        hs.fill_defaults()
        game = cls(variant, hs, ms)
        if not game.hand_over and not game.legal_moves():
            raise PositionError(_stuck(hs))
        return game

    def position(self) -> dict[str, Any]:
        return to_position(self.variant, self.hs, self.ms)

    # --- the hand -------------------------------------------------------------------

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
    def log(self) -> list[str]:
        return list(self.ms.log)

    @property
    def hand_number(self) -> int:
        return self.ms.hand_no

    def legal_moves(self) -> list[Move]:
        if self._legal is None:
            self._legal = L.legal_moves(self.variant, self.hs)
            self._legal_set = None
        return list(self._legal)

    def _is_legal(self, m: Move) -> bool:
        assert self._legal is not None
        if m.melds:  # `knock C with …`: the bare knock is legal and the melds can be shown
            return self._is_legal(m.bare()) and knock_shown_error(self.variant, self.hs, m) is None
        if len(self._legal) <= 24:
            listed = m in self._legal
        else:
            if self._legal_set is None:
                self._legal_set = frozenset(self._legal)
            listed = m in self._legal_set
        # a valid meld the list leaves out (many wild cards: canonical melds only)
        return listed or (m.kind == MELD and meld_legal(self.variant, self.hs, m.cards))

    def is_legal(self, move: Move | str) -> bool:
        try:
            m = as_move(move)
        except InvalidMove:
            return False
        self.legal_moves()
        return self._is_legal(m)

    def play(self, move: Move | str) -> Move:
        """Play a move (a Move or its text); IllegalMove / InvalidMove leave the game unchanged."""
        m = as_move(move)
        if self._legal is None:
            self.legal_moves()
        if not self._is_legal(m):
            m = self._resolve_unnamed(m)
        if not self._is_legal(m):
            problem = malformed(m)
            if problem is not None:
                raise InvalidMove(problem)
            where = f"seat {self.hs.to_move}, {self.hs.phase}"
            raise IllegalMove(f"{str(move)!r} ({where}): {why_illegal(self.variant, self.hs, m)}")
        E.apply(self.variant, self.hs, m, self._end_hand)
        self.ms.log.append(str(m))
        self._moves.append(m)
        self._legal = None
        self._legal_set = None
        return m

    def undo(self) -> Move:
        """Take back the last move played and return it: all is as before it (python-chess's
        `pop`). It reaches back over `next_hand()`, not before the game was dealt or loaded:
        then IllegalMove "nothing to undo" and nothing changes."""
        last, self.hs, self.ms, todo = self._timeline.take_back(self.ms.log)
        self._moves = self._timeline.moves
        self._legal = None
        self._legal_set = None
        for m in todo:
            E.apply(self.variant, self.hs, m, self._end_hand)
            self._timeline.replayed(self.hs, self.ms)
        return last

    def copy(self) -> Game:
        """An independent game at the same moment, with the same future and undo history."""
        twin = type(self)(
            self.variant, copy_hand(self.hs), copy_match(self.ms), self._timeline.copy()
        )
        twin._legal, twin._legal_set = self._legal, self._legal_set
        return twin

    def _resolve_unnamed(self, m: Move) -> Move:
        """A meld written with bare wilds (`meld 7H 8H JK`) means the one legal meld it can be."""
        if not any(c == n and c == 52 for c, n in m.cards):
            return m
        assert self._legal is not None
        raw = sorted(c for c, _ in m.cards)
        fits = [
            x
            for x in self._legal
            if x.kind == m.kind and x.number == m.number and sorted(c for c, _ in x.cards) == raw
        ]
        if not fits and m.kind == MELD:
            # many wild cards: the list holds canonical melds only; name it from the rules
            ways = (Move.meld(w) for w in name_wilds(self.variant, raw))
            fits = [x for x in ways if meld_legal(self.variant, self.hs, x.cards)]
        if len(fits) > 1:
            options = " or ".join(repr(str(x)) for x in fits[:6])
            raise IllegalMove(f"{str(m)!r}: name the wild card — it could be {options}")
        return fits[0] if fits else m

    def _end_hand(
        self, variant: Variant, hs: HandState, reason: str, seat: int | None, extra: dict[str, Any]
    ) -> None:
        hs.phase = "over"
        result = score_hand(variant, hs, reason, seat, extra)
        hs.result = result
        ms = self.ms
        for s, v in enumerate(result["scores"]):
            ms.totals[s] += v
        if result["winner"] is not None:
            ms.hands_won[result["winner"]] += 1
        from rulespec.interpreter.match import close_hand  # noqa: PLC0415

        close_hand(variant, hs, ms)

    def next_hand(self) -> None:
        """Deal the next hand of the match (the dealer chosen by `dealer.next`)."""
        if not self.hand_over:
            raise IllegalMove("next_hand: the hand is still being played")
        if self.match_over:
            raise IllegalMove("next_hand: the match is over")
        dealer = next_dealer(self.variant, self.hs)
        self.ms.hand_no += 1
        self.hs = self._deal(self.variant, self.players, dealer, self.ms, self.hs.active)
        self._timeline.next_hand(self.hs, self.ms)
        self._moves = self._timeline.moves
        self._legal = None
        self._legal_set = None

    # --- what a seat sees -------------------------------------------------------------

    def observation(self, seat: int) -> Observation:
        """Exactly what `seat` sees at the table (never another hand or the stock order)."""
        hs = self.hs
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < hs.players:
            shown = repr(seat) if len(repr(seat)) <= 40 else type(seat).__name__
            raise RulespecError(
                f"observation: a seat is a number from 0 to {hs.players - 1}, not {shown}"
            )
        spread = self.variant.discard.pile == "spread"
        return {
            "variant": self.variant.name,
            "seat": seat,
            "players": hs.players,
            "dealer": hs.dealer,
            "to_move": hs.to_move,
            "phase": hs.phase,
            "hand": [card_text(c) for c in hs.hands[seat]],
            "hand_sizes": [len(h) for h in hs.hands],
            "discard": [card_text(c) for c in hs.discard]
            if spread
            else [card_text(c) for c in hs.discard[-1:]],
            "discard_size": len(hs.discard),
            "pile": "spread" if spread else "squared",
            "melds": [{"owner": o, "cards": [placed_text(p) for p in m]} for o, m in hs.melds],
            "stock_size": len(hs.stock),
            "totals": list(self.ms.totals),
            "upcard": None if hs.upcard is None else card_text(hs.upcard),
            "taken": [card_text(c) for c in hs.taken] if seat == hs.to_move else [],
            "obligation": None
            if hs.obligation is None or seat != hs.to_move
            else card_text(hs.obligation[0]),
            "melded": list(hs.melded),
            "active": list(hs.active),
            "hand_number": self.ms.hand_no,
            "history": [dict(h) for h in hs.history],
            "hand_over": self.hand_over,
            "result": hs.result,
        }

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
