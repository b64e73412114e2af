"""Candidate melds of a hand: natural parts, wild-card ranges, named melds (interpreter, melds).

The solver needs only *what natural cards a meld takes and how many wild
cards it may hold* (`natural_parts`); the engine and bots need the melds as
laid, with every useful naming of the wild cards (`candidate_melds`). Wild
cards are only ever named to fill a run's gaps or extend it at its ends, or
to the suits a set may still take, which keeps many-joker hands finite.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations, product

from rulespec.interpreter.cards import JOKER
from rulespec.interpreter.meldrules import Tables, span, tables
from rulespec.interpreter.melds import Meld, name_wilds
from rulespec.spec.model import Variant

Part = tuple[tuple[int, ...], int, int]
"""(natural codes of a meld, sorted; fewest wild cards it needs; most it may hold)."""


@lru_cache(maxsize=1 << 16)
def _run_subsets(ace: str, present: int, wilds: int) -> tuple[tuple[int, int], ...]:
    """Rank masks S within `present` whose shortest run needs at most `wilds` fillers: (S, gap)."""
    out: list[tuple[int, int]] = []
    sub = present
    while sub:
        n = bin(sub).count("1")
        gap = span(ace, sub) - n
        if gap <= wilds:
            out.append((sub, gap))
        sub = (sub - 1) & present
    out.sort()
    return tuple(out)


def natural_parts(t: Tables, counts: Counter[int], wilds: int) -> list[Part]:
    """Every meld shape from natural cards with these counts, given `wilds` wild cards at most.

    A set takes at most one card per suit (`suits: distinct`) or any equal cards (`any`);
    a run takes one card per rank of one suit. Each part has at least one natural card.
    """
    parts: list[Part] = []
    if t.has_sets:
        for rank in range(13):
            avail = [counts.get(rank + 13 * s, 0) for s in range(4)]
            if not any(avail):
                continue
            ranges = [range(0, min(a, 1) + 1) if t.set_distinct else range(0, a + 1) for a in avail]
            for use in product(*ranges):
                n = sum(use)
                if n == 0:
                    continue
                kmin = max(0, t.set_min - n)
                kmax = min(wilds, t.set_max - n, t.max_wilds(n))
                if t.set_distinct:
                    kmax = min(kmax, 4 - n)
                if kmin <= kmax:
                    codes = tuple(rank + 13 * s for s in range(4) for _ in range(use[s]))
                    parts.append((codes, kmin, kmax))
    if t.has_runs:
        for suit in range(4):
            present = 0
            for r in range(13):
                if counts.get(r + 13 * suit, 0):
                    present |= 1 << r
            if not present:
                continue
            for sub, gap in _run_subsets(t.ace, present, wilds):
                n = bin(sub).count("1")
                kmin = max(gap, t.run_min - n, 0)
                kmax = min(wilds, t.run_max - n, t.max_wilds(n))
                if kmin <= kmax:
                    codes = tuple(r + 13 * suit for r in range(13) if sub >> r & 1)
                    parts.append((codes, kmin, kmax))
    return parts


def split_hand(t: Tables, hand: Sequence[int]) -> tuple[Counter[int], list[int]]:
    """(natural-capable card counts, wild-capable cards): jokers are only wild, wild ranks both."""
    naturals: Counter[int] = Counter(c for c in hand if c != JOKER)
    wild_cards = sorted(c for c in hand if t.wild_code(c))
    return naturals, wild_cards


def candidate_melds(variant: Variant, hand: Sequence[int]) -> list[Meld]:
    """Every distinct meld (placed, canonical) formable from cards of the hand, sorted.

    Wild cards are named only to fill a run's gaps or extend it, or to a set's
    missing suits; melds of wild cards only are included when the rules allow them.
    """
    t = tables(variant)
    naturals, wild_cards = split_hand(t, hand)
    if JOKER in hand and not t.wild_joker:
        wild_cards = [c for c in wild_cards if c != JOKER]
    found: set[Meld] = set()
    wild_count = Counter(wild_cards)
    for codes, kmin, kmax in natural_parts(t, naturals, len(wild_cards)):
        used = Counter(codes)
        # the wild cards the natural part leaves (it may hold a card of a wild rank)
        pool = sorted((wild_count - used).elements())
        for k in range(kmin, min(kmax, len(pool)) + 1):
            for chosen in sorted(set(combinations(pool, k))):
                found.update(name_wilds(variant, list(codes) + list(chosen)))
    if t.all_wild_sizes and wild_cards:
        for size in sorted(t.all_wild_sizes):
            if size <= len(wild_cards):
                for chosen in sorted(set(combinations(wild_cards, size))):
                    found.update(name_wilds(variant, list(chosen)))
    return sorted(found)
