"""The partition search's tables: cards sharing a meld, a hand's parts, a sure "no" (interpreter).

The going-out partition search (partsearch.py) bounds the melds a part of a hand
needs by the cards no two of which could stand in one meld (`share_table`), and,
when wild cards may be exchanged, skips a run part with a wild card where a
natural card left could go (`inside`: the ranks inside a run's shortest span).
Both are facts of the variant's tables, made once. The hand's parts by lowest card
(`hand_search`) are kept for the few latest hands: one hand's searches under other meld
counts or contracts share them.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from functools import lru_cache

from rulespec.core.cards import JOKER
from rulespec.interpreter.meldrules import Tables, rank_mask, run_windows, span
from rulespec.interpreter.search import GeneralSearch


@lru_cache(maxsize=8192)
def inside(ace: str, ranks: int) -> int:
    """The ranks, not in `ranks`, inside every shortest run window that holds them."""
    length = span(ace, ranks)
    inside = (1 << 13) - 1
    for window in run_windows(ace):
        w = rank_mask(window)
        if len(window) == length and w & ranks == ranks:
            inside &= w
    return inside & ~ranks


def share_table(t: Tables) -> list[int]:
    """For each code, the bit mask of the codes that could share a meld with it (cached)."""
    got = t.memo.get(("share",))
    if not isinstance(got, list):
        got = [sum(1 << b for b in range(52) if _can_share(t, a, b)) for a in range(52)]
        t.memo[("share",)] = got
    return got


def _can_share(t: Tables, a: int, b: int) -> bool:
    """Could natural cards a and b ever stand in one meld (a set or a run)?"""
    if a % 13 == b % 13:
        return t.has_sets and t.set_max >= 2 and (a != b or not t.set_distinct)
    if a // 13 == b // 13:
        return t.has_runs and span(t.line, 1 << (a % 13) | 1 << (b % 13)) <= t.run_max
    return False


KEEP_SEARCHES = 4
"""Hands whose parts (`GeneralSearch.by_low`) are kept per variant for the partition
searches: one hand's searches under other counts or contracts share them."""


def hand_search(t: Tables, hand: Sequence[int]) -> GeneralSearch:
    """The hand's `GeneralSearch` (its parts by lowest card), made once for the partition
    searches of one hand under any constraints (a pure fact of the tables and the cards)."""
    recent = t.memo.get(("pz-search",))
    if not isinstance(recent, OrderedDict):
        recent = OrderedDict()
        t.memo[("pz-search",)] = recent
    key = tuple(sorted(hand))
    got = recent.get(key)
    if got is not None:
        recent.move_to_end(key)
        return got  # type: ignore[no-any-return]
    made = recent[key] = GeneralSearch(t, key)
    while len(recent) > KEEP_SEARCHES:
        recent.popitem(last=False)
    return made


def too_dead(
    t: Tables, hand: Sequence[int], within: Sequence[int] | None, drop: frozenset[int] | None
) -> bool:
    """A sure "no" before a partition search: the least deadwood of the cards (the compiled
    general search, any melds in any number) is more than the card left out could be worth
    (`drop`: the discard, one of these codes; None: nothing is left out, deadwood 0).

    A partition leaving out card d is an arrangement of the cards whose deadwood is d's
    value (every other card in a meld, the same melds and wild-card rules: the parts the
    partition search places are the general search's), so the least deadwood is at most
    that; more, and no partition exists. Asked of the search of `within` (the hand the
    cards are part of, with its jokers: the missing ones owed) so that one search's memo
    serves a hand and its rests; only with the compiled search (else unsure: False)."""
    s = hand_search(t, within) if within is not None and len(within) >= len(hand) else None
    if s is None or s.native is None:
        s = hand_search(t, hand)
        if s.native is None:
            return False
    units = s.units
    mask = jokers = 0
    for c in hand:
        if c == JOKER:
            jokers += 1
        else:
            mask += units[c]
    guard = s.guard
    if jokers > s.jokers or ((s.full | guard) - mask) & guard != guard:
        s = hand_search(t, hand)  # (not part of `within`)
        if s.native is None:
            return False
        return too_dead(t, hand, None, drop)
    if drop is None:
        top = 0
    else:
        values = t.hand_values
        top = max((values[c] for c in hand if c in drop), default=-1)
        if top < 0:
            return False
    return s.value(mask, jokers - s.jokers, s.flex_in(mask)) > top
