"""A contract's shortfall with runs in one C call (bots/shortc.py) equals the Python's.

Random hands from two decks with jokers, under every contract with runs of the bundled
games (Indian rummy's two runs, one pure, with a wild rank; Contract Rummy's one, two and
three runs, with and without a set beside) and under rules the bundled ones do not use (a
wild card per meld, wild cards that may not outnumber, sets of distinct suits beside runs,
a pure run among three): `contracts.from_state` with the C call and with it off must agree
on every hand, and the C call must have answered.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from rulespec.bots import contracts, shortc
from rulespec.compiler.load import load_variant
from rulespec.core.cards import JOKER
from rulespec.interpreter import gensearch
from rulespec.interpreter.handwild import hand_rules
from rulespec.model.schedule import for_deal

pytestmark = pytest.mark.skipif(
    gensearch.MODULE is None, reason=f"no C counted search built: {gensearch.WHY}"
)


def _run_variants() -> list[Any]:
    indian = load_variant("indian-rummy")
    contract = load_variant("contract-rummy")
    deals = [for_deal(contract, d) for d in range(8)]
    with_runs = [v for v in deals if v.play.contract_runs]
    assert {(v.play.contract_runs, bool(v.play.contract_sets)) for v in with_runs} >= {
        (1, True),
        (2, False),
        (2, True),
        (3, False),
    }
    with_set = next(v for v in with_runs if v.play.contract_runs == 2 and v.play.contract_sets)
    three = next(v for v in with_runs if v.play.contract_runs == 3)
    wild = with_set.melds.wild
    shaped = [
        dataclasses.replace(
            with_set,
            melds=dataclasses.replace(
                with_set.melds,
                wild=dataclasses.replace(wild, per_meld=1, outnumber=False),
                set=dataclasses.replace(with_set.melds.set, suits="distinct"),  # type: ignore[arg-type]
            ),
        ),
        dataclasses.replace(
            indian,
            melds=dataclasses.replace(indian.melds, wild=dataclasses.replace(wild, per_meld=2)),
        ),
        dataclasses.replace(three, play=dataclasses.replace(three.play, contract_pure=1)),
    ]
    return [hand_rules(indian, 7), *with_runs, *shaped]


def test_the_c_shortfall_equals_the_python(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(29)
    deck = [*range(52), *range(52), JOKER, JOKER]
    answered = 0
    for variant in _run_variants():
        plan = contracts.plan_of(variant)
        assert 1 <= plan.runs <= 3
        for _ in range(110):
            hand = rng.sample(deck, rng.randint(6, 15))
            state = contracts.hand_state(plan, hand)
            quick = shortc.runs_shortfall(plan, *state)
            with monkeypatch.context() as m:
                m.setattr(contracts, "runs_shortfall", lambda *a: None)
                slow = contracts.from_state(plan, *state)
            assert quick is not None and quick == slow, (variant.name, sorted(hand))
            assert contracts.from_state(plan, *state) == slow
            answered += 1
    assert answered > 0


def test_the_c_call_refuses_what_it_does_not_take() -> None:
    plan = contracts.plan_of(hand_rules(load_variant("indian-rummy"), 7))
    wilds, counts, mask, by_rank = contracts.hand_state(plan, [0, 1, 2, 20, 21])
    assert shortc.runs_shortfall(plan, wilds, [300] + counts[1:], mask, by_rank) is None  # a byte
    windows, keep, rules = shortc._pack(plan)
    module = gensearch.MODULE
    assert module.shortfall_runs(windows, keep, rules, 0, bytes(51), mask, bytes(by_rank)) is None
    assert (
        module.shortfall_runs(windows * 9, keep, rules, 0, bytes(counts), mask, bytes(13)) is None
    )
    five = (*rules[:7], 5)  # five runs: the Python's
    assert (
        module.shortfall_runs(windows, keep, five, 0, bytes(counts), mask, bytes(by_rank)) is None
    )
    with pytest.raises(TypeError):
        module.shortfall_runs(windows, keep, rules[:7], 0, bytes(counts), mask, bytes(by_rank))
