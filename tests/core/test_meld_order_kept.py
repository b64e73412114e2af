"""meld_order keeps its answers by the cards and answers as ordering afresh (core layer).

The engine's laying lists build the same melds again and again; `moves.meld_order`
keeps each canonical order by the cards given. Here random sets, runs (round the
corner too) and melds with wild cards standing in are ordered twice through the
kept answers and once afresh: the same tuples; placed cards given as lists are
ordered, not kept.
"""

from __future__ import annotations

import random

from rulespec.core import moves
from rulespec.core.cards import JOKER


def _melds(rng: random.Random) -> list[tuple[tuple[int, int], ...]]:
    out = []
    for _ in range(300):
        suit, size = rng.randrange(4), rng.randrange(3, 8)
        start = rng.randrange(13)
        run = [(start + i) % 13 + 13 * suit for i in range(size)]
        rank = rng.randrange(13)
        group = [rank + 13 * s for s in rng.sample(range(4), 3)]
        for codes in (run, group):
            placed = [(c, c) for c in codes]
            if rng.random() < 0.5:  # a wild card (a joker or a two) standing in for one
                i = rng.randrange(len(placed))
                placed[i] = (rng.choice((JOKER, 1 + 13 * rng.randrange(4))), placed[i][1])
            rng.shuffle(placed)
            out.append(tuple(placed))
    return out


def test_kept_orders_equal_fresh_orders() -> None:
    melds = _melds(random.Random(5))
    moves._ORDERED.clear()
    first = [moves.meld_order(m) for m in melds]
    again = [moves.meld_order(m) for m in melds]
    assert first == again == [moves._meld_order(m) for m in melds]
    assert len(moves._ORDERED) > 100  # the answers were kept
    assert len({m[0][1] // 13 for m in first}) == 4  # of every suit: the test can fail
    listed = [list(p) for p in melds[0]]
    assert list(map(list, moves.meld_order(tuple(listed)))) == list(map(list, first[0]))  # type: ignore[arg-type]
    assert moves.Move.meld(list(melds[1])) == moves.Move("meld", first[1])
