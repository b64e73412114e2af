"""The smart bot's shallow hand costs answer as the plain formulas do (bots/handcost.py,
bots/partials.py, hands.least_deadwood): the rules read once, the multi-deck potential as
a mask sum, the drop's losses read off the cost's answers, the same floats throughout."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest

from rulespec.bots import hands
from rulespec.bots.base import JOKER, hand_value, points
from rulespec.bots.deepfloor import less_one
from rulespec.bots.handcost import HandCost
from rulespec.bots.maskscore import fast_hand, mask_cost
from rulespec.bots.pairouts import pair_outs
from rulespec.bots.partials import dead_less, potential
from rulespec.compiler.load import load_variant
from rulespec.interpreter.game import Game
from rulespec.model.variant import Variant

GAMES = ("bridge", "indian-rummy", "contract-rummy", "scala-40", "gin")


def _deals(variant: Variant, count: int, seed: int) -> list[tuple[list[int], Counter[int]]]:
    """Random hands of 7-13 cards from the variant's own pack, each with an unseen pool."""
    deck = list(Game.new(variant, variant.min_players, seed=seed).hs.stock)
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        rng.shuffle(deck)
        size = rng.randint(7, 13)
        out.append((deck[:size], Counter(deck[size : size + 40])))
    return out


def _plain_potential(variant: Variant, hand: Sequence[int], pool: Counter[int]) -> float:
    """The pair loop `potential` ran before, over the searched deadwood cards."""
    naturals = sorted({c for c in hands.dead_cards(variant, hand)[1] if c < JOKER})
    table, _ = pair_outs(variant)
    total = sum(pool.values())
    gain = 0.0
    for i, a in enumerate(naturals):
        for b in naturals[i + 1 :]:
            outs = sum(pool[c] for c in table[a * 52 + b])
            if outs:
                chance = 1 - (1 - outs / total) ** 3.0
                gain += chance * points(variant, hand_value(variant, a) + hand_value(variant, b))
    return gain


def _plain_cost(variant: Variant, hand: Sequence[int], contract: bool) -> float:
    """`SmartBot.cost` as it was written before `HandCost` (weights 5, 12 and 1)."""
    fast = fast_hand(variant, hand, contract)
    weight = 0.0 if variant.knock is not None or variant.scoring.meld_credit else 5.0
    if fast is not None:
        return mask_cost(variant, *fast, weight, 1.0)
    want = variant.play.contract_pure
    dw, count, pure = hands.tally(variant, hand, bool(want))
    value = points(variant, dw) + weight * count
    if want:
        value += 12.0 * max(0, want - pure)
    if variant.scoring.meld_credit:
        value -= 1.0 * points(variant, hands.melded_value(variant, hand))
    if contract:
        from rulespec.bots.contracts import CONTRACT_WEIGHT, shortfall

        value += CONTRACT_WEIGHT * shortfall(variant, hand)
    return value


@pytest.mark.parametrize("name", GAMES)
def test_costs_and_potentials_answer_as_the_plain_formulas(name: str) -> None:
    variant = load_variant(name)
    weight = 0.0 if variant.knock is not None or variant.scoring.meld_credit else 5.0
    costs = {c: HandCost(variant, c, weight, 12.0, 1.0) for c in (False, True)}
    lone = 0
    for hand, pool in _deals(variant, 25, sum(map(ord, name))):
        for contract in (False, True):
            assert costs[contract](hand) == _plain_cost(variant, hand, contract), hand
        assert potential(variant, hand, pool, 3.0) == _plain_potential(variant, hand, pool)
        assert hands.least_deadwood(variant, hand) == hands.deadwood(variant, hand)
        for card in sorted(set(hand)):
            if less_one(variant, hand, (card,)) is None:
                continue
            lone += 1
            rest = list(hand)
            rest.remove(card)
            known = dead_less(variant, hand, card)
            assert potential(variant, rest, pool, 3.0, known) == _plain_potential(
                variant, rest, pool
            )
    assert costs[False]([]) == -1000.0 and hands.least_deadwood(variant, []) == 0
    if name in ("bridge", "scala-40"):  # (no wild cards: lone cards are read off the hand)
        assert lone > 5, lone


def test_the_kept_pair_terms_are_the_variants_own() -> None:
    """One pool asked under two variants whose card values differ (bridge's ace is 1,
    kalooki's 11): each answers as with a fresh pool, never with the other's kept terms."""
    rng = random.Random(5)
    bridge, kalooki = load_variant("bridge"), load_variant("kalooki")
    for _ in range(60):
        hand = rng.sample(range(52), 9)
        hand.append(hand[0])  # a repeated card: the hand's deadwood, not its mask, is summed
        pool = Counter(c for c in range(52) if c not in hand)
        for first, then in ((bridge, kalooki), (kalooki, bridge)):
            potential(first, hand, pool, 3.0)
            assert potential(then, hand, pool, 3.0) == potential(then, hand, Counter(pool), 3.0)


@pytest.mark.parametrize("name", ["contract-rummy", "carioca"])
def test_a_contracts_one_deck_hands_cost_by_mask(name: str) -> None:
    """Under a contract to meet, a one-deck natural hand is costed by mask (the kernel's
    deadwood, the contract's cards added last): the same float as the solver's tally."""
    from rulespec.model.schedule import for_deal

    rng = random.Random(name)
    for deal in (1, 2, 3):
        variant = for_deal(load_variant(name), deal)
        cost = HandCost(variant, True, 5.0, 12.0, 1.0)
        assert cost.look is not None
        naturals = [c for c in range(52) if cost.look.mask_of([c]) is not None]
        for _ in range(60):
            hand = rng.sample(naturals, rng.randint(1, 13))
            assert cost.look.mask_of(hand) is not None  # the mask path
            assert cost(hand) == _plain_cost(variant, hand, True), hand
