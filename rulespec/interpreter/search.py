"""The deadwood search engines: one-deck bitmasks and general counts (interpreter, under solver).

Both take the lowest card left and either leave it as deadwood or meld it in
a meld whose lowest card it is, memoised on the cards left (exact).

- `FastSearch`: no wild-capable cards, no duplicates. A hand is a 52-bit
  mask; candidate melds are the variant's precomputed natural meld masks.
- `GeneralSearch`: duplicates (several decks) and wild cards. Natural cards
  are packed counts, one bit field per card type with a guard bit, so
  `R - m` has no borrow exactly when the meld's naturals are in R. Wild cards
  are interchangeable when melded, so the state is (naturals left, wild cards
  left); melds take the most valuable wild cards and the ones left over are
  the least valuable. A card of a wild rank is tried both ways by running
  the search once per split of those cards into naturals and wilds.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import product

from rulespec.interpreter.cards import JOKER
from rulespec.interpreter.meldgen import natural_parts
from rulespec.interpreter.meldrules import Tables

Step = tuple[tuple[int, ...], int]
"""One meld of an arrangement: (natural codes, number of wild cards)."""


class FastSearch:
    """Exact minimum deadwood of subsets of one hand mask (one deck, no wild cards)."""

    def __init__(self, t: Tables, hand_mask: int) -> None:
        self.vals = t.hand_values
        by_low = t.natural_by_low
        cands: dict[int, tuple[int, ...]] = {}
        rest = hand_mask
        while rest:
            low = rest & -rest
            c = low.bit_length() - 1
            rest ^= low
            cands[c] = tuple(m for m in by_low[c] if m & hand_mask == m)
        self.cands = cands
        self.memo: dict[int, int] = {0: 0}

    def value(self, mask: int) -> int:
        memo = self.memo
        got = memo.get(mask)
        if got is not None:
            return got
        low = mask & -mask
        c = low.bit_length() - 1
        best = self.vals[c] + self.value(mask ^ low)
        if best:
            for m in self.cands[c]:
                if m & mask == m:
                    v = self.value(mask ^ m)
                    if v < best:
                        best = v
                        if not v:
                            break
        memo[mask] = best
        return best

    def arrangement(self, mask: int) -> tuple[list[int], list[int]]:
        """(meld masks, deadwood codes) of a best arrangement; melds preferred on ties."""
        melds: list[int] = []
        dead: list[int] = []
        while mask:
            target = self.value(mask)
            low = mask & -mask
            c = low.bit_length() - 1
            for m in self.cands[c]:
                if m & mask == m and self.value(mask ^ m) == target:
                    melds.append(m)
                    mask ^= m
                    break
            else:
                dead.append(c)
                mask ^= low
        return melds, dead


class GeneralSearch:
    """Exact minimum deadwood for any hand: duplicates, jokers, wild ranks."""

    def __init__(self, t: Tables, hand: Sequence[int]) -> None:
        self.t = t
        counts: Counter[int] = Counter(c for c in hand if c != JOKER)
        self.types = sorted(counts)
        index = {c: i for i, c in enumerate(self.types)}
        width = max(counts.values(), default=1).bit_length() + 1
        self.width = width
        self.units = [1 << (i * width) for i in range(len(self.types))]
        self.guard = sum(u << (width - 1) for u in self.units)
        self.full = sum(u * counts[c] for u, c in zip(self.units, self.types, strict=False))
        jokers = sum(1 for c in hand if c == JOKER)
        self.jokers = jokers if t.wild_joker else 0
        self.dead_jokers = 0 if t.wild_joker else jokers
        flex = Counter(c for c in hand if c != JOKER and t.wild_code(c))
        self.flex = sorted(flex.items())
        wild_total = self.jokers + sum(flex.values())
        self.vals = [t.hand_values[c] for c in self.types]
        by_low: list[list[tuple[int, int, int, tuple[int, ...]]]] = [[] for _ in self.types]
        for codes, kmin, kmax in natural_parts(t, counts, wild_total):
            m = sum(self.units[index[c]] for c in codes)
            by_low[index[min(codes)]].append((m, kmin, kmax, codes))
        self.by_low = by_low
        self.absorb = _absorb_table(t, wild_total)
        self.memo: dict[int, int] = {}
        self.base: list[int] = []
        self.split: tuple[int, list[int]] = (self.full, [])

    def set_split(self, nat_mask: int, tokens: list[int]) -> None:
        """Fix which wild-rank cards act as wild cards (tokens: their codes plus jokers)."""
        self.split = (nat_mask, tokens)
        values = sorted(self.t.hand_values[c] for c in tokens)
        low_sum = [0]
        for v in values:
            low_sum.append(low_sum[-1] + v)
        self.base = [
            min(low_sum[w - a] for a, _ in self.absorb[: w + 1] if a <= w and _ is not None)
            for w in range(len(tokens) + 1)
        ]
        self.memo = {}

    def after_discards(self) -> list[tuple[int, int]]:
        """(deadwood left, card) for each distinct card discarded, when no wild-rank card is held.

        One memo serves every discard: the wild cards are all jokers of one value,
        so the least-valuable-leftover sums do not depend on how many there are.
        """
        assert not self.flex
        tokens = [JOKER] * self.jokers
        self.set_split(self.full, tokens)
        joker_value = self.t.hand_values[JOKER]
        out = []
        for i, code in enumerate(self.types):
            v = self.value(self.full - self.units[i], self.jokers)
            out.append((v + self.dead_jokers * joker_value, code))
        if self.jokers:
            v = self.value(self.full, self.jokers - 1)
            out.append((v + self.dead_jokers * joker_value, JOKER))
        elif self.dead_jokers:
            v = self.value(self.full, 0)
            out.append((v + (self.dead_jokers - 1) * joker_value, JOKER))
        return out

    def splits(self) -> list[tuple[int, list[int]]]:
        """Every split of the wild-rank cards into naturals and wild cards."""
        out = []
        for choice in product(*(range(n + 1) for _, n in self.flex)):
            mask = self.full
            tokens = [JOKER] * self.jokers
            for (code, _), k in zip(self.flex, choice, strict=False):
                mask -= self.units[self.types.index(code)] * k
                tokens += [code] * k
            out.append((mask, tokens))
        return out

    def value(self, mask: int, w: int) -> int:
        key = (mask << 7) | w
        got = self.memo.get(key)
        if got is not None:
            return got
        if not mask:
            best = self.base[w]
        else:
            low = mask & -mask
            i = (low.bit_length() - 1) // self.width
            best = self.vals[i] + self.value(mask - self.units[i], w)
            guarded = mask | self.guard
            guard = self.guard
            for m, kmin, kmax, _codes in self.by_low[i]:
                if kmin <= w and (guarded - m) & guard == guard:
                    rest = mask - m
                    for k in range(kmin, min(kmax, w) + 1):
                        v = self.value(rest, w - k)
                        if v < best:
                            best = v
        self.memo[key] = best
        return best

    def solve(self) -> int:
        """Minimum deadwood over every split; leaves the best split set for `arrangement`."""
        best: tuple[int, int, list[int]] | None = None
        for mask, tokens in self.splits():
            self.set_split(mask, tokens)
            v = self.value(mask, len(tokens))
            if best is None or v < best[0]:
                best = (v, mask, tokens)
        assert best is not None
        self.set_split(best[1], best[2])
        self.value(best[1], len(best[2]))
        return best[0] + self.dead_jokers * self.t.hand_values[JOKER]

    def arrangement(self) -> tuple[list[Step], list[int], list[int], list[int]]:
        """After `solve`: (melds as steps, all-wild meld sizes, dead natural codes, tokens)."""
        mask, tokens = self.split
        w = len(tokens)
        steps: list[Step] = []
        dead: list[int] = []
        while mask:
            target = self.value(mask, w)
            low = mask & -mask
            i = (low.bit_length() - 1) // self.width
            found = False
            for m, kmin, kmax, codes in self.by_low[i]:
                if kmin <= w and ((mask | self.guard) - m) & self.guard == self.guard:
                    for k in range(kmin, min(kmax, w) + 1):
                        if self.value(mask - m, w - k) == target:
                            steps.append((codes, k))
                            mask -= m
                            w -= k
                            found = True
                            break
                if found:
                    break
            if not found:
                dead.append(self.types[i])
                mask -= self.units[i]
        groups: list[int] = []
        target = self.base[w]
        values = sorted(self.t.hand_values[c] for c in tokens)
        for a, sizes in self.absorb[: w + 1]:
            if sizes is not None and a <= w and sum(values[: w - a]) == target:
                groups = list(sizes)
                break
        return steps, groups, dead, tokens


def _absorb_table(t: Tables, total: int) -> list[tuple[int, tuple[int, ...] | None]]:
    """For a = 0..total: (a, sizes of all-wild melds adding up to a) or (a, None) if impossible."""
    table: list[tuple[int, tuple[int, ...] | None]] = [(0, ())]
    for a in range(1, total + 1):
        way: tuple[int, ...] | None = None
        for size in sorted(t.all_wild_sizes):
            if size <= a:
                prev = table[a - size][1]
                if prev is not None:
                    way = prev + (size,)
                    break
        table.append((a, way))
    return table
