"""Whole-hand patterns' cheap mask test, before the exact one (interpreter, under solver).

Every arrangement of a hand in a variant with whole-hand patterns (`melds.patterns`)
asks whether the hand could be one; `pattern_of` answers exactly but slowly. By card
masks, `may_be_pattern_mask` says a sure "no" (a natural joker, natural cards of two
suits where every pattern wants one, or of a rank none allows), and `fits_pattern`
asks the exact test only when it cannot.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import reduce
from operator import or_

from rulespec.core.cards import JOKER
from rulespec.interpreter.meldrules import Tables
from rulespec.interpreter.melds import pattern_of
from rulespec.model.derived import Derived
from rulespec.model.variant import Variant

_BIT_OF = {c: 1 << c for c in range(53)}.__getitem__

_PATTERN_TESTS: Derived[tuple[tuple[bool, int], ...]] = Derived()
_SUIT = 0x1FFF


def _pattern_tests(variant: Variant) -> tuple[tuple[bool, int], ...]:
    """Per whole-hand pattern: (its natural cards must share a suit, the 52-bit mask of the
    codes of the ranks it allows)."""
    every = (1 << 52) - 1
    out = []
    for pattern in variant.melds.patterns:
        allowed = every
        if pattern.ranks is not None:
            allowed = sum(1 << c for c in range(52) if c % 13 + 1 in pattern.ranks)
        out.append((pattern.suit == "same" or bool(pattern.run), allowed))
    return tuple(out)


def may_be_pattern(variant: Variant, t: Tables, hand: Sequence[int]) -> bool:
    """Could `pattern_of` name a whole-hand pattern of these cards (valid codes)? False only
    when it cannot: a natural joker, or for every pattern natural cards of two suits where
    it wants one, or of a rank it lacks (`pattern_of`'s own first tests, by mask). The
    exact test is asked otherwise; every arrangement of a hand asks this."""
    return may_be_pattern_mask(variant, t, reduce(or_, map(_BIT_OF, hand), 0))


def may_be_pattern_mask(variant: Variant, t: Tables, m: int) -> bool:
    """`may_be_pattern` of the cards of mask ``m`` (a hand's codes, each bit once)."""
    if m >> JOKER & 1 and not t.wild_joker:
        return False
    nat = m & ~t.not_fast
    if not nat:
        return True
    one_suit = not nat & ~(_SUIT << 13 * (((nat & -nat).bit_length() - 1) // 13))
    for same_suit, allowed in _PATTERN_TESTS.get(variant, None, _pattern_tests, variant):
        if (one_suit or not same_suit) and not nat & ~allowed:
            return True
    return False


def fits_pattern(variant: Variant, t: Tables, hand: Sequence[int]) -> bool:
    """`pattern_of(variant, hand) is not None`, its cheap mask test first."""
    return may_be_pattern(variant, t, hand) and pattern_of(variant, hand) is not None


def fits_pattern_mask(variant: Variant, t: Tables, hand: Sequence[int], mask: int) -> bool:
    """`fits_pattern` of a hand whose codes' mask is known (``mask``: each code once), False
    at once where the variant has no whole-hand pattern."""
    return (
        bool(variant.melds.patterns)
        and may_be_pattern_mask(variant, t, mask)
        and pattern_of(variant, hand) is not None
    )
