"""The C memos start afresh past `KEEP_NATIVE` states between searches, same answers
(interpreter/searchshare.py).

Seeded two-deck hands with jokers are summed up by the C search twice: with the
states kept, and with the memos started afresh before every search. The answers
must be the same, and the second run must have kept fewer states (else the bound
was never applied).
"""

from __future__ import annotations

import random

import pytest

from rulespec.compiler.load import load_variant
from rulespec.core.cards import JOKER
from rulespec.interpreter import searchshare
from rulespec.interpreter.handwild import hand_rules
from rulespec.interpreter.meldrules import tables
from rulespec.interpreter.roomsearch import summary
from rulespec.interpreter.search import native_layout


def _hands(count: int) -> list[list[int]]:
    rng = random.Random(13)
    deck = [*range(52), *range(52), JOKER, JOKER]
    return [rng.sample(deck, 13) for _ in range(count)]


def test_memos_start_afresh_between_searches(monkeypatch: pytest.MonkeyPatch) -> None:
    t = tables(load_variant("continental"))
    hands = [h for h in _hands(12) if JOKER not in h]  # (one layout: no wild joker)
    monkeypatch.setattr(searchshare, "_SHARED", {})
    kept = [summary(t, hand) for hand in hands]
    grown = _kept()
    monkeypatch.setattr(searchshare, "_SHARED", {})
    # the bound the C memos have (the Python ones keep MEMO_LIMIT: RULESPEC_NATIVE=0)
    bound = "KEEP_NATIVE" if native_layout(t, hands[0]) is not None else "MEMO_LIMIT"
    monkeypatch.setattr(searchshare, bound, 1)
    monkeypatch.setattr(searchshare, "CHECK_EVERY", 1)
    assert [summary(t, hand) for hand in hands] == kept
    assert 0 < _kept() < grown


def _kept() -> int:
    """States all the shared layouts keep."""
    return sum(searchshare._states(sh) for _, sh in searchshare._SHARED.values())


def test_joker_facts_are_shared_by_wild_ranks_and_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every layout with as many jokers of one value and the same all-wild meld sizes shares
    the jokers' facts (Indian rummy: a new wild rank each deal, the same jokers); they are
    those a layout of its own works out."""
    variant = load_variant("indian-rummy")
    a, b = (tables(hand_rules(variant, rank)) for rank in (3, 9))
    assert a is not b
    monkeypatch.setattr(searchshare, "_JOKERS", {})
    for jokers in (0, 1, 2):
        sa, sb = searchshare.Shared(a, jokers, 4), searchshare.Shared(b, jokers, 4)
        assert sa.base is sb.base and sa.finished is sb.finished  # shared
        with monkeypatch.context() as m:  # a layout of its own: fresh memos
            m.setattr(searchshare, "_joker_facts", lambda *k: ({}, [()], {}))
            own = searchshare.Shared(b, jokers, 4)
        assert own.base is not sb.base
        for owed in range(-6, 12):
            assert own.base_of(owed) == sb.base_of(owed)
            if own.base_of(owed) is not None:
                assert own.finish(owed) == sb.finish(owed)
