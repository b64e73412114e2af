"""Complete meld listings of a hand and of the smaller hands melds leave (phases, lay).

The opening's way-on search (opensearch.py) lists the melds of each hand it reaches, in
`meldlist.hand_listing`'s order. When a hand's listing holds every meld of it (`every`,
with few enough wild cards: `meldgen.lists_every_meld`), every meld of a smaller hand
(the hand less a meld laid) is one of them, and the smaller hand's own listing holds
every meld too (fewer melds, fewer wild cards: within meldgen's budget), sorted as these
are: so the melds of this listing that still fit, in this order, are `hand_listing`'s
listing of the smaller hand (meldlist derives it the same way from a recent hand). A
`Listed` filters them by card masks, as meldlist does, without the hand's listing memo,
and keeps what the search reads of each meld (its value and contract piece) as it is
first asked. tests/interpreter/test_opensearch.py compares them with `hand_listing`.
"""

from __future__ import annotations

from collections import Counter

from rulespec.interpreter import melds as M
from rulespec.interpreter.meldgen import lists_every_meld
from rulespec.interpreter.meldlist import hand_listing
from rulespec.interpreter.melds import Meld
from rulespec.interpreter.phases.context import contract_piece
from rulespec.model.derived import Derived
from rulespec.model.variant import Variant


class Listed:
    """A hand's listing read for the twin: the melds (`meldlist.hand_listing`'s, in its
    order) and, made when first asked, each meld's value and contract piece (`piece`) and
    its cards as masks (`masks`: held once, held twice or more, and the melds holding three
    copies of a card)."""

    __slots__ = ("melds", "pieces", "once", "twice", "deep")

    def __init__(self, melds: tuple[Meld, ...]) -> None:
        self.melds = melds
        self.pieces: list[tuple[int, str | None, bool] | None] = [None] * len(melds)
        self.once: list[int] | None = None
        self.twice: list[int] = []
        self.deep: set[int] = set()

    def piece(self, variant: Variant, i: int) -> tuple[int, str | None, bool]:
        """Meld `i`'s value (`melds.meld_value`) and contract piece (`contract_piece`)."""
        got = self.pieces[i]
        if got is None:
            meld = self.melds[i]
            kind, pure = contract_piece(variant, meld)
            got = self.pieces[i] = (M.meld_value(variant, meld), kind, pure)
        return got

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
                            deep.add(i)
                        b |= bit
                    a |= bit
                once.append(a)
                twice.append(b)
            self.once = once
        return once

    def within(self, rest: list[int], meld: Meld) -> Listed:
        """The listing of `rest`, the hand less `meld`: the melds that still fit in it (this
        listing holds every meld of the hand, so every meld of `rest` is one of them, in
        the same sorted order: what `hand_listing(rest)` gives, meldlist.py)."""
        once = self.masks()
        none = one = 0
        for p in meld:
            left = rest.count(p[0])
            if left == 0:
                none |= 1 << p[0]
            elif left == 1:
                one |= 1 << p[0]
        keep = [
            i
            for i, (a, b) in enumerate(zip(once, self.twice, strict=True))
            if not (a & none or b & one)
        ]
        deep = self.deep
        if deep:
            counted = Counter(rest)
            keep = [
                i
                for i in keep
                if i not in deep
                or all(k <= counted[x] for x, k in Counter(p[0] for p in self.melds[i]).items())
            ]
        got = Listed(tuple(self.melds[i] for i in keep))
        got.pieces = [self.pieces[i] for i in keep]
        got.once = [once[i] for i in keep]
        got.twice = [self.twice[i] for i in keep]
        got.deep = {j for j, i in enumerate(keep) if i in deep}
        return got


class Lists:
    """One variant's complete listings as `Listed`, by sorted cards."""

    __slots__ = ("by_hand",)

    def __init__(self) -> None:
        self.by_hand: dict[tuple[int, ...], Listed] = {}


LIMIT = 4096
"""Hands whose `Listed` a variant keeps before it starts over."""
_BY_HAND: Derived[Lists] = Derived()

_CANONICAL: dict[int, tuple[tuple[Meld, ...], Listed]] = {}


def canonical(listing: tuple[Meld, ...]) -> Listed:
    """A listing of canonical melds as a `Listed`, made once per listing (meldlist keeps
    one tuple per hand; the search asks `hand_listing` of every state, as the generic one)."""
    hit = _CANONICAL.get(id(listing))
    if hit is not None and hit[0] is listing:
        return hit[1]
    got = Listed(listing)
    if len(_CANONICAL) > 1024:
        _CANONICAL.clear()
    _CANONICAL[id(listing)] = (listing, got)
    return got


def by_hand(variant: Variant) -> dict[tuple[int, ...], Listed]:
    """The variant's complete listings by sorted cards (started over past `LIMIT`)."""
    got = _BY_HAND.get(variant, None, Lists).by_hand
    if len(got) > LIMIT:
        got.clear()
    return got


def complete(
    variant: Variant, lists: dict[tuple[int, ...], Listed], hand: list[int]
) -> Listed | None:
    """The hand's listing as a `Listed` when it holds every meld of the hand (None: canonical
    melds; `lists`: `by_hand(variant)`)."""
    key = tuple(sorted(hand))
    got = lists.get(key)
    if got is None:
        melds, every = hand_listing(variant, hand)
        if not (every and lists_every_meld(variant, hand)):
            return None
        got = lists[key] = Listed(melds)
    return got


def smaller(
    lists: dict[tuple[int, ...], Listed], whole: Listed, rest: list[int], meld: Meld
) -> Listed:
    """The listing of `rest`, the hand of the complete listing `whole` less `meld`."""
    key = tuple(sorted(rest))
    got = lists.get(key)
    if got is None:
        got = lists[key] = whole.within(rest, meld)
    return got
