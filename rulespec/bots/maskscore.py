"""The smart bot's costs of one hand's candidates by card mask (bots layer, over masklook).

One decision asks the cost of every discard of one hand (a shallow score of
each, then the one-draw lookahead and the partial melds of the best few). On
the one-deck natural path the hand is a 52-bit mask once per decision, and each
candidate is that mask less one bit: no list, no mask rebuilt per candidate.
The arithmetic is `smart.SmartBot.cost`'s and `_next_turn`'s, term for term, so
the scores (floats) and hence the decisions are the same. Where the C lookahead
is there (`MaskLook.c`), a candidate's score (`compiled_score`), the best
discard after a pile take (`least_cost`) and the whole discard choice
(`choose_discard`) are one call each; these Python sums stay the reference.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from rulespec.bots.base import Move, MoveText
from rulespec.bots.hands import outs
from rulespec.bots.masklook import MaskLook, mask_look
from rulespec.bots.partials import potential_of_mask
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
    """`partials.potential` of a mask `fast_hand` passed."""
    if look.c is not None:
        summary = look.pool_summary(pool)
        if summary is not None:  # distinct natural cards: the C sum, term for term
            got: float = look.c.pot(mask, summary[0], draws, 1.0)
            return got
    return potential_of_mask(variant, look.dead_mask, mask, pool, draws)


Weights = tuple[float, float, float, float, float, int, float, float]
"""The smart bot's weights a discard's cost reads: (per deadwood card, a knock chance, the
lookahead, the partial melds' potential, its draws, the most cards that look ahead, the
meld credit, an out with meld credit)."""


def discard_cost(
    variant: Variant,
    look: MaskLook,
    rest: int,
    mode: int,
    weights: Weights,
    pool: Counter[int] | None = None,
    limit: int | None = None,
    general: tuple[Callable[[], Sequence[int]], Callable[[Sequence[int]], float]] | None = None,
) -> float:
    """The smart bot's cost of the hand ``rest`` left after a discard: mode 0 `mask_cost`;
    1 less the partial melds' potential over ``pool`` (`SmartBot._best_after_discard`);
    2 the deep score (`SmartBot._mask_discard_score` less the danger: the one-draw
    lookahead and the potential, or the outs with meld credit, over ``pool`` with the
    knock ``limit``). One C call (`Look.score`) where it applies, else these Python
    sums, with the same floats. ``general``: (the hand left as a list, the general
    lookahead of a hand), for the outs and for a pool off the mask path."""
    quick = compiled_score(variant, look, rest, mode, weights, pool, limit)
    if quick is not None:
        return quick
    weight, knock, look_weight, pot_weight, draws, max_cards, credit, outs_weight = weights
    score = mask_cost(variant, look, rest, weight, credit)
    if mode == 1 and pool is not None:
        score -= pot_weight * pot(variant, look, rest, pool, draws)
    if mode != 2 or pool is None or rest.bit_count() > max_cards:
        return score
    if general is None and (variant.scoring.meld_credit or look.pool_summary(pool) is None):
        raise ValueError("discard_cost: the hand as a list and the general lookahead wanted")
    if variant.scoring.meld_credit and general is not None:
        return score - outs_weight * outs(variant, general[0](), pool)
    got = ahead(variant, look, rest, pool, limit, (weight, knock, credit))
    if got is None and general is not None:  # a pool off the mask path
        got = general[1](general[0]())
    if got is None:
        raise ValueError("discard_cost: the pool holds a card of the hand")
    score = look_weight * got + (1 - look_weight) * score
    if pot_weight and variant.knock is not None:
        score -= pot_weight * pot(variant, look, rest, pool, draws)
    return score


def compiled_score(
    variant: Variant,
    look: MaskLook,
    rest: int,
    mode: int,
    weights: Weights,
    pool: Counter[int] | None,
    limit: int | None,
) -> float | None:
    """`discard_cost` in one C call (`Look.score`), or None where the C path does not
    apply (no C kernel, meld credit, a pool off the mask path). Mode 2 with a lookahead
    weight of 1, no potential and room for every card is `SmartBot._next_turn`."""
    c = look.c
    if c is None or variant.scoring.meld_credit:
        return None
    weight, knock, look_weight, pot_weight, draws, max_cards = weights[:6]
    if mode == 0:
        got: float = c.score(rest, 0, 0, None, weight, 0.0, 0.0, 0.0, 0.0, 0)
        return got
    summary = look.pool_summary(pool) if pool is not None else None
    if summary is None or summary[0] & rest:
        return None
    if not pot_weight or (mode == 2 and variant.knock is None):
        pot_weight = 0.0  # no potential term
    got = c.score(
        rest, summary[0], mode, limit, weight, knock, look_weight, pot_weight, draws, max_cards
    )
    return got


def choose_discard(
    variant: Variant,
    look: MaskLook,
    mask: int,
    discards: Sequence[tuple[MoveText, Move]],
    dangers: dict[int, float],
    pool: Counter[int],
    limit: int | None,
    keep: int,
    weights: Weights,
) -> Move | None:
    """`SmartBot._play`'s discard in one C call (`Look.choose`): every candidate's plain
    score plus its danger, the ``keep`` best by (score, card) scored again with the
    lookahead, the least (score, card) chosen. None where a candidate is off the mask path
    (more than one card, a wild) or the C path does not apply: the caller sorts."""
    c = look.c
    summary = look.pool_summary(pool)
    if c is None or variant.scoring.meld_credit or summary is None or summary[0] & mask:
        return None
    by_card = {pm[0].cards[0]: pm[1] for pm in discards if len(pm[0].cards) == 1}
    cards = sorted(by_card)
    chosen = sum([1 << card for card in cards])
    if len(cards) != len(discards) or chosen & ~mask or not by_card.keys() <= dangers.keys():
        return None
    weight, knock, look_weight, pot_weight, draws, max_cards = weights[:6]
    if not pot_weight or variant.knock is None:
        pot_weight = 0.0  # no potential term
    card = c.choose(
        mask,
        chosen,
        [dangers[d] for d in cards],
        summary[0],
        keep,
        limit,
        weight,
        knock,
        look_weight,
        pot_weight,
        draws,
        max_cards,
    )
    return by_card[card]


def least_cost(
    variant: Variant,
    fast: tuple[MaskLook, int] | None,
    keep: Sequence[int],
    weights: Weights,
    pool: Counter[int] | None,
) -> float | None:
    """`SmartBot._best_after_discard`'s loop on the mask path in one C call (`Look.least`):
    the least `discard_cost` (mode 1 with a ``pool``, else 0) over the discards of the
    hand `fast_hand` passed, the cards of ``keep`` kept. None where the C path does not
    apply, or no card may go: the caller's loop answers."""
    if fast is None or fast[0].c is None or variant.scoring.meld_credit:
        return None
    look, mask = fast
    cards = mask & ~sum(1 << k for k in keep if 0 <= k < 52)
    pool_mask = 0
    if pool is not None:
        summary = look.pool_summary(pool)
        if summary is None or summary[0] & mask:
            return None
        pool_mask = summary[0]
    weight, knock, look_weight, pot_weight, draws, max_cards = weights[:6]
    got: float | None = look.c.least(
        mask,
        cards,
        pool_mask,
        0 if pool is None else 1,
        None,
        weight,
        knock,
        look_weight,
        pot_weight,
        draws,
        max_cards,
    )
    return got
