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
from typing import Any

from rulespec.core.cards import JOKER
from rulespec.interpreter.meldgen import GroupKey, run_group, set_group
from rulespec.interpreter.meldrules import Tables
from rulespec.interpreter.search import (
    INF,
    OFFSET,
    SHIFT,
    GeneralSearch,
    Packed,
    Part,
    Rest,
    Step,
    Value,
    native_layout,
)

NONE = -INF
"""The highest value of no card."""


def summary(t: Tables, hand: Sequence[int]) -> tuple[int, int, int]:
    """`RoomSearch(t, hand, ()).dead_summary()` with no highest value read as 0: (least
    deadwood, deadwood cards, highest hand value among them not wild-capable or 0). The C
    search answers it in one call when it takes the hand (the same value, then the same
    walk, from the same parts), without the search objects."""
    native = native_layout(t, hand)
    if native is not None:
        got = native[0].summary(hand, native[1], t.hand_values[JOKER])
        if got is not None:
            return got  # type: ignore[no-any-return]
    v, count, worst = RoomSearch(t, hand, ()).dead_summary()
    return v, count, 0 if worst == NONE else worst


def dead_cards(t: Tables, hand: Sequence[int]) -> tuple[int, list[int]]:
    """(least deadwood, its arrangement's deadwood codes sorted) of `GeneralSearch(t, hand)`
    (`solve`, `arrangement`): in one C call when the C search takes the hand (the same
    walk), the melds left unnamed."""
    native = native_layout(t, hand)
    if native is not None:
        got = native[0].dead_cards(hand, native[1], t.hand_values[JOKER])
        if got is not None:
            return got  # type: ignore[no-any-return]
    general = GeneralSearch(t, hand)
    return general.solve(), sorted(general.arrangement()[2])


