"""Decks of one's own ranks (`deck.ranks`) and big sets from several decks, in the solver.

The solver (one-deck bitmask tables and the general count search) and meld
recognition against the independent brute force of tests/bruteforce_ref.py,
which derives runs from the rank list in plain terms.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable

import pytest
from bruteforce_ref import brute_deadwood, windows
from interp_helpers import JOKERS_WILD, POSITIONAL_VALUES, SETS_ANY_SUITS, cards, make_variant

from rulespec.interpreter.cards import build_deck, deck_counts
from rulespec.interpreter.meldrules import run_windows, tables
from rulespec.interpreter.melds import meld_refusal
from rulespec.interpreter.solver import best_arrangement, deadwood
from rulespec.model.variant import Variant

FORTY = ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"]
PIQUET = ["A", "7", "8", "9", "T", "J", "Q", "K"]


def forty(ace: str = "low", **sections: object) -> Variant:
    deck = {"ranks": FORTY, **sections.pop("deck", {})}  # type: ignore[dict-item]
    return make_variant("forty", ace=ace, deck=deck, **sections)


SHAPES: list[tuple[str, Callable[[], Variant], int, int]] = [
    ("forty-low", forty, 10, 300),
    ("forty-low-13", forty, 13, 120),
    ("forty-high", lambda: forty("high"), 10, 200),
    ("forty-high-or-low", lambda: forty("high_or_low"), 10, 200),
    ("forty-wrap", lambda: forty("wrap", values=POSITIONAL_VALUES), 10, 200),
    (
        "forty-two-decks-jokers",
        lambda: forty(
            deck={"decks": 2, "jokers": 4},
            values={"joker": 20},
            melds={"set": SETS_ANY_SUITS, "wild": JOKERS_WILD},
        ),
        10,
        150,
    ),
    (
        "forty-deuces-wild",
        lambda: forty(melds={"wild": {"cards": ["2"]}}),
        10,
        150,
    ),
    ("piquet-high", lambda: make_variant("piquet", ace="high", deck={"ranks": PIQUET}), 10, 200),
    (
        "two-decks-sets-of-8",
        lambda: make_variant(
            "eights", deck={"decks": 2}, melds={"set": {"min": 3, "max": 8, "suits": "any"}}
        ),
        11,
        200,
    ),
]


@pytest.mark.parametrize(("label", "factory", "size", "count"), SHAPES, ids=[s[0] for s in SHAPES])
def test_solver_matches_brute_force_on_new_deck_shapes(
    label: str, factory: Callable[[], Variant], size: int, count: int
) -> None:
    variant = factory()
    rng = random.Random(zlib.crc32(label.encode()))
    deck = build_deck(variant, 2)
    for _ in range(count):
        hand = rng.sample(deck, size)
        expected = brute_deadwood(variant, hand)
        assert deadwood(variant, hand) == expected, hand
        assert best_arrangement(variant, hand)[0] == expected, hand


@pytest.mark.parametrize("ace", ["low", "high", "high_or_low", "wrap"])
@pytest.mark.parametrize("ranks", [FORTY, PIQUET], ids=["forty", "piquet"])
def test_run_windows_follow_the_rank_list(ace: str, ranks: list[str]) -> None:
    variant = make_variant("w", ace=ace, deck={"ranks": ranks})
    got = {frozenset(w) for w in run_windows(tables(variant).line)}
    assert got == set(windows(ace, variant.ranks))


def test_the_forty_card_pack() -> None:
    variant = forty(deck={"decks": 2, "jokers": 2})
    deck = build_deck(variant, 2)
    assert len(deck) == 2 * 40 + 2
    counts = deck_counts(variant, 2)
    assert counts[cards("8H")[0]] == 0 and counts[cards("7H")[0]] == 2
    assert sorted(set(deck) - {52}) == sorted(
        c for c in range(52) if c % 13 + 1 in (1, 2, 3, 4, 5, 6, 7, 11, 12, 13)
    )


@pytest.mark.parametrize(
    ("hand", "deadwood_value"),
    [
        ("6H 7H JH 2C 2D 2S KS", 10),  # 7 and J are next to each other
        ("5H 6H 7H JH QH KH AC 2C 3C 4C", 0),
        ("QH KH AH 2C 3C 4C", 21),  # ace low: no Q-K-A
    ],
)
def test_runs_across_the_gap(hand: str, deadwood_value: int) -> None:
    assert deadwood(forty(), cards(hand)) == deadwood_value


@pytest.mark.parametrize(
    ("placed", "message"),
    [
        ("7H 8H 9H", "deck.ranks: the pack has no 8s (8H)"),
        ("TH JH QH", "deck.ranks: the pack has no 10s (TH)"),
        ("QH KH AH", "ace: low — the ace may not stand there in a run (round the corner)"),
        ("6H 7H QH", "not a run: a run is cards of one suit in sequence, with no gaps"),
    ],
)
def test_why_not_a_meld_in_the_forty_card_pack(placed: str, message: str) -> None:
    codes = cards(placed)
    assert meld_refusal(forty(), [(c, c) for c in codes]) == message


def test_a_wild_may_not_stand_for_an_absent_rank() -> None:
    variant = forty(deck={"jokers": 2}, melds={"wild": JOKERS_WILD})
    seven, jack, joker, eight = cards("7H JH JK 8H")
    assert meld_refusal(variant, [(seven, seven), (joker, eight), (jack, jack)]) == (
        "deck.ranks: JK cannot stand for it: the pack has no 8s (8H)"
    )
    six = cards("6H")[0]
    assert meld_refusal(variant, [(six, six), (seven, seven), (joker, jack)]) is None


def test_a_set_of_eight_from_two_decks() -> None:
    variant = make_variant(
        "eights", deck={"decks": 2}, melds={"set": {"min": 3, "max": 8, "suits": "any"}}
    )
    eight_sevens = cards("7C 7D 7H 7S 7C 7D 7H 7S")
    assert meld_refusal(variant, [(c, c) for c in eight_sevens]) is None
    assert deadwood(variant, eight_sevens + cards("KS")) == 10
