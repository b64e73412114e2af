"""Per-variant meld tables: run windows, spans, values, meld masks (interpreter, under melds).

Everything here is derived from a `Variant`'s rules once and cached by
object identity (a `Variant` is frozen but holds dicts, so it is not
hashable): run windows per ace mode, the minimal run span of a rank mask,
wild-card facts, card values by place, and the bitmask of every natural meld
(no wild cards, one deck) indexed by its lowest card for the fast solver.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from rulespec.interpreter.cards import JOKER
from rulespec.spec.model import PLACES, RANK_KEYS, Variant

BIG = 1 << 30
"""Stands for 'no limit' in the integer limits below."""


def _lines(ace: str) -> list[tuple[int, ...]]:
    """The rank orders a run may follow (ranks 1..13) in an ace mode."""
    low = tuple(range(1, 14))
    high = tuple(range(2, 14)) + (1,)
    if ace == "low":
        return [low]
    if ace == "high":
        return [high]
    if ace == "high_or_low":
        return [low, high]
    if ace == "wrap":
        return [tuple((start + i) % 13 + 1 for i in range(13)) for start in range(13)]
    raise ValueError(f"unknown ace mode {ace!r}")


@cache
def run_windows(ace: str) -> tuple[tuple[int, ...], ...]:
    """Every legal run rank order in this ace mode (one per distinct rank set), shortest first."""
    seen: set[int] = set()
    out: list[tuple[int, ...]] = []
    for length in range(1, 14):
        for line in _lines(ace):
            for start in range(0, 13 - length + 1):
                window = line[start : start + length]
                mask = rank_mask(window)
                if mask not in seen:
                    seen.add(mask)
                    out.append(window)
    return tuple(out)


@cache
def window_by_mask(ace: str) -> dict[int, tuple[int, ...]]:
    """Rank mask (bit r-1 for rank r) -> the run order of exactly those ranks, if legal."""
    return {rank_mask(w): w for w in run_windows(ace)}


def rank_mask(ranks: tuple[int, ...] | list[int]) -> int:
    mask = 0
    for r in ranks:
        mask |= 1 << (r - 1)
    return mask


@cache
def _span_table(ace: str) -> tuple[int, ...]:
    """For every 13-bit rank mask: the length of the shortest run window holding it (14 = none)."""
    table = [14] * 8192
    table[0] = 0
    for window in run_windows(ace):
        full = rank_mask(window)
        length = len(window)
        sub = full
        while sub:
            if table[sub] > length:
                table[sub] = length
            sub = (sub - 1) & full
    return tuple(table)


def span(ace: str, mask: int) -> int:
    """Shortest run (in ranks) that holds every rank of the mask; 14 when no run can."""
    return _span_table(ace)[mask]


@dataclass(frozen=True)
class Tables:
    """The meld facts of one variant, in the shapes the hot paths want."""

    ace: str
    has_sets: bool
    set_min: int
    set_max: int  # BIG = no maximum
    set_distinct: bool
    has_runs: bool
    run_min: int
    run_max: int  # capped at 13
    wild_joker: bool
    wild_ranks: frozenset[int]  # ranks 1..13 whose cards are wild
    per_meld: int  # BIG = no limit
    outnumber: bool
    hand_values: tuple[int, ...]  # 53 entries, by code, place "hand"
    place_values: dict[str, tuple[int, ...]]  # place -> 53 values by code
    natural_by_low: tuple[tuple[int, ...], ...]  # 52 lists of one-deck natural meld masks
    all_wild_sizes: frozenset[int]  # sizes an all-wild meld may have (empty = none)
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)
    # solver results by hand key, bounded by the solver

    def wild_code(self, code: int) -> bool:
        if code == JOKER:
            return self.wild_joker
        return (code % 13 + 1) in self.wild_ranks

    def max_wilds(self, naturals: int) -> int:
        """How many wild cards a meld with this many natural cards may hold."""
        limit = self.per_meld
        if not self.outnumber:
            limit = min(limit, naturals)
        return limit


_CACHE: dict[int, tuple[weakref.ref[Variant], Tables]] = {}


def tables(variant: Variant) -> Tables:
    """The cached tables of a variant (keyed by identity, dropped with the variant)."""
    key = id(variant)
    hit = _CACHE.get(key)
    if hit is not None and hit[0]() is variant:
        return hit[1]
    built = _build(variant)
    _CACHE[key] = (weakref.ref(variant), built)
    weakref.finalize(variant, _CACHE.pop, key, None)
    return built


def _build(variant: Variant) -> Tables:
    melds = variant.melds
    set_rule, run_rule, wild = melds.set, melds.run, melds.wild
    wild_ranks = frozenset(RANK_KEYS.index(k) + 1 for k in wild.cards if k in RANK_KEYS)
    place_values = {
        place: tuple(variant.values[c % 13 + 1][place] for c in range(52))
        + (variant.joker_values[place],)
        for place in PLACES
    }
    set_max = BIG if set_rule is None or set_rule.max is None else set_rule.max
    run_max = 13 if run_rule is None or run_rule.max is None else min(run_rule.max, 13)
    t = Tables(
        ace=variant.ace,
        has_sets=set_rule is not None,
        set_min=set_rule.min if set_rule else BIG,
        set_max=set_max,
        set_distinct=set_rule is None or set_rule.suits == "distinct",
        has_runs=run_rule is not None,
        run_min=run_rule.min if run_rule else BIG,
        run_max=run_max,
        wild_joker="joker" in wild.cards,
        wild_ranks=wild_ranks,
        per_meld=BIG if wild.per_meld is None else wild.per_meld,
        outnumber=wild.outnumber,
        hand_values=place_values["hand"],
        place_values=place_values,
        natural_by_low=(),
        all_wild_sizes=frozenset(),
    )
    object.__setattr__(t, "natural_by_low", _natural_masks(t))
    object.__setattr__(t, "all_wild_sizes", _all_wild_sizes(t))
    return t


def _natural_masks(t: Tables) -> tuple[tuple[int, ...], ...]:
    """Every meld of distinct natural cards (no wilds) as a 52-bit mask, by lowest card."""
    by_low: list[list[int]] = [[] for _ in range(52)]
    masks: set[int] = set()
    if t.has_sets:
        for rank in range(1, 14):
            for suits in range(1, 16):
                n = bin(suits).count("1")
                if t.set_min <= n <= t.set_max:
                    masks.add(sum(1 << (rank - 1 + 13 * s) for s in range(4) if suits >> s & 1))
    if t.has_runs:
        for window in run_windows(t.ace):
            if t.run_min <= len(window) <= t.run_max:
                for s in range(4):
                    masks.add(sum(1 << (r - 1 + 13 * s) for r in window))
    for mask in sorted(masks):
        low = (mask & -mask).bit_length() - 1
        by_low[low].append(mask)
    return tuple(tuple(ms) for ms in by_low)


def _all_wild_sizes(t: Tables) -> frozenset[int]:
    """Sizes of a meld made of wild cards only (allowed only when wilds may outnumber naturals)."""
    if not t.outnumber or not (t.wild_joker or t.wild_ranks):
        return frozenset()
    sizes: set[int] = set()
    if t.has_sets:
        top = min(t.set_max, 4 if t.set_distinct else 60, t.per_meld)
        sizes.update(range(t.set_min, top + 1))
    if t.has_runs:
        sizes.update(range(t.run_min, min(t.run_max, t.per_meld) + 1))
    return frozenset(s for s in sizes if s >= 1)
