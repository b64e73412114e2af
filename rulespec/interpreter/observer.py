"""The Observer: what one seat may see of a moment of the match (stage: run).

Apart from the state (model: OpenSpiel's Observer): `observe` reads a hand and
match state and gives a seat's `Observation`: its own hand, the public table,
never another hand or the stock order (tests/envs/test_no_leaks.py and the web
leak test hold every interface to it).
"""

from __future__ import annotations

from rulespec.core.cards import card_text, placed_text
from rulespec.core.errors import RulespecError
from rulespec.interpreter.handwild import per_hand, rank_text
from rulespec.interpreter.outcome import HandWildView, Observation, match_view
from rulespec.interpreter.state import HandState, MatchState
from rulespec.model.variant import Variant


def observe(variant: Variant, hs: HandState, ms: MatchState, seat: int) -> Observation:
    """Exactly what `seat` sees at the table (never another hand or the stock order)."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < hs.players:
        shown = repr(seat) if len(repr(seat)) <= 40 else type(seat).__name__
        raise RulespecError(
            f"observation: a seat is a number from 0 to {hs.players - 1}, not {shown}"
        )
    spread = variant.discard.pile == "spread"
    seen: Observation = {
        "variant": variant.name,
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
        "totals": list(ms.totals),
        "upcard": None if hs.upcard is None else card_text(hs.upcard),
        "taken": [card_text(c) for c in hs.taken] if seat == hs.to_move else [],
        "obligation": None
        if hs.obligation is None or seat != hs.to_move
        else card_text(hs.obligation[0]),
        "melded": list(hs.melded),
        "active": list(hs.active),
        "dropped": list(hs.dropped),
        "hand_number": ms.hand_no,
        "buys": list(hs.buys),
        "history": [dict(h) for h in hs.history],
        "hand_over": hs.phase == "over",
        "result": hs.result,
        **match_view(variant, hs, ms),
        **hand_wild_view(variant, hs),
    }
    return seen


def hand_wild_view(variant: Variant, hs: HandState) -> HandWildView:
    """The hand's wild rank and cut card, public to every seat (with a rank per hand only)."""
    if not per_hand(variant):
        return {}
    return {
        "wild_rank": rank_text(hs.wild_rank),
        "cut_card": None if hs.cut_card is None else card_text(hs.cut_card),
    }
