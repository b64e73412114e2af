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
  field at a fixed place (`_Shared`: one layout per variant, jokers and field
  width), so one memo serves every hand of the variant. The bots ask about
  hands that differ by a card or two, whose states are mostly the same.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from rulespec.core.cards import JOKER
from rulespec.interpreter import gensearch
from rulespec.interpreter.meldgen import GroupKey, natural_groups
from rulespec.interpreter.meldgen import Part as PlainPart
from rulespec.interpreter.meldrules import Tables

Step = tuple[tuple[int, ...], int]
"""One meld of an arrangement: (natural codes, number of wild cards)."""

Part = tuple[int, int, int, tuple[int, ...], int]
"""A natural part packed: (count mask, fewest wilds, most wilds, natural codes, wild-rank cards)."""

Packed = dict[int, list[Part]]
"""A group of parts packed: its parts in order by lowest card."""

Rest = tuple[int, int, int, int]
"""A part holding some card, less that card: (count mask, fewest wilds, most wilds, wild-rank
cards)."""

Value = Callable[[int, int, int], int]
"""The value of a state: (cards left, wild cards owed or spare, cards of a wild rank left)."""

INF = 1 << 40
"""Stands for 'no arrangement' (more wild cards owed than the hand can pay)."""

OFFSET = 1 << 9
"""Added to the wild cards owed or spare in a memo key (a hand holds fewer cards than this)."""

SHIFT = 10
"""Bits of a memo key below the cards left (they hold `b + OFFSET`)."""

MEMO_LIMIT = 500_000
"""States (values and walks) all the shared memos keep together before they start afresh."""

KEEP_SHARED = 16
"""Shared layouts kept (a variant has one per number of wild jokers in a hand)."""

FIELD = 4
"""Bits per code of a packed mask, guard included (more when a hand holds over 7 of one
code): the C search (gensearch.py) reads 4-bit fields."""
"""Shared layouts kept (a variant has one per number of wild jokers in a hand)."""


class _Shared:
    """What every search of one variant with this many wild jokers and this field width
    shares: the layout (a field per code), the state values learnt, the packed parts."""

    def __init__(self, t: Tables, jokers: int, width: int) -> None:
        self.t = t
        self.jokers = jokers
        self.width = width
        self.units = tuple(1 << (c * width) for c in range(52))
        self.guard = sum(u << (width - 1) for u in self.units)
        self.is_flex = tuple(t.wild_code(c) for c in range(52))
        self.flex_codes = tuple(c for c in range(52) if self.is_flex[c])
        self.vals = t.hand_values[:52]
        self.memo: dict[int, int] = {}
        self.walks: dict[int, tuple[int, int]] = {}  # roomsearch.dead_summary, by state
        self.pack: dict[GroupKey, Packed] = {}
        self.rest_pack: dict[GroupKey, dict[int, list[Rest]]] = {}
        self.base: dict[int, int | None] = {}
        self.absorb: list[tuple[int, ...] | None] = [()]
        # the C search's memos and card facts (gensearch.py), when the extension is there
        self.native = gensearch.layout(self, OFFSET, INF, MEMO_LIMIT)

    def packing(self, key: GroupKey, parts: list[PlainPart]) -> Packed:
        """A group of natural parts packed in this layout, by lowest card (in part order)."""
        got = self.pack.get(key)
        if got is None:
            got = self.pack[key] = self._packed(parts)
        return got

    def _packed(self, parts: list[PlainPart]) -> Packed:
        by_low: Packed = {}
        units, is_flex = self.units, self.is_flex
        for codes, kmin, kmax in parts:
            m = sum(units[c] for c in codes)
            flex_in = sum(1 for c in codes if is_flex[c])
            by_low.setdefault(min(codes), []).append((m, kmin, kmax, codes, flex_in))
        return by_low

    def rests(self, key: GroupKey, packed: Packed) -> dict[int, list[Rest]]:
        """For a packed group: per code, its parts holding that code, less one of it."""
        got = self.rest_pack.get(key)
        if got is None:
            got = {}
            for group in packed.values():
                for m, kmin, kmax, codes, flex_in in group:
                    for c in set(codes):
                        got.setdefault(c, []).append((m - self.units[c], kmin, kmax, flex_in))
            self.rest_pack[key] = got
        return got

    def absorbed(self, a: int) -> tuple[int, ...] | None:
        """Sizes of all-wild melds adding up to a (the first way found), or None."""
        table = self.absorb
        while len(table) <= a:
            n = len(table)
            way: tuple[int, ...] | None = None
            for size in sorted(self.t.all_wild_sizes):
                if size <= n:
                    prev = table[n - size]
                    if prev is not None:
                        way = prev + (size,)
                        break
            table.append(way)
        return table[a]

    def base_of(self, b: int) -> int | None:
        """Least deadwood of the jokers once every card is placed, with b wild cards owed
        (b < 0) or spare (b > 0); spare ones go into all-wild melds. None: impossible."""
        if b in self.base:
            return self.base[b]
        best: int | None = None
        joker_value = self.t.hand_values[JOKER]
        for x in range(self.jokers, max(0, -b) - 1, -1):
            a = b + x
            if a >= 0 and self.absorbed(a) is not None:
                best = (self.jokers - x) * joker_value
                break
        self.base[b] = best
        return best

    def finish(self, b: int) -> tuple[int, tuple[int, ...]]:
        """`GeneralSearch.finish` (a fact of the layout and b)."""
        least = self.base_of(b)
        joker_value = self.t.hand_values[JOKER]
        sizes: tuple[int, ...] | None = None
        used = max(0, -b)
        for used in range(max(0, -b), self.jokers + 1):
            sizes = self.absorbed(b + used)
            if sizes is not None and (self.jokers - used) * joker_value == least:
                break
        assert sizes is not None
        return used, sizes


