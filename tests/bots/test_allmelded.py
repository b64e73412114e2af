"""`ginplay.all_melded` read off the deadwood cards against the named arrangement (seeded
hands of the general path: two decks, jokers, wild cards, a whole-hand pattern)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from rulespec.bots import ginplay
from rulespec.bots.hands import arrangement, deck_counts
from rulespec.bots.texts import card_code
from rulespec.compiler.load import load_variant
from rulespec.model.variant import Variant


def _named(variant: Variant, hand: Sequence[int], cards: Sequence[int]) -> bool:
    """The old reading: each card among the named melds' physical cards."""
    melded = [x for m in arrangement(variant, hand)[1] for x in m]
    return all(c in melded for c in cards)


@pytest.mark.parametrize(
    "name", ["continental", "bridge", "carioca", "contract-rummy", "kalooki", "scala-40"]
)
def test_all_melded_agrees_with_the_named_arrangement(name: str) -> None:
    variant = load_variant(name)
    pack = list(deck_counts(variant, variant.min_players).elements())
    rng = random.Random(13)
    answers = set()
    for _ in range(300):
        size = rng.choice((8, 10, 11, 12, 14, 16))
        hand = rng.sample(pack, size)
        for cards in (hand[:1], hand[-1:], hand[:2], hand[-3:]):
            got = ginplay.all_melded(variant, hand, cards)
            assert got == _named(variant, hand, cards), (name, hand, cards)
            answers.add(got)
    assert answers == {True, False}


def test_a_whole_hand_pattern_melds_nothing() -> None:
    """Bridge's whole-hand pattern "colour" (one suit): the arrangement names no melds, so
    no card is melded (the deadwood cards, none, would say every card is)."""
    variant = load_variant("bridge")
    hand = [card_code(t) for t in ["AS", "3S", "5S", "7S", "9S", "JS", "KS", "AS", "3S", "5S"]]
    assert arrangement(variant, hand) == (0, [], [])
    assert not ginplay.all_melded(variant, hand, hand[:1])
    assert not ginplay.all_melded(variant, hand, hand[-2:])
