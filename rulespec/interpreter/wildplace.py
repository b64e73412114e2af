"""`melds.place_wilds` for common cards: namings checked without `analyze` (interpreter, melds).

`place_wilds` names a meld's wild cards every distinct way (a set's suits, a run's suit
and window) and keeps the trials `melds.analyze` accepts, in canonical order. The named
listings (meldgen, meldgroups, the showdown) ask it thousands of times per hand in games
with wild cards (Indian rummy, Continental: 14-18% of a smart-bot hand), and most of
`analyze`'s work per trial is the same for every trial of one call.

When every natural card is a card of the pack (a code below 52 whose rank the pack
holds) and every wild card is wild (`Tables.wild_code`), `analyze`'s verdict on a trial
reduces to facts of the call, not of the naming:

- every card stands for a natural card of the pack's ranks (a set's rank is a natural's
  or one of the pack's; a run's window is of the pack's line, checked per window);
- every card that stands for another is wild; a wild card named as itself counts as a
  natural card there, which only loosens the wild-card limit (`Tables.max_wilds` never
  falls as natural cards grow), already met by the call's own count;
- a set trial (one rank; the size checked by the caller) is a set unless the suits must
  differ (`set_distinct`) and the natural cards repeat one: the namings never repeat a
  natural's suit or each other's;
- a run trial of at least two cards (one suit, the window's distinct ranks) is a run
  when its length is within the run limits, in the window's own order (the window is
  the one `window_by_mask` holds for its ranks: run windows have distinct rank sets).

So the same melds are found in the same order, and a `limit` stops at the same one
(tests/interpreter/test_wildplace.py compares both ways on every bundled variant).
Any other call (a joker among the natural cards, a card not wild among the wild ones,
a one-card meld) is left to `analyze`: `quick_placements` returns None.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations, combinations_with_replacement
from operator import itemgetter

from rulespec.core.cards import JOKER, Placed
from rulespec.interpreter.meldrules import Tables, rank_mask, windows_of

Meld = tuple[Placed, ...]

_BY_SUIT_THEN_CARD = itemgetter(1, 0)


def quick_placements(
    t: Tables, naturals: Sequence[int], wilds: list[int], limit: int | None
) -> list[Meld] | None:
    """`place_wilds`'s answer (its wild cards sorted, their count within the limit), or None
    when the cards are not the common kind and each trial must be analysed."""
    n = len(naturals) + len(wilds)
    if n < 2:
        return None
    ranks = t.ranks
    for c in naturals:
        if not 0 <= c < 52 or c % 13 + 1 not in ranks:
            return None
    for w in wilds:
        if not 0 <= w <= JOKER or not t.wild_code(w):
            return None
    found: set[Meld] = set()
    nat_ranks = {c % 13 + 1 for c in naturals}
    nat_suits = {c // 13 for c in naturals}
    base = [(c, c) for c in naturals]
    # (suits must differ: the namings never repeat one, so only the naturals could)
    distinct = not t.set_distinct or len(nat_suits) == len(naturals)
    if t.has_sets and len(nat_ranks) <= 1 and t.set_min <= n <= t.set_max and distinct:
        for rank in sorted(nat_ranks) or sorted(ranks):
            if t.set_distinct:
                lacking = [s for s in range(4) if s not in nat_suits]
                namings: Iterable[tuple[int, ...]] = combinations(lacking, len(wilds))
            else:
                namings = combinations_with_replacement(range(4), len(wilds))
            low = rank - 1
            for suits in namings:
                trial = base + [(w, low + 13 * s) for w, s in zip(wilds, suits, strict=True)]
                found.add(tuple(sorted(trial, key=_BY_SUIT_THEN_CARD)))
                if limit is not None and len(found) >= limit:
                    return sorted(found)
    if (
        t.has_runs
        and len(nat_suits) <= 1
        and len(nat_ranks) == len(naturals)
        and t.run_min <= n <= t.run_max
    ):
        need = rank_mask(sorted(nat_ranks))
        own = {c % 13 + 1: (c, c) for c in naturals}
        for window, mask in windows_of(t.line, n):
            if mask & need != need or len(set(window)) != n:
                continue
            if any(r not in ranks for r in window):
                continue
            free = [r for r in window if r not in nat_ranks]
            for suit in sorted(nat_suits) or range(4):
                named = dict(zip(free, wilds, strict=True))
                found.add(
                    tuple(own[r] if r in own else (named[r], r - 1 + 13 * suit) for r in window)
                )
                if limit is not None and len(found) >= limit:
                    return sorted(found)
    return sorted(found)
