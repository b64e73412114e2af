"""What every phase asks of one moment: the mover, the turn names, cached facts (phases, base).

A `Ctx` is made per position by the judge (judge.py) and handed to each
phase's predicate; it computes on first use, and at most once, what several
moves of the moment share: the `turn` environment, the knock limit, the least
deadwood after any discard, whether the whole hand can go out at once. It
never changes the state. `explain=False` (while listing the legal moves) lets a
predicate skip building a costly refusal text: the decision is the same.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from rulespec.core.cards import card_text
from rulespec.interpreter import solver as S
from rulespec.interpreter.state import HandState
from rulespec.interpreter.turnctx import knock_limit, turn_env
from rulespec.model.variant import Variant

Ender = Callable[[Variant, HandState, str, int | None, dict[str, Any]], None]
"""How a phase ends the hand: (variant, hand, reason, seat, extra) -> None (Game._end_hand)."""

REFUSED = "refused"
"""The refusal text of a costly reason while only listing moves (never shown to a player)."""

_UNSET: Any = object()


class Ctx:
    """One position as the phases' predicates see it (the state is only read)."""

    __slots__ = (
        "variant",
        "hs",
        "seat",
        "hand",
        "explain",
        "_env",
        "_limit",
        "_least",
        "_finish",
        "_taken",
        "_gates",
        "_short",
    )

    def __init__(self, variant: Variant, hs: HandState, explain: bool = True) -> None:
        self.variant = variant
        self.hs = hs
        self.seat = hs.to_move
        self.hand = hs.hands[hs.to_move]
        self.explain = explain
        self._env: dict[str, Any] | None = None
        self._limit: int | None = None
        self._least: int | None = None
        self._finish: Any = _UNSET
        self._taken: Counter[int] | None = None
        self._gates: dict[Callable[[Ctx], str | None], str | None] | None = None
        self._short: int | None = None

    def env(self) -> dict[str, Any]:
        """The `turn` expression names for the mover (computed once; do not change it)."""
        if self._env is None:
            self._env = turn_env(self.variant, self.hs, self.seat)
        return self._env

    def gate(self, rule: Callable[[Ctx], str | None]) -> str | None:
        """`rule(self)`, asked once: a phase's gate (what refuses all its moves alike) is the
        same for every move of the moment, so each move's predicate may ask it again cheaply."""
        gates = self._gates
        if gates is None:
            gates = self._gates = {}
        elif rule in gates:
            return gates[rule]
        got = gates[rule] = rule(self)
        return got

    def taken(self) -> Counter[int]:
        """How many of each card the mover has taken from the pile this turn."""
        if self._taken is None:
            self._taken = Counter(self.hs.taken)
        return self._taken

    def knock_limit(self) -> int:
        if self._limit is None:
            self._limit = knock_limit(self.variant, self.hs)
        return self._limit

    def least_after_discard(self) -> int:
        """The least deadwood the mover's hand keeps after any one discard (the knock bound)."""
        if self._least is None:
            self._least = S.deadwood_after_discard(self.variant, self.hand)[0]
        return self._least

    def first_laydown_min(self) -> int:
        """The value a first laying down must reach now (0: no minimum applies: none is set,
        or the mover laid down in an earlier turn)."""
        first = self.variant.play.first_laydown_min
        if first is None or self.env()["me.laid_down_before"]:
            return 0
        return max(0, int(first(self.env())))

    def opening_short(self) -> int:
        """How much the melds laid this turn still lack of the first laying down's minimum
        (0: none lacking — no minimum applies, nothing laid yet, or it is reached). The
        minimum counts every meld of the turn together (play.first_laydown_min), so a turn
        that has begun an opening may not end until it is complete."""
        if self._short is None:
            hs = self.hs
            if not hs.melds_this_turn or self.variant.play.melding == "going_out":
                self._short = 0
            else:
                self._short = max(0, self.first_laydown_min() - hs.value_this_turn)
        return self._short

    def whole_hand_finishes(self, compute: Callable[[], bool]) -> bool:
        """Can the whole hand go out this turn (`play.melding: going_out`)? Asked once."""
        if self._finish is _UNSET:
            self._finish = compute()
        return bool(self._finish)


def public(hs: HandState, seat: int, text: str, cards: list[int] | None = None) -> None:
    """Log a move in the hand's public history (with the cards taken, when a draw shows them)."""
    entry: dict[str, Any] = {"seat": seat, "move": text}
    if cards is not None:
        entry["cards"] = [card_text(c) for c in cards]
    hs.history.append(entry)
