"""A hand's summaries less each of its cards in one C call (lesssearch.dead_summaries_less and
pure_summaries_less, `Layout.summaries_less` and `pure_summaries_less`) against
`solver.dead_summary` and `pure_summary` of each rest: the same answers over
random hands of two or three decks with jokers (wild or dead), wild ranks, negative values
and whole-hand patterns; the shortcut fires where the C search is built, and answers None
(ask per card) where a rest leaves the C path or there is no C search."""

from __future__ import annotations

import pytest
from test_gensearch_native import SHAPES, hands, shaped

from rulespec.compiler.load import load_variant
from rulespec.core.cards import JOKER
from rulespec.interpreter import gensearch
from rulespec.interpreter.lesssearch import dead_summaries_less, pure_summaries_less
from rulespec.interpreter.meldrules import tables
from rulespec.interpreter.search import native_layout
from rulespec.interpreter.solver import dead_summary, pure_summary
from rulespec.model.variant import Variant

BUNDLED = ["continental", "bridge", "scala-40"]  # (bridge: whole-hand patterns)


def _variant(name: str) -> Variant:
    return shaped(name) if name in SHAPES else load_variant(name)


def _less(hand: list[int], card: int) -> list[int]:
    rest = list(hand)
    rest.remove(card)
    return rest


@pytest.mark.parametrize("name", [*SHAPES, *BUNDLED])
def test_each_rest_is_the_solvers_summary(name: str) -> None:
    variant = _variant(name)
    fired = 0
    for hand in hands(variant, 17, 5, 10):
        cards = sorted({c for c in hand if c != JOKER})
        got = dead_summaries_less(variant, hand, cards)
        pure = pure_summaries_less(variant, hand, cards)
        assert (got is None) == (pure is None)
        if got is None:
            continue
        fired += 1
        assert got == [dead_summary(variant, _less(hand, c)) for c in cards], sorted(hand)
        assert pure == [pure_summary(variant, _less(hand, c)) for c in cards], sorted(hand)
    assert fired or gensearch.MODULE is None  # (no C search: always asked per card)


def test_it_fires_with_one_rest_on_the_mask_path() -> None:
    """One duplicate: the rest less that code is the solver's mask path, asked in place."""
    variant = load_variant("continental")
    hand = [0, 1, 2, 15, 15, 30, 44, 9, 22]
    cards = sorted(set(hand))
    got = dead_summaries_less(variant, hand, cards)
    assert (got is None) == (gensearch.MODULE is None)
    if got is not None:
        assert got == [dead_summary(variant, _less(hand, c)) for c in cards]
    assert dead_summaries_less(variant, [0, 1, 2, 15, 30], [0, 1]) is None  # a mask hand
    assert dead_summaries_less(variant, hand, [JOKER]) is None  # a joker changes the layout


def test_the_c_call_is_summary_per_rest_and_refuses_a_missing_card() -> None:
    t = tables(shaped("jokers-deuces-high"))
    for hand in hands(shaped("jokers-deuces-high"), 5, 4, 11):
        native = native_layout(t, hand)
        if native is None:
            assert gensearch.MODULE is None
            return
        layout, dead = native
        cards = sorted({c for c in hand if c != JOKER})
        jv = t.hand_values[JOKER]
        expected = [layout.summary(_less(hand, c), dead, jv) for c in cards]
        assert layout.summaries_less(hand, cards, dead, jv) == expected
        expected = [layout.pure_summary(_less(hand, c), dead, jv) for c in cards]
        assert layout.pure_summaries_less(hand, cards, dead, jv) == expected
        missing = next(c for c in range(52) if c not in hand)
        with pytest.raises(ValueError, match="holds no code"):
            layout.summaries_less(hand, [missing], dead, jv)
        with pytest.raises(ValueError, match="out of range"):
            layout.summaries_less(hand, [JOKER], dead, jv)


def test_without_the_extension_it_answers_none(monkeypatch: pytest.MonkeyPatch) -> None:
    variant = load_variant("continental")
    monkeypatch.setattr(gensearch, "MODULE", None)
    assert dead_summaries_less(variant, [0, 1, 2, 15, 15, 30, 30], [0, 15]) is None
    assert pure_summaries_less(variant, [0, 1, 2, 15, 15, 30, 30], [0, 15]) is None
