"""A hand's candidate melds, remembered per hand, derived from a hand a card away (interpreter).

The judge lists the melds of the mover's hand (meldgen.candidate_listing) for the
legal moves, again for the whole-hand contract test (contractfit.py), for each
hand the way-on search reaches, and at a hand's end for a loser's going-out
contract (arrange.holds_contract): so it sits beside meldgen, not among the phases.
The listing depends on the variant and the hand's cards alone, so it is made once
per (variant, cards) and shared; callers only read it.

Between two listings of one seat the hand changes by a few cards: a draw adds
one, a meld or a discard takes some away. When a recent hand's listing holds
every meld of it (`every`: few wild cards, within meldgen's budget), the new
hand's listing is derived from it: the melds that still fit in the new hand,
and, for an added card, the melds holding it (meldgen: a natural card's from its
rank's sets and its suit's runs, a wild card's from every part that may take it,
named only where it is held: meldwith.py).
Every meld of the new hand is one or the other, so this is the same sorted list
as listing the hand whole (tests/interpreter/test_meldlist.py compares them).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rulespec.core.cards import JOKER
from rulespec.interpreter.meldgen import FULL_BUDGET, candidate_listing, joker_melds
from rulespec.interpreter.meldrules import tables
from rulespec.interpreter.melds import Meld
from rulespec.interpreter.meldwith import melds_holding, melds_holding_wild
from rulespec.model.variant import Variant

Listing = tuple[tuple[Meld, ...], bool]
"""(the candidate melds, sorted; whether that is every meld of the hand)."""

LIMIT = 4096
"""Hands remembered per variant before the memo starts over."""
RECENT = 12
"""Recent listings a new hand may be derived from."""
MOST_REMOVED = 6
"""Cards a recent hand may have lost (a meld laid, a discard) to derive from it."""


class _Recent:
    """A recent complete listing: the hand's card counts, the melds, and each meld's cards
    as masks by copies (made when first needed: `masks`)."""

    __slots__ = ("count", "melds", "once", "twice", "deep")

    def __init__(self, count: Counter[int], melds: tuple[Meld, ...]) -> None:
        self.count = count
        self.melds = melds
        self.once: list[int] | None = None  # by meld: the cards it holds
        self.twice: list[int] = []  # by meld: the cards it holds two copies of, or more
        self.deep: list[tuple[int, tuple[int, ...]]] = []  # melds with 3 copies of a card

    def masks(self) -> list[int]:
        """`once`, made with `twice` and `deep` on first use."""
        once = self.once
        if once is None:
            once, twice, deep = [], self.twice, self.deep
            for i, meld in enumerate(self.melds):
                a = b = 0
                for p in meld:
                    bit = 1 << p[0]
                    if a & bit:
                        if b & bit:
                            deep.append((i, tuple(q[0] for q in meld)))
                        b |= bit
                    a |= bit
                once.append(a)
                twice.append(b)
            self.once = once
        return once


class _Memo:
    """One variant's listings: by hand, and the most recent ones with their card counts."""

    __slots__ = ("variant", "tables", "by_hand", "recent")

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.tables = tables(variant)
        self.by_hand: dict[tuple[int, ...], Listing] = {}
        self.recent: list[_Recent] = []


_MEMO: dict[int, _Memo] = {}


def hand_listing(variant: Variant, hand: Sequence[int]) -> Listing:
    """`candidate_listing(variant, hand)` as a tuple, made once per variant and cards."""
    memo = _MEMO.get(id(variant))
    if memo is None or memo.variant is not variant:
        if len(_MEMO) > 32:
            _MEMO.clear()
        memo = _MEMO[id(variant)] = _Memo(variant)
    key = tuple(sorted(hand))
    got = memo.by_hand.get(key)
    if got is not None:
        return got
    if len(memo.by_hand) >= LIMIT:
        memo.by_hand.clear()
    count = Counter(key)
    got = _derived(memo, key, count)
    if got is None:
        melds, every = candidate_listing(variant, key)
        got = (tuple(melds), every)
    memo.by_hand[key] = got
    if got[1]:
        memo.recent.insert(0, _Recent(count, got[0]))
        del memo.recent[RECENT:]
    return got


def _derived(memo: _Memo, key: tuple[int, ...], count: Counter[int]) -> Listing | None:
    """The listing of `key` from a recent complete listing of a hand at most one natural card
    short of it (and a few cards over), or None when none fits."""
    t = memo.tables
    for entry in memo.recent:
        was, melds = entry.count, entry.melds
        new = None  # the card added (at most one)
        more = 0
        for card, n in count.items():
            if n > was.get(card, 0):
                more += n - was.get(card, 0)
                if more > 1:
                    break  # (most recent hands are other seats': out after two cards)
                new = card
        if more > 1:
            continue
        removed = [card for card, n in was.items() if n > count.get(card, 0)]
        if sum(was[card] - count.get(card, 0) for card in removed) > MOST_REMOVED:
            continue
        kept = list(melds)
        if removed:  # drop the melds holding more copies of a removed card than are left
            once = entry.masks()
            none = one = 0  # the removed cards with no copy left, with one copy left
            for card in removed:
                left = count.get(card, 0)
                if left == 0:
                    none |= 1 << card
                elif left == 1:
                    one |= 1 << card
            gone = {  # (three copies or more of a card in one meld: counted)
                i
                for i, held in entry.deep
                if any(held.count(card) > count.get(card, 0) for card in removed)
            }
            kept = [
                m
                for i, (m, a, b) in enumerate(zip(melds, once, entry.twice, strict=True))
                if not (a & none or b & one) and i not in gone
            ]
        if new is not None:
            wild = new >= JOKER or t.wild_code(new)  # (a wild card may join any meld)
            extra = (melds_holding_wild if wild else melds_holding)(memo.variant, key, new)
            if extra is None:
                continue
            if was.get(new, 0):  # (a copy held before: melds holding it may be kept ones)
                known = set(kept)
                extra = [m for m in extra if m not in known]
            kept += extra
            kept.sort()  # two sorted runs: a merge
            if len(kept) - len(joker_melds(t, key)) > FULL_BUDGET:
                continue  # over the budget: the whole listing is canonical
        return tuple(kept), True
    return None
