"""The lookahead's counted-search C call asked straight (`lookahead.counted_sums`, the
default route of `lookahead.expected_below`) answers as the whole route does.

Seeded smart self-play of the games whose deep discard scores take the counted search's
one C call (two decks with jokers: Continental, Bridge, Scala 40, Kalooki): every
lookahead the hand asked is asked again both ways, with no bar and with bars around the
exact answer, from fresh memos each (the answers kept by hand cleared first, so each
route grows its own hands), and the two answers must be equal to the last bit (or both
None: proven above the bar). The straight route must have been taken (else nothing was
shown), and a hand under a contract to aim at must not take it.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from lookspy import lookaheads_asked

from rulespec.bots import lookahead
from rulespec.bots.hands import dead_summary
from rulespec.compiler.load import load_variant
from rulespec.interpreter import gensearch
from rulespec.interpreter.meldrules import tables

pytestmark = pytest.mark.skipif(
    gensearch.MODULE is None, reason=f"no C counted search built: {gensearch.WHY}"
)

CASES = [("continental", 14), ("bridge", 24), ("scala-40", 30), ("kalooki", 30)]
WEIGHTS = (1.0, 2.0, 0.0, 0.0)  # (per deadwood card, a knock chance, credit, outs)


def _cost(variant: Any) -> Any:
    return lambda hand: float(dead_summary(variant, hand)[0])


@pytest.mark.parametrize(("name", "moves"), CASES)
def test_the_straight_route_answers_as_expected_below(
    name: str, moves: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    variant = load_variant(name)
    asked = lookaheads_asked(variant, moves, monkeypatch, 57, 3)
    straight = 0
    real_call = lookahead.counted_sums

    def count_call(*args: Any) -> Any:
        nonlocal straight
        got = real_call(*args)
        straight += got is not None
        return got

    compared = cut = 0
    memo = tables(variant).memo
    for hand, pool, limit, weight in asked[:30]:
        weights = (weight, *WEIGHTS[1:])
        exact = lookahead.expected_below(
            variant, hand, pool, limit, weights, False, _cost(variant), None, False
        )
        assert exact is not None
        for bar in (None, exact - 1.0, exact - 1e-9, exact + 1e-9, exact + 0.5):
            memo.pop(("p1", tuple(sorted(hand))), None)  # each route grows its own hands
            with monkeypatch.context() as m:
                m.setattr(lookahead, "counted_sums", count_call)
                got = lookahead.expected_below(
                    variant, list(hand), Counter(pool), limit, weights, False, _cost(variant), bar
                )
            memo.pop(("p1", tuple(sorted(hand))), None)
            want = lookahead.expected_below(
                variant,
                list(hand),
                Counter(pool),
                limit,
                weights,
                False,
                _cost(variant),
                bar,
                False,
            )
            cut += got is None
            if bar is None:
                assert got == want == exact
            else:
                assert (got is None) == (want is None), (hand, bar)
                if got is not None:
                    assert got == want == exact
            compared += 1
    assert compared > 0 and straight > 0 and 0 < cut < compared


def test_a_contract_takes_the_whole_route(monkeypatch: pytest.MonkeyPatch) -> None:
    variant = load_variant("continental")
    asked = lookaheads_asked(variant, 14, monkeypatch, 57, 3)
    straight = [
        lookahead.counted_sums(variant, hand, pool, limit, weight, False, None, 0.0)
        for hand, pool, limit, weight in asked[:10]
    ]
    assert any(got is not None for got in straight)
    for hand, pool, limit, weight in asked[:10]:
        assert lookahead.counted_sums(variant, hand, pool, limit, weight, True, None, 0.0) is None
