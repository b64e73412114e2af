"""The stock phase: turning the pile over, a stock that runs out, the end of a turn (phases).

A turn that does not go out ends here (`end_turn`): the turn state is reset,
an exhausted stock ends the hand (`stock.exhausted`), the safety cap stops a
hand that cannot end, else the next seat draws. A draw from the empty
recycled stock turns the pile over first (`turn_over`).
"""

from __future__ import annotations

from rulespec.interpreter.phases.context import Ender, public
from rulespec.interpreter.state import HandState
from rulespec.interpreter.turnctx import next_seat
from rulespec.model.variant import Variant

TURN_CAP = 1000
"""Safety cap: a hand still running after this many turns ends as `abandoned` (why: CAPPED)."""
CAPPED = f"still running after {TURN_CAP} turns: no way to end it was found"


def turn_over(variant: Variant, hs: HandState, seat: int, end_hand: Ender) -> bool:
    """A draw from the empty stock: turn the pile over (True), or end the hand (False).

    RULES.md "Stock recycle": the pile is turned over when a player must draw
    from the empty stock (not when a turn empties it, so until then its top card
    may still be taken); with fewer than 2 cards in it the hand is void. A
    house-rule `stock.recycles` limit ends the hand as a stock ending instead.
    """
    why = None
    if len(hs.discard) < 2:
        reason, why = "void", "stock empty, pile too small to turn over"
    elif variant.stock.recycles is not None and hs.recycles >= variant.stock.recycles:
        reason, why = "stock", "the pile was turned over as often as stock.recycles allows"
    if why is None:
        recycle(hs)
        return True
    public(hs, seat, "draw stock")
    end_hand(variant, hs, reason, None, {"why": why})
    return False


def recycle(hs: HandState) -> None:
    """Turn the pile over unshuffled into the stock; its top card starts a new pile."""
    old = hs.discard
    hs.stock = old[1:]
    hs.discard = [old[0]]
    hs.recycles += 1
    hs.history.append({"event": "recycle", "cards": len(hs.stock)})


def end_turn(variant: Variant, hs: HandState, end_hand: Ender) -> None:
    """The mover's turn is over without going out: stock end/void, safety cap, next seat.

    A recycled stock is not refilled here but when a player draws from it empty.
    """
    hs.taken = []
    hs.obligation = None
    hs.melds_this_turn = 0
    hs.value_this_turn = 0
    hs.must_draw_stock = False
    hs.turn_count += 1
    st = variant.stock
    if st.exhausted != "recycle" and len(hs.stock) <= st.reserve:
        end_hand(variant, hs, "stock" if st.exhausted == "end" else "void", None, {})
        return
    if hs.turn_count >= TURN_CAP:
        end_hand(variant, hs, "abandoned", None, {"why": CAPPED})
        return
    hs.to_move = next_seat(variant, hs, hs.to_move)
    hs.phase = "draw"
