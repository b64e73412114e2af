"""The one-deck bitmask deadwood search the run-table kernel replaced, kept as a test reference.

Exact and simple: take the lowest card left and either leave it as deadwood or
meld it in a precomputed natural meld whose lowest card it is, memoised on the
cards left. tests/interpreter/test_runtable.py checks the kernel against it
(and both against the brute force of bruteforce_ref.py).
"""

from __future__ import annotations

from rulespec.interpreter.meldrules import Tables


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
