"""The general counted search as it stood before its memo was shared, kept as a test reference.

tests/interpreter/test_gensearch.py checks the shared-memo search (interpreter/search.py)
against it: the same values and the very same arrangements (tie-breaks included).
What follows is its original description.

It takes the lowest card left and either leaves it as deadwood or melds it in
a meld whose lowest card it is, memoised on the cards left (exact). One-deck
hands without wild cards go to the run-table kernel (runtable.py) instead.

- `GeneralSearch`: duplicates (several decks) and wild cards. Natural cards
  are packed counts, one bit field per card type with a guard bit, so
  `R - m` has no borrow exactly when the meld's naturals are in R. Wild cards
  are interchangeable when melded, so they are a count, never named: the
  state is (cards left, wild cards owed or spare). A meld owes the wild cards
  it holds; a card of a wild rank, when it comes up lowest, is deadwood, a
  natural card of a meld, or one spare wild card; the jokers pay what is
  owed at the end and spare wild cards fill all-wild melds. The state space
  is polynomial in the number of wild cards (no split of them is ever
  enumerated), and the search stops at the first arrangement of deadwood 0.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rulespec.core.cards import JOKER
from rulespec.interpreter.meldgen import natural_parts
from rulespec.interpreter.meldrules import Tables

Step = tuple[tuple[int, ...], int]
"""One meld of an arrangement: (natural codes, number of wild cards)."""

Part = tuple[int, int, int, tuple[int, ...], int]
"""A natural part packed: (count mask, fewest wilds, most wilds, natural codes, wild-rank cards)."""

INF = 1 << 40
"""Stands for 'no arrangement' (more wild cards owed than the hand can pay)."""


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
        self.is_flex = [t.wild_code(c) for c in self.types]
        self.flex_total = sum(flex.values())
        wild_total = self.jokers + self.flex_total
        self.vals = [t.hand_values[c] for c in self.types]
        self.floor = 0 if min(t.hand_values) >= 0 else None
        by_low: list[list[Part]] = [[] for _ in self.types]
        for codes, kmin, kmax in natural_parts(t, counts, wild_total):
            m = sum(self.units[index[c]] for c in codes)
            flex_in = sum(1 for c in codes if t.wild_code(c))
            by_low[index[min(codes)]].append((m, kmin, kmax, codes, flex_in))
        self.by_low = by_low
        self.absorb = _absorb_table(t, wild_total)
        self.memo: dict[int, int] = {}
        self.offset = wild_total + 1
        self.shift = (2 * wild_total + 3).bit_length()
        joker_value = t.hand_values[JOKER]
        # base[b + offset]: least deadwood of the jokers once every card is placed, with b
        # wild cards owed (b < 0) or spare (b > 0); spare ones go into all-wild melds
        self.base: list[int | None] = []
        for b in range(-self.offset, wild_total + 2):
            best: int | None = None
            for x in range(self.jokers, max(0, -b) - 1, -1):
                a = b + x
                if 0 <= a < len(self.absorb) and self.absorb[a][1] is not None:
                    best = (self.jokers - x) * joker_value
                    break
            self.base.append(best)

    def value(self, mask: int, b: int = 0, flex_left: int | None = None) -> int:
        """Least deadwood of the cards in `mask` with `b` wild cards owed (< 0) or spare (> 0).

        Each card, lowest first, is deadwood, a natural card of a meld whose lowest
        natural card it is (the meld owes its wild cards), or, for a card of a wild
        rank, a wild card in some meld (one spare). The jokers pay what is owed at
        the end; spare wild cards fill all-wild melds. INF when that cannot work.
        """
        if flex_left is None:
            flex_left = self.flex_in(mask)
        return self._value(mask, b, flex_left)

    def flex_in(self, mask: int) -> int:
        """How many cards of a wild rank the mask holds."""
        low_bits = (1 << self.width) - 1
        return sum(
            (mask >> (i * self.width)) & low_bits for i, flex in enumerate(self.is_flex) if flex
        )

    def _value(self, mask: int, b: int, fl: int) -> int:
        key = (mask << self.shift) | (b + self.offset)
        got = self.memo.get(key)
        if got is not None:
            return got
        if not mask:
            base = self.base[b + self.offset] if b + self.offset < len(self.base) else None
            best = INF if base is None else base
            self.memo[key] = best
            return best
        low = mask & -mask
        i = (low.bit_length() - 1) // self.width
        unit = self.units[i]
        floor = self.floor
        best = INF
        if self.is_flex[i]:
            best = self._value(mask - unit, b + 1, fl - 1)
            rest_fl = fl - 1
        else:
            rest_fl = fl
        if best != floor:
            guarded = mask | self.guard
            guard = self.guard
            reserve = self.jokers
            for m, kmin, kmax, _codes, flex_in in self.by_low[i]:
                if (guarded - m) & guard != guard:
                    continue
                left = fl - flex_in
                top = min(kmax, b + left + reserve)
                for k in range(kmin, top + 1):
                    v = self._value(mask - m, b - k, left)
                    if v < best:
                        best = v
                        if v == floor:
                            break
                if best == floor:
                    break
        if best != floor and b + rest_fl + self.jokers >= 0:
            v = self.vals[i] + self._value(mask - unit, b, rest_fl)
            if v < best:
                best = v
        self.memo[key] = best
        return best

    def solve(self) -> int:
        """Minimum deadwood of the whole hand (dead jokers included)."""
        v = self.value(self.full, 0, self.flex_total)
        assert v < INF
        return v + self.dead_jokers * self.t.hand_values[JOKER]

    def after_discards(self) -> list[tuple[int, int]]:
        """(deadwood left, card) for each distinct card discarded; one memo serves them all."""
        joker_value = self.t.hand_values[JOKER]
        dead = self.dead_jokers * joker_value
        out = []
        for i, code in enumerate(self.types):
            fl = self.flex_total - (1 if self.is_flex[i] else 0)
            out.append((self.value(self.full - self.units[i], 0, fl) + dead, code))
        if self.jokers:
            fewer = GeneralSearch(self.t, [*self.hand_codes(), *[JOKER] * (self.jokers - 1)])
            out.append((fewer.solve(), JOKER))
        elif self.dead_jokers:
            out.append((self.value(self.full, 0, self.flex_total) + dead - joker_value, JOKER))
        return out

    def hand_codes(self) -> list[int]:
        """The natural-capable cards of the hand (jokers left out)."""
        low_bits = (1 << self.width) - 1
        return [
            c
            for i, c in enumerate(self.types)
            for _ in range((self.full >> (i * self.width)) & low_bits)
        ]

    def arrangement(self) -> tuple[list[Step], list[int], list[int], list[int]]:
        """A best arrangement of the whole hand: (melds as steps, all-wild meld sizes,
        deadwood codes, wild cards melded). Melds are preferred to deadwood on ties."""
        mask, b, fl = self.full, 0, self.flex_total
        steps: list[Step] = []
        dead: list[int] = []
        tokens: list[int] = []
        while mask:
            target = self._value(mask, b, fl)
            low = mask & -mask
            i = (low.bit_length() - 1) // self.width
            flex = self.is_flex[i]
            found = False
            for m, kmin, kmax, codes, flex_in in self.by_low[i]:
                if ((mask | self.guard) - m) & self.guard != self.guard:
                    continue
                for k in range(kmin, kmax + 1):
                    if b - k + fl - flex_in + self.jokers < 0:
                        break
                    if self._value(mask - m, b - k, fl - flex_in) == target:
                        steps.append((codes, k))
                        mask, b, fl = mask - m, b - k, fl - flex_in
                        found = True
                        break
                if found:
                    break
            if found:
                continue
            mask -= self.units[i]
            if flex and self._value(mask, b + 1, fl - 1) == target:
                tokens.append(self.types[i])
                b, fl = b + 1, fl - 1
            else:
                dead.append(self.types[i])
                fl -= 1 if flex else 0
        # the fewest jokers melded that pay what is owed at the least deadwood
        least = self.base[b + self.offset]
        joker_value = self.t.hand_values[JOKER]
        for used in range(max(0, -b), self.jokers + 1):
            sizes = self.absorb[b + used][1] if b + used < len(self.absorb) else None
            if sizes is not None and (self.jokers - used) * joker_value == least:
                break
        assert sizes is not None
        tokens += [JOKER] * used
        dead += [JOKER] * (self.jokers - used + self.dead_jokers)
        return steps, list(sizes), dead, tokens


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
