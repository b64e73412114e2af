"""Whole-hand patterns (melds.pattern_of) read the natural cards' suits and ranks as masks:
the same answers as judging the cards one by one, over random hands of variants whose
patterns ask for one suit, some ranks, a run (every ace mode), with jokers wild or not."""

from __future__ import annotations

import random

import pytest

import rulespec
from rulespec.core.cards import JOKER
from rulespec.interpreter.cards import build_deck
from rulespec.interpreter.meldrules import rank_mask, run_windows, span, tables
from rulespec.interpreter.melds import pattern_of
from rulespec.model.variant import Variant

WRAP = """
variant patterns-wrap extends bridge {
  title  "Patterns round the corner"
  source "made up: patterns with an ace that wraps and a run of given ranks"
  ace    wraps
  wild   cards 2
  pattern "top": ranks T J Q K A, run
  pattern "low": ranks A 2 3 4 5 6 7, same suit
}
"""
PLAIN = """
variant patterns-plain extends bridge {
  title  "Patterns with natural jokers"
  source "made up: jokers that are not wild fit no pattern"
  ace    high
  wild   cards none
  pattern "any run": run
}
"""


def _plain(variant: Variant, cards: list[int]) -> str | None:
    """pattern_of card by card (the reference it was made faster from)."""
    t = tables(variant)
    naturals = [c for c in cards if not t.wild_code(c)]
    for pattern in variant.melds.patterns:
        allowed = set(pattern.ranks) if pattern.ranks is not None else None
        if any(c == JOKER for c in naturals):
            continue
        if pattern.suit == "same" and len({c // 13 for c in naturals}) > 1:
            continue
        ranks = [c % 13 + 1 for c in naturals]
        if allowed is not None and not set(ranks) <= allowed:
            continue
        if pattern.run:
            if len({c // 13 for c in naturals}) > 1 or len(set(ranks)) != len(ranks):
                continue
            need = rank_mask(ranks)
            if len(cards) > 13 or span(t.line, need) > len(cards):
                continue
            if not any(
                len(w) == len(cards)
                and rank_mask(w) & need == need
                and (allowed is None or set(w) <= allowed)
                for w in run_windows(t.line)
            ):
                continue
        return pattern.name
    return None


@pytest.mark.parametrize("source", ["bridge", WRAP, PLAIN], ids=["bridge", "wrap", "plain"])
def test_pattern_of_is_the_card_by_card_answer(source: str) -> None:
    variant = rulespec.loads(source) if source.startswith("\n") else rulespec.load(source)
    rng = random.Random(source)
    deck = build_deck(variant, 2)
    fits = 0
    for _ in range(3000):
        n = rng.randint(1, 11)
        if rng.random() < 0.7:  # one suit (and jokers) most of the time: patterns do fit
            suit = rng.randrange(4)
            pool = [c for c in deck if c // 13 == suit or c == JOKER]
            cards = rng.sample(pool, min(n, len(pool)))
        else:
            cards = rng.sample(deck, n)
        got = pattern_of(variant, cards)
        assert got == _plain(variant, cards), cards
        fits += got is not None
    assert fits > 100
