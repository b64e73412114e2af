"""Who deals the next hand: `dealer.next` (rotate, winner or loser) (stage: run, between hands).

`rotate` passes the deal one seat in `dealer.rotation`'s direction (the
seats that left the match skipped). `winner` gives it to the hand's winner,
and passes it on as usual after a hand nobody won (a stock ending, a void
hand). `loser` gives it to the seat with the lowest score of the hand; on a
tie, to the first of those seats in rotation order from the current dealer.
"""

from __future__ import annotations

from rulespec.interpreter.state import HandState
from rulespec.interpreter.turnctx import next_seat
from rulespec.model.variant import Variant


def next_dealer(variant: Variant, hs: HandState) -> int:
    """The seat that deals the hand after `hs`, which is over."""
    rotated = next_seat(variant, hs, hs.dealer, in_hand=False)
    result = hs.result or {}
    if variant.next_dealer == "winner":
        winner = result.get("winner")
        return winner if isinstance(winner, int) and hs.active[winner] else rotated
    if variant.next_dealer == "loser":
        scores = result.get("scores") or [0] * hs.players
        order: list[int] = []  # the active seats, from the one after the dealer round to it
        seat = hs.dealer
        for _ in range(hs.players):
            seat = next_seat(variant, hs, seat, in_hand=False)
            if seat in order:
                break
            order.append(seat)
        return min(order, key=lambda s: (scores[s], order.index(s)))
    return rotated
