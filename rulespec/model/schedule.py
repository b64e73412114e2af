"""The deal schedule applied: the rules in force for one deal of a match (model layer).

A variant with a schedule (`Variant.schedule`, one `DealRules` per deal) is a
family of variants, one per deal: `for_deal(variant, n)` is the variant of
deal `n`, its hand size (`deal.cards`) and first-laying-down contract
(`play.contract_*`) taken from the schedule's entry `n`. The engine is handed
that variant and never learns there was a schedule; a deal past the schedule
keeps the last entry's rules (the match ends after it: interpreter/match.py).
The variants are made once per base variant and kept while it lives.
"""

from __future__ import annotations

from dataclasses import replace

from rulespec.model.derived import Derived
from rulespec.model.variant import Variant

_MADE: Derived[tuple[Variant, ...]] = Derived()


def for_deal(variant: Variant, deal: int) -> Variant:
    """The rules of deal `deal` (from 1): the variant itself when it has no schedule."""
    if not variant.schedule:
        return variant
    made = _MADE.get(variant, None, _all_deals, variant)
    return made[min(max(deal, 1), len(made)) - 1]


def _all_deals(variant: Variant) -> tuple[Variant, ...]:
    return tuple(_one(variant, i) for i in range(len(variant.schedule)))


def _one(variant: Variant, index: int) -> Variant:
    rules = variant.schedule[index]
    play = replace(
        variant.play,
        contract_sets=rules.contract_sets,
        contract_set_min=rules.contract_set_min,
        contract_runs=rules.contract_runs,
        contract_run_min=rules.contract_run_min,
        contract_pure=rules.contract_pure,
    )
    return replace(variant, play=play, deal=replace(variant.deal, cards=rules.cards))
