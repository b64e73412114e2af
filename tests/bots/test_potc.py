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


def _sum(variant: Variant, dead: int, pool: Counter[int], draws: float, c: bool) -> float:
    """`_mask_potential` afresh (no kept term or sum), with the C sum or without it."""
    partials._POOL[:] = [None] * 6
    total = partials._pool_size(variant, pool)
    kept = potc._LOOKS.get(id(variant))
    if not c:
        potc._LOOKS[id(variant)] = (variant, None)
    try:
        return partials._mask_potential(variant, dead, pool, draws, total)
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
    for _ in range(60):
        pool = Counter(rng.sample(deck, rng.randint(1, len(deck))))
        dead = sum({1 << c for c in rng.sample(range(52), rng.randint(0, 12))})
        for draws in (3.0, 1.5, 0.0):
            got = _sum(variant, dead, pool, draws, True)
            assert got == _sum(variant, dead, pool, draws, False), (dead, pool, draws)
            gains += got > 0
    assert gains > 30  # pairs with outs were summed


@needs_c
def test_the_kept_looks_are_few() -> None:
    variants = [load_variant(n) for n in sorted(bundled_names())[: potc.KEEP + 2]]
    first = potc.pot_look(variants[0])
    assert potc.pot_look(variants[0]) is first
    for variant in variants[1:]:
        potc.pot_look(variant)
    assert len(potc._LOOKS) <= potc.KEEP
