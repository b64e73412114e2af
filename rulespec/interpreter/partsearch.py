"""The going-out partition search: wild cards as a count, one memo per hand (interpreter).

`find_partition` (behind `arrange.partition`) splits ALL the given cards into
melds under a meld count or exact meld sizes, optionally leaving out one card
(the discard that goes out). Wild cards are a count owed or spare, never
enumerated; a card of a wild rank decides, when lowest, whether it plays as
itself or wild. The search for one hand serves every part of it (the
going-out checks ask about many), and prunes by a lower bound on the melds
needed, by the room left for spare wild cards and, when wild cards are
unconstrained, by an exchange argument (a wild card that a natural card left
could replace need never be placed there). Exact: tests/interpreter/test_wilds.py
compares it with a brute force.
"""

from __future__ import annotations

from collections import Counter, OrderedDict
from collections.abc import Collection, Sequence

from rulespec.core.cards import JOKER, Placed
from rulespec.interpreter.jokersets import partition_apart
from rulespec.interpreter.meldrules import BIG, Tables, rank_mask, tables
from rulespec.interpreter.melds import name_one
from rulespec.interpreter.partnative import NativeRules
from rulespec.interpreter.partshare import hand_search, inside, share_table, too_dead
from rulespec.interpreter.parttally import NONE_GOT, Contract, Got, counted, fits_sizes
from rulespec.interpreter.search import Part, Step
from rulespec.model.variant import Variant

Meld = tuple[Placed, ...]
_UNKNOWN: tuple[Step, ...] = (((), -3),)  # a state not yet in the memo (no step is this)


def find_partition(
    variant: Variant,
    hand: Sequence[int],
    melds_counts: Sequence[int] | None = None,
    sizes: Sequence[Sequence[int]] | None = None,
    within: Sequence[int] | None = None,
    leave_one: Collection[int] | None = None,
    contract: Contract | None = None,
    made: tuple[int, ...] = (),
) -> list[Meld] | None:
    """`arrange.partition`: an exact partition of ALL the cards into melds, or None.

    `made`: the sizes of melds already made, which `melds_counts` and `sizes` count too
    (the going-out checks ask about a hand and about its rests after one meld more: with
    the counts of the whole laydown the two share one search and its memo)."""
    t = tables(variant)
    if t.joker_sets and JOKER in hand:  # jokers of their own rank: their sets apart
        if melds_counts is not None or sizes is not None or contract is not None:
            return None  # (check refuses joker sets with a partition or a contract)
        drop_set = None if leave_one is None else frozenset(leave_one)
        assert not made  # (wayon.py offsets only meld counts, refused beside joker sets)
        return partition_apart(
            t, hand, drop_set, lambda rest, d: find_partition(variant, rest, None, None, within, d)
        )
    if not hand or (JOKER in hand and not t.wild_joker):
        return None
    drop = None if leave_one is None else frozenset(leave_one)
    if too_dead(t, hand, within, drop):
        return None
    counts_key = None if melds_counts is None else tuple(sorted(set(melds_counts)))
    sizes_key = None if sizes is None else tuple(sorted(tuple(s) for s in sizes))
    solver = None
    if within is not None:
        solver = partitioner(t, variant, within, counts_key, sizes_key, contract)
        if not solver.holds(hand):
            solver = None
    if solver is None:
        solver = partitioner(t, variant, hand, counts_key, sizes_key, contract)
    return solver.solve(hand, drop, made)


MEMO_LIMIT = 200_000
"""States a partition search remembers before it starts afresh."""


def partitioner(
    t: Tables,
    variant: Variant,
    hand: Sequence[int],
    counts: tuple[int, ...] | None,
    sizes: tuple[tuple[int, ...], ...] | None,
    contract: Contract | None = None,
) -> _Partitioner:
    """The cached partition search for this hand and these constraints (the last few kept)."""
    recent = t.memo.get(("pz",))
    if not isinstance(recent, OrderedDict):
        recent = OrderedDict()
        t.memo[("pz",)] = recent
    key = (tuple(sorted(hand)), counts, sizes, contract)
    got = recent.get(key)
    if got is not None:
        recent.move_to_end(key)
        return got  # type: ignore[no-any-return]
    made = _Partitioner(t, variant, hand, counts, sizes, contract)
    recent[key] = made
    while len(recent) > KEEP_PARTITIONERS:
        recent.popitem(last=False)
    return made


