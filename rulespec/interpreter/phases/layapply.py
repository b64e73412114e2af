"""Laying applied: a meld, a lay-off or a wild-card swap changes the table (phases, lay).

`apply_laying` plays a legal meld, lay-off or swap on the state in place (the
judge has checked it); `after` plays it on a scratch copy instead, for the
way-on search (wayon.py) and the draw obligation's look ahead, so nothing is
ever changed and then restored by hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rulespec.core.moves import LAYOFF, MELD, Move
from rulespec.interpreter import melds as M
from rulespec.interpreter.cards import is_wild
from rulespec.interpreter.melds import Meld
from rulespec.interpreter.phases.context import Ender, public
from rulespec.interpreter.state import HandState
from rulespec.interpreter.turnctx import placed_value
from rulespec.model.variant import Variant


def _laid(hs: HandState, seat: int, value: int, wilds: int) -> None:
    if hs.laid_down[seat] is None:
        hs.laid_down[seat] = hs.turns[seat]
    hs.melded[seat] += value
    hs.melded_jokers[seat] += wilds
    hs.value_this_turn += value


def apply_laying(
    variant: Variant, hs: HandState, move: Move, end_hand: Ender, log: bool = True
) -> None:
    """Play a legal meld, lay-off or swap: after a meld or lay-off a taken card's obligation
    is met, and an empty hand goes out (`log`: write the move in the history; a scratch
    copy's history is never read)."""
    seat = hs.to_move
    hand = hs.hands[seat]
    if move.kind == MELD:
        meld = move.cards
        for p in meld:
            hand.remove(p[0])
        hs.melds.append((seat, meld))
        wilds = sum(1 for p in meld if is_wild(variant, p[0]))
        _laid(hs, seat, M.meld_value(variant, meld), wilds)
        hs.melds_this_turn += 1
    elif move.kind == LAYOFF:
        placed = move.cards[0]
        idx = move.number - 1
        owner, old = hs.melds[idx]
        new = M.extend(variant, old, placed)
        assert new is not None
        hand.remove(placed[0])
        hs.melds[idx] = (owner, new)
        value = placed_value(variant, new, new.index(placed))
        _laid(hs, seat, value, 1 if is_wild(variant, placed[0]) else 0)
    else:  # SWAP: the natural card takes the wild's place; the wild comes to the hand
        card = move.cards[0][0]
        idx = move.number - 1
        owner, meld = hs.melds[idx]
        pos = next(i for i, p in enumerate(meld) if p[1] == card and p[0] != card)
        wild = meld[pos][0]
        hs.melds[idx] = (owner, meld[:pos] + ((card, card),) + meld[pos + 1 :])
        hand.remove(card)
        hand.append(wild)
        if log:
            public(hs, seat, str(move))
        return
    if hs.obligation is not None and any(p[0] == hs.obligation[0] for p in move.cards):
        hs.obligation = None
    if log:
        public(hs, seat, str(move))
    if not hand:
        end_hand(variant, hs, "out", seat, {"by": move.kind})


def _no_end(variant: Variant, hs: HandState, reason: str, seat: int | None, x: Any) -> None:
    """A scratch state's hand end: nothing to score (the search only asks what may follow)."""


def scratch(hs: HandState, seat: int, extra: Sequence[int] = (), table: bool = True) -> HandState:
    """A copy of the hand state that laying may change freely: the mover's hand (plus
    `extra` cards), the turn lists and (`table`) the table and per-seat counters are new
    lists; history is empty. `table=False` for a copy only read by the predicates."""
    hands = list(hs.hands)
    hands[seat] = [*hs.hands[seat], *extra]
    state = object.__new__(HandState)  # a field-by-field copy (dataclasses.replace is slow)
    state.__dict__.update(hs.__dict__)
    state.hands = hands
    state.taken = list(hs.taken)
    state.turns = list(hs.turns)
    state.history = []
    if table:
        state.melds = list(hs.melds)
        state.laid_down = list(hs.laid_down)
        state.melded = list(hs.melded)
        state.melded_jokers = list(hs.melded_jokers)
    return state


def after(variant: Variant, hs: HandState, move: Move) -> HandState:
    """The hand state after the mover's meld, lay-off or swap, on a scratch copy."""
    state = scratch(hs, hs.to_move)
    apply_laying(variant, state, move, _no_end, log=False)
    return state


def after_meld(variant: Variant, hs: HandState, meld: Meld, rest: list[int]) -> HandState:
    """`after` of the mover's meld, given the hand it leaves (`rest`: the hand less the
    meld's cards, in `apply_laying`'s order): the same state, made field by field (the
    listing asks it of every candidate of an opening)."""
    seat = hs.to_move
    state = object.__new__(HandState)
    state.__dict__.update(hs.__dict__)
    hands = list(hs.hands)
    hands[seat] = list(rest)
    state.hands = hands
    state.taken = list(hs.taken)
    state.turns = list(hs.turns)
    state.history = []
    state.melds = [*hs.melds, (seat, meld)]
    state.laid_down = list(hs.laid_down)
    state.melded = list(hs.melded)
    state.melded_jokers = list(hs.melded_jokers)
    wilds = sum(1 for p in meld if is_wild(variant, p[0]))
    _laid(state, seat, M.meld_value(variant, meld), wilds)
    state.melds_this_turn += 1
    ob = hs.obligation
    if ob is not None and any(p[0] == ob[0] for p in meld):
        state.obligation = None
    return state
