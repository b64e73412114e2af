"""A hand's candidate melds, remembered per hand (phases, lay).

The judge lists the melds of the mover's hand (meldgen.candidate_listing) for the
legal moves, again for the whole-hand contract test (contractfit.py), and for
each hand the way-on search reaches (the same rest of the hand after the same
melds laid in another order). The listing depends on the variant and the hand's
cards alone, so it is made once per (variant, cards) and shared; callers only
read it.
"""

from __future__ import annotations

from collections.abc import Sequence

from rulespec.interpreter.meldgen import candidate_listing
from rulespec.interpreter.melds import Meld
from rulespec.model.variant import Variant

Listing = tuple[tuple[Meld, ...], bool]
"""(the candidate melds, sorted; whether that is every meld of the hand)."""

_MEMO: dict[int, tuple[Variant, dict[tuple[int, ...], Listing]]] = {}
LIMIT = 4096
"""Hands remembered per variant before the memo starts over."""


def hand_listing(variant: Variant, hand: Sequence[int]) -> Listing:
    """`candidate_listing(variant, hand)` as a tuple, made once per variant and cards."""
    hit = _MEMO.get(id(variant))
    if hit is None or hit[0] is not variant:
        if len(_MEMO) > 32:
            _MEMO.clear()
        hit = _MEMO[id(variant)] = (variant, {})
    memo = hit[1]
    key = tuple(sorted(hand))
    got = memo.get(key)
    if got is None:
        if len(memo) >= LIMIT:
            memo.clear()
        melds, every = candidate_listing(variant, key)
        got = memo[key] = (tuple(melds), every)
    return got