_SHARED: dict[tuple[int, int, int], tuple[Tables, _Shared]] = {}


def _shared(t: Tables, jokers: int, width: int) -> _Shared:
    """The shared layout and memos for this variant's tables, wild jokers and field width.

    All of them together keep at most `MEMO_LIMIT` states (values and walks) and
    `KEEP_SHARED` layouts: past that they start afresh (memory stays bounded in a long
    simulation or a test run over many variants)."""
    key = (id(t), jokers, width)
    hit = _SHARED.get(key)
    if hit is not None and hit[0] is t:
        got = hit[1]
        if len(got.pack) > MEMO_LIMIT // 8:
            got.pack.clear()
            got.rest_pack.clear()
    else:
        if len(_SHARED) >= KEEP_SHARED:
            _SHARED.clear()
        got = _Shared(t, jokers, width)
        _SHARED[key] = (t, got)
    if sum(_states(sh) for _, sh in _SHARED.values()) > MEMO_LIMIT:
        for _, sh in _SHARED.values():
            sh.memo.clear()
            sh.walks.clear()
            if sh.native is not None:
                sh.native.clear()
    return got


def _states(sh: _Shared) -> int:
    """States a shared layout keeps (values, walks, and the C search's values)."""
    return len(sh.memo) + len(sh.walks) + (0 if sh.native is None else len(sh.native))


class GeneralSearch:
    """Exact minimum deadwood for any hand: duplicates, jokers, wild ranks.

    `room`: codes that may each be added once more (not wild-capable): the layout then
    has space for the hand grown by any one of them (roomsearch.RoomSearch).
    """

    def __init__(self, t: Tables, hand: Sequence[int], room: Iterable[int] = ()) -> None:
        self.t = t
        counts: Counter[int] = Counter(c for c in hand if c != JOKER)
        jokers = len(hand) - sum(counts.values())
        self.jokers = jokers if t.wild_joker else 0
        self.dead_jokers = 0 if t.wild_joker else jokers
        most = max(counts.values(), default=1)
        for c in room:
            if not 0 <= c < 52 or t.wild_code(c):
                raise ValueError(f"room holds natural cards only, not code {c}")
            most = max(most, counts[c] + 1)
        width = max(FIELD, most.bit_length() + 1)
        sh = _shared(t, self.jokers, width)
        self.shared = sh
        self.width = width
        self.units = sh.units
        self.guard = sh.guard
        self.is_flex = sh.is_flex
        self.vals = sh.vals
        self.types = list(range(52))  # a field per code (partsearch reads these three)
        self.full = sum(sh.units[c] * n for c, n in counts.items())
        self.flex_total = sum(n for c, n in counts.items() if sh.is_flex[c])
        wild_total = self.jokers + self.flex_total
        self.wild_total = wild_total
        self.floor = 0 if min(t.hand_values) >= 0 else None
        self.memo = sh.memo if len(hand) < OFFSET // 2 else {}
        self._counts = counts
        self._by_low: list[list[Part]] | None = None
        self._groups: dict[int, tuple[GroupKey, Packed]] = {}
        # the state value: the C search's when it can hold the hand (same answers); it
        # makes its own parts, so the Python ones are made only when asked for
        self.native: Any = None
        self._value: Value = self._py_value
        if sh.native is not None and width == FIELD and self.memo is sh.memo:
            self.native = sh.native.search(self.full, wild_total)
            self._value = self.native.value
        else:
            self._parts()

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
            for key, parts in natural_groups(self.t, self._counts, self.wild_total):
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
        width = self.width
        low_bits = (1 << width) - 1
        return sum((mask >> (c * width)) & low_bits for c in self.shared.flex_codes)

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
