"""The partition search's shortcuts answer as the search itself, and fire (interpreter).

- partshare.too_dead: the least deadwood (the compiled general search) above what the
  card left out is worth says "no partition" before the search; the partitions of random
  hands and their rests are the same with it and without it, and it does say "no".
- partsearch `made`: a rest asked with the melds made counted in (one search for a hand
  and its rests) gives the partition asked with the counts less those melds.
"""

from __future__ import annotations

import random

import pytest

from rulespec.compiler.load import load_variant
from rulespec.core.cards import JOKER
from rulespec.interpreter import gensearch
from rulespec.interpreter import partsearch as P
from rulespec.interpreter.handwild import hand_rules
from rulespec.interpreter.meldgen import candidate_listing
from rulespec.interpreter.meldrules import tables

DECK = [c for c in range(52) for _ in range(2)] + [JOKER] * 2


def _hands(rng: random.Random, n: int, size: int) -> list[list[int]]:
    return [sorted(rng.sample(DECK, size)) for _ in range(n)]


@pytest.mark.skipif(gensearch.MODULE is None, reason="the compiled search is not built")
@pytest.mark.parametrize(
    ("name", "wild", "counts"),
    [("continental", None, (1, 3, 5)), ("indian-rummy", None, None), ("indian-rummy", 5, None)],
)
def test_too_dead_changes_no_partition_and_says_no(
    name: str, wild: int | None, counts: tuple[int, ...] | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    variant = hand_rules(load_variant(name), wild)  # (fives wild: cards of a wild rank too)
    rng = random.Random(11)
    said_no = [0]
    real = P.too_dead

    def counted(*args: object) -> bool:
        got = real(*args)  # type: ignore[arg-type]
        said_no[0] += got
        return got

    questions = []
    for hand in _hands(rng, 30, 13):
        rest = hand[3:]
        questions += [(hand, None, None), (hand, None, hand), (rest, hand, rest)]
    for cards, within, drop in questions:
        monkeypatch.setattr(P, "too_dead", counted)
        fast = P.find_partition(variant, cards, counts, None, within, drop)
        monkeypatch.setattr(P, "too_dead", lambda *args: False)
        tables(variant).memo.clear()
        slow = P.find_partition(variant, cards, counts, None, within, drop)
        assert fast == slow, (cards, drop)
    assert said_no[0] > 10


def _laid_out(rng: random.Random, variant: object, size: int) -> list[int]:
    """Cards of disjoint melds of a random big hand (some of them partition), plus one."""
    pool = sorted(rng.sample(DECK, 30))
    melds = candidate_listing(variant, pool)[0]  # type: ignore[arg-type]
    out: list[int] = []
    for meld in rng.sample(melds, len(melds)):
        cards = [p[0] for p in meld]
        if len(out) + len(cards) <= size and all(
            out.count(c) + cards.count(c) <= pool.count(c) for c in cards
        ):
            out += cards
    return sorted(out + [c for c in pool if c not in out][:1])


def test_a_rest_with_its_made_melds_counted_in_is_the_rest_asked_alone() -> None:
    variant = load_variant("continental")
    rng = random.Random(12)
    found = 0
    for _ in range(25):
        rest = _laid_out(rng, variant, 12)
        hand = sorted(rest + [0, 1, 2])
        alone = P.find_partition(variant, rest, (0, 2, 4), None, hand, rest)
        counted = P.find_partition(variant, rest, (1, 3, 5), None, hand, rest, None, (3,))
        assert alone == counted, hand
        found += alone is not None
    assert found > 3
