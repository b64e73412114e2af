"""The solver's one-deck walk in C (`interpreter/maskwalk.py`): `solver.dead_cards` and
`solver.dead_summary` of one-deck natural hands give the Python walk's answers
(`fast_arrangement`), whole-hand patterns included, over every bundled variant."""

from __future__ import annotations

import random

import pytest

from rulespec.compiler.load import bundled_names, load_variant
from rulespec.interpreter import maskwalk, native, solver
from rulespec.interpreter.meldrules import tables
from rulespec.interpreter.runtable import kernel
from rulespec.model.variant import Variant

needs_c = pytest.mark.skipif(native.MODULE is None, reason="no C extension in this run")


def _hands(variant: Variant, rng: random.Random, count: int) -> list[list[int]]:
    """Random one-deck natural hands of the variant (no wild-capable card, no duplicate),
    and for whole-hand patterns hands of one suit too (a pattern then may name them)."""
    t = tables(variant)
    codes = [c for c in range(52) if not t.not_fast >> c & 1 and c % 13 + 1 in variant.ranks]
    hands = [rng.sample(codes, rng.randint(1, min(14, len(codes)))) for _ in range(count)]
    for suit in range(4):
        same = [c for c in codes if c // 13 == suit]
        hands += [rng.sample(same, rng.randint(1, len(same))) for _ in range(count // 20)]
    return hands


def _python_walk(monkeypatch: pytest.MonkeyPatch) -> None:
    """The solver without the C walk: `fast_arrangement` in Python, as RULESPEC_NATIVE=0."""
    monkeypatch.setattr(solver, "walker", lambda k, t: None)


@needs_c
@pytest.mark.parametrize("name", sorted(bundled_names()))
def test_the_c_walk_answers_as_the_python_walk(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    variant = load_variant(name)
    t = tables(variant)
    assert maskwalk.walker(kernel(t), t) is not None  # the C walk is taken
    hands = _hands(variant, random.Random(name), 300)
    fast = [(solver.dead_cards(variant, h), solver.dead_summary(variant, h)) for h in hands]
    _python_walk(monkeypatch)
    slow = [(solver.dead_cards(variant, h), solver.dead_summary(variant, h)) for h in hands]
    assert fast == slow
    named = [h for h, (dead, _) in zip(hands, fast, strict=True) if not dead[1]]
    assert len(named) < len(hands)  # not every hand melds out


@needs_c
def test_a_pattern_still_zeroes_the_c_walk() -> None:
    """Bridge's whole-hand patterns (one suit, or J Q K alone) count the hand as melded
    after the walk's deadwood, as `best_arrangement` says."""
    variant = load_variant("bridge")
    hand = [0, 2, 4, 6, 8, 10, 12, 1, 5, 9]  # ten spades, no meld among some
    assert solver.dead_cards(variant, hand) == (0, [])
    assert solver.dead_summary(variant, hand) == (0, 0, 0)
    assert solver.best_arrangement(variant, hand)[0] == 0


def test_walkers_are_kept_few_and_by_their_kernel() -> None:
    """One walker per kernel, read back while kept; past `KEEP` kernels all are dropped."""
    variants = [load_variant(n) for n in sorted(bundled_names())[: maskwalk.KEEP + 2]]
    pairs = [(kernel(tables(v)), tables(v)) for v in variants]
    first = maskwalk.walker(*pairs[0])
    assert maskwalk.walker(*pairs[0]) is first
    for k, t in pairs[1:]:
        maskwalk.walker(k, t)
    assert len(maskwalk._WALKERS) <= maskwalk.KEEP
