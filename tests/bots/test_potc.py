"""The partial melds' potential of a deadwood mask in C for every pool (`bots/potc.py`):
`partials._mask_potential` gives the same float with the C sum as with the Python one,
over every bundled variant, pools of one to three copies, jokers counted in the size."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rulespec.bots import partials, potc
from rulespec.compiler.load import bundled_names, load_variant
from rulespec.interpreter import native
from rulespec.interpreter.game import Game
from rulespec.model.variant import Variant

needs_c = pytest.mark.skipif(native.MODULE is None, reason="no C extension in this run")


def _sums(
    variant: Variant, asks: list[tuple[int, float]], pool: Counter[int], c: bool
) -> list[float]:
    """`_mask_potential` of each (deadwood mask, draws) over one pool, in order, the pool's
    kept terms and sums fresh at the start (so later asks read the terms kept by earlier
    ones), with the C sum or without it."""
    partials._POOL[:] = [None] * 6
    total = partials._pool_size(variant, pool)
    kept = potc._LOOKS.get(id(variant))
    if not c:
        potc._LOOKS[id(variant)] = (variant, None)
    try:
        return [partials._mask_potential(variant, d, pool, draws, total) for d, draws in asks]
    finally:
        if kept is not None:
            potc._LOOKS[id(variant)] = kept
        else:
            potc._LOOKS.pop(id(variant), None)


@needs_c
@pytest.mark.parametrize("name", sorted(bundled_names()))
def test_the_c_sum_is_the_python_sum(name: str) -> None:
    variant = load_variant(name)
    assert potc.pot_look(variant) is not None  # the C sum is taken
    deck = Game.new(variant, max(variant.min_players, min(3, variant.max_players)), seed=1).hs.stock
    rng = random.Random(name)
    gains = 0
    for _ in range(30):
        pool = Counter(rng.sample(deck, rng.randint(1, len(deck))))
        asks = [
            (sum({1 << c for c in rng.sample(range(52), rng.randint(0, 12))}), draws)
            for _ in range(4)
            for draws in (3.0, 1.5, 0.0)
        ]
        asks += asks[:3]  # (asked again: the kept sums)
        got = _sums(variant, asks, pool, True)
        assert got == _sums(variant, asks, pool, False), (asks, pool)
        for one in range(len(asks)):  # each alone, from a fresh pool: no kept term read
            assert got[one] == _sums(variant, asks[one : one + 1], pool, False)[0]
        gains += sum(g > 0 for g in got)
    assert gains > 30  # pairs with outs were summed


@needs_c
def test_the_kept_looks_are_few() -> None:
    variants = [load_variant(n) for n in sorted(bundled_names())[: potc.KEEP + 2]]
    first = potc.pot_look(variants[0])
    assert potc.pot_look(variants[0]) is first
    for variant in variants[1:]:
        potc.pot_look(variant)
    assert len(potc._LOOKS) <= potc.KEEP


@needs_c
def test_a_pool_of_more_than_eight_copies_is_summed_in_python() -> None:
    variant = load_variant("bridge")
    pool = Counter({c: 9 if c == 1 else 2 for c in range(53)})
    dead = 1 << 0 | 1 << 2 | 1 << 13
    look = potc.pot_look(variant)
    assert look.pot_dead(dead, pool, pool.total(), 3.0, 1.0, 10**9) is None
    asks = [(dead, 3.0)]
    got = _sums(variant, asks, pool, True)
    assert got == _sums(variant, asks, pool, False) and got[0] > 0
