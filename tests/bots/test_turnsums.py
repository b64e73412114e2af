"""The lookahead's sums in one C call (interpreter/plusone.turn_sums) equal the Python loop's.

Seeded smart self-play of games whose lookahead runs the counted search (two decks
with jokers, a knock game with whole-hand patterns): every
`lookahead.next_turn` asked is asked again with the one-call route off (the Python
loop over the unseen cards, `plus_one`'s answers), and the two (total, count, ready)
must be equal to the last bit (the same terms summed in the same order); so must the
sums of `plus_one`'s answers for one-deck natural hands (`sum_terms`). The answers
the C call keeps for a hand are checked against the solver's on the grown hand, and
the route must have answered (else nothing was shown). Then the call's refusals: a
code that is no card, a wild draw not yet known, a code held 7 times.
"""

from __future__ import annotations

from functools import reduce
from operator import or_
from typing import Any

import pytest
from lookspy import lookaheads_asked

from rulespec.bots import lookahead
from rulespec.bots.hands import dead_summary
from rulespec.compiler.load import load_variant
from rulespec.core.cards import JOKER
from rulespec.interpreter import gensearch, plusone
from rulespec.interpreter.meldrules import tables
from rulespec.interpreter.search import native_layout

CASES = [("continental", 12), ("bridge", 30), ("scala-40", 30), ("kalooki", 30)]
"""(game, moves of one seeded smart self-play hand; Kalooki's hands are one-deck natural
most of the time: `plus_one` answers them, `sum_terms` sums)."""

pytestmark = pytest.mark.skipif(
    gensearch.MODULE is None, reason=f"no C counted search built: {gensearch.WHY}"
)


def _lookaheads_asked(
    variant: Any, moves: int, monkeypatch: pytest.MonkeyPatch
) -> list[tuple[Any, ...]]:
    """The (hand, pool, limit, weight) of every lookahead asked in ``moves`` moves of one
    seeded smart self-play hand."""
    return lookaheads_asked(variant, moves, monkeypatch, 91, 5)


