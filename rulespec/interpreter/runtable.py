"""Per-suit run tables and set choices: the one-deck deadwood kernel (interpreter, under solver).

For a hand of distinct natural cards (one deck, no wild-capable card) the melds
are sets (one rank, a choice of suits) and runs (one suit, a window of the ace
mode). Once the cards that go into sets are chosen, the suits are independent:
the least deadwood of one suit's cards using runs only depends on its 13-bit
rank mask, so it is read from a table of 8,192 entries built once per (ace
mode, run lengths, card values). The kernel then enumerates only the set
choices (for each rank held often enough, which suits its sets use) and adds
four table reads per choice. Exact: every arrangement is a set choice plus
runs within suits plus deadwood, and the table is the exact minimum for each
suit. A set choice is a 52-bit mask of the cards it takes, so a choice costs
one XOR and four table reads; a hand with no rank held often enough for a set
(most of them) is four table reads and no memo, the others are memoised by card
mask (`Kernel.py_value`). The hot path is written for CPython: inline tests,
branches instead of `min()`, no tuples built per hand.

The same kernel in C (`_deadwood.c`, loaded by native.py) takes these tables
once and answers `value`, `after_discard` and their batch forms (a hand plus each
candidate card) several times faster; where it is absent (no C compiler at
install time, `RULESPEC_NATIVE=0`, a stale build) the `py_*` methods answer,
identically, ties included.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from functools import lru_cache
from typing import Any, TypeVar

from rulespec.interpreter.meldrules import BIG, Tables, rank_mask, ranks_held, run_windows, tables
from rulespec.interpreter.native import compiled
from rulespec.model.variant import Variant

__all__ = ["BY_VARIANT", "Kernel", "kernel", "kernel_of"]

SUIT = 0x1FFF
INF = 1 << 60
_T = TypeVar("_T")
_MEMO_LIMIT = 200_000


@lru_cache(maxsize=64)
def _run_table(ace: str, run_min: int, run_max: int, values: tuple[int, ...]) -> tuple[int, ...]:
    """For each 13-bit rank mask of one suit: least deadwood when only runs may meld.

    `values[r]` is the hand value of rank r+1. A run is a window of the ace mode
    with a length in [run_min, run_max]; an empty run rule passes run_min > run_max.
    """
    runs_by_low: list[list[int]] = [[] for _ in range(13)]
    for window in run_windows(ace):
        if run_min <= len(window) <= run_max:
            m = rank_mask(window)
            runs_by_low[(m & -m).bit_length() - 1].append(m)
    table = [0] * 8192
    for mask in range(1, 8192):
        low = mask & -mask
        r = low.bit_length() - 1
        best = values[r] + table[mask ^ low]
        for run in runs_by_low[r]:
            if run & mask == run:
                v = table[mask ^ run]
                if v < best:
                    best = v
        table[mask] = best
    return tuple(table)


@lru_cache(maxsize=64)
def _less_one(table: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For each rank mask: (the least change of its run deadwood by removing one of its
    ranks, the highest rank bit index that achieves it); (INF, -1) for the empty mask."""
    best = [INF] * 8192
    arg = [-1] * 8192
    for mask in range(1, 8192):
        rest = mask
        while rest:
            low = rest & -rest
            rest ^= low
            v = table[mask ^ low]
            if v <= best[mask]:
                best[mask] = v
                arg[mask] = low.bit_length() - 1
        best[mask] -= table[mask]
    return tuple(best), tuple(arg)


