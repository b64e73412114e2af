"""place_wilds names the common cards' trials without analyze (wildplace.py): the same melds,
in the same order, cut at the same one under a limit, as analysing every trial
(melds.place_by_analyze), on the bundled variants with wild cards, gin (none), and made-up
ones with a wild rank, suits that must differ, a wild-card limit, wild cards that may not
outnumber and an ace that wraps."""

from __future__ import annotations

import random

import pytest

import rulespec
from rulespec.core.cards import JOKER
from rulespec.interpreter.cards import build_deck
from rulespec.interpreter.meldrules import tables
from rulespec.interpreter.melds import place_by_analyze, place_wilds
from rulespec.interpreter.wildplace import quick_placements
from rulespec.model.variant import Variant

WILD_FIVES = """
variant wild-fives extends indian-rummy {
  title  "Indian rummy, fives wild"
  source "made up: the hand's wild rank fixed at five"
  wild   cards joker 5
}
"""
DISTINCT = """
variant distinct-wild extends continental {
  title  "Sets of distinct suits, two wild cards at most, never outnumbering"
  source "made up: every wild-card limit at once"
  melds  set of 3..4 suits distinct, run of 3..
  wild   cards joker 2, at most 2 per meld, may not outnumber
  ace    wraps
}
"""
WILD = ["bridge", "carioca", "continental", "contract-rummy", "indian-rummy", "kalooki", "remik"]
SOURCES = [*WILD, "scala-40", "gin", WILD_FIVES, DISTINCT]


def _load(source: str) -> Variant:
    return rulespec.loads(source) if source.startswith("\n") else rulespec.load(source)


def _call(rng: random.Random, deck: list[int], wild: list[int]) -> tuple[list[int], list[int]]:
    """Natural cards of one rank or one suit (the listings' calls), or any; some wild cards,
    now and then a card that is not wild among them (left to analyze)."""
    naturals = [c for c in deck if c < 52]
    pick = rng.random()
    if pick < 0.4:
        rank = rng.randrange(13)
        pool = [c for c in naturals if c % 13 == rank]
    elif pick < 0.8:
        suit = rng.randrange(4)
        pool = sorted({c for c in naturals if c // 13 == suit})
    else:
        pool = naturals
    chosen = rng.sample(pool, rng.randint(0, min(5, len(pool))))
    wilds = rng.sample(wild, rng.randint(0, min(4, len(wild)))) if wild else []
    if rng.random() < 0.05:
        wilds.append(rng.choice(deck))
    return chosen, wilds


@pytest.mark.parametrize("source", SOURCES, ids=lambda s: s.split('"')[0].strip()[:24] or s)
def test_place_wilds_is_the_analysed_answer(source: str) -> None:
    variant = _load(source)
    t = tables(variant)
    deck = build_deck(variant, variant.max_players)
    wild = [c for c in deck if c == JOKER and t.wild_joker or c < 52 and t.wild_code(c)]
    rng = random.Random(source)
    quick = 0
    for _ in range(150):
        naturals, wilds = _call(rng, deck, wild)
        limit = rng.choice([None, None, 1, 2, 8])
        got = place_wilds(variant, naturals, wilds, limit)
        assert got == place_by_analyze(variant, naturals, wilds, limit), (naturals, wilds, limit)
        quick += quick_placements(t, naturals, sorted(wilds), limit) is not None
    assert quick > 50  # the shortcut answers most calls


def test_quick_placements_leaves_the_uncommon_cards_to_analyze() -> None:
    variant = _load(WILD_FIVES)
    t = tables(variant)
    seven = 6  # the seven of the first suit
    assert quick_placements(t, [seven, seven + 13], [JOKER], None)
    assert quick_placements(t, [seven], [seven + 1], None) is None  # an eight is not wild
    assert quick_placements(t, [JOKER, seven], [JOKER], None) is None  # a joker as natural
    assert quick_placements(t, [], [JOKER], None) is None  # one card
