"""Jokers of their own rank (melds.joker_sets): the solver and the meld listing treat the
sets of jokers apart from the other cards (interpreter/jokersets.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulespec.compiler.load import load_variant
from rulespec.core.cards import JOKER, parse_card
from rulespec.interpreter import solver
from rulespec.interpreter.jokersets import best_jokers
from rulespec.interpreter.meldgen import candidate_melds
from rulespec.interpreter.meldrules import tables

RULES = Path(__file__).resolve().parents[1] / "data" / "valid" / "rummy-joker-sets.rules"


def _hand(text: str) -> list[int]:
    return [parse_card(w) for w in text.split()]


@pytest.mark.parametrize(
    ("low", "high", "jokers", "value", "expected"),
    [
        (3, 4, 2, 20, (40, ())),  # too few: both dead
        (3, 4, 3, 20, (0, (3,))),
        (3, 4, 5, 20, (20, (4,))),  # 5 = 4 + one dead (no 2 + 3: sets hold 3 or 4)
        (3, 4, 6, 20, (0, (3, 3))),
        (3, 4, 8, 20, (0, (4, 4))),
        (3, 4, 3, -5, (-15, ())),  # a joker worth less than nothing stays dead
    ],
)
def test_best_use_of_the_jokers_alone(
    low: int, high: int, jokers: int, value: int, expected: tuple[int, tuple[int, ...]]
) -> None:
    assert best_jokers(low, high, jokers, value) == expected


@pytest.mark.parametrize(
    ("hand", "deadwood", "discard"),
    [
        ("JK JK JK 7H 8H 9H KS", 10, (0, parse_card("KS"))),
        ("JK JK 7H 8H 9H KS", 50, (30, JOKER)),  # two jokers: no set; one goes first
        ("JK JK JK JK 2C", 2, (0, parse_card("2C"))),
        ("JK JK JK JK 2C 3C", 5, (2, parse_card("3C"))),
        ("JK JK JK JK", 0, (0, JOKER)),  # jokers only: a set of four, or three after a discard
    ],
)
def test_the_solver_melds_jokers_only_with_jokers(
    hand: str, deadwood: int, discard: tuple[int, int]
) -> None:
    v = load_variant(RULES)
    cards = _hand(hand)
    assert solver.deadwood(v, cards) == deadwood
    value, melds, dead = solver.best_arrangement(v, cards)
    assert value == deadwood == sum(tables(v).hand_values[c] for c in dead)
    for meld in melds:  # a meld holds jokers only, or none
        assert all(p == (JOKER, JOKER) for p in meld) or not any(c == JOKER for c, _ in meld)
    assert solver.deadwood_after_discard(v, cards) == discard


def test_the_listing_offers_each_size_of_joker_set() -> None:
    v = load_variant(RULES)
    melds = candidate_melds(v, _hand("JK JK JK JK 7H 8H 9H"))
    sets = [m for m in melds if m[0] == (JOKER, JOKER)]
    assert sets == [((JOKER, JOKER),) * 3, ((JOKER, JOKER),) * 4]
    assert not any(JOKER in (c for c, _ in m) for m in melds if m not in sets)
