"""Phase `rebuy`: a seat put out of the match decides whether to buy back in (phases).

`match.buy_back_by: choice`: after a hand's scores put a seat out with a
buy-back left (buyback.py), the hand waits in phase `rebuy` with `to_move`
that seat; it plays `rebuy` (back in, at the worst total still in) or `pass`
(it stays out). `rebuy_refusal` is the phase's one predicate: the judge lists
what it accepts and gives its answer for what it refuses. Playing the
decision goes through the game's `Ender` (settle.py), which holds the match.
"""

from __future__ import annotations

from rulespec.core.moves import PASS, REBUY, Move
from rulespec.interpreter.phases.context import Ender
from rulespec.interpreter.state import HandState
from rulespec.model.variant import Variant

REBUY_MOVES = (Move(REBUY), Move(PASS))
"""The two decisions, in the order they are listed."""


def rebuy_refusal(hs: HandState, move: Move) -> str | None:
    """None if `move` is a decision the seat to move may make now, else why not."""
    if hs.phase != "rebuy":
        if move.kind == REBUY:
            return (
                "rebuy: only a seat put out of the match buys back in, between hands"
                " (match.buy_back, buy back by choice)"
            )
        return None
    if move in REBUY_MOVES:
        return None
    return (
        f"match.buy_back: seat {hs.to_move} was put out of the match and decides now:"
        " rebuy (buy back in) or pass (stay out)"
    )


def apply_rebuy(variant: Variant, hs: HandState, move: Move, end_hand: Ender) -> None:
    """The decision, played into the match through the game's `Ender` (settle.py)."""
    end_hand(variant, hs, REBUY, hs.to_move, {"rebuy": move.kind == REBUY})
