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
suit. The solver memoises answers by card mask (`Kernel.value`).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import Any

from rulespec.interpreter.meldrules import BIG, Tables, rank_mask, ranks_held, run_windows

__all__ = ["Kernel", "kernel"]

SUIT = 0x1FFF
INF = 1 << 60
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
    """For each rank mask: (least run deadwood after removing one of its ranks, the highest
    rank bit index that achieves it); (INF, -1) for the empty mask."""
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
    return tuple(best), tuple(arg)


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


class Kernel:
    """Exact least deadwood of one-deck natural card masks for one variant's meld rules."""

    def __init__(self, t: Tables) -> None:
        values = tuple(t.hand_values[r] for r in range(13))
        run_min, run_max = (t.run_min, t.run_max) if t.has_runs else (BIG, 0)
        self.table = _run_table(t.line, run_min, run_max, values)
        self.has_sets = t.has_sets and t.set_min <= 4
        self.set_min = max(t.set_min, 1)
        self.options = _set_options(self.set_min, min(t.set_max, 4))
        less_one, self.less_one_rank = _less_one(self.table)
        # what removing the best card of a suit mask changes in its run deadwood
        self.less_one_gain = tuple(less_one[m] - self.table[m] if m else 0 for m in range(8192))
        self.memo: dict[int, int] = {0: 0}
        self.laid: dict[int, Any] = {}  # meld mask -> its placed tuple (the solver's cache)
        self.walks: dict[int, Any] = {}  # meldable mask -> the solver's arrangement of it

    def value(self, mask: int) -> int:
        """Least deadwood of the cards of a 52-bit one-deck mask (memoised by the mask)."""
        got = self.memo.get(mask)
        if got is not None:
            return got
        got = self._solve(mask)
        if len(self.memo) >= _MEMO_LIMIT:
            self.memo.clear()
        self.memo[mask] = got
        return got

    def _solve(self, mask: int) -> int:
        s0 = mask & SUIT
        s1 = (mask >> 13) & SUIT
        s2 = (mask >> 26) & SUIT
        s3 = (mask >> 39) & SUIT
        table = self.table
        best = table[s0] + table[s1] + table[s2] + table[s3]
        if not self.has_sets or not best:
            return best
        if self.set_min == 3 and not ((s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))):
            return best  # no rank in three suits: no set
        for r0, r1, r2, r3 in self._set_choices(s0, s1, s2, s3):
            v = table[s0 ^ r0] + table[s1 ^ r1] + table[s2 ^ r2] + table[s3 ^ r3]
            if v < best:
                best = v
                if not v:
                    break
        return best

    def _set_choices(self, s0: int, s1: int, s2: int, s3: int) -> list[tuple[int, int, int, int]]:
        """Every non-empty choice of cards for sets, as the rank masks it takes from each suit."""
        ranks = ranks_held(s0, s1, s2, s3, self.set_min)
        if not ranks:
            return []
        choices = []
        options = self.options
        while ranks:
            low = ranks & -ranks
            ranks ^= low
            held = (
                (1 if s0 & low else 0)
                | (2 if s1 & low else 0)
                | (4 if s2 & low else 0)
                | (8 if s3 & low else 0)
            )
            choices.append([(low, o) for o in options[held]])
        out = []
        for combo in product(*choices):
            r0 = r1 = r2 = r3 = 0
            for bit, used in combo:
                if used & 1:
                    r0 |= bit
                if used & 2:
                    r1 |= bit
                if used & 4:
                    r2 |= bit
                if used & 8:
                    r3 |= bit
            if r0 | r1 | r2 | r3:
                out.append((r0, r1, r2, r3))
        return out

    def after_discard(self, mask: int) -> tuple[int, int]:
        """(least deadwood after discarding one card, that card; the highest code on ties).

        All discards in one pass: for each set choice, a card outside the sets is
        discarded from one suit, and `less_one` holds each suit's best such removal.
        """
        s0 = mask & SUIT
        s1 = (mask >> 13) & SUIT
        s2 = (mask >> 26) & SUIT
        s3 = (mask >> 39) & SUIT
        choices: list[tuple[int, int, int, int]] = [(0, 0, 0, 0)]
        if self.has_sets and (self.set_min != 3 or (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))):
            choices += self._set_choices(s0, s1, s2, s3)
        table, gain, arg = self.table, self.less_one_gain, self.less_one_rank
        best, card = INF, -1
        for r0, r1, r2, r3 in choices:
            m0, m1, m2, m3 = s0 ^ r0, s1 ^ r1, s2 ^ r2, s3 ^ r3
            total = table[m0] + table[m1] + table[m2] + table[m3]
            for i, m in ((3, m3), (2, m2), (1, m1), (0, m0)):
                if m:
                    v = total + gain[m]
                    c = 13 * i + arg[m]
                    if v < best or (v == best and c > card):
                        best, card = v, c
        return best, card


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
