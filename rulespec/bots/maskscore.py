"""The smart bot's costs of one hand's candidates by card mask (bots layer, over masklook).

One decision asks the cost of every discard of one hand (a shallow score of
each, then the one-draw lookahead and the partial melds of the best few). On
the one-deck natural path the hand is a 52-bit mask once per decision, and each
candidate is that mask less one bit: no list, no mask rebuilt per candidate.
The arithmetic is `smart.SmartBot.cost`'s and `_next_turn`'s, term for term, so
the scores (floats) and hence the decisions are the same.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rulespec.bots.hands import potential_of_mask
from rulespec.bots.masklook import MaskLook, mask_look
from rulespec.model.variant import Variant

EMPTY_HAND = -1000.0  # the cost of a hand with no card left (it went out)


def fast_hand(variant: Variant, hand: Sequence[int], contract: bool) -> tuple[MaskLook, int] | None:
    """(the variant's mask lookahead, the hand's mask) when the cost reads the kernel by
    mask (one deck, no wild-capable card, no contract to aim at), else None. Any subset
    of a mask that passed passes too."""
    if variant.play.contract_pure or contract:
        return None
    look = mask_look(variant)
    mask = look.mask_of(hand) if look is not None else None
    return None if look is None or mask is None else (look, mask)


def mask_cost(variant: Variant, look: MaskLook, mask: int, weight: float, credit: float) -> float:
    """The cost of a hand `fast_hand` passed: deadwood (points of 1) plus ``weight`` per
    deadwood card, less ``credit`` times the melded value in meld-credit variants."""
    if not mask:
        return EMPTY_HAND
    if not weight:
        dw = look.k.value(mask)
        got = dw / 1  # points(): a unit of 1
    else:
        dw, count, _ = look.stats(mask) if look.c is None else look.c.stats(mask)
        got = dw / 1 + weight * count
    if variant.scoring.meld_credit:  # melded value: all the hand's less deadwood
        got -= credit * ((look.total(mask) - dw) / 1)
    return got


def ahead(
    variant: Variant,
    look: MaskLook,
    mask: int,
    pool: Counter[int],
    limit: int | None,
    weights: tuple[float, float, float],
) -> float | None:
    """`SmartBot._next_turn` of a mask, or None when the pool is off the mask path (the
    caller then asks the general lookahead). ``weights``: (per deadwood card, a knock
    chance, the meld credit)."""
    weight, knock, credit = weights
    got = look.next_turn_mask(mask, pool, limit, int(weight))
    if got is None:
        return None
    total, count, ready = got
    if not count:
        return mask_cost(variant, look, mask, weight, credit)
    return total / count - knock * ready / count


def pot(variant: Variant, look: MaskLook, mask: int, pool: Counter[int], draws: float) -> float:
    """`hands.potential` of a mask `fast_hand` passed."""
    if look.c is not None:
        summary = look._pool(pool)
        if summary is not None:  # distinct natural cards: the C sum, term for term
            got: float = look.c.pot(mask, summary[0], draws, 1.0)
            return got
    return potential_of_mask(variant, look.dead_mask, mask, pool, draws)
