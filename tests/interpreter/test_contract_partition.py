"""Going-out contracts in the partition search: K sets, L runs, P of them pure, exactly.

`arrange.partition(..., contract=(sets, set length, runs, run length, pure))`
against a brute force that tries every split of the hand into groups
(`can_meld` of tests/bruteforce_ref.py) and counts the groups the contract
asks for: a group is a set or a run by its natural cards (two or more of
one rank, or of one suit and different ranks), pure when no wild card is in it.
Jokers are the only wild cards here, so a group's natural cards are plain.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import combinations

import pytest
from bruteforce_ref import can_meld
from interp_helpers import make_variant

from rulespec.core.cards import JOKER
from rulespec.interpreter.arrange import partition
from rulespec.interpreter.melds import meld_kind
from rulespec.model.variant import Variant

Contract = tuple[int, int, int, int, int]


def two_decks_jokers() -> Variant:
    return make_variant(
        "contract-jokers",
        deck={"decks": 2, "jokers": 4},
        melds={
            "set": {"min": 3, "max": 4},
            "run": {"min": 3, "max": None},
            "wild": {"cards": ["joker"]},
        },
    )


def brute(variant: Variant, hand: Sequence[int], contract: Contract) -> bool:
    sets_need, set_min, runs_need, run_min, pure_need = contract
    n = len(hand)

    def kind(group: list[int]) -> tuple[int, int, int]:
        natural = [c for c in group if c != JOKER]
        if len(natural) < 2:
            return (0, 0, 0)
        if natural[0] % 13 == natural[1] % 13:
            return (int(len(group) >= set_min), 0, 0)
        if len(group) < run_min:
            return (0, 0, 0)
        return (0, 1, int(len(natural) == len(group)))

    @cache
    def go(rest: int, got: tuple[int, int, int]) -> bool:
        if not rest:
            return got[0] >= sets_need and got[1] >= runs_need and got[2] >= pure_need
        low = (rest & -rest).bit_length() - 1
        others = [i for i in range(n) if rest >> i & 1 and i != low]
        for size in range(0, len(others) + 1):
            for combo in combinations(others, size):
                group = [hand[i] for i in (low, *combo)]
                if can_meld(variant, group):
                    k = kind(group)
                    now = (got[0] + k[0], got[1] + k[1], got[2] + k[2])
                    if go(rest & ~sum(1 << i for i in (low, *combo)), now):
                        return True
        return False

    return go((1 << n) - 1, (0, 0, 0))


def hands(count: int, seed: int) -> list[list[int]]:
    """Hands of three melds (runs of 3-4, sets of 3), some cards made jokers, some swapped."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        hand: list[int] = []
        for _ in range(3):
            if rng.random() < 0.6:
                suit, start, length = rng.randrange(4), rng.randrange(9), rng.choice((3, 4))
                meld = [start + i + 13 * suit for i in range(length)]
            else:
                rank = rng.randrange(13)
                meld = [rank + 13 * s for s in rng.sample(range(4), 3)]
            hand += [JOKER if rng.random() < 0.2 else c for c in meld]
        if rng.random() < 0.3:
            hand[rng.randrange(len(hand))] = rng.randrange(52)
        if Counter(hand)[JOKER] <= 4 and max(Counter(hand).values()) <= 4:
            out.append(hand)
    return out


CONTRACTS: list[Contract] = [(0, 3, 2, 3, 1), (0, 3, 2, 3, 2), (1, 3, 1, 4, 1), (0, 3, 1, 3, 0)]


@pytest.mark.parametrize("contract", CONTRACTS, ids=lambda c: "-".join(map(str, c)))
def test_contract_partition_equals_brute_force(contract: Contract) -> None:
    variant = two_decks_jokers()
    found = refused = 0
    for hand in hands(25, seed=sum(contract)):
        expected = brute(variant, hand, contract)
        got = partition(variant, hand, contract=contract)
        assert (got is not None) == expected, hand
        if got is None:
            refused += 1
            continue
        found += 1
        assert Counter(c for meld in got for c, _ in meld) == Counter(hand)
        kinds = [meld_kind(variant, meld) for meld in got]
        assert None not in kinds
        runs = [m for m, k in zip(got, kinds, strict=True) if k == "run" and len(m) >= contract[3]]
        assert len(runs) >= contract[2]
        assert sum(all(p[0] == p[1] for p in m) for m in runs) >= contract[4]
    assert found and refused  # both answers occur


def test_a_partition_asked_again_is_the_same_and_the_caller_may_keep_it() -> None:
    """A question asked again is answered from the tables' memo: the same melds, whatever
    order the cards come in, and a caller changing its list changes no later answer."""
    variant = two_decks_jokers()
    checked = 0
    for hand in hands(25, seed=sum(CONTRACTS[0])):
        first = partition(variant, hand, contract=CONTRACTS[0])
        again = partition(variant, list(reversed(hand)), contract=CONTRACTS[0])
        assert (again is None) == (first is None)
        if first is not None:
            kept = list(first)
            first.clear()
            assert partition(variant, hand, contract=CONTRACTS[0]) == kept
            checked += 1
    assert checked
