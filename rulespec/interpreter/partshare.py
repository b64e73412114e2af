"""Which natural cards could ever share a meld: the partition search's tables (interpreter).

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
