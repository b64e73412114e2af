"""`arrange.holds_contract`'s pure-run pre-test: the same answer as the full listing.

A contract with a pure run (Indian rummy's "lives") cannot be held by a hand with no
run of natural cards standing for themselves; the pre-test says so without listing
the hand's candidate melds. These tests deal random hands (two decks, the printed
jokers, a wild rank per hand, other ace modes and run lengths) and check the answer
equals the listing's, and that the shortcut both fires and lets hands through. The
listing is meldlist's remembered one, each meld's kind read from its names: the same
answer as meldgen's listing with every meld analysed.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from rulespec.compiler.load import load_variant
from rulespec.core.cards import JOKER, parse_card
from rulespec.interpreter.arrange import (
    _holds_by_listing,
    _kind,
    _pure_run_possible,
    holds_contract,
)
from rulespec.interpreter.handwild import hand_rules
from rulespec.interpreter.meldgen import candidate_melds
from rulespec.interpreter.meldlist import hand_listing
from rulespec.interpreter.melds import meld_kind
from rulespec.model.variant import Variant

DECK = list(range(52)) * 2 + [JOKER, JOKER]


def _indian(rank: int | None, **play: int) -> Variant:
    base = load_variant("indian-rummy")
    if play:
        base = dataclasses.replace(base, play=dataclasses.replace(base.play, **play))
    return hand_rules(base, rank)


def _hand(rng: random.Random) -> list[int]:
    """13 cards of two decks, half the time with a natural run or two planted."""
    if rng.random() < 0.5:
        return rng.sample(DECK, 13)
    hand: list[int] = []
    for _ in range(rng.randint(1, 2)):
        suit, low = rng.randrange(4), rng.randrange(11)
        hand += [suit * 13 + low + i for i in range(rng.randint(2, 4))]
    while len(hand) < 13:
        hand.append(rng.choice(DECK))
    return hand[:13]


@pytest.mark.parametrize(
    ("rank", "play"),
    [
        (None, {}),
        (2, {}),
        (1, {}),
        (13, {"contract_run_min": 4}),
        (7, {"contract_pure": 2}),
        (5, {"contract_sets": 1, "contract_runs": 1}),
    ],
)
def test_pretest_agrees_with_listing(rank: int | None, play: dict[str, int]) -> None:
    variant = _indian(rank, **play)
    rng = random.Random(f"{rank}{sorted(play.items())}")
    fired = passed = 0
    for _ in range(45):
        hand = _hand(rng)
        assert holds_contract(variant, hand) == _holds_by_listing(variant, hand), hand
        if _pure_run_possible(variant, hand):
            passed += 1
        else:
            fired += 1
            assert not _holds_by_listing(variant, hand)
    assert fired >= 5 and passed >= 5, (fired, passed)


def _cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def test_pretest_reads_naturals_only() -> None:
    variant = _indian(2)  # twos wild, and the printed jokers
    # jokers and twos make runs, but no natural run of three: no lives, found without listing
    wilds = _cards("AH 3H 5S 7S 9D JD 2C 2D JK JK KC QH 8C")
    assert not _pure_run_possible(variant, wilds)
    assert not holds_contract(variant, wilds)
    # a wild-rank card in its own place is natural (A-2-3 of hearts), and a second run uses wilds
    lives = _cards("AH 2H 3H 5S 6S JK 9D JD KC QH 8C 4D TC")
    assert _pure_run_possible(variant, lives)
    assert holds_contract(variant, lives)
    # the ace is high too (Q-K-A), never around the corner (K-A-2)
    assert _pure_run_possible(variant, _cards("QS KS AS"))
    assert not _pure_run_possible(variant, _cards("KS AS 2S"))


@pytest.mark.parametrize("rank", [None, 2, 1])
def test_listed_kinds_are_the_analysed_ones(rank: int | None) -> None:
    """`holds_contract`'s listing is meldgen's, and each meld's kind read from its names is
    `meld_kind`'s (so the answer is the one of analysing every meld of meldgen's listing)."""
    variant = _indian(rank)
    rng = random.Random(f"kinds{rank}")
    named = 0
    for _ in range(12):
        hand = _hand(rng)
        listed = hand_listing(variant, hand)[0]
        assert listed == tuple(candidate_melds(variant, hand))
        for meld in listed:
            assert _kind(variant, meld) == meld_kind(variant, meld), meld
            named += all(p[1] < 52 for p in meld)
    assert named > 20
