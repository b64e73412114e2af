"""The deadwood solver against an independent brute force; hand-picked cases, partitions."""

from __future__ import annotations

import random
import zlib
from collections import Counter
from collections.abc import Callable

import pytest
from bruteforce_ref import brute_deadwood
from interp_helpers import (
    SETS_ANY_SUITS,
    bridge_like,
    cards,
    continental_like,
    deuces_wild,
    gin_like,
    jokers_two_decks,
    make_variant,
    michigan_like,
    remik_like,
    wrap_like,
)

from rulespec.core.cards import JOKER, parse_card
from rulespec.core.errors import PositionError
from rulespec.interpreter.arrange import best_layoff, partition
from rulespec.interpreter.cards import build_deck, hand_value
from rulespec.interpreter.melds import meld_kind
from rulespec.interpreter.solver import (
    best_arrangement,
    deadwood,
    deadwood_after_discard,
    penalty,
)
from rulespec.model.variant import Variant


def random_hands(variant: Variant, size: int, count: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    deck = build_deck(variant, 2)
    return [rng.sample(deck, size) for _ in range(count)]


def check_arrangement(variant: Variant, hand: list[int]) -> int:
    """best_arrangement must be a real arrangement of this hand worth its deadwood."""
    value, melds, dead = best_arrangement(variant, hand)
    used: Counter[int] = Counter(dead)
    for meld in melds:
        assert meld_kind(variant, meld) is not None, meld
        used.update(card for card, _ in meld)
    if melds or dead:
        assert used == Counter(hand)
        assert value == sum(hand_value(variant, c) for c in dead)
    return value


EXACTNESS: list[tuple[str, Callable[[], Variant], int, int]] = [
    ("gin-like", gin_like, 10, 1500),
    ("gin-like-11", gin_like, 11, 400),
    ("michigan-like", michigan_like, 10, 400),
    ("wrap", wrap_like, 10, 400),
    ("jokers-two-decks", jokers_two_decks, 10, 500),
    ("jokers-two-decks-13", jokers_two_decks, 13, 120),
    ("remik-like", remik_like, 12, 250),
    ("deuces-wild", deuces_wild, 10, 300),
    ("continental-like", continental_like, 12, 120),
    (
        "runs-max-5-sets-any-3",
        lambda: make_variant(
            deck={"decks": 3},
            melds={"set": {"min": 3, "max": 3, "suits": "any"}, "run": {"min": 3, "max": 5}},
        ),
        11,
        300,
    ),
    ("high", lambda: make_variant(ace="high"), 10, 300),
]


@pytest.mark.parametrize(
    ("label", "factory", "size", "count"), EXACTNESS, ids=[e[0] for e in EXACTNESS]
)
def test_exact_against_brute_force(
    label: str, factory: Callable[[], Variant], size: int, count: int
) -> None:
    variant = factory()
    for hand in random_hands(variant, size, count, seed=zlib.crc32(label.encode())):
        expected = brute_deadwood(variant, hand)
        assert deadwood(variant, hand) == expected, hand
        assert check_arrangement(variant, hand) == expected, hand


def test_sixteen_card_hands_with_jokers_stay_fast_and_exact() -> None:
    variant = continental_like()
    rng = random.Random(16)
    deck = build_deck(variant, 2) + [JOKER, JOKER]  # four jokers in play
    for _ in range(25):
        hand = rng.sample(deck, 16)
        assert deadwood(variant, hand) == brute_deadwood(variant, hand)


HAND_PICKED: list[tuple[str, Callable[[], Variant], str, int]] = [
    ("gin zero", gin_like, "AC 2C 3C 4D 4H 4S 9H TH JH QH", 0),
    ("gin king left", gin_like, "AC 2C 3C 4D 4H 4S 9H TH JH KS", 10),
    ("overlap 7s or run", gin_like, "5H 6H 7H 7C 7D 7S KS KC QD 2C", 32),
    ("no K-A-2 in low", gin_like, "QH KH AH 2H 3H 9C 9D 5S 6S 8D", 57),
    ("K-A-2 in wrap", wrap_like, "QH KH AH 2H 3H 9C 9D 5S 6S 8D", 37),
    ("wrap ring", wrap_like, "JH QH KH AH 2H 9C 9D 5S 6S 8D", 37),
    ("michigan ace in hand is 15", michigan_like, "AH 5C 9D", 29),
    ("michigan Q-K-A", michigan_like, "QH KH AH 5C", 5),
    ("joker fills a gap", jokers_two_decks, "5H JK 7H 9C 9C 9D KS", 10),
    ("joker stands for a used 7", jokers_two_decks, "5H 6H 7H 7C 7D JK", 0),
    ("two jokers make a meld alone with one card", jokers_two_decks, "JK JK 4S", 0),
    ("jokers alone", jokers_two_decks, "JK JK JK", 0),
    ("remik jokers may not outnumber", remik_like, "JK JK 4S", 44),
    ("remik one joker one natural", remik_like, "JK 4S 5S", 0),
    ("bridge colour pattern", bridge_like, "2H 5H 7H 9H JH KH AH 3H 8H QH", 0),
    ("bridge figures", bridge_like, "JH QS KD JC", 0),
    ("deuce plays wild", deuces_wild, "5H 2C 7H", 0),
    ("deuce per meld 1", deuces_wild, "5H 2C 2D", 9),
]


@pytest.mark.parametrize(
    ("label", "factory", "hand", "expected"), HAND_PICKED, ids=[h[0] for h in HAND_PICKED]
)
def test_hand_picked(label: str, factory: Callable[[], Variant], hand: str, expected: int) -> None:
    variant = factory()
    assert deadwood(variant, cards(hand)) == expected
    assert check_arrangement(variant, cards(hand)) == expected


def test_deadwood_after_discard_matches_every_discard() -> None:
    variant = gin_like()
    for hand in random_hands(variant, 11, 300, seed=11):
        value, card = deadwood_after_discard(variant, hand)
        rest = list(hand)
        rest.remove(card)
        assert deadwood(variant, rest) == value
        assert value == min(brute_deadwood(variant, [c for c in hand if c != d]) for d in hand)


@pytest.mark.parametrize(
    "factory",
    [
        jokers_two_decks,
        deuces_wild,
        bridge_like,
        lambda: make_variant(deck={"jokers": 2}, values={"joker": 15}),
    ],
)
def test_deadwood_after_discard_with_wild_and_dead_cards(factory: Callable[[], Variant]) -> None:
    variant = factory()
    deck = build_deck(variant, 2)
    rng = random.Random(12)
    for _ in range(40):
        hand = rng.sample(deck, 11)
        value, card = deadwood_after_discard(variant, hand)
        rest = list(hand)
        rest.remove(card)
        assert value == deadwood(variant, rest)
        assert value == min(deadwood(variant, hand[:i] + hand[i + 1 :]) for i in range(11))


def test_penalty_hand_deadwood_and_ranks_once() -> None:
    boat = make_variant(
        ace="wrap",
        values={"A": 11},
        scoring={"penalty": "hand", "ranks_once": True},
    )
    assert penalty(boat, cards("9C 7H 9D QD")) == 26
    assert penalty(boat, cards("AH AS")) == 11
    assert penalty(boat, cards("8S")) == 8
    plain = gin_like()
    assert penalty(plain, cards("9C 7H 9D QD")) == 35
    by_deadwood = make_variant(scoring={"penalty": "deadwood"})
    assert penalty(by_deadwood, cards("AC 2C 3C KS")) == 10


def test_partition_continental() -> None:
    variant = continental_like()
    hand = cards("5H 6H 7H 7C 7D JK 9S 9S 9D KC KC KH QH JH JK")
    melds = partition(variant, hand, melds_counts=(1, 3, 5))
    assert melds is not None and len(melds) in (1, 3, 5)
    laid = Counter(card for meld in melds for card, _ in meld)
    assert laid == Counter(hand)
    assert all(meld_kind(variant, m) for m in melds)
    assert partition(variant, hand, sizes=[[4, 4, 4, 3]]) is None
    assert partition(variant, cards("5H 6H 7H 8C"), melds_counts=(1,)) is None
    five = partition(variant, cards("3C 4C 5C 6C 7C 8C"), sizes=[[3, 3]])
    assert five is not None and sorted(len(m) for m in five) == [3, 3]
    assert partition(variant, cards("3C 4C 5C 6C 7C 8C"), melds_counts=(1,)) is not None


def test_best_layoff_chains_on_a_run() -> None:
    variant = gin_like()
    run = tuple((c, c) for c in cards("2H 3H 4H"))
    nines = tuple((c, c) for c in cards("9S 9H 9C"))
    value, plays = best_layoff(variant, cards("5H 6H 9C 9D"), [run, nines])
    assert value == 9  # 9C cannot join a set that holds 9C already
    assert [p for p, _ in plays] == [(c, c) for c in cards("9D 5H 6H")]
    value, plays = best_layoff(variant, cards("6H 9D KS"), [run, nines])
    assert value == 16 and len(plays) == 1  # 6H cannot reach 4H


def test_partition_sizes_and_wild_only_melds() -> None:
    variant = jokers_two_decks()
    hand = cards("3C 4C 5C 6C 7C 8C JK JK JK")
    melds = partition(variant, hand, sizes=[[3, 3, 3]])
    assert melds is not None and sorted(len(m) for m in melds) == [3, 3, 3]
    assert Counter(card for meld in melds for card, _ in meld) == Counter(hand)
    assert partition(remik_like(), cards("3C 4C 5C JK JK"), melds_counts=(1, 2)) is not None
    assert partition(remik_like(), cards("3C 4C JK JK JK"), melds_counts=(1, 2)) is None
    assert partition(gin_like(), cards("3C 4C 5C JK"), melds_counts=(1,)) is None
    assert partition(gin_like(), [], melds_counts=(1,)) is None


def test_best_layoff_with_jokers() -> None:
    variant = jokers_two_decks()
    run = tuple((c, c) for c in cards("5H 6H 7H"))
    value, plays = best_layoff(variant, cards("JK 9H KS"), [run])
    assert value == 10  # JK as 8H, then 9H
    assert [(p, i) for p, i in plays] == [
        ((JOKER, parse_card("8H")), 0),
        ((parse_card("9H"),) * 2, 0),
    ]


def test_non_wild_jokers_are_dead_weight() -> None:
    variant = make_variant(deck={"jokers": 2}, values={"joker": 15})
    hand = cards("5H 6H 7H JK")
    assert deadwood(variant, hand) == 15
    assert best_arrangement(variant, hand) == (
        15,
        [tuple((c, c) for c in cards("5H 6H 7H"))],
        [JOKER],
    )


def test_best_arrangement_is_deterministic() -> None:
    variant = jokers_two_decks()
    for hand in random_hands(variant, 12, 30, seed=3):
        assert best_arrangement(variant, hand) == best_arrangement(variant, list(reversed(hand)))


def test_bundled_variants_from_the_loader() -> None:
    from rulespec.compiler.load import load_variant
    from rulespec.interpreter.melds import meld_value, pattern_of

    boat = load_variant("boat")
    assert [penalty(boat, cards(h)) for h in ("9C 7H 9D QD", "AH AS", "8S")] == [26, 11, 8]
    michigan = load_variant("michigan")
    assert meld_value(michigan, tuple((c, c) for c in cards("QH KH AH"))) == 35
    assert meld_value(michigan, tuple((c, c) for c in cards("AH 2H 3H"))) == 6
    positional = load_variant("michigan-ace-positional")
    assert meld_value(positional, tuple((c, c) for c in cards("KH AH 2H"))) == 17
    bridge = load_variant("bridge")
    assert pattern_of(bridge, cards("JH QS KD JC QH KS JD QC KC JS")) is not None
    assert deadwood(bridge, cards("2H 5H 7H 9H JH KH 4H 3S 8S QS")) == 68  # no meld
    assert deadwood(bridge, cards("2H 5H 7H 9H JH KH 4H 3H 8H QH")) == 0  # colour
    gin = load_variant("gin")
    assert deadwood_after_discard(gin, cards("AC 2C 3C 4D 4H 4S 9H TH JH KS QS")) == (10, 51)


@pytest.mark.parametrize("hand", [[1, 2, 60], [-1, 4], [1, "7H"]])
def test_bad_card_codes_raise_a_position_error(hand: list) -> None:  # type: ignore[type-arg]
    with pytest.raises(PositionError):
        deadwood(gin_like(), hand)


def _patterned() -> list[Variant]:
    """Whole-hand patterns with wild jokers, with a wild rank and dead jokers, with a run."""
    patterns = [
        {"name": "colour", "suit": "same"},
        {"name": "figures", "ranks": ["J", "Q", "K"]},
        {"name": "full colour", "suit": "same", "run": True},
    ]
    deuces = make_variant(
        "deuces-patterns",
        deck={"decks": 2, "jokers": 2},
        melds={"set": SETS_ANY_SUITS, "wild": {"cards": ["2"]}, "patterns": patterns[1:]},
    )
    return [bridge_like(), deuces]


def test_pattern_mask_test_never_hides_a_pattern() -> None:
    """`fits_pattern` (a mask test before `pattern_of`) answers as `pattern_of` does, on
    hands drawn from one suit, from the figures and wild cards, and at random."""
    from rulespec.interpreter.meldrules import tables
    from rulespec.interpreter.melds import pattern_of
    from rulespec.interpreter.solver import fits_pattern

    rng = random.Random(13)
    found = 0
    for variant in _patterned():
        deck = build_deck(variant, 2)
        t = tables(variant)
        pools = [
            deck,
            [c for c in deck if c == JOKER or c % 13 == 1 or c // 13 == 2],
            [c for c in deck if c == JOKER or c % 13 in (1, 10, 11, 12)],
        ]
        for _ in range(400):
            hand = rng.sample(rng.choice(pools), rng.randint(1, 11))
            want = pattern_of(variant, hand) is not None
            assert fits_pattern(variant, t, hand) == want, (variant.name, hand)
            found += want
    assert found > 20  # the pools do draw patterns


@pytest.mark.parametrize("native", [True, False])
@pytest.mark.parametrize(
    "factory", [continental_like, bridge_like, jokers_two_decks, deuces_wild, remik_like]
)
def test_dead_cards_are_the_arrangements(
    factory: Callable[[], Variant], native: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`dead_cards` (melds left unnamed) gives `best_arrangement`'s deadwood and deadwood
    cards, on the C search and on the Python one."""
    from functools import partial

    from rulespec.interpreter import roomsearch, solver
    from rulespec.interpreter.search import GeneralSearch

    if not native:  # (roomsearch.dead_cards: one C call when it can, else the search object)
        monkeypatch.setattr(roomsearch, "native_layout", lambda *_: None)
        monkeypatch.setattr(roomsearch, "GeneralSearch", partial(GeneralSearch, native=False))
    variant = factory()
    for size in (7, 11, 15):
        for hand in random_hands(variant, size, 12, seed=size):
            value, _, dead = best_arrangement(variant, hand)
            assert solver.dead_cards(variant, hand) == (value, dead), hand


@pytest.mark.parametrize("native", [True, False])
@pytest.mark.parametrize("factory", [continental_like, bridge_like, jokers_two_decks, deuces_wild])
def test_dead_summary_is_the_arrangements(
    factory: Callable[[], Variant], native: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`dead_summary` (value and walk, melds unnamed) counts the deadwood cards of
    `best_arrangement` and their highest value among those not wild, on the C search and
    on the Python one."""
    from functools import partial

    from rulespec.interpreter import roomsearch, solver
    from rulespec.interpreter.meldrules import tables
    from rulespec.interpreter.roomsearch import RoomSearch

    if not native:  # (roomsearch.summary: one C call when it can, else the search objects)
        monkeypatch.setattr(roomsearch, "native_layout", lambda *_: None)
        monkeypatch.setattr(roomsearch, "RoomSearch", partial(RoomSearch, native=False))
    variant = factory()
    t = tables(variant)
    for size in (7, 11, 15):
        for hand in random_hands(variant, size, 12, seed=size):
            value, _, dead = best_arrangement(variant, hand)
            worst = max((t.hand_values[c] for c in dead if not t.wild_code(c)), default=0)
            assert solver.dead_summary(variant, hand) == (value, len(dead), worst), hand


@pytest.mark.parametrize("factory", [continental_like, jokers_two_decks, deuces_wild, remik_like])
def test_pure_summary_counts_the_arrangements_pure_runs(factory: Callable[[], Variant]) -> None:
    """`pure_summary` (melds unnamed): `best_arrangement`'s deadwood, deadwood cards and
    runs of two or more natural cards of one suit with no wild-capable card."""
    from rulespec.interpreter.meldrules import tables
    from rulespec.interpreter.solver import pure_summary

    variant = factory()
    t = tables(variant)
    pure_seen = 0
    for size in (7, 11, 15):
        for hand in random_hands(variant, size, 16, seed=size + 1):
            value, melds, dead = best_arrangement(variant, hand)
            pure = 0
            for meld in melds:
                cards = [p[0] for p in meld]
                ranks = {c % 13 for c in cards}
                one_suit = len({c // 13 for c in cards}) == 1
                wild = any(t.wild_code(c) for c in cards)
                pure += len(cards) > 1 and one_suit and len(ranks) == len(cards) and not wild
            assert pure_summary(variant, hand) == (value, len(dead), pure), hand
            pure_seen += pure
    assert pure_seen  # some pure runs were met


def test_one_deck_dead_cards_test_the_patterns_on_the_mask() -> None:
    """One-deck natural hands: `dead_cards` and `dead_summary` walk the mask without naming
    the melds (`solver._fast_dead`, the whole-hand pattern tested on the hand's mask): the
    same answers as `best_arrangement`'s, hands that fit a pattern included."""
    from rulespec.interpreter import solver
    from rulespec.interpreter.meldrules import tables

    rng = random.Random(17)
    fast = fitted = 0
    for variant in _patterned():
        t = tables(variant)
        pools = [list(range(52)), list(range(26, 39)), [c for c in range(52) if c % 13 >= 10]]
        for _ in range(300):
            pool = rng.choice(pools)
            hand = rng.sample(pool, rng.randint(1, min(11, len(pool))))
            if solver.fast_mask(t, hand) is None:
                continue
            fast += 1
            value, _, dead = best_arrangement(variant, hand)
            worst = max((t.hand_values[c] for c in dead if not t.wild_code(c)), default=0)
            assert solver.dead_cards(variant, hand) == (value, dead), hand
            assert solver.dead_summary(variant, hand) == (value, len(dead), worst), hand
            fitted += solver.fits_pattern(variant, t, hand)
    assert fast > 100 and fitted > 10, (fast, fitted)