@pytest.mark.parametrize(("name", "moves"), CASES)
def test_one_call_sums_equal_the_python_loop(
    name: str, moves: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    variant = load_variant(name)
    real = lookahead.next_turn
    asked = _lookaheads_asked(variant, moves, monkeypatch)
    answered = 0
    for hand, pool, limit, weight in asked[:40]:
        got = real(variant, hand, pool, limit, weight)
        with monkeypatch.context() as m:
            m.setattr(lookahead, "turn_sums", lambda *a: None)
            m.setattr(lookahead, "sum_terms", lambda *a: None)
            assert real(variant, hand, pool, limit, weight) == got
        f = lookahead._facts(variant)
        blocked = reduce(or_, (f.touch[c] for c in hand if c < JOKER), f.wild_mask)
        sums = plusone.turn_sums(
            variant, hand, pool, blocked, dead_summary(variant, hand), weight, limit, f.unit
        )
        if sums is None:  # a one-deck natural hand: plus_one's answers summed in C
            answers = plusone.plus_one(variant, hand, [c for c in pool if blocked >> c & 1])
            assert answers is not None
            base = dead_summary(variant, hand)
            terms = plusone.sum_terms(
                variant, hand, pool, blocked, base, answers, weight, limit, f.unit
            )
            assert terms is not None
            answered += 1
            continue
        answered += 1
        if answered <= 8:  # the answers kept: the solver's
            known = plusone._answers(tables(variant), hand)
            for card in list(known)[:6]:
                assert known[card] == dead_summary(variant, [*hand, card]), (hand, card)
    assert answered > 0


def test_the_call_refuses_what_it_does_not_take() -> None:
    variant = load_variant("continental")
    t = tables(variant)
    hand = [0, 1, 2, 13, 13, 26, 30, 31, 40, 41, 44, 50, 51, JOKER]
    native = native_layout(t, hand)
    assert native is not None
    layout, dead = native
    args = (dead, t.hand_values[JOKER], 1, 1.0, None, 1)
    everything = (1 << 53) - 1
    base = dead_summary(variant, hand)
    assert layout.next_turn(hand, {53: 1}, everything, {}, base, *args) is None  # no card
    assert layout.next_turn(hand, {JOKER: 1}, everything, {}, base, *args) is None  # not known
    full = [5] * 7
    assert layout.next_turn(full, {5: 1}, everything, {}, (7, 7, 1), *args) is None  # 8 times
    assert layout.next_turn([5] * 8, {6: 1}, 0, {}, (8, 8, 1), *args) is None  # hand refused
    sums_only = (*args[:-1], 0)  # sum_terms: a card not answered is not searched
    assert layout.next_turn(hand, {20: 1}, everything, {}, base, *sums_only) is None
    # a card with no bit in blocked just joins the deadwood given: no search, nothing kept
    known: dict[int, Any] = {}
    far = layout.next_turn(hand, {20: 2}, 0, known, (9, 4, 3), dead, 2, 1, 0.5, 7, 0)
    total, count, ready = far
    assert (total, count, ready) == (2 * (9 + 1 - 3 + 0.5 * 4), 2, 2) and not known


@pytest.mark.parametrize(("name", "moves"), [CASES[0], CASES[1]])
def test_the_bar_cuts_only_what_lies_above_it(
    name: str, moves: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a bar, the one call answers False only where the lookahead lies above the bar,
    and the sums as without one elsewhere; on a cut the hands left are not grown."""
    variant = load_variant(name)
    real = lookahead.next_turn
    asked = _lookaheads_asked(variant, moves, monkeypatch)
    knock = 5.0
    cut = kept = 0
    for hand, pool, limit, weight in asked[:30]:
        full = real(variant, hand, pool, limit, weight)
        assert full is not None
        total, count, ready = full
        if not count:
            continue
        score = total / count - knock * ready / count
        for bar in (score - 2.0, score - 1e-3, score, score + 1e-3, score + 5.0, -1e9):
            plusone._answers(tables(variant), hand).clear()  # (the search asked again)
            got = real(variant, hand, pool, limit, weight, bar, knock)
            if got is None:
                assert score > bar - 1e-9, (hand, bar, score)
                cut += 1
            else:
                assert got == full, (hand, bar)
                kept += 1
    assert cut > 0 and kept > 0


def _continental_hand() -> tuple[list[int], Any, Any, Any, Any]:
    """(hand, its C layout, dead codes, its summary, the tables) of one continental hand
    with a pair of twins, as the bar tests ask the C lookahead of it."""
    t = tables(load_variant("continental"))
    hand = [0, 1, 2, 13, 13, 26, 30, 31, 40, 41, 44, 50, 51]
    native = native_layout(t, hand)
    assert native is not None
    layout, dead = native
    return hand, layout, dead, dead_summary(load_variant("continental"), hand), t


def test_the_bar_asks_for_the_wild_draws_only_when_not_proven() -> None:
    """A wild draw not known yet: True (answer it and ask again) once every natural card is
    grown and the bar is not cleared; a cut leaves the hands it did not need unsearched."""
    hand, layout, dead, base, t = _continental_hand()
    everything = (1 << 53) - 1
    pool = {JOKER: 1, 5: 1, 20: 2, 33: 1}
    args = (dead, t.hand_values[JOKER], 1, 1.0, None, 1)
    asked: dict[int, Any] = {}
    assert layout.next_turn(hand, pool, everything, asked, base, *args, 1e9, 0.0) is True
    assert set(asked) == {5, 20, 33}  # the natural cards grown first: the wild one wanted
    assert layout.next_turn(hand, pool, 0, {}, base, *args, -1.0, 0.0) is False  # far: known
    known: dict[int, Any] = {}
    assert layout.next_turn(hand, pool, everything, known, base, *args, -1e9, 0.0) is False
    assert not known  # cut before any grown hand was searched
    known[JOKER] = dead_summary(load_variant("continental"), [*hand, JOKER])
    full = layout.next_turn(hand, pool, everything, dict(known), base, *args)
    assert layout.next_turn(hand, pool, everything, known, base, *args, 1e9, 0.0) == full
    assert set(known) == {JOKER, 5, 20, 33}  # every natural card grown and kept


def test_the_floors_cut_before_any_search() -> None:
    """A natural card not yet grown counts at least the hand's lone cards of another rank
    and suit (they stay deadwood): that floor alone may prove the bar cleared."""
    variant = load_variant("continental")  # every card 1 point
    t = tables(variant)
    hand = [0, 1, 2, 16, 20, 33, 37, 45, 49]  # a run of clubs and six lone cards
    native = native_layout(t, hand)
    assert native is not None
    layout, dead = native
    base = dead_summary(variant, hand)
    args = (dead, t.hand_values[JOKER], 1, 1.0, None, 1)
    everything = (1 << 53) - 1
    pool = {3: 1}  # the 4 of clubs: 16 (its rank) may meld with it, 20 33 37 45 49 may not
    grown = dead_summary(variant, [*hand, 3])
    term = grown[0] - grown[2] + 1.0 * (grown[1] - 1)
    assert term == 10.0
    known: dict[int, Any] = {}
    assert layout.next_turn(hand, pool, everything, known, base, *args, 5.0, 0.0) is False
    assert not known  # floor (5 - 1) + 1.0 * 4 = 8 > 5: cut with no search
    assert layout.next_turn(hand, pool, everything, known, base, *args, 9.0, 0.0) is False
    assert known == {3: grown}  # 8 <= 9: grown, then 10 > 9
    assert layout.next_turn(hand, pool, everything, {}, base, *args, 10.0, 0.0) == (10.0, 1, 0)


def test_the_bar_grows_the_cards_of_most_copies_first() -> None:
    """With a bar, a card unseen in two copies is grown before the pool's earlier cards (its
    term weighs twice): some bar is proven cleared by it alone, the others not searched."""
    hand, layout, dead, base, t = _continental_hand()
    everything = (1 << 52) - 1
    pool = {5: 1, 33: 1, 20: 2}  # (the pool's order: 5 and 33 before 20)
    args = (dead, t.hand_values[JOKER], 1, 1.0, None, 1)
    total, count, _ = layout.next_turn(hand, pool, everything, {}, base, *args)
    alone = []
    for step in range(1, 400):
        bar = total / count * step / 400
        known: dict[int, Any] = {}
        got = layout.next_turn(hand, pool, everything, known, base, *args, bar, 0.0)
        if got is False and set(known) == {20}:
            alone.append(bar)
        assert got is False or got == (total, count, 0)
    assert alone


class _Int(int):
    """An int subclass: not read directly by the C call (its general reader reads it)."""


def test_kept_answers_read_the_same_in_any_form(monkeypatch: pytest.MonkeyPatch) -> None:
    """The C call reads a kept answer that is an exact tuple of ints directly and any other
    form through its general reader: the same sums either way, and the answers it stores
    are tuples of ints equal to the solver's."""
    variant = load_variant("continental")
    f = lookahead._facts(variant)
    asked = _lookaheads_asked(variant, 12, monkeypatch)
    compared = 0
    for hand, pool, limit, weight in asked[:12]:
        native = native_layout(tables(variant), hand)
        if native is None or plusone.fast_mask(tables(variant), hand) is not None:
            continue
        layout, dead = native
        blocked = reduce(or_, (f.touch[c] for c in hand if c < JOKER), f.wild_mask)
        base = dead_summary(variant, hand)
        args = (dead, tables(variant).hand_values[JOKER], f.unit, weight, limit)
        natural = {c: n for c, n in pool.items() if c < JOKER and not tables(variant).wild_code(c)}
        known: dict[int, Any] = {}
        got = layout.next_turn(hand, natural, blocked, known, base, *args, 1)
        assert got is not None and known
        for card, answer in known.items():
            assert type(answer) is tuple and all(type(x) is int for x in answer)
            assert answer == dead_summary(variant, [*hand, card])
        other = {c: tuple(_Int(x) for x in a) for c, a in known.items()}  # int subclasses
        assert layout.next_turn(hand, natural, blocked, other, base, *args, 0) == got
        compared += 1
    assert compared > 0
