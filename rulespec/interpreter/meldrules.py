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

from rulespec.core.cards import JOKER
from rulespec.model.variant import PLACES, RANK_KEYS, Variant

BIG = 1 << 30
"""Stands for 'no limit' in the integer limits below."""


FULL_ORDER = tuple(range(1, 14))
"""The ranks of a standard deck in run order (A 2 .. K)."""


def line_key(ace: str, order: tuple[int, ...] = FULL_ORDER) -> str:
    """The key of a run order: the ace mode, with the pack's ranks when they are not all 13.

    Every table below is cached by this one string: `"low"` for a standard deck,
    `"low:1,2,3,4,5,6,7,11,12,13"` for the 40-card pack (its ranks in run order).
    """
    if order == FULL_ORDER:
        return ace
    return f"{ace}:{','.join(str(r) for r in order)}"


def _split(key: str) -> tuple[str, tuple[int, ...]]:
    ace, _, listed = key.partition(":")
    return ace, tuple(int(r) for r in listed.split(",")) if listed else FULL_ORDER


def _lines(key: str) -> list[tuple[int, ...]]:
    """The rank orders a run may follow in a line key (ace mode over the pack's ranks).

    The ace modes act on the ends of the pack's rank list: `low` keeps A first,
    `high` puts it after the last rank, `wrap` lets a run turn every corner.
    A pack without an ace has the one line of its ranks.
    """
    ace, order = _split(key)
    low = order
    high = tuple(r for r in order if r != 1) + ((1,) if 1 in order else ())
    count = len(order)
    if ace == "low" or 1 not in order and ace in ("high", "high_or_low"):
        return [low]
    if ace == "high":
        return [high]
    if ace == "high_or_low":
        return [low, high]
    if ace == "wrap":
        return [tuple(order[(start + i) % count] for i in range(count)) for start in range(count)]
    raise ValueError(f"unknown ace mode {ace!r}")


@cache
def run_windows(ace: str) -> tuple[tuple[int, ...], ...]:
    """Every legal run rank order in a line key (one per distinct rank set), shortest first."""
    seen: set[int] = set()
    out: list[tuple[int, ...]] = []
    lines = _lines(ace)
    for length in range(1, len(lines[0]) + 1):
        for line in lines:
            for start in range(0, len(line) - length + 1):
                window = line[start : start + length]
                mask = rank_mask(window)
                if mask not in seen:
                    seen.add(mask)
                    out.append(window)
    return tuple(out)


