"""The general deadwood search: duplicates and wild cards as counts (interpreter, under solver).

It takes the lowest card left and either leaves it as deadwood or melds it in
a meld whose lowest card it is, memoised on the cards left (exact). One-deck
hands without wild cards go to the run-table kernel (runtable.py) instead.

- `GeneralSearch`: duplicates (several decks) and wild cards. Natural cards
  are packed counts, one bit field per card code with a guard bit, so
  `R - m` has no borrow exactly when the meld's naturals are in R. Wild cards
  are interchangeable when melded, so they are a count, never named: the
  state is (cards left, wild cards owed or spare). A meld owes the wild cards
  it holds; a card of a wild rank, when it comes up lowest, is deadwood, a
  natural card of a meld, or one spare wild card; the jokers pay what is
  owed at the end and spare wild cards fill all-wild melds. The state space
  is polynomial in the number of wild cards (no split of them is ever
  enumerated), and the search stops at the first arrangement of deadwood 0.
- The value of a state is a fact about its cards alone (given the variant and
  the number of jokers), whatever hand it came from: every code has its own
  field at a fixed place (searchshare.py: one layout per variant, jokers and
  field width), so one memo serves every hand of the variant. The bots ask
  about hands that differ by a card or two, whose states are mostly the same.
- With the C search (`_gensearch.c`, loaded by gensearch.py) a state's value,
  the best arrangement's walk and the grown hands' summaries are answered in
  C, on parts it makes itself by meldgen's rules; the Python parts are made
  only when asked for (`by_low`). The answers are the same, ties included
  (tests/interpreter/test_gensearch_native.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import reduce
from operator import or_
from typing import Any

from rulespec.core.cards import JOKER
from rulespec.interpreter import gensearch
from rulespec.interpreter.meldgen import GroupKey, natural_groups
from rulespec.interpreter.meldrules import Tables
from rulespec.interpreter.searchshare import (
    FIELD,
    INF,
    OFFSET,
    SHIFT,
    Packed,
    Part,
    Rest,
    Shared,
    Step,
    Value,
    shared_layout,
)

_ROOM_BIT = tuple(1 << c for c in range(52))
"""A code's bit, to test a room's codes against `not_fast` at once."""

_TYPES = list(range(52))
"""Every code has its field (read, never changed: shared by every search)."""

__all__ = ["INF", "OFFSET", "SHIFT", "GeneralSearch", "Packed", "Part", "Rest", "Step", "Value"]


def packed_hand(
    t: Tables, hand: tuple[int, ...], jokers: int, room: tuple[int, ...] = ()
) -> tuple[Shared, int, int] | None:
    """(the 4-bit shared layout for `jokers` wild jokers, the hand's mask in it, its cards of a
    wild rank), or None when the hand needs a wider field (a code held over 7 times, with a
    room card added) or holds a code below 0.

    The usual case, without counting the hand: the cards' fields summed; a code held over
    7 times shows in its guard bit (under 16 natural cards; more: counted)."""
    if min(hand, default=0) < 0:
        return None
    sh = shared_layout(t, jokers, FIELD)
    units = sh.unit_of
    full = sum(map(units.__getitem__, hand))
    flex_total = sum(map(sh.flex_of.__getitem__, hand))
    grown = full + sum(map(units.__getitem__, set(room))) if room else full
    if grown & sh.guard or (
        len(hand) >= 15
        and len(hand) - hand.count(JOKER) >= 15
        and len(hand) - len(distinct := set(hand)) >= 6  # a code 7 times: 6 repeats
        and max(map(hand.count, distinct - {JOKER})) > 6
    ):
        return None
    return sh, full, flex_total


def native_layout(t: Tables, hand: Sequence[int]) -> tuple[Any, int] | None:
    """(the C layout a hand's search shares, its dead jokers), or None without the extension
    (or when the layout refused the variant). The layout's `summary(hand, dead, joker)` and
    `plus_one(hand, room, dead, joker)` read the hand's codes themselves, and answer None for
    a hand the C search does not take (`GeneralSearch` then keeps it in Python too)."""
    if gensearch.MODULE is None:
        return None
    jokers = hand.count(JOKER)
    wild_jokers = jokers if t.wild_joker else 0
    layout = shared_layout(t, wild_jokers, FIELD).native
    return None if layout is None else (layout, jokers - wild_jokers)


class GeneralSearch:
    """Exact minimum deadwood for any hand: duplicates, jokers, wild ranks.

    `room`: codes that may each be added once more (not wild-capable): the layout then
    has space for the hand grown by any one of them (roomsearch.RoomSearch). `native`:
    use the C search when it is there (False: the Python one, as the tests compare them).
    """

    def __init__(
        self, t: Tables, hand: Sequence[int], room: Iterable[int] = (), native: bool = True
    ) -> None:
        self.t = t
        hand = self._hand = tuple(hand)
        jokers = hand.count(JOKER)
        self.jokers = jokers if t.wild_joker else 0
        self.dead_jokers = 0 if t.wild_joker else jokers
        self._counts: Counter[int] | None = None
        room = tuple(room)
        if room and (
            min(room) < 0
            or max(room) >= 52
            or reduce(or_, map(_ROOM_BIT.__getitem__, room)) & t.not_fast
        ):  # (not_fast: the codes of a wild rank, and the joker)
            for c in room:
                if not 0 <= c < 52 or t.not_fast >> c & 1:
                    raise ValueError(f"room holds natural cards only, not code {c}")
        sh: Shared | None = None
        packed = packed_hand(t, hand, self.jokers, room)
        if packed is not None:
            sh, full, flex_total = packed
        else:
            counts = self._count()
            most = max(counts.values(), default=1)
            for c in room:
                most = max(most, counts[c] + 1)
            width = max(FIELD, most.bit_length() + 1)
            sh = shared_layout(t, self.jokers, width)
            full = sum(sh.units[c] * n for c, n in counts.items())
            flex_total = sum(n for c, n in counts.items() if sh.is_flex[c])
        self.shared = sh
        self.width = width = sh.width
        self.units = sh.units
        self.guard = sh.guard
        self.is_flex = sh.is_flex
        self.vals = sh.vals
        self.types = _TYPES  # a field per code (partsearch reads these three)
        self.full = full
        self.flex_total = flex_total
        wild_total = self.jokers + self.flex_total
        self.wild_total = wild_total
        self.floor = sh.floor
        self.memo = sh.memo if len(hand) < OFFSET // 2 else {}
        self._by_low: list[list[Part]] | None = None
        self._groups: dict[int, tuple[GroupKey, Packed]] = {}
        # the state value: the C search's when it can hold the hand (same answers); it
        # makes its own parts, so the Python ones are made only when asked for
        self.native: Any = None
        self._value: Value = self._py_value
        if native and sh.native is not None and width == FIELD and self.memo is sh.memo:
            self.native = sh.native.search(self.full, wild_total)
            self._value = self.native.value
        else:
            self._parts()

    def _count(self) -> Counter[int]:
        """The hand's natural-capable cards counted by code (made when first asked for)."""
        if self._counts is None:
            self._counts = Counter(c for c in self._hand if c != JOKER)
        return self._counts

    @property
    def by_low(self) -> list[list[Part]]:
        """The hand's natural parts by lowest card: each rank's sets, then each suit's runs."""
        return self._parts()

    @property
    def groups(self) -> dict[int, tuple[GroupKey, Packed]]:
        """By a rank (its sets) or -1 - suit (its runs): the group's key and its parts packed."""
        self._parts()
        return self._groups

    def _parts(self) -> list[list[Part]]:
        if self._by_low is None:
            by_low: list[list[Part]] = [[] for _ in range(52)]
            for key, parts in natural_groups(self.t, self._count(), self.wild_total):
                packed = self.shared.packing(key, parts)
                self._groups[key[0]] = (key, packed)
                for low, group in packed.items():
                    by_low[low] += group
            self._by_low = by_low
        return self._by_low

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
        flex_codes = self.shared.flex_codes
        if not flex_codes:
            return 0
        width = self.width
        low_bits = (1 << width) - 1
        return sum((mask >> (c * width)) & low_bits for c in flex_codes)

    def _py_value(self, mask: int, b: int, fl: int) -> int:
        """`value` in Python (the C search, when there, answers the same)."""
        key = (mask << SHIFT) | (b + OFFSET)
        memo = self.memo
        got = memo.get(key)
        if got is not None:
            return got
        if not mask:
            base = self.shared.base_of(b)
            best = INF if base is None else base
            memo[key] = best
            return best
        value = self._value
        i = ((mask & -mask).bit_length() - 1) // self.width
        unit = self.units[i]
        floor = self.floor
        best = INF
        if self.is_flex[i]:
            best = value(mask - unit, b + 1, fl - 1)
            rest_fl = fl - 1
        else:
            rest_fl = fl
        if best != floor:
            guard = self.guard
            guarded = mask | guard
            cap = b + fl + self.jokers  # wild cards a meld here could still be paid
            for m, kmin, kmax, _codes, flex_in in self.by_low[i]:
                if (guarded - m) & guard != guard:
                    continue
                top = cap - flex_in
                if kmax < top:
                    top = kmax
                left = fl - flex_in
                k = kmin
                while k <= top:
                    v = value(mask - m, b - k, left)
                    if v < best:
                        best = v
                        if v == floor:
                            break
                    k += 1
                if best == floor:
                    break
        if best != floor and b + rest_fl + self.jokers >= 0:
            v = self.vals[i] + value(mask - unit, b, rest_fl)
            if v < best:
                best = v
        memo[key] = best
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
        for code in self.hand_types():
            fl = self.flex_total - (1 if self.is_flex[code] else 0)
            out.append((self.value(self.full - self.units[code], 0, fl) + dead, code))
        if self.jokers:
            fewer = GeneralSearch(self.t, [*self.hand_codes(), *[JOKER] * (self.jokers - 1)])
            out.append((fewer.solve(), JOKER))
        elif self.dead_jokers:
            out.append((self.value(self.full, 0, self.flex_total) + dead - joker_value, JOKER))
        return out

    def hand_types(self) -> list[int]:
        """The distinct natural-capable codes of the hand, lowest first."""
        low_bits = (1 << self.width) - 1
        full, width = self.full, self.width
        return [c for c in range(52) if (full >> (c * width)) & low_bits]

    def hand_codes(self) -> list[int]:
        """The natural-capable cards of the hand (jokers left out)."""
        low_bits = (1 << self.width) - 1
        return [
            c for c in self.hand_types() for _ in range((self.full >> (c * self.width)) & low_bits)
        ]

    def arrangement(
        self,
        start: int | None = None,
        val: Value | None = None,
        by_low: list[list[Part]] | None = None,
    ) -> tuple[list[Step], list[int], list[int], list[int]]:
        """A best arrangement of the whole hand (or of the cards `start`, a mask of the hand
        grown by a `room` card, whose states `val` values and whose parts are `by_low`):
        (melds as steps, all-wild meld sizes, deadwood codes, wild cards melded). Melds are
        preferred to deadwood on ties."""
        mask = self.full if start is None else start
        value = self._value if val is None else val
        b, fl = 0, self.flex_in(mask)
        steps: list[Step] = []
        dead: list[int] = []
        tokens: list[int] = []
        if self.native is not None and start is None:  # the walk in C (the same choices)
            walked, b = self.native.arrange(-1, 0, mask, 0, fl)
            mask = 0
            for got in walked:
                if isinstance(got, tuple):
                    steps.append(got)
                elif got < 0:
                    tokens.append(-1 - got)
                else:
                    dead.append(got)
        while mask:
            step, card, mask, b, fl = self.choose(mask, b, fl, value, by_low)
            if step is not None:
                steps.append(step)
            elif card < 0:
                tokens.append(-1 - card)
            else:
                dead.append(card)
        used, sizes = self.finish(b)
        tokens += [JOKER] * used
        dead += [JOKER] * (self.jokers - used + self.dead_jokers)
        return steps, list(sizes), dead, tokens

    def choose(
        self, mask: int, b: int, fl: int, value: Value, by_low: list[list[Part]] | None = None
    ) -> tuple[Step | None, int, int, int, int]:
        """The walk's choice for its lowest card: (the meld it takes or None, else the card as
        deadwood, or -1 - card played as a wild card; the state after). The first meld in
        part order, then the fewest wild cards, that keeps the least deadwood; else deadwood
        unless a card of a wild rank does better as a spare wild card. `by_low`: the parts
        of a grown hand, when the state may hold a card more than the hand."""
        target = value(mask, b, fl)
        low = mask & -mask
        i = (low.bit_length() - 1) // self.width
        guard = self.guard
        guarded = mask | guard
        floor = b + fl + self.jokers
        for m, kmin, kmax, codes, flex_in in (self.by_low if by_low is None else by_low)[i]:
            if (guarded - m) & guard != guard:
                continue
            for k in range(kmin, kmax + 1):
                if floor - k - flex_in < 0:
                    break
                if value(mask - m, b - k, fl - flex_in) == target:
                    return (codes, k), 0, mask - m, b - k, fl - flex_in
        mask -= self.units[i]
        if self.is_flex[i]:
            if value(mask, b + 1, fl - 1) == target:
                return None, -1 - i, mask, b + 1, fl - 1
            return None, i, mask, b, fl - 1
        return None, i, mask, b, fl

    def finish(self, b: int) -> tuple[int, tuple[int, ...]]:
        """Once every card is placed with b wild cards owed or spare: (the fewest jokers
        melded that pay what is owed at the least deadwood, the all-wild meld sizes)."""
        return self.shared.finish(b)
