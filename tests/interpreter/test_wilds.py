"""Many wild cards: the searches stay exact (brute force), listings stay sound, hands finish.

Issue 10: wild cards are a count in the deadwood and partition searches, never
permuted; a hand with many wild cards lists canonical melds and any other valid
meld is legal when laid. Timing is measured by bench/bench_wilds.py, not here.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations
from pathlib import Path

import pytest
from bruteforce_ref import brute_deadwood, can_meld
from interp_helpers import SETS_ANY_SUITS, cards, make_variant

import rulespec
from rulespec.core.cards import JOKER
from rulespec.core.errors import IllegalMove
from rulespec.core.moves import MELD, Move
from rulespec.interpreter.arrange import partition
from rulespec.interpreter.cards import build_deck
from rulespec.interpreter.game import Game
from rulespec.interpreter.meldgen import FULL_LISTING, candidate_listing
from rulespec.interpreter.melds import meld_kind, name_wilds
from rulespec.interpreter.phases.judge import refusal
from rulespec.interpreter.solver import best_arrangement, deadwood
from rulespec.model.variant import RANK_KEYS, Variant

VALID = Path(__file__).resolve().parents[1] / "data/valid"
EXTREME = sorted(VALID.glob("wild-*.rules"))
ALL_RANKS = list(RANK_KEYS)


@cache
def every_card_wild() -> Variant:
    return make_variant("every-wild", deck={"decks": 2}, melds={"wild": {"cards": ALL_RANKS}})


@cache
def jokers_and_deuces() -> Variant:
    return make_variant(
        "jokers-deuces",
        ace="high_or_low",
        deck={"decks": 2, "jokers": 6},
        values={"joker": 15},
        melds={"set": SETS_ANY_SUITS, "wild": {"cards": ["joker", "2"]}},
    )


@cache
def sixes_sevens_no_outnumber() -> Variant:
    return make_variant(
        "six-seven",
        deck={"decks": 2, "jokers": 4},
        melds={"wild": {"cards": ["joker", "6", "7"], "outnumber": False}},
    )


@cache
def partition_wilds() -> Variant:
    return make_variant(
        "partition-wilds",
        deck={"decks": 2, "jokers": 6},
        values={"joker": 2},
        melds={"set": SETS_ANY_SUITS, "wild": {"cards": ["joker", "2"]}},
        going_out={"partition": {"melds": [1, 2, 3]}},
    )


@cache
def partition_wilds_distinct() -> Variant:
    return make_variant(
        "partition-distinct",
        ace="wrap",
        deck={"decks": 2, "jokers": 4},
        melds={"wild": {"cards": ["joker", "9"]}},
        going_out={"partition": {"melds": [2, 3]}},
    )


def wild_heavy_hands(variant: Variant, size: int, count: int, seed: int) -> list[list[int]]:
    """Random hands where about half the cards are wild-capable."""
    rng = random.Random(seed)
    deck = build_deck(variant, 2)
    wild = [c for c in deck if variant_wild(variant, c)]
    plain = [c for c in deck if not variant_wild(variant, c)] or deck
    hands = []
    for _ in range(count):
        k = rng.randint(size // 3, size - 2) if wild else 0
        hands.append(
            rng.sample(wild, min(k, len(wild))) + rng.sample(plain, size - min(k, len(wild)))
        )
    return hands


def variant_wild(variant: Variant, card: int) -> bool:
    cards = variant.melds.wild.cards
    return "joker" in cards if card == JOKER else RANK_KEYS[card % 13] in cards


DEADWOOD_CASES: list[tuple[str, Callable[[], Variant], int, int]] = [
    ("every-card-wild", every_card_wild, 9, 60),
    ("jokers-and-deuces", jokers_and_deuces, 10, 80),
    ("sixes-sevens-no-outnumber", sixes_sevens_no_outnumber, 10, 80),
]


@pytest.mark.parametrize(
    ("label", "factory", "size", "count"), DEADWOOD_CASES, ids=[c[0] for c in DEADWOOD_CASES]
)
def test_deadwood_with_many_wilds_equals_brute_force(
    label: str, factory: Callable[[], Variant], size: int, count: int
) -> None:
    variant = factory()
    for hand in wild_heavy_hands(variant, size, count, seed=size):
        expected = brute_deadwood(variant, hand)
        assert deadwood(variant, hand) == expected, hand
        value, melds, dead = best_arrangement(variant, hand)
        assert value == expected
        used = Counter(dead)
        for meld in melds:
            assert meld_kind(variant, meld) is not None, meld
            used.update(card for card, _ in meld)
        if melds or dead:
            assert used == Counter(hand)


def brute_partition(
    variant: Variant,
    hand: Sequence[int],
    counts: Sequence[int] | None,
    sizes: Sequence[Sequence[int]] | None,
) -> bool:
    """Can ALL the cards be split into melds (by `can_meld`), under the constraints?"""
    n = len(hand)
    targets = None if sizes is None else {tuple(sorted(s, reverse=True)) for s in sizes}

    @cache
    def go(rest: int, made: tuple[int, ...]) -> bool:
        if not rest:
            if counts is not None and len(made) not in counts:
                return False
            return targets is None or tuple(sorted(made, reverse=True)) in targets
        low = (rest & -rest).bit_length() - 1
        others = [i for i in range(n) if rest >> i & 1 and i != low]
        for size in range(0, len(others) + 1):
            for combo in combinations(others, size):
                group = (low, *combo)
                if can_meld(variant, [hand[i] for i in group]):
                    mask = sum(1 << i for i in group)
                    if go(rest & ~mask, tuple(sorted(made + (len(group),)))):
                        return True
        return False

    return go((1 << n) - 1, ())


def check_partition(variant: Variant, hand: Sequence[int], melds: list) -> None:  # type: ignore[type-arg]
    used: Counter[int] = Counter()
    for meld in melds:
        assert meld_kind(variant, meld) is not None, meld
        used.update(card for card, _ in meld)
    assert used == Counter(hand)


PARTITION_CASES: list[
    tuple[str, Callable[[], Variant], list[int] | None, list[list[int]] | None]
] = [
    ("counts-1-2-3", partition_wilds, [1, 2, 3], None),
    ("sizes", partition_wilds, None, [[3, 3, 3], [4, 4], [5, 4]]),
    ("wrap-distinct-2-3", partition_wilds_distinct, [2, 3], None),
    ("free", sixes_sevens_no_outnumber, None, None),
]


@pytest.mark.parametrize(
    ("label", "factory", "counts", "sizes"), PARTITION_CASES, ids=[c[0] for c in PARTITION_CASES]
)
def test_partition_with_many_wilds_equals_brute_force(
    label: str,
    factory: Callable[[], Variant],
    counts: list[int] | None,
    sizes: list[list[int]] | None,
) -> None:
    variant = factory()
    found_some = 0
    for size in (6, 8, 9):
        for hand in wild_heavy_hands(variant, size, 25, seed=size * 7):
            expected = brute_partition(variant, hand, counts, sizes)
            got = partition(variant, hand, counts, sizes)
            assert (got is not None) == expected, hand
            if got is not None:
                found_some += 1
                check_partition(variant, hand, got)
            # the same question asked as part of a bigger hand, sharing its search
            bigger = hand + [hand[0], JOKER]
            shared = partition(variant, hand, counts, sizes, within=bigger)
            assert (shared is not None) == expected, hand
    assert found_some


@pytest.mark.parametrize(
    ("label", "factory", "counts", "sizes"), PARTITION_CASES, ids=[c[0] for c in PARTITION_CASES]
)
def test_partition_leaving_one_card_equals_every_discard(
    label: str,
    factory: Callable[[], Variant],
    counts: list[int] | None,
    sizes: list[list[int]] | None,
) -> None:
    variant = factory()
    rng = random.Random(5)
    for hand in wild_heavy_hands(variant, 9, 25, seed=11):
        allowed = sorted(set(rng.sample(hand, 6)))
        expected = any(
            brute_partition(
                variant, [c for j, c in enumerate(hand) if j != hand.index(x)], counts, sizes
            )
            for x in allowed
        )
        got = partition(variant, hand, counts, sizes, leave_one=allowed)
        assert (got is not None) == expected, (hand, allowed)
        if got is not None:
            laid = Counter(card for meld in got for card, _ in meld)
            left = Counter(hand) - laid
            assert sum(left.values()) == 1 and next(iter(left)) in allowed
            assert not laid - Counter(hand)


def test_many_wilds_list_canonical_melds_and_accept_any_valid_one() -> None:
    """Past FULL_LISTING wild cards the list is canonical; every valid meld is still legal."""
    variant = rulespec.load(str(VALID / "wild-every-card.rules"))
    game = Game.new(variant, 2, seed=3)
    game.play("draw stock")
    hand = game.hs.hands[game.hs.to_move]
    assert len(hand) > FULL_LISTING
    listed = [m for m in game.legal_moves() if m.kind == MELD]
    assert listed
    for move in listed:
        assert meld_kind(variant, move.cards) is not None
        assert not Counter(c for c, _ in move.cards) - Counter(hand)
    rng = random.Random(1)
    tried = 0
    for size in (3, 4, 5):
        for combo in rng.sample(list(combinations(sorted(hand), size)), 15):
            assert can_meld(variant, combo)  # every card wild: any 3+ cards meld
            ways = name_wilds(variant, list(combo))
            assert ways
            move = Move.meld(rng.choice(ways))
            assert game.is_legal(move), move
            assert refusal(variant, game.hs, move) is None
            tried += 1
    assert tried == 45
    absent = next(c for c in range(52) if c not in hand)
    with pytest.raises(IllegalMove):
        game.play(Move.meld([(absent, absent), (absent, absent), (absent, absent)]))
    seat = game.hs.to_move
    before = Counter(hand)
    first = sorted(hand)[:3]
    move = Move.meld(name_wilds(variant, first)[0])
    game.play(move)
    assert Counter(game.hs.hands[seat]) == before - Counter(first)


def test_few_wilds_list_every_meld_by_brute_force() -> None:
    """With few wild cards every raw combination that melds is listed (as before)."""
    variant = jokers_and_deuces()
    rng = random.Random(2)
    deck = build_deck(variant, 2)
    checked = 0
    for _ in range(20):
        hand = rng.sample(deck, 10)
        melds, complete = candidate_listing(variant, hand)
        if not complete:
            continue
        groups = {tuple(sorted(c for c, _ in m)) for m in melds}
        for n in range(3, 7):
            for combo in set(combinations(sorted(hand), n)):
                if can_meld(variant, combo):
                    assert combo in groups, combo
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize("path", EXTREME, ids=lambda p: p.stem)
def test_extreme_file_plays_a_whole_random_hand(path: Path) -> None:
    """One seeded random-play hand of each extreme file ends (correctness, not timing)."""
    variant = rulespec.load(str(path))
    game = Game.new(variant, 2, seed=1)
    rng = random.Random(1)
    for _ in range(3000):
        if game.hand_over:
            break
        legal = game.legal_moves()
        assert legal
        game.play(legal[rng.randrange(len(legal))])
    assert game.hand_over


@pytest.mark.parametrize(
    "factory",
    [every_card_wild, jokers_and_deuces, sixes_sevens_no_outnumber],
    ids=lambda f: f.__name__,
)
def test_name_wilds_finds_a_placement_exactly_when_brute_force_melds(
    factory: Callable[[], Variant],
) -> None:
    """name_wilds tries natural cards of one rank or one suit only: as complete as every split."""
    variant = factory()
    rng = random.Random(9)
    for hand in wild_heavy_hands(variant, 7, 120, seed=9):
        group = rng.sample(hand, rng.randint(3, 6))
        ways = name_wilds(variant, group)
        assert bool(ways) == can_meld(variant, group), group
        for meld in ways:
            assert Counter(c for c, _ in meld) == Counter(group)
            assert meld_kind(variant, meld) is not None


def test_is_meld_of_a_long_all_wild_suit_stays_polynomial() -> None:
    """Thirteen cards of one suit, every card wild: one suit's 2**13 splits at most."""
    variant = rulespec.load(str(VALID / "wild-every-card.rules"))
    hearts = [f"{r}H" for r in "A23456789TJQK"]
    assert variant.is_meld(hearts[:10])
    assert not variant.is_meld(hearts)  # runs of 3..10 only, and no set of 13


