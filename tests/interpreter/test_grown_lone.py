"""A grown hand's search with the base hand's lone cards set aside (`lone_strip` in
_gensearch_walk.h) against the Python search of the whole grown hand.

The C search of a hand grown by one card searches it less the cards lone in the grown
hand; a card lone in the base hand but melding with the new card stays in, and in every
state of the grown hand without the new copy it is lone again, so the C search sets it
aside there and adds its value. These seeded hands of natural cards (wild cards in play
through jokers left in the deck, or not at all) are built so that such cards occur often:
each grown hand's (deadwood, deadwood cards, highest value) and arrangement must equal the
Python search's, and each variant's hands must hold such grown hands, so the test fails if
the strip's values or its choice of cards go wrong.

Without the extension both sides are the Python search: the comparison then checks the
Python search against itself through both entry points."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest
from interp_helpers import make_variant

from rulespec.core.cards import JOKER
from rulespec.interpreter.cards import build_deck
from rulespec.interpreter.meldrules import Tables, tables
from rulespec.interpreter.roomsearch import RoomSearch
from rulespec.model.variant import Variant

SHAPES: dict[str, dict[str, Any]] = {
    "two-decks-jokers": {
        "deck": {"decks": 2, "jokers": 4},
        "values": {"joker": 20},
        "melds": {"set": {"min": 3, "max": None, "suits": "any"}, "wild": {"cards": ["joker"]}},
    },
    "two-decks-deuces-wild-high": {
        "ace": "high",
        "deck": {"decks": 2},
        "melds": {"wild": {"cards": ["2"]}},
    },
    "one-deck-plain": {"deck": {"decks": 1}},
    "sets-only-pairs": {
        "deck": {"decks": 2},
        "melds": {"set": {"min": 2, "max": 6, "suits": "any"}, "run": False},
    },
}


@cache
def shaped(name: str) -> Variant:
    return make_variant(name, **SHAPES[name])


def lone(t: Tables, hand: list[int], card: int) -> bool:
    """Is one copy of the natural ``card`` of ``hand`` in no part within the hand?"""
    rest = list(hand)
    rest.remove(card)
    return not RoomSearch(t, rest, [card], native=False).melds(card)


def strippable(t: Tables, hand: list[int], card: int) -> bool:
    """Does a card lone in ``hand`` stop being lone once ``card`` is added?"""
    grown = [*hand, card]
    return any(lone(t, hand, x) and not lone(t, grown, x) for x in set(hand))


@pytest.mark.parametrize("name", list(SHAPES))
def test_grown_hands_with_cards_lone_before_match_python(name: str) -> None:
    variant = shaped(name)
    t = tables(variant)
    natural = [c for c in build_deck(variant, 2) if c != JOKER and not t.wild_code(c)]
    rng = random.Random(1313)
    kinds = {True: 0, False: 0}
    for i in range(10):
        hand = rng.sample(natural, 7 + i % 4)
        room = sorted({c for c in natural if c not in hand or i % 2})
        c = RoomSearch(t, hand, room)
        py = RoomSearch(t, hand, room, native=False)
        for card in room:
            if not py.melds(card):
                continue
            assert c.dead_summary(card) == py.dead_summary(card), (sorted(hand), card)
            assert c.grown_arrangement(card) == py.grown_arrangement(card), (sorted(hand), card)
            kinds[strippable(t, hand, card)] += 1
        if c.native is not None:  # every card in one C call, as the lookahead asks
            got = c.native.plus_one(room)
            dead, jv = c.dead_jokers, t.hand_values[JOKER]
            got = [(v + dead * jv, n + dead, max(w, jv) if dead else w) for v, n, w in got]
            assert got == [py.dead_summary(card) for card in room], sorted(hand)
    assert kinds[True], kinds  # (the strip asked; the other grown hands: every test of them)
