"""The draw's lone cards' tallies (`drawpick._lone_tallies`: the hand's lone cards and
tally read once) against `deepfloor.less_one` asked per card, on seeded hands."""

from __future__ import annotations

import random

import pytest

from rulespec.bots.deepfloor import less_one
from rulespec.bots.drawpick import _lone_tallies
from rulespec.bots.hands import deck_counts
from rulespec.compiler.load import load_variant


@pytest.mark.parametrize(
    "name", ["continental", "bridge", "carioca", "contract-rummy", "kalooki", "gin", "scala-40"]
)
def test_lone_tallies_are_less_ones(name: str) -> None:
    variant = load_variant(name)
    pack = list(deck_counts(variant, variant.min_players).elements())
    rng = random.Random(7)
    found = 0
    for _ in range(200):
        hand = rng.sample(pack, rng.choice((8, 10, 11, 13, 16)))
        cards = sorted(set(hand))
        got = _lone_tallies(variant, hand, cards)
        want = {}
        for card in cards:
            known = less_one(variant, list(hand), (card,))
            if known is not None:
                want[card] = known
        assert got == want, (name, hand)
        found += len(got)
    assert found  # some lone cards were read
