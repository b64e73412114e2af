"""The one-deck kernel (run tables, set choices) against the bitmask search and brute force."""

from __future__ import annotations

import random
from functools import cache

import pytest
from bruteforce_ref import brute_deadwood
from fastsearch_ref import FastSearch
from hypothesis import given, settings
from hypothesis import strategies as st
from interp_helpers import cards, gin_like, jokers_two_decks, make_variant, michigan_like

from rulespec.interpreter.meldrules import dead_value, meldable, tables
from rulespec.interpreter.melds import normalize
from rulespec.interpreter.runtable import kernel
from rulespec.interpreter.solver import best_arrangement, deadwood, deadwood_after_discard
from rulespec.model.variant import Variant

SHAPES = {
    "gin": {"set": {"min": 3, "max": 4}, "run": {"min": 3, "max": None}},
    "pairs-short-runs": {"set": {"min": 2, "max": None}, "run": {"min": 4, "max": 5}},
    "runs-only": {"set": False, "run": {"min": 2, "max": 3}},
    "sets-only": {"set": {"min": 3, "max": 3}, "run": False},
}
ACES = ("low", "high", "high_or_low", "wrap")


@cache
def shaped(ace: str, shape: str) -> Variant:
    return make_variant(f"{shape}-{ace}", ace=ace, melds=SHAPES[shape])


CASES = [(ace, shape) for ace in ACES for shape in SHAPES]


def search_value(variant: Variant, mask: int) -> int:
    """The bitmask search the kernel replaces (the previous solver's fast path)."""
    t = tables(variant)
    meldy = meldable(t, mask)
    value = dead_value(t, mask ^ meldy)
    return value + (FastSearch(t, meldy).value(meldy) if meldy else 0)


def search_arrangement(variant: Variant, hand: list[int]) -> tuple[int, list[object], list[int]]:
    """The previous solver's best_arrangement of a one-deck natural hand (its tie-breaking)."""
    t = tables(variant)
    mask = sum(1 << c for c in hand)
    meldy = meldable(t, mask)
    search = FastSearch(t, meldy)
    masks, dead = search.arrangement(meldy)
    dead += [c for c in range(52) if (mask ^ meldy) >> c & 1]
    melds = [normalize(variant, [(c, c) for c in range(52) if m >> c & 1]) for m in masks]
    return search_value(variant, mask), melds, sorted(dead)


@pytest.mark.parametrize(("ace", "shape"), CASES)
def test_kernel_matches_the_bitmask_search(ace: str, shape: str) -> None:
    variant = shaped(ace, shape)
    k = kernel(tables(variant))
    rng = random.Random(f"{ace}{shape}")
    for _ in range(150):
        hand = rng.sample(range(52), rng.choice((4, 7, 10, 11, 13, 18)))
        mask = sum(1 << c for c in hand)
        assert k.value(mask) == search_value(variant, mask), (ace, shape, sorted(hand))
        assert best_arrangement(variant, hand) == search_arrangement(variant, hand)


@pytest.mark.parametrize(("ace", "shape"), CASES)
def test_kernel_matches_the_brute_force(ace: str, shape: str) -> None:
    variant = shaped(ace, shape)
    rng = random.Random(f"brute{ace}{shape}")
    for _ in range(12):
        hand = rng.sample(range(52), rng.choice((7, 10, 11)))
        assert deadwood(variant, hand) == brute_deadwood(variant, hand), (ace, shape, hand)


@settings(max_examples=120, deadline=None)
@given(
    case=st.sampled_from(CASES),
    hand=st.lists(st.integers(0, 51), min_size=1, max_size=12, unique=True),
)
def test_every_discard_in_one_pass(case: tuple[str, str], hand: list[int]) -> None:
    """deadwood_after_discard's one pass equals a fresh solve of each discard (highest card
    code wins ties), and each fresh solve equals the bitmask search."""
    variant = shaped(*case)
    mask = sum(1 << c for c in hand)
    options = []
    for c in hand:
        rest = mask ^ (1 << c)
        options.append((search_value(variant, rest), -c))
    value, neg = min(options)
    assert deadwood_after_discard(variant, hand) == (value, -neg)


def test_hands_the_kernel_does_not_take_stay_exact() -> None:
    """Jokers and two decks go to the general search: still equal to the brute force."""
    rng = random.Random(13)
    variant = jokers_two_decks()
    deck = [c for c in range(52) for _ in range(2)] + [52] * 4
    for _ in range(15):
        hand = rng.sample(deck, 9)
        assert deadwood(variant, hand) == brute_deadwood(variant, hand), hand


def test_kernel_reads_hand_values_by_rank() -> None:
    """Michigan-like values (ace 15 in the hand): the run table counts them."""
    variant = michigan_like()
    hand = cards("AS KS QS 2H 2D 9C")
    assert deadwood(variant, hand) == brute_deadwood(variant, hand)
    assert deadwood(gin_like(), cards("AS 2S 3S 4S 4H 4D")) == 0


SET_RANK_HANDS = [
    "AS AH AD 2S 3S 4S 9C",  # one rank in three suits, the ace also in a run
    "7S 7H 7D 7C 8S 9S 8H 9H",  # one rank in four suits: each triple and the four
    "5S 5H 5D 6S 6H 6D 7S 7H 7D KC",  # three ranks in three suits: sets or three runs
    "QS QH QD QC KS KH KD KC JS JH TS",  # two ranks in four suits, runs through them
    "2S 2H 2D 2C 3S 3H 3D 3C 4S 4H 4D AC",  # three ranks, wrap and high aces differ
]


@pytest.mark.parametrize(("ace", "shape"), CASES)
def test_set_choices_of_several_ranks(ace: str, shape: str) -> None:
    """Hands with one to three ranks held for sets (the kernel's set-choice paths): each
    value equals the bitmask search, and the one-pass discard equals each discard solved."""
    variant = shaped(ace, shape)
    k = kernel(tables(variant))
    for text in SET_RANK_HANDS:
        hand = cards(text)
        mask = sum(1 << c for c in hand)
        assert k.value(mask) == search_value(variant, mask), (ace, shape, text)
        value, neg = min((search_value(variant, mask ^ (1 << c)), -c) for c in hand)
        assert k.after_discard(mask) == (value, -neg), (ace, shape, text)
