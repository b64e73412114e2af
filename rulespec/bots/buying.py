"""When the smart bot buys the discard out of turn: the card against its penalty (bots layer).

Buying (``buy``: the top discard plus ``penalty`` cards drawn blind from the stock)
is worth it when the card brings a contract still to meet a card nearer (the first
laying down is what ends a hand's risk), or when the hand with the card beats the
hand now by more than the penalty cards are expected to cost. Each penalty card's
cost is sampled: ``SAMPLES`` unseen cards, each added to the hand with the bought
card, by the bot's own cost of a hand (deadwood, dead cards, a contract's shortfall).
A card that completes a meld or brings the contract a card nearer usually pays for
one blind card; a card that only pairs up does not. The samples come from a
generator seeded by the position: the same position gives the same answer.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

from rulespec.bots.base import Groups, Move, View
from rulespec.bots.contracts import pending, shortfall
from rulespec.bots.deepfloor import Tally, plus_one_tallies
from rulespec.model.variant import Variant

SAMPLES = 10
"""Unseen cards sampled to price one penalty card."""
MARGIN = 1.0
"""Points the buy must gain beyond the penalty's expected cost."""
BLIND_WEIGHT = 0.5
"""The share of a blind card's sampled cost counted: a card more in hand is also one more
chance at the cards still lacking, which a cost of the hand as it stands does not see."""

Cost = Callable[[Sequence[int], Tally | None], float]
"""The bot's cost of a hand, given its (deadwood, deadwood cards) where they are known."""


def buy_gain(view: View, variant: Variant, cost: Cost, pool: Counter[int], penalty: int) -> float:
    """What buying the top discard is expected to gain (negative: to lose), in cost points.
    A sampled card in no meld of the hand with it just joins its deadwood
    (`deepfloor.plus_one_tallies`): that hand's cost needs no search."""
    if view.top is None:
        return -1.0
    hand = list(view.hand)
    with_card = [*hand, view.top]
    after = cost(with_card, None)
    cards = sorted(pool.elements())
    extra = 0.0
    if penalty and cards:
        rng = random.Random(hash((tuple(sorted(hand)), view.top, len(view.history))))
        sample = rng.sample(cards, min(SAMPLES, len(cards)))
        known = plus_one_tallies(variant, with_card, sample)
        extra = sum(
            cost([*with_card, x], got) - after for x, got in zip(sample, known, strict=True)
        ) / len(sample)
    return cost(hand, None) - after - BLIND_WEIGHT * penalty * extra


def nearer(variant: Variant, view: View) -> bool:
    """Does the top discard bring the contract still to meet a card nearer?"""
    if view.top is None or not pending(view, variant):
        return False
    return shortfall(variant, [*view.hand, view.top]) < shortfall(variant, view.hand)


def claim_move(
    view: View, groups: Groups, variant: Variant, cost: Cost, pool: Counter[int]
) -> Move:
    """Buy a card that brings the contract nearer (laying it down early is what keeps a
    hand's penalty down), or whose expected gain beats ``MARGIN``; pass otherwise."""
    penalty = variant.buy.penalty if variant.buy is not None else 0
    buys = groups.get("buy")
    passes = groups.get("pass")
    if buys and (
        not passes or nearer(variant, view) or buy_gain(view, variant, cost, pool, penalty) > MARGIN
    ):
        return buys[0][1]
    return passes[0][1] if passes else buys[0][1]  # type: ignore[index]
