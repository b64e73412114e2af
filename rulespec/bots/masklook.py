"""The smart bot's one-draw lookahead on 52-bit card masks (bots layer, over the one-deck kernel).

`lookahead.next_turn` asks, for every unseen card, what the hand would be with
it and its worst deadwood card thrown. On the one-deck natural path (no wild
card, no duplicate, no whole-hand pattern, ordinary card values) most unseen
cards change no meld: they just join the deadwood, and their cost depends on
their hand value only. So the sum over those is read from the pool's histogram
of hand values (built once per pool), and only the few cards that change which
cards of the hand lie in a meld (the same test as `interpreter/plusone.py`:
its suit's run cover or its rank's sets) are solved, by mask. Exact: the
answers, and the sums (integers, added exactly), are those of the general loop.
The same methods are in C (`_deadwood.c`'s Look, `MaskLook.c`) with the solver's
walk and the discard dangers; the Python here is their reference and fallback.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from rulespec.bots.base import near_ranks, point_unit
from rulespec.bots.maskc import compiled_of
from rulespec.interpreter.meldrules import Tables, dead_value, meldable, ranks_held, tables
from rulespec.interpreter.runtable import Kernel, kernel
from rulespec.interpreter.solver import fast_arrangement
from rulespec.model.variant import Variant

SUIT = 0x1FFF
NONE = -(1 << 60)  # the top value of no cards (values may be negative)
_BIT = {c: 1 << c for c in range(53)}
_BIT_OF = _BIT.__getitem__
_RANK_SPREAD = tuple(m | m << 13 | m << 26 | m << 39 for m in range(8192))


@lru_cache(maxsize=64)
def _top_values(values: tuple[int, ...]) -> tuple[int, ...]:
    """For each 13-bit rank mask: the highest of these 13 values among its ranks (NONE: none).
    Kept by the values (8192 steps, ~3 ms: a variant whose wild card changes each hand makes
    a new MaskLook each hand, with the same values)."""
    top = [NONE] * 8192
    for m in range(1, 8192):
        low = m & -m
        v = values[low.bit_length() - 1]
        rest = top[m ^ low]
        top[m] = v if m == low or v > rest else rest
    return tuple(top)


Known = tuple[int, int, int, int, dict[int, tuple[int, int]]]
"""A hand's lookahead facts (`MaskLook._hand`)."""