class RoomSearch(GeneralSearch):
    """The counted search of a hand, answering for the hand plus any one `room` card."""

    def __init__(
        self, t: Tables, hand: Sequence[int], room: Sequence[int], native: bool = True
    ) -> None:
        super().__init__(t, hand, room, native)
        width, low_bits = self.width, (1 << self.width) - 1
        self.held = {c: (self.full >> (c * width)) & low_bits for c in room}
        self._rests: dict[int, list[Rest]] = {}
        self._changed: dict[int, dict[int, tuple[GroupKey, Packed]]] = {}
        self._low: dict[int, list[list[Part]]] = {}
        self._walks: dict[int, tuple[int, int]] = {}
        self._native_grown: dict[int, Any] = {}

    def rests(self, code: int) -> list[Rest]:
        """The parts holding `code` whose other cards the hand holds, less one `code`: the
        only parts a state of the hand grown by `code` takes it in. Only `code`'s rank's
        sets and its suit's runs differ from the hand's: those two groups are made (and
        cached by key) when `code` is first asked about."""
        got = self._rests.get(code)
        if got is not None:
            return got
        sh = self.shared
        changed = self.changed(code)
        guard = self.guard
        held = self.full | guard
        got = [
            rest
            for key, packed in changed.values()
            for rest in sh.rests(key, packed).get(code, ())
            if (held - rest[0]) & guard == guard
        ]
        self._rests[code] = got
        return got

    def changed(self, code: int) -> dict[int, tuple[GroupKey, Packed]]:
        """The groups of the hand grown by `code` that differ from the hand's (made and
        cached by key when `code` is first asked about): its rank's sets, its suit's runs."""
        got = self._changed.get(code)
        if got is not None:
            return got
        t, sh = self.t, self.shared
        rank, suit = code % 13, code // 13
        width, low_bits = self.width, (1 << self.width) - 1
        changed: dict[int, tuple[GroupKey, Packed]] = {}
        if t.has_sets:
            full = self.full
            avail = tuple(
                ((full >> ((rank + 13 * s) * width)) & low_bits) + (s == suit) for s in range(4)
            )
            key, parts = set_group(t, rank, avail, self.wild_total)
            changed[rank] = (key, sh.packing(key, parts))
        if t.has_runs:
            present = sum(1 << (c % 13) for c in self.hand_types() if c // 13 == suit)
            key, parts = run_group(t, suit, present | 1 << rank, self.wild_total)
            changed[-1 - suit] = (key, sh.packing(key, parts))
        self._changed[code] = changed
        return changed

    def grown_native(self, code: int) -> Any:
        """The C parts of the hand grown by `code` (the hand's, two groups changed)."""
        got = self._native_grown.get(code)
        if got is None:
            got = self._native_grown[code] = self.native.grown(code)
        return got

    def grown_low(self, code: int) -> list[list[Part]]:
        """The parts of the hand grown by `code`, by lowest card (a card's parts: its rank's
        sets, then its suit's runs, as the hand's own)."""
        got = self._low.get(code)
        if got is not None:
            return got
        changed = self.changed(code)
        got = list(self.by_low)
        lows: set[int] = set()
        for group, (_key, packed) in changed.items():
            lows.update(packed)
            old = self.groups.get(group)
            if old is not None:
                lows.update(old[1])
        for low in lows:
            merged: list[Part] = []
            for group in (low % 13, -1 - low // 13):
                known = changed.get(group) or self.groups.get(group)
                if known is not None:
                    merged += known[1].get(low, ())
            got[low] = merged
        self._low[code] = got
        return got

    def melds(self, code: int) -> bool:
        """Does some natural part of the hand grown by `code` hold it? If not, that card is
        deadwood in every arrangement of every part of the grown hand."""
        if self.native is not None:
            return bool(self.grown_native(code).melds(code, self.full))
        return bool(self.rests(code))

    def grown(self, code: int) -> int:
        """Least deadwood of the hand with one more `code` (dead jokers included)."""
        v = self.pivot(code, self.full + self.units[code], 0, self.flex_total)
        assert v < INF
        return v + self.dead_jokers * self.t.hand_values[JOKER]

    def grown_arrangement(self, code: int) -> tuple[list[Step], list[int], list[int], list[int]]:
        """`arrangement` of the hand with one more `code`."""
        return self.arrangement(
            self.full + self.units[code], self._pivot_on(code), self.grown_low(code)
        )

    def _pivot_on(self, code: int) -> Value:
        def val(mask: int, b: int, fl: int) -> int:
            return self.pivot(code, mask, b, fl)

        return val

    def dead_summary(self, code: int | None = None) -> tuple[int, int, int]:
        """(least deadwood, number of deadwood cards, highest hand value among those not
        wild-capable or `NONE`) of `arrangement`, of the hand or of it with one more `code`.

        The walk from a state depends on that state alone, so what it leaves as deadwood
        is remembered per state (the variant's shared walks): the grown hands, and the
        next hands asked about, finish on states already walked."""
        if code is None:
            start, total = self.full, self.solve()
        else:
            start, total = self.full + self.units[code], self.grown(code)
        if self.native is not None:  # the walk in C, its memo the layout's
            parts = self.native if code is None else self.grown_native(code)
            pivot = -1 if code is None else code
            held = 0 if code is None else self.held[code]
            count, worst = parts.summary(pivot, held, start, 0, self.flex_in(start))
        elif code is None:
            count, worst = self._walk(start, self._value, None)
        else:
            count, worst = self._walk(start, self._pivot_on(code), self.grown_low(code))
        if self.dead_jokers:
            count += self.dead_jokers
            worst = max(worst, self.t.hand_values[JOKER])
        return total, count, worst

    def _walk(self, start: int, value: Value, by_low: list[list[Part]] | None) -> tuple[int, int]:
        """dead_summary's walk in Python: (deadwood cards, highest value or NONE)."""
        # (a hand too big for the shared keys keeps its states to itself, walks too)
        walks = self.shared.walks if self.memo is self.shared.memo else self._walks
        path: list[tuple[int, int]] = []
        mask, b, fl = start, 0, self.flex_in(start)
        while True:
            key = (mask << SHIFT) | (b + OFFSET)
            got = walks.get(key)
            if got is not None:
                break
            if not mask:
                got = (self.jokers - self.finish(b)[0], NONE)
                walks[key] = got
                break
            step, card, mask, b, fl = self.choose(mask, b, fl, value, by_low)
            path.append((key, card if step is None else -1))
        count, worst = got
        vals, is_flex = self.vals, self.is_flex
        for key, card in reversed(path):
            if card >= 0:
                count += 1
                if not is_flex[card] and vals[card] > worst:
                    worst = vals[card]
            walks[key] = (count, worst)
        return count, worst

    def pivot(self, code: int, mask: int, b: int, fl: int) -> int:
        """The value of a state, deciding the added copy of `code` first while the mask
        still holds it (more copies than the hand)."""
        if self.native is not None:
            return int(self.grown_native(code).pivot(code, self.held[code], mask, b, fl))
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
        for m, kmin, kmax, flex_in in self.rests(code):
            if (guarded - m) & guard != guard:
                continue
            left = fl - flex_in
            for k in range(kmin, min(kmax, b + left + reserve) + 1):
                v = self._value(rest - m, b - k, left)
                if v < best:
                    best = v
        self.memo[key] = best
        return best