@lru_cache(maxsize=64)
def _drop_keys(gain: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Per suit 0..3, for each rank mask: gain * 4 + (3 - suit), INF for the empty mask."""
    return tuple(tuple(g * 4 + 3 - i if g < INF else INF for g in gain) for i in range(4))


@lru_cache(maxsize=64)
def _set_options(set_min: int, set_max: int) -> tuple[tuple[int, ...], ...]:
    """For each 4-bit mask of the suits a rank is held in: the suit masks its sets can use.

    A union of disjoint sets of sizes in [set_min, set_max] can use n cards exactly
    when some k >= 1 has k * set_min <= n <= k * set_max; 0 (no set) is always there.
    """
    out: list[tuple[int, ...]] = []
    for held in range(16):
        opts = [0]
        sub = held
        while sub:
            n = sub.bit_count()
            if any(k * set_min <= n <= k * set_max for k in range(1, 5)):
                opts.append(sub)
            sub = (sub - 1) & held
        out.append(tuple(opts))
    return tuple(out)


def _spread(suits: int) -> int:
    """A 4-bit suit mask as a 52-bit card mask of rank A (bit 13*i for suit i)."""
    return sum(1 << 13 * i for i in range(4) if suits >> i & 1)


_HELD = 1 | 1 << 13 | 1 << 26 | 1 << 39  # one rank's four cards, rank A


class Kernel:
    """Exact least deadwood of one-deck natural card masks for one variant's meld rules.

    `value`, `after_discard`, `values_plus` and `after_discard_plus` are the entry
    points: the C kernel's when it loaded (and `native` is not False), else the
    `py_*` methods of the same names, which give the same answers. A mask holds
    codes 0..51 only and none of `not_fast` (wild-capable cards: the solver's test);
    `after_discard` needs a card. The batch forms are for the bots: a hand and
    every card it might draw, in one call.
    """

    def __init__(self, t: Tables, native: bool = True) -> None:
        values = tuple(t.hand_values[r] for r in range(13))
        run_min, run_max = (t.run_min, t.run_max) if t.has_runs else (BIG, 0)
        self.table = _run_table(t.line, run_min, run_max, values)
        self.has_sets = t.has_sets and t.set_min <= 4
        self.set_min = max(t.set_min, 1) if self.has_sets else 5
        self.set3 = self.set_min == 3
        options = _set_options(self.set_min, min(t.set_max, 4))
        # a rank's held cards (52-bit mask) -> the non-empty card masks its sets can take
        self.removals = {
            _spread(held) << r: tuple(_spread(o) << r for o in options[held] if o)
            for held in range(16)
            for r in range(13)
        }
        gain, arg = _less_one(self.table)
        # the best single removal from a suit mask, as gain * 4 + (3 - suit) for suit 0..3,
        # so the least over the four suits is the least gain, the highest suit on ties;
        # an empty suit has nothing to remove
        self.drop_key = _drop_keys(gain)
        self.less_one_rank = arg
        self.not_fast = t.not_fast  # the codes this kernel cannot take (the solver's test)
        self.memo: dict[int, int] = {}
        self.laid: dict[int, Any] = {}  # meld mask -> its placed tuple (the solver's cache)
        self.walks: dict[int, Any] = {}  # meldable mask -> the solver's arrangement of it
        self.gain = gain  # by suit mask: the least change of its value by dropping one card
        # by held suits (4 bits): the non-empty suit masks a rank's sets can use
        self.options = tuple(tuple(o for o in held if o) for held in options)
        self.native = (
            compiled(self.table, gain, arg, self.options, self.set_min) if native else None
        )
        """The C kernel over these same tables (native.py), or None: the `py_*` methods."""
        n = self.native
        # the entry points: the C kernel's methods when it is there (no Python frame per call)
        self.value: Callable[[int], int] = n.value if n else self.py_value
        self.after_discard: Callable[[int], tuple[int, int]] = (
            n.after_discard if n else self.py_after_discard
        )
        self.values_plus: Callable[[int, int], list[int]] = (
            n.values_plus if n else self.py_values_plus
        )
        self.after_discard_plus: Callable[[int, int], list[tuple[int, int]]] = (
            n.after_discard_plus if n else self.py_after_discard_plus
        )

    def _set_ranks(self, s0: int, s1: int, s2: int, s3: int) -> int:
        """The 13-bit mask of ranks held in enough suits for a set (0 when sets are off)."""
        if self.set_min == 3:  # the usual rule, inline: held in three suits or four
            return (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
        if self.set_min > 4:
            return 0
        return ranks_held(s0, s1, s2, s3, self.set_min)

    def py_value(self, mask: int) -> int:
        """Least deadwood of the cards of a 52-bit one-deck mask.

        With no rank held often enough for a set, four table reads are the answer
        (cheaper than a memo); otherwise the set choices are enumerated and the
        answer memoised by the mask.
        """
        s0 = mask & SUIT
        s1 = mask >> 13 & SUIT
        s2 = mask >> 26 & SUIT
        s3 = mask >> 39 & SUIT
        table = self.table
        best = table[s0] + table[s1] + table[s2] + table[s3]
        if not best:
            return best
        if self.set3:  # _set_ranks, inline
            ranks = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
        else:
            ranks = self._set_ranks(s0, s1, s2, s3)
        if not ranks:
            return best
        got = self.memo.get(mask)
        if got is not None:
            return got
        low = ranks & -ranks
        takes = self.removals[mask & _HELD * low] if low == ranks else self._takes(mask, ranks)
        for o in takes:
            x = mask ^ o
            v = table[x & SUIT] + table[x >> 13 & SUIT] + table[x >> 26 & SUIT] + table[x >> 39]
            if v < best:
                best = v
                if not v:
                    break
        if len(self.memo) >= _MEMO_LIMIT:
            self.memo.clear()
        self.memo[mask] = best
        return best

    def _takes(self, mask: int, ranks: int) -> tuple[int, ...] | list[int]:
        """The cards every non-empty choice of sets takes (52-bit masks): for each rank in
        `ranks`, no set or one of the removals its held cards allow. One rank (the usual
        case) is a single dict read of a prebuilt tuple; the callers inline that case."""
        removals = self.removals
        low = ranks & -ranks
        if low == ranks:
            return removals[mask & _HELD * low]
        takes = [0]
        while ranks:
            low = ranks & -ranks
            ranks ^= low
            opts = removals[mask & _HELD * low]
            takes += [x | o for x in takes for o in opts]
        del takes[0]
        return takes

    def py_after_discard(self, mask: int) -> tuple[int, int]:
        """(least deadwood after discarding one card, that card; the highest code on ties).

        All discards in one pass: for each set choice, a card outside the sets is
        discarded from one suit, and `drop_key` holds each suit's best such removal.
        """
        s0 = mask & SUIT
        s1 = mask >> 13 & SUIT
        s2 = mask >> 26 & SUIT
        s3 = mask >> 39 & SUIT
        table = self.table
        k0, k1, k2, k3 = self.drop_key
        key = k0[s0]  # the least of the four suits' keys (branches beat min() here)
        if k1[s1] < key:
            key = k1[s1]
        if k2[s2] < key:
            key = k2[s2]
        if k3[s3] < key:
            key = k3[s3]
        if key >= INF:
            raise ValueError("after_discard needs at least one card")
        suit = 3 - (key & 3)
        best = table[s0] + table[s1] + table[s2] + table[s3] + (key >> 2)
        card = 13 * suit + self.less_one_rank[mask >> 13 * suit & SUIT]
        if self.set3:  # _set_ranks, inline
            ranks = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
        else:
            ranks = self._set_ranks(s0, s1, s2, s3)
        if not ranks:
            return best, card
        low = ranks & -ranks
        takes = self.removals[mask & _HELD * low] if low == ranks else self._takes(mask, ranks)
        for o in takes:
            x = mask ^ o
            m0 = x & SUIT
            m1 = x >> 13 & SUIT
            m2 = x >> 26 & SUIT
            m3 = x >> 39 & SUIT
            key = k0[m0]
            if k1[m1] < key:
                key = k1[m1]
            if k2[m2] < key:
                key = k2[m2]
            if k3[m3] < key:
                key = k3[m3]
            if key >= INF:
                continue  # every card is in a set: nothing left to discard
            v = table[m0] + table[m1] + table[m2] + table[m3] + (key >> 2)
            if v <= best:
                suit = 3 - (key & 3)
                c = 13 * suit + self.less_one_rank[x >> 13 * suit & SUIT]
                if v < best or c > card:
                    best, card = v, c
        return best, card

    def py_values_plus(self, mask: int, add: int) -> list[int]:
        """`value(mask | bit)` for each bit of `add`, lowest first (a draw's every candidate)."""
        return _each_added(self.py_value, mask, add)

    def py_after_discard_plus(self, mask: int, add: int) -> list[tuple[int, int]]:
        """`after_discard(mask | bit)` for each bit of `add`, lowest first: each card taken in
        and the best discard after it."""
        return _each_added(self.py_after_discard, mask, add)


def _each_added(solve: Callable[[int], _T], mask: int, add: int) -> list[_T]:
    """solve(mask | bit) for each bit of `add`, lowest bit first."""
    out = []
    while add:
        low = add & -add
        add ^= low
        out.append(solve(mask | low))
    return out


_KERNELS: dict[int, tuple[Tables, Kernel]] = {}


def kernel(t: Tables) -> Kernel:
    """The kernel of these tables (kept while the tables live; one per variant)."""
    hit = _KERNELS.get(id(t))
    if hit is not None and hit[0] is t:
        return hit[1]
    if len(_KERNELS) > 256:
        _KERNELS.clear()
    made = Kernel(t)
    _KERNELS[id(t)] = (t, made)
    return made


BY_VARIANT: dict[int, Kernel] = {}
"""A live variant's id -> its kernel, for the solver's inline lookup (`kernel_of` fills it).
An entry leaves when its variant dies, before the id can name another object."""


def kernel_of(variant: Variant) -> Kernel:
    """`kernel(tables(variant))` in one cached lookup: the solver asks it on every call
    (inline as `BY_VARIANT.get(id(variant)) or kernel_of(variant)`)."""
    key = id(variant)
    hit = BY_VARIANT.get(key)
    if hit is not None:
        return hit
    made = kernel(tables(variant))
    BY_VARIANT[key] = made
    weakref.finalize(variant, BY_VARIANT.pop, key, None)
    return made