@cache
def windows_of(ace: str, length: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The run windows of exactly `length` ranks in a line key, in `run_windows` order, each
    with its rank mask (a placement of wild cards tries only the windows of its length)."""
    return tuple((w, rank_mask(w)) for w in run_windows(ace) if len(w) == length)


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
    """The meld facts of one variant, in the shapes the hot paths want.

    `line` is the run-order key every window, span and run table is cached by
    (`line_key`: the ace mode, with the pack's ranks when they are not all 13);
    `ace` is the ace mode alone, for messages.
    """

    ace: str
    line: str
    ranks: frozenset[int]  # the ranks (1..13) the pack holds
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
    run_cover: tuple[int, ...] = ()  # 13-bit suit mask -> ranks in some shortest legal run in it
    rank_value_sum: tuple[int, ...] = ()  # 13-bit suit mask -> sum of hand values of those ranks
    not_fast: int = 0  # 53-bit mask of codes the bitmask path cannot take (wild-capable, joker)
    joker_sets: bool = False  # jokers are a rank of their own: sets of jokers only (never wild)
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)
    # solver results by hand key, bounded by the solver
    refusals: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)
    # melds.meld_refusal and melds.extend answers by their cards (the judge asks them of every
    # candidate move), bounded there

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
    longest = len(variant.ranks)
    run_max = longest if run_rule is None or run_rule.max is None else min(run_rule.max, longest)
    t = Tables(
        ace=variant.ace,
        line=line_key(variant.ace, variant.ranks),
        ranks=frozenset(variant.ranks),
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
        joker_sets=melds.joker_sets,
    )
    object.__setattr__(t, "natural_by_low", _natural_masks(t))
    object.__setattr__(t, "all_wild_sizes", _all_wild_sizes(t))
    object.__setattr__(t, "run_cover", _run_cover(t))
    hand_by_rank = tuple(variant.values[r]["hand"] for r in range(1, 14))
    object.__setattr__(t, "rank_value_sum", _value_sums(hand_by_rank))
    not_fast = 1 << JOKER
    for code in range(52):
        if t.wild_code(code):
            not_fast |= 1 << code
    object.__setattr__(t, "not_fast", not_fast)
    return t


@cache
def _value_sums(by_rank: tuple[int, ...]) -> tuple[int, ...]:
    """For each 13-bit rank mask: the sum of those ranks' hand values."""
    sums = [0] * 8192
    for mask in range(1, 8192):
        low = (mask & -mask).bit_length() - 1
        sums[mask] = sums[mask & (mask - 1)] + by_rank[low]
    return tuple(sums)


def _run_cover(t: Tables) -> tuple[int, ...]:
    """For each 13-bit rank mask of one suit: the ranks lying in some legal run of `run_min`."""
    if not t.has_runs or t.run_min > t.run_max:
        return (0,) * 8192
    return _cover_table(t.line, max(t.run_min, 1))


def runs_of(t: Tables, length: int) -> tuple[int, ...]:
    """For each 13-bit rank mask of one suit: the ranks lying in some run of `length` cards
    (at least the run minimum) made of exactly those ranks' cards (0: none)."""
    if not t.has_runs:
        return (0,) * 8192
    return _cover_table(t.line, max(length, t.run_min, 1))


@cache
def _cover_table(ace: str, length: int) -> tuple[int, ...]:
    shortest = [rank_mask(w) for w in run_windows(ace) if len(w) == length]
    cover = []
    for mask in range(8192):
        got = 0
        for w in shortest:
            if w & mask == w:
                got |= w
        cover.append(got)
    return tuple(cover)


def ranks_held(s0: int, s1: int, s2: int, s3: int, need: int) -> int:
    """The 13-bit mask of ranks held in at least `need` of the four suits (bit-sliced count)."""
    if need <= 1:
        return s0 | s1 | s2 | s3
    a, b = s0 ^ s1, s0 & s1
    c, d = s2 ^ s3, s2 & s3
    low = a ^ c
    carry = a & c
    mid = b ^ d ^ carry
    high = (b & d) | (carry & (b ^ d))
    if need >= 4:
        return high
    if need == 3:
        return high | (mid & low)
    return high | mid


def meldable(t: Tables, hand_mask: int) -> int:
    """The cards of a one-deck natural hand mask that lie in some meld of it (sets, runs)."""
    s0 = hand_mask & 0x1FFF
    s1 = (hand_mask >> 13) & 0x1FFF
    s2 = (hand_mask >> 26) & 0x1FFF
    s3 = (hand_mask >> 39) & 0x1FFF
    cover = t.run_cover
    c0, c1, c2, c3 = cover[s0], cover[s1], cover[s2], cover[s3]
    if t.has_sets and t.set_min <= 4:
        ranks = ranks_held(s0, s1, s2, s3, t.set_min)
        c0 |= s0 & ranks
        c1 |= s1 & ranks
        c2 |= s2 & ranks
        c3 |= s3 & ranks
    return c0 | (c1 << 13) | (c2 << 26) | (c3 << 39)


def dead_value(t: Tables, mask: int) -> int:
    """Sum of the hand values of the cards of a one-deck natural mask."""
    sums = t.rank_value_sum
    return (
        sums[mask & 0x1FFF]
        + sums[(mask >> 13) & 0x1FFF]
        + sums[(mask >> 26) & 0x1FFF]
        + sums[(mask >> 39) & 0x1FFF]
    )


def _natural_masks(t: Tables) -> tuple[tuple[int, ...], ...]:
    """Every meld of distinct natural cards (no wilds) as a 52-bit mask, by lowest card."""
    by_low: list[list[int]] = [[] for _ in range(52)]
    masks: set[int] = set()
    if t.has_sets:
        for rank in sorted(t.ranks):
            for suits in range(1, 16):
                n = bin(suits).count("1")
                if t.set_min <= n <= t.set_max:
                    masks.add(sum(1 << (rank - 1 + 13 * s) for s in range(4) if suits >> s & 1))
    if t.has_runs:
        for window in run_windows(t.line):
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


_WITH: dict[int, tuple[Tables, list[tuple[int, ...] | None]]] = {}


def natural_melds_with(t: Tables, code: int) -> tuple[int, ...]:
    """Every one-deck natural meld mask (`natural_by_low`) that holds the card `code` (0-51),
    made once per card and tables: the draw obligation's quick test asks it per draw."""
    hit = _WITH.get(id(t))
    if hit is None or hit[0] is not t:
        if len(_WITH) > 64:
            _WITH.clear()
        hit = _WITH[id(t)] = (t, [None] * 52)
    got = hit[1][code]
    if got is None:
        bit = 1 << code
        got = hit[1][code] = tuple(m for ms in t.natural_by_low for m in ms if m & bit)
    return got
