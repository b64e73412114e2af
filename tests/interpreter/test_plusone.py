"""plus_one (a hand grown by each of many cards) against best_arrangement of each grown hand."""

from __future__ import annotations

import random

import pytest
from interp_helpers import (
    bridge_like,
    continental_like,
    deuces_wild,
    gin_like,
    jokers_two_decks,
    make_variant,
    michigan_like,
    remik_like,
    wrap_like,
)

from rulespec.core.cards import JOKER
from rulespec.interpreter.cards import build_deck, is_wild
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


def test_a_lone_negative_card_is_the_worst() -> None:
    """The highest value of one deadwood card is its value, below zero too."""
    kings = [12, 25, 38, 51, 12]  # five kings: a set and one left over
    got = plus_one(negative_kings(), kings[:3], [40])  # 40: the two of spades
    assert got is not None
    dw, _, dead = best_arrangement(negative_kings(), [*kings[:3], 40])
    assert got[40] == (dw, len(dead), max(variant_value(negative_kings(), c) for c in dead))
    got = plus_one(negative_kings(), [*kings[:3], 0, 1, 2], [kings[3]])
    assert got is not None and got[kings[3]][2] == -10


def test_plus_one_declines_what_it_cannot_take() -> None:
    """A code that is no card: None, the caller asks the solver."""
    assert plus_one(gin_like(), [0, 1, 2], [53]) is None
    assert plus_one(gin_like(), [0, 1, 2], [-1]) is None


def negative_kings() -> Variant:
    """Two decks, two wild jokers, kings worth -10 (a hand of kings only has a negative worst)."""
    return make_variant(
        "negative-kings",
        deck={"decks": 2, "jokers": 2},
        values={"K": -10},
        melds={"wild": {"cards": ["joker"]}},
    )


GENERAL = [
    jokers_two_decks,
    continental_like,
    remik_like,
    deuces_wild,
    gin_like,
    negative_kings,
    bridge_like,
]


@pytest.mark.parametrize("factory", GENERAL)
def test_general_path_is_best_arrangement_of_each_grown_hand(factory: object) -> None:
    """Duplicates, jokers, wild ranks: each answer is best_arrangement's of the grown hand
    (its deadwood, how many deadwood cards, the highest of those not wild-capable)."""
    variant: Variant = factory()  # type: ignore[operator]
    rng = random.Random(13)
    deck = build_deck(variant, 2) + [JOKER] * 2
    for round_ in range(12):
        rng.shuffle(deck)
        size = 10 + round_ % 5
        hand, pool = deck[:size], deck[size : size + 24]
        if round_ % 4 == 0:  # all of one suit, or all figures: whole-hand patterns
            suit = sorted(c for c in deck if c < 52 and c // 13 == round_ % 3)
            hand, pool = suit[: size - 2], suit[size - 2 :] + [JOKER]
        got = plus_one(variant, hand, [*pool, JOKER, *hand[:2]])
        assert got is not None
        for card in {*pool, JOKER, *hand[:2]}:
            dw, _, dead = best_arrangement(variant, [*hand, card])
            worst = max(
                (variant_value(variant, c) for c in dead if not is_wild(variant, c)), default=0
            )
            assert got[card] == (dw, len(dead), worst), (sorted(hand), card)


def variant_value(variant: Variant, code: int) -> int:
    return variant.joker_values["hand"] if code == JOKER else variant.values[code % 13 + 1]["hand"]


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


def test_a_grown_hand_question_asked_again_is_the_same() -> None:
    """Two decks (the counted search): a repeat is answered from the tables' memo, the same
    as the first time, whatever the hand's order, and the caller's dict is its own."""
    variant = make_variant("two-decks", deck={"decks": 2})
    rng = random.Random(4)
    deck = build_deck(variant, 2)
    hand, pool = deck[:11], sorted(set(deck[11:40]))
    first = plus_one(variant, hand, pool)
    assert first is not None
    kept = dict(first)
    first.clear()
    rng.shuffle(hand)
    assert plus_one(variant, hand, pool) == kept
    for card in pool[:5]:
        dw, _, dead = best_arrangement(variant, [*hand, card])
        assert kept[card][:2] == (dw, len(dead))


def test_a_hand_asked_again_with_other_cards_answers_each_card() -> None:
    """The counted search keeps a hand's answers by card: asked again with some cards
    answered before and some new, each answer is still best_arrangement's of its grown
    hand, and only the cards asked come back."""
    variant = jokers_two_decks()
    rng = random.Random(9)
    deck = build_deck(variant, 2)
    for _ in range(4):
        rng.shuffle(deck)
        hand, rest = deck[:12], sorted(set(deck[12:60]))
        first, second = rest[:20], [*rest[10:30], JOKER]
        assert plus_one(variant, hand, first) is not None
        got = plus_one(variant, list(reversed(hand)), second)
        assert got is not None and sorted(got) == sorted(set(second))
        for card in second:
            dw, _, dead = best_arrangement(variant, [*hand, card])
            worst = max(
                (variant_value(variant, c) for c in dead if not is_wild(variant, c)), default=0
            )
            assert got[card] == (dw, len(dead), worst), (sorted(hand), card)
