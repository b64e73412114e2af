"""The discard moves: which cards the mover may let go, and which discards knock (stage: run).

Split from `legal` so the way-on search (`wayon`) and the engine ask the one
definition of "may this card go now" (an obligation, going out all at once, a
last card that may not go by discard, cards just taken from the pile).
"""

from __future__ import annotations

from collections import Counter

from rulespec.core.moves import DISCARD, KNOCK, Move
from rulespec.interpreter import solver as S
from rulespec.interpreter.state import HandState
from rulespec.interpreter.turnctx import knock_limit, remove_cards
from rulespec.model.variant import Variant

_DISCARDS = tuple(Move(DISCARD, ((c, c),)) for c in range(53))
_KNOCKS = tuple(Move(KNOCK, ((c, c),)) for c in range(53))


def discardable(variant: Variant, hs: HandState) -> list[int]:
    """The cards the mover may discard now, sorted (the knock test aside)."""
    hand = hs.hands[hs.to_move]
    if hs.obligation is not None:
        return []
    if variant.play.melding == "going_out" and hs.melds_this_turn and len(hand) > 1:
        return []
    if len(hand) == 1 and "discard" not in variant.going_out.by:
        return []
    cards = sorted(set(hand))
    if hs.taken and variant.discard.forbid_taken:
        taken = Counter(hs.taken)
        have = Counter(hand)
        cards = [c for c in cards if have[c] > taken[c]]
    return cards


def discard_moves(variant: Variant, hs: HandState) -> list[Move]:
    """The discards open to the mover, then the knocks (a discard within the knock limit)."""
    seat = hs.to_move
    hand = hs.hands[seat]
    cards = discardable(variant, hs)
    out = [_DISCARDS[c] for c in cards]
    if variant.knock is not None and len(hand) > 1:
        limit = knock_limit(variant, hs)
        if S.deadwood_after_discard(variant, hand)[0] <= limit:
            out.extend(
                _KNOCKS[c] for c in cards if S.deadwood(variant, remove_cards(hand, [c])) <= limit
            )
    return out
