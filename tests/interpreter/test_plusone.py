"""plus_one (a hand grown by each of many cards) against best_arrangement of each grown hand."""

from __future__ import annotations

import random

import pytest
from interp_helpers import deuces_wild, gin_like, make_variant, michigan_like, wrap_like

from rulespec.interpreter.plusone import plus_one
from rulespec.interpreter.solver import best_arrangement
from rulespec.model.variant import Variant

VARIANTS = [
    gin_like,
    michigan_like,
    wrap_like,
    lambda: make_variant("pairs", ace="high", melds={"set": {"min": 2, "max": None}}),
]


@pytest.mark.parametrize("factory", VARIANTS)
def test_plus_one_is_best_arrangement_of_each_grown_hand(factory: object) -> None:
    variant: Variant = factory()  # type: ignore[operator]
    rng = random.Random(7)
    for _ in range(40):
        deck = list(range(52))
        rng.shuffle(deck)
        hand, pool = deck[:10], deck[10:]
        got = plus_one(variant, hand, pool)
        assert got is not None and sorted(got) == sorted(pool)
        for card in pool:
            dw, _, dead = best_arrangement(variant, [*hand, card])
            worst = max((variant_value(variant, c) for c in dead), default=0)
            assert got[card] == (dw, len(dead), worst), (sorted(hand), card)


def variant_value(variant: Variant, code: int) -> int:
    return variant.values[code % 13 + 1]["hand"]


def test_plus_one_declines_what_it_cannot_take() -> None:
    """A duplicate, a joker or a wild-capable card: None, the caller asks the solver."""
    assert plus_one(gin_like(), [0, 1, 2], [0]) is None
    assert plus_one(gin_like(), [0, 1, 2], [52]) is None
    assert plus_one(deuces_wild(), [0, 5, 9], [14]) is None  # 14: a deuce


@pytest.mark.parametrize("factory", VARIANTS)
def test_melds_more_is_a_change_of_the_meldable_cards(factory: object) -> None:
    from rulespec.interpreter.meldrules import meldable, tables
    from rulespec.interpreter.plusone import _melds_more

    t = tables(factory())  # type: ignore[operator]
    rng = random.Random(11)
    for _ in range(300):
        hand = rng.sample(range(52), rng.choice((3, 7, 10, 14)))
        mask = sum(1 << c for c in hand)
        card = rng.choice([c for c in range(52) if c not in hand])
        changed = meldable(t, mask | 1 << card) != meldable(t, mask)
        assert _melds_more(t, mask, card) == changed, (sorted(hand), card)
