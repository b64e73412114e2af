"""The shared-memo general search against the per-hand search it replaced (tests/gensearch_ref.py):
the same values, the very same arrangements (tie-breaks included), the same discards; a search
with `room` answers each grown hand as a search of that hand would."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from gensearch_ref import GeneralSearch as Reference
from interp_helpers import (
    continental_like,
    deuces_wild,
    jokers_two_decks,
    make_variant,
    remik_like,
)

from rulespec.core.cards import JOKER
from rulespec.interpreter.cards import build_deck
from rulespec.interpreter.meldrules import tables
from rulespec.interpreter.roomsearch import RoomSearch
from rulespec.interpreter.search import GeneralSearch
from rulespec.model.variant import Variant


def three_decks_deuces() -> Variant:
    """Three decks, jokers and deuces wild, sets in any suits, negative jokers."""
    return make_variant(
        "three-decks-deuces",
        deck={"decks": 3, "jokers": 3},
        values={"joker": -5},
        melds={"set": {"min": 3, "max": None, "suits": "any"}, "wild": {"cards": ["joker", "2"]}},
    )


def dead_jokers() -> Variant:
    """Two decks with jokers that are not wild (dead weight)."""
    return make_variant("dead-jokers", deck={"decks": 2, "jokers": 2}, values={"joker": 15})


CASES: list[tuple[Callable[[], Variant], int, int]] = [
    (jokers_two_decks, 13, 40),
    (continental_like, 15, 30),
    (remik_like, 13, 30),
    (deuces_wild, 10, 30),
    (three_decks_deuces, 12, 25),
    (dead_jokers, 11, 25),
]


@pytest.mark.parametrize(("factory", "size", "count"), CASES)
def test_same_values_arrangements_and_discards(
    factory: Callable[[], Variant], size: int, count: int
) -> None:
    variant = factory()
    t = tables(variant)
    rng = random.Random(size * 101 + count)
    deck = build_deck(variant, 2)
    for _ in range(count):
        hand = rng.sample(deck, size)
        ref = Reference(t, hand)
        new = GeneralSearch(t, hand)
        assert new.solve() == ref.solve(), sorted(hand)
        assert new.arrangement() == ref.arrangement(), sorted(hand)
        assert sorted(new.after_discards()) == sorted(ref.after_discards()), sorted(hand)


@pytest.mark.parametrize(("factory", "size", "count"), CASES[:4])
def test_room_answers_each_grown_hand(
    factory: Callable[[], Variant], size: int, count: int
) -> None:
    variant = factory()
    t = tables(variant)
    rng = random.Random(size * 7 + count)
    deck = build_deck(variant, 2)
    for _ in range(count // 3):
        hand = rng.sample(deck, size - 1)
        room = sorted({c for c in rng.sample(deck, 12) if c != JOKER and not t.wild_code(c)})
        new = RoomSearch(t, hand, room)
        assert new.solve() == Reference(t, hand).solve()
        for code in room:
            ref = Reference(t, [*hand, code])
            assert new.grown(code) == ref.solve(), (sorted(hand), code)
            assert new.grown_arrangement(code) == ref.arrangement(), (sorted(hand), code)


def test_room_takes_natural_cards_only() -> None:
    t = tables(deuces_wild())
    with pytest.raises(ValueError, match="natural cards only"):
        GeneralSearch(t, [0, 5], [1])  # 1: a deuce
    with pytest.raises(ValueError, match="natural cards only"):
        GeneralSearch(t, [0, 5], [JOKER])
