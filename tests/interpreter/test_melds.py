"""Meld recognition tables per ace mode, wild rules, sets with repeats, places, values, lay-offs."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from itertools import combinations

import pytest
from bruteforce_ref import can_meld
from interp_helpers import (
    JOKERS_WILD,
    SETS_ANY_SUITS,
    bridge_like,
    deuces_wild,
    gin_like,
    jokers_two_decks,
    make_variant,
    michigan_like,
    remik_like,
    wrap_like,
)
from interp_helpers import (
    cards as raw,
)

from rulespec.core.cards import JOKER, parse_card, parse_placed
from rulespec.interpreter.cards import build_deck
from rulespec.interpreter.layfits import layoffs
from rulespec.interpreter.meldgen import candidate_melds
from rulespec.interpreter.meldrules import rank_mask, run_windows, windows_of
from rulespec.interpreter.melds import (
    extend,
    meld_kind,
    meld_value,
    name_wilds,
    normalize,
    pattern_of,
    places,
    unique_ok,
)
from rulespec.model.variant import Variant


def laid(text: str) -> tuple[tuple[int, int], ...]:
    return tuple(parse_placed(t) for t in text.split())


high = lambda: make_variant(ace="high")  # noqa: E731
short_runs = lambda: make_variant(melds={"run": {"min": 3, "max": 5}})  # noqa: E731
two_deck_sets = lambda: make_variant(deck={"decks": 2}, melds={"set": SETS_ANY_SUITS})  # noqa: E731

KINDS: list[tuple[str, Callable[[], Variant], str, str | None]] = [
    ("low A-2-3", gin_like, "AH 2H 3H", "run"),
    ("low Q-K-A", gin_like, "QH KH AH", None),
    ("low K-A-2", gin_like, "KH AH 2H", None),
    ("low long", gin_like, "9H TH JH QH KH", "run"),
    ("low any order", gin_like, "7H 5H 6H", "run"),
    ("low gap", gin_like, "5H 6H 8H", None),
    ("low mixed suits", gin_like, "5H 6H 7S", None),
    ("low two cards", gin_like, "5H 6H", None),
    ("set of three", gin_like, "7C 7D 7H", "set"),
    ("set of four", gin_like, "7C 7D 7H 7S", "set"),
    ("set two cards", gin_like, "7C 7D", None),
    ("set repeat distinct", gin_like, "7C 7C 7D", None),
    ("hol Q-K-A", michigan_like, "QH KH AH", "run"),
    ("hol A-2-3", michigan_like, "AH 2H 3H", "run"),
    ("hol K-A-2", michigan_like, "KH AH 2H", None),
    ("hol full suit", michigan_like, "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "run"),
    ("high Q-K-A", high, "QH KH AH", "run"),
    ("high A-2-3", high, "AH 2H 3H", None),
    ("wrap Q-K-A-2-3", wrap_like, "QH KH AH 2H 3H", "run"),
    ("wrap K-A-2", wrap_like, "2H AH KH", "run"),
    ("wrap full ring", wrap_like, "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "run"),
    ("wrap gap", wrap_like, "QH KH 2H", None),
    ("run max 5", short_runs, "2H 3H 4H 5H 6H", "run"),
    ("run over max", short_runs, "2H 3H 4H 5H 6H 7H", None),
    ("any suits repeat", two_deck_sets, "7C 7C 7D", "set"),
    ("any suits five", two_deck_sets, "7C 7C 7D 7H 7H", "set"),
    ("run with a repeat", two_deck_sets, "7H 7H 8H", None),
    ("joker in run", bridge_like, "5H JK:6H 7H", "run"),
    ("joker at end", bridge_like, "JK:4H 5H 6H", "run"),
    ("joker in set", bridge_like, "JK:7C 7D 7H", "set"),
    ("joker named wrong", bridge_like, "JK:7C 7D 8H", None),
    ("two jokers in set", bridge_like, "JK:7C JK:7D 7H", "set"),
    ("natural as wild", bridge_like, "5H 6H:7H 8H", None),
    ("joker not wild", gin_like, "5H JK:6H 7H", None),
    ("outnumber false", remik_like, "JK:5H JK:6H 7H", None),
    ("outnumber equal ok", remik_like, "JK:5H 6H 7H", "run"),
    ("deuce wild", deuces_wild, "5H 2C:6H 7H", "run"),
    ("deuce per meld", deuces_wild, "2C:5H 2D:6H 7H", None),
    ("deuce natural in run", deuces_wild, "AH 2H 3H", "run"),
    ("deuces natural set", deuces_wild, "2C 2D 2H", "set"),
    ("empty", gin_like, "", None),
]


@pytest.mark.parametrize(("label", "factory", "meld", "kind"), KINDS, ids=[k[0] for k in KINDS])
def test_meld_kind(label: str, factory: Callable[[], Variant], meld: str, kind: str | None) -> None:
    assert meld_kind(factory(), laid(meld)) == kind


def test_normalize_orders_runs_along_the_ace_mode() -> None:
    assert normalize(wrap_like(), laid("2H AH KH")) == laid("KH AH 2H")
    assert normalize(michigan_like(), laid("AH KH QH")) == laid("QH KH AH")
    assert normalize(gin_like(), laid("7S 7C 7H")) == laid("7C 7H 7S")
    assert normalize(gin_like(), laid("7S 8C 9H")) is None


PLACES = [
    (michigan_like, "QH KH AH", ["run_low", "run_middle", "run_high"]),
    (michigan_like, "AH QH KH", ["run_high", "run_low", "run_middle"]),
    (wrap_like, "KH AH 2H", ["run_low", "run_middle", "run_high"]),
    (gin_like, "7C 7D 7H", ["set", "set", "set"]),
    (gin_like, "7C 8D 7H", ["hand", "hand", "hand"]),
]


@pytest.mark.parametrize(("factory", "meld", "expected"), PLACES)
def test_places(factory: Callable[[], Variant], meld: str, expected: list[str]) -> None:
    assert places(factory(), laid(meld)) == expected


VALUES = [
    (wrap_like, "KH AH 2H", 17),
    (wrap_like, "AH 2H 3H", 6),
    (wrap_like, "QH KH AH", 30),
    (wrap_like, "AH AS AD", 45),
    (michigan_like, "AH 2H 3H", 6),
    (michigan_like, "QH KH AH", 35),
    (bridge_like, "JK:AH 2H 3H", 6),
    (bridge_like, "JK:KH KS KD", 30),
]


@pytest.mark.parametrize(("factory", "meld", "value"), VALUES)
def test_meld_value(factory: Callable[[], Variant], meld: str, value: int) -> None:
    variant = factory()
    assert meld_value(variant, laid(meld)) == value
    assert meld_value(variant, laid(meld)) == value  # asked again: the value kept per variant


EXTEND = [
    (gin_like, "5H 6H 7H", "8H", "5H 6H 7H 8H"),
    (gin_like, "5H 6H 7H", "4H", "4H 5H 6H 7H"),
    (gin_like, "5H 6H 7H", "9H", None),
    (gin_like, "5H 6H 7H", "7S", None),
    (gin_like, "7C 7D 7H", "7S", "7C 7D 7H 7S"),
    (gin_like, "JH QH KH", "AH", None),
    (wrap_like, "QH KH AH", "2H", "QH KH AH 2H"),
    (bridge_like, "5H 6H 7H", "JK:8H", "5H 6H 7H JK:8H"),
    (bridge_like, "5H 6H 7H", "JK:7H", None),
    (bridge_like, "7C 7D 7H", "7H", "7C 7D 7H 7H"),
    (remik_like, "JK:5H 6H 7H", "JK:8H", "JK:5H 6H 7H JK:8H"),
    (remik_like, "JK:5H 6H 7H JK:8H", "JK:9H", None),
    (gin_like, "5H 6H 8H", "7H", None),
]


@pytest.mark.parametrize(("factory", "meld", "card", "after"), EXTEND)
def test_extend(factory: Callable[[], Variant], meld: str, card: str, after: str | None) -> None:
    expected = None if after is None else laid(after)
    assert extend(factory(), laid(meld), parse_placed(card)) == expected


def test_name_wilds() -> None:
    assert name_wilds(bridge_like(), raw("7H 8H JK")) == sorted(
        [laid("7H 8H JK:9H"), laid("JK:6H 7H 8H")]
    )
    assert len(name_wilds(bridge_like(), raw("7H 7D JK"))) == 4  # suits may repeat
    assert name_wilds(remik_like(), raw("7H 7D JK")) == sorted(
        [laid("JK:7C 7D 7H"), laid("7D 7H JK:7S")]
    )
    assert name_wilds(remik_like(), raw("JK JK 7D")) == []
    assert name_wilds(gin_like(), raw("7H 8H JK")) == []
    assert name_wilds(gin_like(), raw("7H 8H 9H")) == [laid("7H 8H 9H")]
    deuce_namings = name_wilds(deuces_wild(), raw("AH 2H 3H"))
    assert laid("AH 2H 3H") in deuce_namings and laid("AH 2H:2H 3H") in deuce_namings
    assert laid("2H:4H AH 3H") not in deuce_namings  # not a run order
    bridge = bridge_like()
    jokers_only = name_wilds(bridge, raw("JK JK JK"))
    assert len(jokers_only) == 13 * 20 + 4 * 11  # sets: 20 suit multisets of 3; runs: 11 a suit
    assert all(meld_kind(bridge, meld) is not None for meld in jokers_only)


@pytest.mark.parametrize(
    ("factory", "size"),
    [
        (bridge_like, 10),
        (remik_like, 12),
        (deuces_wild, 10),
        (gin_like, 10),
        (jokers_two_decks, 12),
    ],
)
def test_candidate_melds_valid_and_complete(factory: Callable[[], Variant], size: int) -> None:
    variant = factory()
    rng = random.Random(size)
    deck = build_deck(variant, 2)
    for _ in range(15):
        hand = rng.sample(deck, size)
        found = candidate_melds(variant, hand)
        assert found == sorted(set(found))
        groups = set()
        for meld in found:
            assert meld_kind(variant, meld) is not None
            cards = Counter(card for card, _ in meld)
            assert not cards - Counter(hand)
            groups.add(tuple(sorted(cards.elements())))
        for n in range(3, min(size, 6) + 1):
            for combo in set(combinations(sorted(hand), n)):
                if can_meld(variant, combo):
                    assert combo in groups, combo


def test_candidate_melds_sixteen_cards_four_jokers_is_fast() -> None:
    variant = jokers_two_decks()
    rng = random.Random(4)
    deck = build_deck(variant, 2)
    naturals = [c for c in deck if c != JOKER]
    for _ in range(5):
        hand = rng.sample(naturals, 12) + [JOKER] * 4
        found = candidate_melds(variant, hand)
        assert found and all(meld_kind(variant, m) for m in found)


def test_layoffs() -> None:
    table = [laid("5H 6H 7H"), laid("7C 7D 7H")]
    assert layoffs(gin_like(), raw("8H 4H 7S KD"), table) == [
        ((parse_card("4H"), parse_card("4H")), 0),
        ((parse_card("8H"), parse_card("8H")), 0),
        ((parse_card("7S"), parse_card("7S")), 1),
    ]
    joker_plays = layoffs(bridge_like(), [JOKER], table)
    assert ((JOKER, parse_card("4H")), 0) in joker_plays
    assert ((JOKER, parse_card("8H")), 0) in joker_plays
    assert ((JOKER, parse_card("7S")), 1) in joker_plays
    assert all(index in (0, 1) for _, index in joker_plays)
    assert layoffs(gin_like(), [JOKER], table) == []


def test_unique_ok() -> None:
    remik = remik_like()
    on_table = Counter({parse_card("7H"): 1})
    assert not unique_ok(remik, on_table, [(JOKER, parse_card("7H"))], 1)
    assert unique_ok(remik, on_table, [(JOKER, parse_card("8H"))], 1)
    assert not unique_ok(remik, {}, [(JOKER, 5), (5, 5)], {5: 1})
    assert unique_ok(remik, on_table, [(JOKER, parse_card("7H"))], {parse_card("7H"): 2})
    assert unique_ok(gin_like(), on_table, [(JOKER, parse_card("7H"))], 1)


def test_pattern_of() -> None:
    bridge = bridge_like()
    assert pattern_of(bridge, raw("2H 5H 7H 9H JH KH AH 3H 8H QH")) == "colour"
    assert pattern_of(bridge, raw("JH QS KD JC")) == "figures"
    assert pattern_of(bridge, raw("2H 5H JK")) == "colour"
    assert pattern_of(bridge, raw("2H 5S")) is None
    assert pattern_of(bridge, []) is None
    full = make_variant(
        melds={
            "wild": JOKERS_WILD,
            "patterns": [{"name": "full colour", "suit": "same", "run": True}],
        },
    )
    assert pattern_of(full, raw("2H 3H JK 5H")) == "full colour"
    assert pattern_of(full, raw("2H 3H 6H")) is None
    assert pattern_of(full, raw("QH KH AH")) is None  # ace low
    assert pattern_of(gin_like(), raw("2H 3H 4H")) is None


@pytest.mark.parametrize("factory", [gin_like, bridge_like, remik_like, deuces_wild, wrap_like])
def test_layoffs_equal_every_extension(factory: Callable[[], Variant]) -> None:
    variant = factory()
    rng = random.Random(7)
    deck = build_deck(variant, 2)
    for _ in range(20):
        cards = rng.sample(deck, 14)
        table = candidate_melds(variant, cards[:8])[:6]
        hand = cards[8:]
        expected = sorted(
            ((card, sf), index)
            for index, meld in enumerate(table)
            for card in set(hand)
            for sf in range(52)
            if extend(variant, meld, (card, sf)) is not None
        )
        assert layoffs(variant, hand, table) == expected


@pytest.mark.parametrize(
    "line", ["low", "high", "high_or_low", "wrap", "low:1,2,3,4,5,6,7,11,12,13"]
)
def test_windows_of_a_length_are_the_run_windows_of_that_length(line: str) -> None:
    """meldrules.windows_of (kept per line and length, for place_wilds) filters run_windows."""
    for length in range(1, 15):
        plain = tuple((w, rank_mask(w)) for w in run_windows(line) if len(w) == length)
        assert windows_of(line, length) == plain