def test_an_unnamed_joker_is_named_from_the_rules_when_the_list_is_canonical() -> None:
    """`meld 7H 8H JK` with many wild cards: named if one way fits, else the ways are shown."""
    variant = rulespec.load(str(VALID / "wild-eight-decks.rules"))
    position = {
        "hands": [
            ["7H", "8H", "KC", "JK", "JK", "JK", "JK", "JK", "2C", "5D"],
            ["3S", "4S", "9D", "TD", "QC", "KD", "AS", "6C", "7C", "8C"],
        ],
        "stock": ["9S", "TS"],
        "discard": ["JD"],
        "to_move": 0,
        "phase": "play",
    }
    game = rulespec.Game.from_position(variant, position)
    listed = {str(m) for m in game.legal_moves()}
    assert not any(m.startswith("meld 7H 8H JK") and m.count("JK") == 2 for m in listed)
    with pytest.raises(IllegalMove, match="name the wild card"):
        game.play("meld 7H 8H JK JK")  # not listed; JK:6H JK:9H, JK:9H JK:TH, ...
    played = game.play("meld 7H 8H JK:9H JK:TH")  # not listed, legal all the same
    assert str(played) == "meld 7H 8H JK:9H JK:TH"
    before = Counter(rulespec.Game.from_position(variant, position).hs.hands[0])
    assert before - Counter(game.hs.hands[0]) == Counter(cards("7H 8H JK JK"))


