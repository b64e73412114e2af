"""The lookahead of a one-deck natural hand over a two-deck pool, split by copies
(bots/splitturn.py), equals the route it replaces; its bar and its floor cut only what lies
above the bar.

Seeded smart self-play of the two-deck games (Scala 40, Kalooki): every one-deck natural
hand the lookahead is asked of is asked again with the split off (`plus_one`'s walk and
`sum_terms`, as before), and the two (total, count, ready) must be equal; with bars around
the exact score the split answers None only above the bar (and then grows no twin or wild
card), and its floor never lies above the exact score. Each shortcut must have fired.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest
from lookspy import lookaheads_asked

from rulespec.bots import deepfloor, lookahead, splitturn
from rulespec.bots.hands import dead_summary
from rulespec.bots.masklook import mask_look
from rulespec.compiler.load import load_variant
from rulespec.interpreter import plusone

CASES = [("scala-40", 36), ("kalooki", 36)]
"""(game, moves of one seeded smart self-play hand)."""


def _needs_split(variant: Any) -> None:
    look = mask_look(variant)
    if look is None or look.c is None:
        pytest.skip("no C lookahead (Look): the split is not taken, the old route answers")


def _one_deck_asked(variant: Any, moves: int, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """(hand, pool, limit, weight) of every lookahead of a one-deck natural hand asked in
    ``moves`` moves of one seeded smart self-play hand."""
    look = mask_look(variant)
    assert look is not None
    return lookaheads_asked(
        variant, moves, monkeypatch, 17, 3, lambda hand: look.mask_of(hand) is not None
    )


@pytest.mark.parametrize(("name", "moves"), CASES)
def test_the_split_equals_the_route_it_replaces(
    name: str, moves: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    variant = load_variant(name)
    _needs_split(variant)
    asked = _one_deck_asked(variant, moves, monkeypatch)
    split = 0
    for hand, pool, limit, weight in asked[:25]:
        got = lookahead.next_turn(variant, hand, pool, limit, weight)
        look = mask_look(variant)
        assert look is not None
        if splitturn.split_turn(variant, look, hand, pool, int(weight), limit) is not None:
            split += 1
        with monkeypatch.context() as m:
            m.setattr(lookahead, "split_turn", lambda *a: None)
            assert lookahead.next_turn(variant, hand, pool, limit, weight) == got, hand
        # and with a knock limit: the chances counted the same
        with monkeypatch.context() as m:
            m.setattr(lookahead, "split_turn", lambda *a: None)
            old = lookahead.next_turn(variant, hand, pool, 9, weight)
        assert lookahead.next_turn(variant, hand, pool, 9, weight) == old, hand
    assert split > 0  # the split answered (twins or jokers unseen: the mask route refused)


@pytest.mark.parametrize(("name", "moves"), CASES)
def test_the_bar_and_the_floor_cut_only_above_the_bar(
    name: str, moves: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    variant = load_variant(name)
    _needs_split(variant)
    look = mask_look(variant)
    assert look is not None
    asked = _one_deck_asked(variant, moves, monkeypatch)
    grown: list[int] = []
    real_plus_one = splitturn.plus_one

    def counting(v: Any, hand: Sequence[int], cards: Sequence[int]) -> Any:
        grown.append(len(cards))
        return real_plus_one(v, hand, cards)

    monkeypatch.setattr(splitturn, "plus_one", counting)
    knock, cut, kept, early = 5.0, 0, 0, 0
    for hand, pool, limit, weight in asked[:20]:
        for lim in (limit, 8):
            full = splitturn.split_turn(variant, look, hand, pool, int(weight), lim)
            if not full or not full[1]:
                continue
            total, count, ready = full
            score = total / count - knock * ready / count
            floor = splitturn.split_floor(variant, hand, pool, lim, weight, knock)
            assert floor is not None and floor <= score, (hand, floor, score)
            for bar in (score - 3.0, score - 1e-3, score, score + 1e-3, floor - 1.0):
                del grown[:]
                got = splitturn.split_turn(variant, look, hand, pool, int(weight), lim, bar, knock)
                if floor > bar:  # proven before any twin or wild card is grown
                    assert got is False and not grown
                    early += 1
                if got is False:
                    assert score > bar, (hand, bar, score)
                    cut += 1
                else:
                    assert got == full, (hand, bar)
                    kept += 1
    assert cut > early > 0 and kept > 0


def test_the_deep_floor_takes_the_split_and_bounds_the_lookahead() -> None:
    """`deepfloor.next_turn_floor` of a one-deck hand over a two-deck pool is the split's
    floor, with no Python walk, and lies under the lookahead's value."""
    variant = load_variant("scala-40")
    _needs_split(variant)
    hand = [0, 1, 2, 16, 20, 33, 37, 45, 49, 11]  # a run of clubs and loose cards
    pool = Counter({c: 2 for c in range(52) if c not in hand})
    pool.update({c: 1 for c in hand} | {52: 2})
    weights = (5.0, 5.0)
    floor = deepfloor.next_turn_floor(variant, hand, pool, None, weights)
    split = splitturn.split_floor(variant, hand, pool, None, *weights)
    assert floor is not None and floor == split
    total, count, ready = lookahead.next_turn(variant, hand, pool, None, 5.0)  # type: ignore[misc]
    assert floor <= total / count
    # the twins and jokers are what the floor leaves out: their terms are all it misses
    twins = [*hand, 52]
    answers = plusone.plus_one(variant, hand, twins)
    assert answers is not None
    missed = sum(
        pool[c] * (dw - worst + 5 * max(n - 1, 0)) for c, (dw, n, worst) in answers.items()
    )
    assert floor == (total - missed) / count
    for card, got in answers.items():  # kept per hand: the solver's answers
        assert got == dead_summary(variant, [*hand, card])
