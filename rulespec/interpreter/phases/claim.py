"""The claim phase: buying the top discard out of turn, one seat asked at a time (phases).

Buying (`buy`) is made of sequential decisions, as OpenSpiel makes a
simultaneous choice: when the player in turn declines the top discard by
drawing from the stock, each other seat that may buy is asked in turn, in the
order `buy.order` gives (`turn`: from the seat after the player in turn round
to the seat before the discarder; `reverse`: the other way round), with
`to_move` that seat and the moves `buy` / `pass`. The first `buy` takes the
discard and `buy.penalty` cards from the stock, and nobody else is asked; when
everyone has passed, or after the buy, the player in turn plays on (phase
play). `claim_refusal` is the phase's one predicate.
"""

from __future__ import annotations

from rulespec.core.moves import BUY, PASS, Move
from rulespec.interpreter.phases.context import Ctx, public
from rulespec.interpreter.state import HandState
from rulespec.interpreter.turnctx import next_seat, turn_env
from rulespec.model.variant import Variant

_BUY, _PASS = Move(BUY), Move(PASS)


def claim_order(variant: Variant, hs: HandState, turn: int) -> list[int]:
    """The seats asked, first to last: every active seat but the one in turn (`turn`) and
    the discarder (the seat before it), in `buy.order`."""
    seats = []
    s = next_seat(variant, hs, turn)
    while s != turn:
        seats.append(s)
        s = next_seat(variant, hs, s)
    seats = seats[:-1]  # the last before the seat in turn discarded the card
    assert variant.buy is not None
    return seats if variant.buy.order == "turn" else seats[::-1]


def buy_refusal(variant: Variant, hs: HandState, seat: int) -> str | None:
    """None if `seat` may buy the top discard now, else the rule that stops it."""
    buy = variant.buy
    if buy is None:
        return "buy: false — this variant has no buying"
    if buy.limit is not None and hs.buys[seat] >= buy.limit:
        return f"buy.limit: {buy.limit} buys per hand, and this seat has made them all"
    if len(hs.stock) < buy.penalty:
        return (
            f"buy.penalty: a buyer also draws {buy.penalty} card(s) from the stock, which holds"
            f" {len(hs.stock)}"
        )
    if buy.when is not None and not buy.when(turn_env(variant, hs, seat)):
        return "buy.when: the condition for buying is not met for this seat now"
    return None


def claim_refusal(c: Ctx, move: Move) -> str | None:
    """None if this move may be made in the claim phase now, else the rule it breaks."""
    if move.kind == PASS:
        return None
    if move.kind == BUY:
        return buy_refusal(c.variant, c.hs, c.seat)
    return "buy: the top discard is on offer: 'buy' it or 'pass'"


def claim_moves(c: Ctx) -> list[Move]:
    """The claim phase's legal moves: `buy` when allowed, and `pass`."""
    return [m for m in (_BUY, _PASS) if claim_refusal(c, m) is None]


def _ask_next(variant: Variant, hs: HandState, after: int | None) -> None:
    """Ask the next seat after `after` (None: from the first) that may buy; none: play on."""
    turn = hs.claim_turn
    assert turn is not None
    order = claim_order(variant, hs, turn)
    start = 0 if after is None else order.index(after) + 1
    for seat in order[start:]:
        if buy_refusal(variant, hs, seat) is None:
            hs.phase, hs.to_move = "claim", seat
            return
    hs.phase, hs.to_move, hs.claim_turn = "play", turn, None


def open_claims(variant: Variant, hs: HandState) -> None:
    """After the player in turn drew from the stock (the top discard declined): ask the
    seats that may buy it, if any; else the turn goes on as it was."""
    if variant.buy is None or hs.phase != "play" or not hs.discard or hs.taken:
        return
    hs.claim_turn = hs.to_move
    _ask_next(variant, hs, None)


def apply_claim(variant: Variant, hs: HandState, move: Move) -> None:
    """`pass`: ask the next seat; `buy`: the discard and the penalty cards to the buyer,
    then the player in turn plays on."""
    seat = hs.to_move
    if move.kind == PASS:
        public(hs, seat, str(move))
        _ask_next(variant, hs, seat)
        return
    assert variant.buy is not None and hs.claim_turn is not None
    card = hs.discard.pop()
    penalty = hs.stock[: variant.buy.penalty]
    del hs.stock[: variant.buy.penalty]
    hs.hands[seat].append(card)
    hs.hands[seat].extend(penalty)
    hs.buys[seat] += 1
    public(hs, seat, str(move), [card])
    hs.phase, hs.to_move, hs.claim_turn = "play", hs.claim_turn, None
