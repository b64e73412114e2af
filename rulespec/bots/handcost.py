"""The smart bot's cost of a hand, the rules it reads read once (bots layer, under smart).

`SmartBot.cost` is asked of every candidate hand of every decision (10-15 thousand
hands in 30 hands of a contract game), so what it reads of the rules (the mask
path, the point unit, the count weight, pure runs, meld credit, a contract to
meet) is read once per variant and contract state into a `HandCost`; the sums
are `SmartBot.cost`'s, in the same order, so the same floats.
"""

from __future__ import annotations

from collections.abc import Sequence

from rulespec.bots.contracts import CONTRACT_WEIGHT, shortfall
from rulespec.bots.hands import melded_value, summaries_less, tally
from rulespec.bots.masklook import MaskLook, mask_look
from rulespec.bots.maskscore import EMPTY_HAND, mask_cost
from rulespec.bots.units import point_unit
from rulespec.model.variant import Variant

Tally = tuple[int, int, int]
"""(deadwood, deadwood cards, pure runs) of a hand, as `hands.tally` gives them."""


class HandCost:
    """The cost of a hand under one variant and contract state: the solver's deadwood
    (in the bots' points) plus ``weight`` per deadwood card, ``pure_weight`` per pure
    run the contract still lacks, less ``credit`` times the melded points with meld
    credit, plus `contracts.CONTRACT_WEIGHT` per card the contract lacks; the kernel's
    answer by mask on the one-deck path (`maskscore.mask_cost`, the contract's cards added
    after it: a contract's one-deck hands too)."""

    __slots__ = ("variant", "contract", "look", "weight", "unit", "want", "pure", "credit", "melds")

    def __init__(
        self, variant: Variant, contract: bool, weight: float, pure: float, credit: float
    ) -> None:
        self.variant, self.contract, self.weight = variant, contract, weight
        self.want = variant.play.contract_pure  # (`maskscore.fast_hand`'s test, read once)
        self.look: MaskLook | None = None if self.want else mask_look(variant)
        self.unit = point_unit(variant)
        self.pure, self.credit = pure, credit
        self.melds = bool(variant.scoring.meld_credit)

    def __call__(self, hand: Sequence[int], known: Tally | None = None) -> float:
        """The hand's cost (``known``: its tally, proven elsewhere)."""
        if not hand:
            return EMPTY_HAND
        look = self.look
        if look is not None:
            mask = look.mask_of(hand)
            if mask is not None:  # the one-deck path: the kernel's answer, by mask
                got = mask_cost(self.variant, look, mask, self.weight, self.credit)
                if self.contract:  # (added last, as below: the same float)
                    got += CONTRACT_WEIGHT * shortfall(self.variant, hand)
                return got
        want, variant = self.want, self.variant
        dw, count, pure = known if known else tally(variant, hand, bool(want))
        value = dw / self.unit + self.weight * count  # (`units.points`: the same division)
        if want:  # a contract asks for pure runs: aim at them before anything else
            value += self.pure * max(0, want - pure)
        if self.melds:
            value -= self.credit * (melded_value(variant, hand) / self.unit)
        if self.contract:
            value += CONTRACT_WEIGHT * shortfall(variant, hand)
        return value


def tallies_less(variant: Variant, hand: Sequence[int], cards: Sequence[int]) -> list[Tally] | None:
    """`hands.tally` of ``hand`` less one of each of ``cards`` (natural codes it holds), as
    `HandCost` asks it (pure runs counted under a pure-run contract), in order, from one
    solver call (`hands.summaries_less`); None where the tally is not a summary (a knock
    game's deadwood cards) or the solver does not take them together (ask per card). The
    same tallies, so `HandCost` given them sums the same floats."""
    pure = bool(variant.play.contract_pure)
    if variant.knock is not None and not pure:
        return None
    got = summaries_less(variant, hand, cards, pure)
    if got is None or pure:
        return got
    return [(dw, count, 0) for dw, count, _ in got]
