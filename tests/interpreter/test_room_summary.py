"""The counted search's one-call answers (roomsearch.summary and dead_cards, solver's
pure_summary; the C layout's calls reading a hand's codes; plus_one with the dead jokers in)
against the search objects they stand in for: the same answers over random hands of two or
three decks with jokers (wild or dead), wild ranks and negative values, and the fallbacks to
Python (no extension, a field too wide for the C search)."""

from __future__ import annotations

import random

import pytest
from interp_helpers import make_variant
from test_gensearch_native import SHAPES, hands, shaped

from rulespec.core.cards import JOKER
from rulespec.interpreter import gensearch, search
from rulespec.interpreter.cards import build_deck
from rulespec.interpreter.meldrules import Tables, tables
from rulespec.interpreter.plusone import plus_one
from rulespec.interpreter.roomsearch import NONE, RoomSearch, dead_cards, summary
from rulespec.interpreter.search import GeneralSearch, native_layout
from rulespec.interpreter.solver import pure_summary


def _walked(t: Tables, hand: list[int]) -> tuple[int, int, int]:
    """The Python search's dead_summary of the hand, no highest value read as 0."""
    v, count, worst = RoomSearch(t, hand, (), native=False).dead_summary()
    return v, count, 0 if worst == NONE else worst


@pytest.mark.parametrize("name", list(SHAPES))
def test_summary_is_the_python_walk(name: str) -> None:
    variant = shaped(name)
    t = tables(variant)
    for hand in hands(variant, 31, 8, 11):
        assert summary(t, hand) == _walked(t, hand), sorted(hand)
        py = GeneralSearch(t, hand, native=False)
        steps, _, dead, _ = py.arrangement()
        assert dead_cards(t, hand) == (py.solve(), sorted(dead)), sorted(hand)
        pure = sum(not k and _pure(t, codes) for codes, k in steps)
        assert pure_summary(variant, hand) == (py.solve(), len(dead), pure), sorted(hand)
        got = native_layout(t, hand)
        assert (got is None) == (gensearch.MODULE is None), sorted(hand)
        if got is not None:  # the C layout reads the hand as GeneralSearch lays it out
            assert got[0].summary(hand, got[1], t.hand_values[JOKER]) == _walked(t, hand)
            assert GeneralSearch(t, hand).native is not None


def _pure(t: Tables, codes: tuple[int, ...]) -> bool:
    """Two or more natural cards of one suit and distinct ranks, none of a wild rank."""
    return (
        len(codes) > 1
        and not any(t.wild_code(c) for c in codes)
        and len({c // 13 for c in codes}) == 1
        and len({c % 13 for c in codes}) == len(codes)
    )


def test_summary_of_a_hand_too_wide_for_the_c_search() -> None:
    """Eight copies of one code: no C layout holds the hand, the Python search answers."""
    variant = shaped("jokers-low")
    t = tables(variant)
    hand = [5] * 8 + [18, 31, JOKER]
    native = native_layout(t, hand)
    if native is not None:
        assert native[0].summary(hand, native[1], 20) is None
        assert native[0].plus_one(hand[1:], [5], native[1], 20) is None  # 7 + one more
        assert native[0].summary([*hand[1:], -1], native[1], 20) is None  # no card code
    assert GeneralSearch(t, hand).native is None
    assert summary(t, hand) == _walked(t, hand)
    py = GeneralSearch(t, hand, native=False)
    assert dead_cards(t, hand) == (py.solve(), sorted(py.arrangement()[2]))
    assert plus_one(shaped("jokers-low"), hand[1:], [5, 18]) == {
        5: _walked(t, hand),
        18: _walked(t, [*hand[1:], 18]),
    }


def test_without_the_extension_nothing_goes_to_c(monkeypatch: pytest.MonkeyPatch) -> None:
    variant = shaped("jokers-deuces-high")
    t = tables(variant)
    hand = hands(variant, 3, 1, 11)[0]
    expected = _walked(t, hand)
    monkeypatch.setattr(gensearch, "MODULE", None)
    assert search.native_layout(t, hand) is None
    assert summary(t, hand) == expected


@pytest.mark.parametrize("name", ["sets-only-dead-jokers", "negative-kings-deuces-wild"])
def test_c_plus_one_with_dead_jokers_in(name: str) -> None:
    """plus_one(room, dead, joker) is plus_one(room) with the dead jokers added and no
    highest value read as 0, as plusone did it in Python."""
    variant = shaped(name)
    t = tables(variant)
    deck = build_deck(variant, 2)
    room = sorted({c for c in deck[::5] if c != JOKER and not t.wild_code(c)})
    for hand in hands(variant, 41, 4, 10):
        got = native_layout(t, hand)
        if got is None:  # no C search here (RULESPEC_NATIVE=0 or no compiler)
            assert gensearch.MODULE is None
            return
        layout, dead = got
        jv = t.hand_values[JOKER]
        c = GeneralSearch(t, hand, room)
        assert c.native is not None and c.dead_jokers == dead
        raw = c.native.plus_one(room)
        final = c.native.plus_one(room, dead, jv)
        assert layout.plus_one(hand, room, dead, jv) == final
        for (v, n, w), answer in zip(raw, final, strict=True):
            w = max(w, jv) if dead else w
            assert answer == (v + dead * jv, n + dead, 0 if w == NONE else w)


def test_plus_one_answers_in_the_order_asked() -> None:
    """A hand on the counted search (a joker in it) gets its grown hands keyed in the order
    the cards were asked, wild ones too (the C answers and the wild cards' own searches)."""
    variant = shaped("jokers-deuces-high")
    t = tables(variant)
    deck = build_deck(variant, 2)
    rng = random.Random(9)
    for _ in range(3):
        hand = [*rng.sample(deck, 11), JOKER]
        cards = list(dict.fromkeys(rng.sample(deck, 12)))
        got = plus_one(variant, hand, cards)
        assert got is not None and list(got) == cards
        for card in cards:
            assert got[card] == _walked(t, [*hand, card])


def test_negative_values_have_no_zero_floor() -> None:
    """With a card worth less than 0, a state's value of 0 can still be beaten: the C search
    read its zero floor from the wrong table (always on) and stopped at 0 here, where the
    dead kings make -20. Its values, walks and the split of lone cards agree with Python."""
    variant = make_variant(
        "negative-kings-free-joker",
        deck={"decks": 2, "jokers": 2},
        values={"K": -10},  # the joker worth 0: melding it saves nothing
        melds={"wild": {"cards": ["joker"]}},
    )
    t = tables(variant)
    kings = [12, 25]  # two kings, a joker (wild)
    c = GeneralSearch(t, [*kings, JOKER])
    py = GeneralSearch(t, [*kings, JOKER], native=False)
    assert c.value(c.full, 0, 0) == py.value(py.full, 0, 0) == -20
    hand = [0, 1, 14, 27, 25, 38, 51, JOKER]  # aces and deuces, kings, a joker
    assert summary(t, hand) == _walked(t, hand)
    assert c.arrangement() == py.arrangement()
    py = GeneralSearch(t, hand, native=False)
    assert dead_cards(t, hand) == (py.solve(), sorted(py.arrangement()[2]))