def test_a_move_text_that_fits_several_legal_moves_raises_ambiguous_move() -> None:
    """`meld 7H 8H JK` (the joker 6H or 9H) and `layoff JK 1` onto 7H 8H JK:9H (6H or TH):
    AmbiguousMove, an IllegalMove whose `candidates` are the legal moves it could mean, named
    in canonical text; nothing changes, and naming the wild plays it."""
    variant = rulespec.load(str(VALID / "wild-eight-decks.rules"))
    position = {
        "hands": [
            ["7H", "8H", "JK", "JK", "KC", "2C", "5D", "9S", "3D", "QS"],
            ["3S", "4S", "9D", "TD", "QC", "KD", "AS", "6C", "7C", "8C"],
        ],
        "stock": ["9C", "TS", "2S", "3H"],
        "discard": ["JD"],
        "to_move": 0,
        "phase": "play",
    }
    game = rulespec.Game.from_position(variant, position)
    before = game.position()
    with pytest.raises(rulespec.AmbiguousMove) as info:
        game.play("meld 7H 8H JK")
    assert isinstance(info.value, IllegalMove)
    assert sorted(info.value.candidates) == ["meld 7H 8H JK:9H", "meld JK:6H 7H 8H"]
    assert all(repr(c) in str(info.value) for c in info.value.candidates)
    assert game.position() == before
    game.play("meld 7H 8H JK:9H")
    for move in ("discard KC", "draw stock", "discard 3S", "draw stock"):
        game.play(move)
    with pytest.raises(rulespec.AmbiguousMove) as info:
        game.play("layoff JK 1")
    assert sorted(info.value.candidates) == ["layoff JK:6H 1", "layoff JK:TH 1"]
    assert all(game.is_legal(c) for c in info.value.candidates)
    assert str(game.play("layoff JK:TH 1")) == "layoff JK:TH 1"
