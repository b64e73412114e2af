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
