"""The counted search's shared layout: a field per code, memos and packed parts per variant
(interpreter, under search).

The value of a state is a fact about its cards alone (given the variant and the
number of jokers), whatever hand it came from: every code has its own field at a
fixed place (`Shared`: one layout per variant, jokers and field width), so one memo
serves every hand of the variant. The bots ask about hands that differ by a card or
two, whose states are mostly the same. With the C search (gensearch.py) the layout
also holds its memos, card facts and part rules.
"""

from __future__ import annotations

from collections.abc import Callable

from rulespec.core.cards import JOKER
from rulespec.interpreter import gensearch
from rulespec.interpreter.meldgen import GroupKey
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
"""States (values and walks) all the shared memos keep together before they start afresh
(a C table's own bound, within one search)."""

KEEP_NATIVE = 30_000
"""States the C memos keep together between two searches before they start afresh: a
deal's states are seldom asked in the next deal, and smaller tables cost less to grow
(fresh pages are zeroed by the system: a tenth of the smart bot's time in 30 Continental
hands at 500,000) and miss the cache less (8 seeded Continental hands under callgrind's
cache model, a 2 MB last level: 2.32 M misses at 100,000, 1.68 M at 30,000, 1.76 M at
10,000, where more states are searched again); the values are the same either way."""

CHECK_EVERY = 64
"""Layouts handed out between two counts of the states kept (they grow by a few hands'
states at most in between: MEMO_LIMIT bounds them within that)."""

KEEP_SHARED = 16
"""Shared layouts kept (a variant has one per number of wild jokers in a hand)."""

FIELD = 4
"""Bits per code of a packed mask, guard included (more when a hand holds over 7 of one
code): the C search (gensearch.py) reads 4-bit fields."""


class Shared:
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
        # by card code, the joker (52) included as nothing: a hand's mask and its cards of
        # a wild rank are sums over its cards (search.GeneralSearch)
        self.unit_of = (*self.units, 0)
        self.flex_of = (*(int(f) for f in self.is_flex), 0)
        self.vals = t.hand_values[:52]
        self.floor = 0 if min(t.hand_values) >= 0 else None  # no value below 0: 0 is best
        self.memo: dict[int, int] = {}
        self.asked = 0  # times shared_layout handed this layout out
        self.walks: dict[int, tuple[int, int]] = {}  # roomsearch.dead_summary, by state
        self.pack: dict[GroupKey, Packed] = {}
        self.rest_pack: dict[GroupKey, dict[int, list[Rest]]] = {}
        # the jokers' facts (`base_of`, `absorbed`, `finish`) depend on the jokers, their
        # value and the all-wild meld sizes only: shared by every layout of those (a new
        # wild rank each deal makes new tables, and its layouts asked them afresh)
        self.base, self.absorb, self.finished = _joker_facts(
            jokers, t.hand_values[JOKER], t.all_wild_sizes
        )
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
        got = self.finished.get(b)
        if got is None:
            got = self.finished[b] = self._finish(b)
        return got

    def _finish(self, b: int) -> tuple[int, tuple[int, ...]]:
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


JokerFacts = tuple[
    dict[int, int | None], list[tuple[int, ...] | None], dict[int, tuple[int, tuple[int, ...]]]
]
"""`Shared.base`, `Shared.absorb`, `Shared.finished`."""

_JOKERS: dict[tuple[int, int, frozenset[int]], JokerFacts] = {}


def _joker_facts(jokers: int, value: int, sizes: frozenset[int]) -> JokerFacts:
    """The memos of the jokers' facts for this many jokers of this value and these all-wild
    meld sizes (a few keys per variant: at most `KEEP_SHARED` kept)."""
    key = (jokers, value, sizes)
    got = _JOKERS.get(key)
    if got is None:
        if len(_JOKERS) >= KEEP_SHARED:
            _JOKERS.clear()
        got = _JOKERS[key] = ({}, [()], {})
    return got


_SHARED: dict[tuple[int, int, int], tuple[Tables, Shared]] = {}


def shared_layout(t: Tables, jokers: int, width: int) -> Shared:
    """The shared layout and memos for this variant's tables, wild jokers and field width.

    All of them together keep at most `MEMO_LIMIT` states (values and walks; `KEEP_NATIVE`
    with the C search, counted between searches) and `KEEP_SHARED` layouts: past that they
    start afresh (memory stays bounded in a long simulation or a test run over many
    variants)."""
    key = (id(t), jokers, width)
    hit = _SHARED.get(key)
    if hit is not None and hit[0] is t:
        got = hit[1]
        if len(got.pack) > MEMO_LIMIT // 8:
            got.pack.clear()
            got.rest_pack.clear()
        # the states are counted every CHECK_EVERY hits (a few thousand layouts are asked
        # for per hand played: counting each time cost more than a search's building)
        got.asked += 1
        if got.asked % CHECK_EVERY:
            return got
    else:
        if len(_SHARED) >= KEEP_SHARED:
            _SHARED.clear()
        got = Shared(t, jokers, width)
        _SHARED[key] = (t, got)
    native = got.native is not None
    if sum(_states(sh) for _, sh in _SHARED.values()) > (KEEP_NATIVE if native else MEMO_LIMIT):
        for _, sh in _SHARED.values():
            sh.memo.clear()
            sh.walks.clear()
            if sh.native is not None:
                sh.native.clear()
    return got


def _states(sh: Shared) -> int:
    """States a shared layout keeps (values, walks, and the C search's values)."""
    return len(sh.memo) + len(sh.walks) + (0 if sh.native is None else len(sh.native))
