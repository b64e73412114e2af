"""A hand and that hand grown by any one of some natural cards: one counted search (interpreter,
under plusone).

`RoomSearch` is a `search.GeneralSearch` of the hand whose parts also cover one
more copy of each `room` card. A state of the grown hand (its cards left still
hold the added copy) is valued by deciding that copy first: deadwood, or a
natural card of a part holding it, with each number of wild cards the part may
take. Every state that leaves is a part of the hand itself, so the grown hands
share the hand's own states (and the variant's shared memo) instead of each
walking a copy of them with one more card in. The value of a state does not
depend on the order the search decides its cards in, so the values, and the
lowest-first walk that names the arrangement, are those of a search of the
grown hand (tests/interpreter/test_gensearch.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from rulespec.core.cards import JOKER
from rulespec.interpreter.meldrules import Tables
from rulespec.interpreter.search import INF, OFFSET, SHIFT, GeneralSearch, Step

Rest = tuple[int, int, int, int]
"""A part holding a room card, less that card: (count mask, fewest wilds, most wilds, wild-rank
cards)."""


class RoomSearch(GeneralSearch):
    """The counted search of a hand, answering for the hand plus any one `room` card."""

    def __init__(self, t: Tables, hand: Sequence[int], room: Sequence[int]) -> None:
        super().__init__(t, hand, room)
        wanted = set(room)
        low_bits = (1 << self.width) - 1
        self.held = {c: (self.full >> (c * self.width)) & low_bits for c in wanted}
        self.rests: dict[int, list[Rest]] = {c: [] for c in wanted}
        for parts in self.by_low:
            for m, kmin, kmax, codes, flex_in in parts:
                for c in wanted.intersection(codes):
                    self.rests[c].append((m - self.units[c], kmin, kmax, flex_in))
        guard = self.guard
        held = self.full | guard
        self.melding = frozenset(
            c
            for c, rests in self.rests.items()
            if any((held - r[0]) & guard == guard for r in rests)
        )

    def grown(self, code: int) -> int:
        """Least deadwood of the hand with one more `code` (dead jokers included)."""
        v = self.pivot(code, self.full + self.units[code], 0, self.flex_total)
        assert v < INF
        return v + self.dead_jokers * self.t.hand_values[JOKER]

    def grown_arrangement(self, code: int) -> tuple[list[Step], list[int], list[int], list[int]]:
        """`arrangement` of the hand with one more `code`."""

        def val(mask: int, b: int, fl: int) -> int:
            return self.pivot(code, mask, b, fl)

        return self.arrangement(self.full + self.units[code], val)

    def pivot(self, code: int, mask: int, b: int, fl: int) -> int:
        """The value of a state, deciding the added copy of `code` first while the mask
        still holds it (more copies than the hand)."""
        width = self.width
        if (mask >> (code * width)) & ((1 << width) - 1) <= self.held[code]:
            return self._value(mask, b, fl)
        key = (mask << SHIFT) | (b + OFFSET)
        got = self.memo.get(key)
        if got is not None:
            return got
        rest = mask - self.units[code]
        best = INF
        v = self.vals[code] + self._value(rest, b, fl)
        if v < best:
            best = v
        guard = self.guard
        guarded = rest | guard
        reserve = self.jokers
        for m, kmin, kmax, flex_in in self.rests[code]:
            if (guarded - m) & guard != guard:
                continue
            left = fl - flex_in
            for k in range(kmin, min(kmax, b + left + reserve) + 1):
                v = self._value(rest - m, b - k, left)
                if v < best:
                    best = v
        self.memo[key] = best
        return best