class MaskLook:
    """One variant's tables for the mask lookahead (built once, filled lazily)."""

    def __init__(self, variant: Variant, t: Tables, k: Kernel) -> None:
        self.variant = variant
        self.t = t
        self.k = k
        self.values = t.hand_values
        self.cover = t.run_cover
        self.sets = t.has_sets and t.set_min <= 4
        self.set_min = t.set_min
        self.not_fast = t.not_fast
        near = near_ranks(variant)
        # rank bit -> the 13-bit mask of the ranks one or two steps from it (pack order)
        self.near_bits = [0] * 13
        for rank, others in near.items():
            if 1 <= rank <= 13:
                self.near_bits[rank - 1] = sum(1 << (r - 1) for r in others if 1 <= r <= 13)
        self.run_change: dict[int, int] = {}  # suit mask -> ranks that change its run cover
        self.near_of: dict[int, int] = {}  # suit mask -> ranks near one of its ranks
        # per suit: 13-bit mask -> the highest hand value of its cards (NONE for none)
        self.worst_of = tuple(
            _top_values(tuple(t.hand_values[13 * i : 13 * i + 13])) for i in range(4)
        )
        self.walked: dict[int, tuple[int, int, int, int]] = {}  # meldable mask -> walk stats
        self.hands: dict[int, Known] = {}
        self.pool_key: Any = None
        self.pool_value: tuple[int, int, list[tuple[int, int]]] | None = None
        self.c = _compiled(self)
        """The C form of `stats`, `dead_mask`, `next_turn_mask` and the potential
        (`_deadwood.c`'s Look), or None: these Python methods answer, identically."""

    # ---- per suit mask, lazily ---------------------------------------------

    def _run_change(self, s: int) -> int:
        got = self.run_change.get(s)
        if got is None:
            cover = self.cover
            here = cover[s]
            got = 0
            for r in range(13):
                bit = 1 << r
                if not s & bit and cover[s | bit] != here:
                    got |= bit
            self.run_change[s] = got
        return got

    def _near(self, s: int) -> int:
        got = self.near_of.get(s)
        if got is None:
            got = 0
            for r in range(13):
                if s >> r & 1:
                    got |= self.near_bits[r]
            self.near_of[s] = got
        return got

    # ---- a hand's arrangement, by mask -------------------------------------

    def _walked(self, meldy: int) -> tuple[int, int, int, int]:
        """(deadwood, deadwood cards, their top hand value, their mask) of the solver's walk
        of a mask whose every card lies in some meld."""
        walked = self.walked.get(meldy)
        if walked is None:
            value, _, dead = fast_arrangement(self.variant, self.t, meldy)
            values = self.values
            walked = (
                value,
                len(dead),
                max((values[c] for c in dead), default=NONE),
                sum(1 << c for c in dead),
            )
            if len(self.walked) > 100_000:
                self.walked.clear()
            self.walked[meldy] = walked
        return walked

    def stats(self, mask: int) -> tuple[int, int, int]:
        """(deadwood, deadwood cards, highest hand value among them or 0) of
        `best_arrangement`'s arrangement of a one-deck natural mask (`meldable` inline:
        the walk of the cards in some meld, cached, plus the loose cards by suit)."""
        s0 = mask & SUIT
        s1 = mask >> 13 & SUIT
        s2 = mask >> 26 & SUIT
        s3 = mask >> 39 & SUIT
        cover = self.cover
        c0, c1, c2, c3 = cover[s0], cover[s1], cover[s2], cover[s3]
        if self.sets:
            if self.set_min == 3:
                ranks = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
            else:
                ranks = ranks_held(s0, s1, s2, s3, self.set_min)
            c0 |= s0 & ranks
            c1 |= s1 & ranks
            c2 |= s2 & ranks
            c3 |= s3 & ranks
        meldy = c0 | (c1 << 13) | (c2 << 26) | (c3 << 39)
        walked = self.walked.get(meldy) or self._walked(meldy)
        if meldy == mask:
            return walked[0], walked[1], walked[2] if walked[1] else 0
        l0, l1, l2, l3 = s0 ^ c0, s1 ^ c1, s2 ^ c2, s3 ^ c3
        sums = self.t.rank_value_sum
        w0, w1, w2, w3 = self.worst_of
        worst = walked[2]
        if w0[l0] > worst:
            worst = w0[l0]
        if w1[l1] > worst:
            worst = w1[l1]
        if w2[l2] > worst:
            worst = w2[l2]
        if w3[l3] > worst:
            worst = w3[l3]
        return (
            walked[0] + sums[l0] + sums[l1] + sums[l2] + sums[l3],
            walked[1] + (mask ^ meldy).bit_count(),
            worst,  # some card is loose: a real value
        )

    def dead_mask(self, mask: int) -> int:
        """The deadwood cards of `best_arrangement`'s arrangement of the mask, as a mask."""
        if self.c is not None:
            got: int = self.c.dead_mask(mask)
            return got
        meldy = meldable(self.t, mask)
        walked = self.walked.get(meldy) or self._walked(meldy)
        return walked[3] | (mask ^ meldy)

    def total(self, mask: int) -> int:
        """The hand value of all the cards of a one-deck mask."""
        return dead_value(self.t, mask)

    def mask_of(self, hand: Sequence[int]) -> int | None:
        """The hand as a one-deck natural mask, or None (a duplicate, a wild-capable card)."""
        mask = sum(map(_BIT_OF, hand))
        if mask.bit_count() != len(hand) or mask & self.not_fast:
            return None
        return mask

    # ---- the pool ------------------------------------------------------------

    def pool_summary(self, pool: Counter[int]) -> tuple[int, int, list[tuple[int, int]]] | None:
        """(mask of the unseen cards, how many, [(hand value, copies)]) or None when a card
        is off the path (wild-capable, joker, or more than one copy). Kept for the last
        pool (the key holds it, so its id is never another's); the histogram is made the
        first time the Python lookahead asks (`_by_value`), the C one needs none."""
        if self.pool_key is pool:
            return self.pool_value
        try:
            mask = sum(map(_BIT_OF, pool))
        except (KeyError, TypeError):  # a code past the joker's: off the path
            mask = self.not_fast
        count = len(pool)
        # off the path: a wild-capable card, a joker, or a card with more than one copy
        off = mask & self.not_fast or sum(pool.values()) != count
        summary: tuple[int, int, list[tuple[int, int]]] | None = None if off else (mask, count, [])
        self.pool_key = pool
        self.pool_value = summary
        return summary

    def _by_value(self, summary: tuple[int, int, list[tuple[int, int]]]) -> list[tuple[int, int]]:
        """The pool's [(hand value, copies)], sorted by value (made once per pool)."""
        by_value = summary[2]
        if not by_value and summary[0]:
            counts: dict[int, int] = {}
            values = self.values
            rest = summary[0]
            while rest:
                low = rest & -rest
                rest ^= low
                v = values[low.bit_length() - 1]
                counts[v] = counts.get(v, 0) + 1
            by_value.extend(sorted(counts.items()))
        return by_value

    def _hand(self, mask: int) -> Known:
        """What the lookahead of a hand needs whatever the pool: its stats, the cards that
        change which of its cards lie in a meld, and (filled as asked) the hand with each of
        them: (deadwood less the worst deadwood card, deadwood cards beyond the first)."""
        bdw, bcount, bworst = self.stats(mask)
        s0 = mask & SUIT
        s1 = mask >> 13 & SUIT
        s2 = mask >> 26 & SUIT
        s3 = mask >> 39 & SUIT
        # the cards that change which cards lie in a meld (plusone._melds_more) ...
        change = (
            self._run_change(s0)
            | self._run_change(s1) << 13
            | self._run_change(s2) << 26
            | self._run_change(s3) << 39
        )
        if self.sets:  # a rank held in one suit fewer than a set needs
            need = self.set_min - 1
            change |= _RANK_SPREAD[SUIT if need <= 0 else ranks_held(s0, s1, s2, s3, need)]
        # ... but never a card that melds with nothing (lookahead's `far` cards)
        near = _RANK_SPREAD[s0 | s1 | s2 | s3] | (
            self._near(s0) | self._near(s1) << 13 | self._near(s2) << 26 | self._near(s3) << 39
        )
        known: Known = (bdw, bcount, bworst, change & near & ~mask, {})
        if len(self.hands) > 50_000:
            self.hands.clear()
        self.hands[mask] = known
        return known

    def next_turn(
        self, hand: Sequence[int], pool: Counter[int], limit: int | None, weight: int
    ) -> tuple[float, int, int] | None:
        """`lookahead.next_turn` on masks, or None when the hand or pool is off the path."""
        mask = sum(map(_BIT_OF, hand))
        if mask.bit_count() != len(hand) or mask & self.not_fast:
            return None
        return self.next_turn_mask(mask, pool, limit, weight)

    def next_turn_mask(
        self, mask: int, pool: Counter[int], limit: int | None, weight: int
    ) -> tuple[float, int, int] | None:
        """`next_turn` of a one-deck natural mask (`mask_of`'s test passed), or None when
        the pool is off the path or holds a card of the hand."""
        summary = self.pool_summary(pool)
        if summary is None:
            return None
        pool_mask, count, _ = summary
        if mask & pool_mask:
            return None
        if not count:
            return 0.0, 0, 0
        if self.c is not None:
            answer: tuple[float, int, int] = self.c.next_turn(mask, pool_mask, limit, weight)
            return answer
        by_value = self._by_value(summary)
        known = self.hands.get(mask) or self._hand(mask)
        bdw, bcount, bworst, change, grown = known
        change &= pool_mask
        # every card as if it just joined the deadwood: dw + value - max(worst, value)
        base = bdw + weight * bcount
        total = 0
        ready = 0
        for v, n in by_value:
            got = base + v - bworst if v < bworst else base
            total += n * got
            if limit is not None and got - weight * bcount <= limit:
                ready += n
        # then the changing cards as they are
        while change:
            low = change & -change
            change ^= low
            v = self.values[low.bit_length() - 1]
            plain = bdw + v - bworst if v < bworst else bdw
            total -= base - bdw + plain
            if limit is not None and plain <= limit:
                ready -= 1
            got_grown = grown.get(low)
            if got_grown is None:
                dw, dead, worst = self.stats(mask | low)
                got_grown = grown[low] = (dw - worst, max(dead - 1, 0))
            left = got_grown[0]
            total += left + weight * got_grown[1]
            if limit is not None and left <= limit:
                ready += 1
        return float(total), count, ready

    def outs(self, hand: Sequence[int], pool: Counter[int]) -> int | None:
        """`hands.outs` on masks (None off the path): a card that changes no meld of the
        hand adds its value to the deadwood, so only the changing ones can meld."""
        summary = self.pool_summary(pool)
        if summary is None:
            return None
        mask = sum(map(_BIT_OF, hand))
        if mask.bit_count() != len(hand) or mask & self.not_fast or mask & summary[0]:
            return None
        change = (self.hands.get(mask) or self._hand(mask))[3] & summary[0]
        value = self.k.value
        base = value(mask)
        total = 0
        while change:
            low = change & -change
            change ^= low
            if value(mask | low) < base + self.values[low.bit_length() - 1]:
                total += 1
        return total

    def gin_hits(self, hand: Sequence[int], pool: Counter[int]) -> int | None:
        """How many unseen cards leave the hand with them no deadwood once its worst
        deadwood card goes (`ginplay.wait_for_gin`'s count), by the C walk; None off the
        C path (no C kernel, a hand or pool off the mask path)."""
        mask = self.mask_of(hand)
        summary = self.pool_summary(pool)
        if self.c is None or mask is None or summary is None or summary[0] & mask:
            return None
        stats = self.c.stats
        hits = 0
        rest = summary[0]
        while rest:
            low = rest & -rest
            rest ^= low
            dw, _, worst = stats(mask | low)
            if dw - worst == 0:
                hits += 1
        return hits


def _compiled(look: MaskLook) -> Any:
    """The C lookahead over this MaskLook's tables (bots/maskc.py), or None."""
    return compiled_of(look.variant, look.t, look.k, look.sets, look.near_bits)


_BY_VARIANT: dict[int, tuple[Variant, MaskLook | None]] = {}


def mask_look(variant: Variant) -> MaskLook | None:
    """The variant's mask lookahead, or None when it does not apply (whole-hand patterns,
    card values in a point unit other than 1). Held with its variant, so an id is never
    read for another object."""
    hit = _BY_VARIANT.get(id(variant))
    if hit is not None and hit[0] is variant:
        return hit[1]
    made = None
    if not variant.melds.patterns and point_unit(variant) == 1:
        t = tables(variant)
        made = MaskLook(variant, t, kernel(t))
    if len(_BY_VARIANT) > 256:
        _BY_VARIANT.clear()
    _BY_VARIANT[id(variant)] = (variant, made)
    return made