KEEP_PARTITIONERS = 6
"""Partition searches kept per variant (a turn asks about one hand; a few turns are kept)."""


class _Partitioner:
    """Partitions of any part of one hand into melds, under meld-count and size constraints.

    The state is (cards left, spare wild cards, meld sizes so far); wild cards
    are a count (jokers start spare, a card of a wild rank may become one), as
    in `search.GeneralSearch`. Whether a state can be completed does not depend
    on where the search started, so every part of the hand shares one memo.
    """

    def __init__(
        self,
        t: Tables,
        variant: Variant,
        hand: Sequence[int],
        counts: tuple[int, ...] | None,
        sizes: tuple[tuple[int, ...], ...] | None,
        contract: Contract | None = None,
    ) -> None:
        self.t = t
        # (sets, set length, runs, run length, pure runs) the partition must hold; None: any
        self.contract = (
            contract if contract and (contract[0] or contract[2] or contract[4]) else None
        )
        self.variant = variant
        self.search = hand_search(t, hand)
        self.index = {c: i for i, c in enumerate(self.search.types)}
        self.counts_ok = set(counts) if counts is not None else None
        self.size_targets = (
            {tuple(sorted(s, reverse=True)) for s in sizes} if sizes is not None else None
        )
        self.target_counters = [Counter(s) for s in self.size_targets or ()]
        self.most = max(self.counts_ok) if self.counts_ok else len(hand)
        self.cards = len(hand)  # (`_needs`: a bound on melds that large never prunes)
        self.wild_sizes = sorted(t.all_wild_sizes)
        self.memo: dict[
            tuple[int, int, tuple[int, ...], frozenset[int] | None, Got],
            tuple[Step, ...] | None,
        ] = {}
        s = self.search
        # the fields of the codes not of a wild rank (a field per code: s.types is 0..51)
        fixed = [c for c in s.types if not s.is_flex[c]]
        self.fixed_fields = sum(((1 << s.width) - 1) << (c * s.width) for c in fixed)
        # `_needs` by mask: a fact of these fields and the tables, shared by every hand
        needs = t.memo.get(("needs", s.width, self.fixed_fields))
        if not isinstance(needs, dict):
            needs = t.memo[("needs", s.width, self.fixed_fields)] = {}
        self.needs: dict[int, int] = needs
        # share[a]: the codes that could stand in one meld with a (a itself: a repeat)
        self.share = share_table(t)
        # With unconstrained wild cards, a run holding a wild card where a natural card of
        # the cards left would fit can swap the two (that card's meld takes the wild card:
        # sizes and meld count unchanged). So a run part that skips a natural card left in
        # its span is never needed: holes[part] (packed fields) must be empty in the mask.
        # (a contract counts kinds and pure runs, which an exchange may change: none then)
        self.exchange = t.outnumber and t.per_meld >= BIG and self.contract is None
        self.wild_codes = frozenset(c for c in hand if t.wild_code(c))
        holes = t.memo.get(("holes", s.width))  # a part's holes by codes (`_hole_fields`)
        if not isinstance(holes, dict):
            holes = t.memo[("holes", s.width)] = {}
        self.holes: dict[tuple[int, ...], int] = holes
        self.by_low: list[list[Part]] = []  # the hand's parts by lowest card (Python route)
        self.native = (  # the C route (partnative.py), when the search is the C one
            None
            if self.size_targets is not None
            else NativeRules.of(
                t,
                s.native,
                self.most,
                self.counts_ok,
                self.most < min(self.cards, s.full.bit_length()),
                self.exchange,
                self.contract,
                self.wild_codes,
            )
        )

    def holds(self, hand: Sequence[int]) -> bool:
        """Is this hand part of the hand the search was built for?"""
        s = self.search
        have = Counter(hand)
        low_bits = (1 << s.width) - 1
        for c, n in have.items():
            if c == JOKER:
                if n > s.jokers:
                    return False
            elif c not in self.index or n > (s.full >> (self.index[c] * s.width)) & low_bits:
                return False
        return True

    def solve(
        self, hand: Sequence[int], drop: frozenset[int] | None = None, made: tuple[int, ...] = ()
    ) -> list[Meld] | None:
        """A partition of the hand (less one card of `drop`, when given), or None; `made`:
        sizes of melds made before, counted against the meld count and sizes.

        The answer of a state depends on the melds so far only through their number (with
        size targets: their sizes), so a rest asked with `made` shares the states of the
        whole hand's search that placed melds of those sizes (the same answers)."""
        s = self.search
        mask = sum(s.units[self.index[c]] for c in hand if c != JOKER)
        jokers = sum(1 for c in hand if c == JOKER)
        if len(self.memo) >= MEMO_LIMIT:
            self.memo.clear()
        if len(self.needs) >= MEMO_LIMIT:
            self.needs.clear()
        fl = s.flex_in(mask)
        found = None
        if drop is None or any(c != JOKER and c in drop for c in hand):
            found = self._search(mask, jokers, fl, made, drop)
        if found is None and drop is not None and JOKER in drop and jokers:
            jokers -= 1  # the discard is a joker
            found = self._search(mask, jokers, fl, made, None)
        if found is None:
            return None
        # steps: (natural codes, wild count) for melds with a natural card, ((), size) for
        # all-wild melds, ((code,), -1) for a card of a wild rank played as a wild card
        pool = sorted([c for codes, k in found if k == -1 for c in codes] + [JOKER] * jokers)
        melds: list[Meld] = []
        for codes, k in found:
            if k >= 0:  # (k < 0: a wild card of a wild rank, or the card left out)
                melds.append(name_one(self.variant, codes, pool[:k]))
                pool = pool[k:]
        return melds

    def _search(
        self, mask: int, b: int, fl: int, made: tuple[int, ...], drop: frozenset[int] | None
    ) -> tuple[Step, ...] | None:
        """`_dfs` from the start, in C when it can take it (the same steps: partnative.py)."""
        if self.native is not None and self.native.takes(b, len(made)):
            return self.native.search(mask, b, fl, len(made), drop)
        if not self.by_low:
            self.by_low = self.search.by_low
        return self._dfs(mask, b, fl, made, drop, NONE_GOT)

    def _complete(self, used: tuple[int, ...], got: Got) -> bool:
        if self.counts_ok is not None and len(used) not in self.counts_ok:
            return False
        c = self.contract
        if c is not None and (got[0] < c[0] or got[1] < c[2] or got[2] < c[4]):
            return False
        return self.size_targets is None or tuple(sorted(used, reverse=True)) in self.size_targets

    def _absorb(self, w: int, used: tuple[int, ...], got: Got) -> tuple[Step, ...] | None:
        if w == 0:
            return () if self._complete(used, got) else None
        for size in self.wild_sizes:
            if size <= w and len(used) < self.most:
                rest = self._absorb(w - size, used + (size,), got)
                if rest is not None:
                    return (((), size),) + rest
        return None

    def _dfs(
        self,
        mask: int,
        b: int,
        fl: int,
        used: tuple[int, ...],
        drop: frozenset[int] | None,
        got: Got,
    ) -> tuple[Step, ...] | None:
        """Place every card of `mask` with `b` wild cards spare (< 0: owed), leaving out one
        card of `drop` if given; None when it cannot be done."""
        # without size targets only the number of melds so far matters
        sized = tuple(sorted(used)) if self.size_targets is not None else (len(used),)
        key = (mask, b, sized, drop, got)
        if (result := self.memo.get(key, _UNKNOWN)) is not _UNKNOWN:
            return result  # (None: known to have no partition)
        if not mask:
            result = self._absorb(b, used, got) if b >= 0 and drop is None else None
        elif len(used) + self._needs(mask) - (drop is not None) <= self.most and self._room(
            mask, b, len(used)
        ):
            result = self._place_lowest(mask, b, fl, used, drop, got)
        else:
            result = None
        self.memo[key] = result
        return result

    def _room(self, mask: int, b: int, melds: int) -> bool:
        """Could `b` spare wild cards still find places? Only in all-wild melds, or in melds
        with natural cards: at most `per_meld` each, and (may not outnumber) one per natural."""
        if b <= 0 or self.wild_sizes:
            return True
        t = self.t
        if t.per_meld < BIG and b > t.per_meld * (self.most - melds):
            return False
        if not t.outnumber:
            s = self.search
            low_bits = (1 << s.width) - 1
            cards = sum((mask >> (i * s.width)) & low_bits for i in range(len(s.types)))
            return b <= cards
        return True

    def _needs(self, mask: int) -> int:
        """A lower bound on the melds the natural cards of `mask` need: how many of them
        (cards of a wild rank left out) no two of which could ever share a meld."""
        # no meld limit to prune against: each meld placed took a card of the hand, so melds
        # placed and cards left never outnumber it (0 then gives `_dfs` the same answer)
        if self.most >= self.cards or self.most >= self.search.full.bit_length():
            return 0
        got = self.needs.get(mask)
        if got is not None:
            return got
        width = self.search.width
        low_bits = (1 << width) - 1
        share = self.share
        apart = 0
        n = 0
        left = mask & self.fixed_fields
        while left:  # the codes held, lowest first (a field per code)
            code = ((left & -left).bit_length() - 1) // width
            shift = code * width
            for _ in range((left >> shift) & low_bits):
                if share[code] & apart:
                    break
                apart |= 1 << code
                n += 1
            left &= ~(low_bits << shift)
        self.needs[mask] = n
        return n

    def _hole_fields(self, codes: tuple[int, ...]) -> int:
        """Packed fields of the cards a part of these codes holding a wild card could take in
        its place (the mask must not hold them after the part): a run's skipped cards in its
        span, a set's rank cards that could join it (with distinct suits, of suits it lacks).
        Asked only when wild cards may be exchanged; kept per variant and field width."""
        got = self.holes.get(codes)
        if got is not None:
            return got
        t, width = self.t, self.search.width
        low_bits = (1 << width) - 1
        ranks = {c % 13 for c in codes}
        got = 0
        if len(ranks) == 1 and (len(codes) > 1 or not t.has_runs):
            have = {c // 13 for c in codes}
            for suit in range(4):  # (every code has its field: code * width)
                if not t.set_distinct or suit not in have:
                    got |= low_bits << ((codes[0] % 13 + 13 * suit) * width)
        elif len(codes) >= 2 and len(ranks) == len(codes):
            within = inside(t.line, rank_mask([c % 13 + 1 for c in codes]))
            for r in range(13):
                if within >> r & 1:
                    got |= low_bits << ((r + 13 * (codes[0] // 13)) * width)
        self.holes[codes] = got
        return got

    def _place_lowest(
        self,
        mask: int,
        b: int,
        fl: int,
        used: tuple[int, ...],
        drop: frozenset[int] | None,
        got: Got,
    ) -> tuple[Step, ...] | None:
        s = self.search
        low = mask & -mask
        i = (low.bit_length() - 1) // s.width
        guard = s.guard
        closed = self.exchange and (drop is None or self.wild_codes <= drop)
        if len(used) >= self.most:
            closed = False  # (no meld can be added: only the cards below matter)
        for m, kmin, kmax, codes, flex_in in self.by_low[i]:
            if ((mask | guard) - m) & guard != guard or len(used) >= self.most:
                continue
            left = fl - flex_in
            top = min(kmax, b + left)
            if closed and (mask - m) & self._hole_fields(codes):
                top = 0  # a wild card here could trade places with a natural card left
            for k in range(kmin, top + 1):
                now = used + (len(codes) + k,)
                if self.size_targets is not None and not fits_sizes(now, self.target_counters):
                    continue
                now_got = counted(self.contract, got, codes, k)
                found = self._dfs(mask - m, b - k, left, now, drop, now_got)
                if found is not None:
                    return ((codes, k),) + found
        flex = s.is_flex[i]
        if flex:  # a card of a wild rank, lowest left, played as a wild card
            found = self._dfs(mask - s.units[i], b + 1, fl - 1, used, drop, got)
            if found is not None:
                return (((s.types[i],), -1),) + found
        if drop is not None and s.types[i] in drop:  # the card left out
            found = self._dfs(mask - s.units[i], b, fl - flex, used, None, got)
            if found is not None:
                return (((s.types[i],), -2),) + found
        return None
