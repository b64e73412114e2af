"""The going-out partition search in C (partnative.py, _gensearch_partition.h) against the
Python search it mirrors: the very same steps (so the same partition, wild cards named
alike) over hands built from melds, with jokers and wild ranks, meld counts, going-out
contracts, a card left out and melds made before; and the C route taken where it can be.

Without the extension (no compiler, RULESPEC_NATIVE=0) there is no C route: both sides
are the Python search, and the test that the route fires says so instead of passing."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest
from interp_helpers import make_variant

from rulespec.compiler.load import load_variant
from rulespec.core.cards import JOKER
from rulespec.interpreter import gensearch, partnative
from rulespec.interpreter.meldrules import tables
from rulespec.interpreter.partsearch import _Partitioner
from rulespec.interpreter.parttally import Contract
from rulespec.model.variant import Variant

SHAPES: dict[str, dict[str, Any]] = {
    "jokers-sets-any": {
        "deck": {"decks": 2, "jokers": 4},
        "melds": {"set": {"min": 3, "max": None, "suits": "any"}, "wild": {"cards": ["joker"]}},
    },
    "deuces-one-per-meld-wrap": {
        "ace": "wrap",
        "deck": {"decks": 2},
        "melds": {"wild": {"cards": ["2"], "per_meld": 1}},
    },
    "jokers-not-outnumbering": {
        "ace": "high_or_low",
        "deck": {"decks": 2, "jokers": 2},
        "melds": {"wild": {"cards": ["joker"], "outnumber": False}},
    },
}
BUNDLED = ("continental", "indian-rummy")

COUNTS: tuple[tuple[int, ...] | None, ...] = (None, (1, 3, 5), (2, 3), (3,))
CONTRACTS: tuple[Contract | None, ...] = (None, (0, 3, 2, 3, 1), (1, 3, 1, 4, 0))


@cache
def variant_of(name: str) -> Variant:
    return load_variant(name) if name in BUNDLED else make_variant(name, **SHAPES[name])


def meld_hand(variant: Variant, rng: random.Random) -> list[int]:
    """Two to four melds (runs of one suit, sets of one rank), a card or two made wild, and
    now and then a spare card: hands that often partition, and often only just."""
    t = tables(variant)
    wilds = [c for c in range(52) if t.wild_code(c)] + ([JOKER] if t.wild_joker else [])
    hand: list[int] = []
    for _ in range(rng.randint(2, 4)):
        if rng.random() < 0.5:
            suit, start = rng.randrange(4), rng.randrange(11)
            hand += [13 * suit + r for r in range(start, min(13, start + rng.randint(3, 5)))]
        else:
            rank = rng.randrange(13)
            hand += [rank + 13 * s for s in rng.sample(range(4), 3)]
    for _ in range(rng.randint(0, 2)):
        if wilds:
            hand[rng.randrange(len(hand))] = rng.choice(wilds)
    if rng.random() < 0.5:
        hand.append(rng.randrange(52))
    return sorted(hand)


def both(
    variant: Variant, hand: list[int], counts: tuple[int, ...] | None, contract: Contract | None
) -> tuple[_Partitioner, _Partitioner]:
    """The search with its C route (where it can take it) and the Python one alone."""
    t = tables(variant)
    fast = _Partitioner(t, variant, hand, counts, None, contract)
    partnative.ENABLED = False
    try:
        slow = _Partitioner(t, variant, hand, counts, None, contract)
    finally:
        partnative.ENABLED = True
    return fast, slow


@pytest.mark.parametrize("name", [*SHAPES, *BUNDLED])
def test_the_c_route_finds_the_python_partition(name: str) -> None:
    variant = variant_of(name)
    rng = random.Random(name)
    found = routed = 0
    for i in range(24):
        hand = meld_hand(variant, rng)
        counts = COUNTS[i % len(COUNTS)]
        contract = CONTRACTS[i % len(CONTRACTS)] if i % 2 else None
        fast, slow = both(variant, hand, counts, contract)
        assert slow.native is None
        routed += fast.native is not None
        for drop in (None, frozenset(hand)):
            for made in ((), (3,)):
                got = fast.solve(hand, drop, made)
                assert got == slow.solve(hand, drop, made), (hand, counts, contract, drop, made)
                found += got is not None
        # a part of the hand, its rest after a meld: the same search serves it
        rest = hand[: len(hand) - 3]
        if rest:
            assert fast.solve(rest, frozenset(rest), (3,)) == slow.solve(
                rest, frozenset(rest), (3,)
            )
    assert found > 12  # (the hands partition often enough to compare partitions)
    assert routed == (24 if gensearch.MODULE is not None else 0)


def test_the_c_route_is_not_taken_where_it_cannot_be() -> None:
    """Size targets stay in Python; so does everything without the extension."""
    variant = variant_of("continental")
    t = tables(variant)
    hand = [0, 1, 2, 13, 14, 15, 26, 27, 28]
    sized = _Partitioner(t, variant, hand, None, ((3, 3, 3),))
    assert sized.native is None
    assert sized.solve(hand) is not None
    counted = _Partitioner(t, variant, hand, (3,), None)
    assert (counted.native is not None) == (gensearch.MODULE is not None)
    assert counted.solve(hand) is not None
    # the Python parts are made only where the Python search runs
    assert bool(counted.by_low) == (gensearch.MODULE is None)
    assert bool(sized.by_low)
