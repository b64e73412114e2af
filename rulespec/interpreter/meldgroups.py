"""Every meld of a hand, assembled from each rank's and each suit's named melds (interpreter).

`meldgen._every_meld` names every natural part of the hand (a rank's sets, a suit's runs)
with every choice of the wild cards it may hold, and the all-wild melds; that is the
listing whenever the hand has few wild cards (`FULL_LISTING`) and the melds are within
`FULL_BUDGET`. A part's named melds depend only on its group (one rank's cards counted by
suit, or one suit's ranks: meldgen's `GroupKey`) and on the hand's wild cards, and the
all-wild melds on the wild cards alone; hands a card or two apart share nearly all of them.
So they are named once per (group, wild cards) and kept (`GroupNames`), and a hand's
listing is their union, sorted: `every_meld` is `_every_meld` plus `joker_melds`, the
same sorted list (tests/interpreter/test_meldlist.py compares them on seeded hands of
every bundled variant and the rule files of tests/data/valid).

The union needs no set for most melds. `name_wilds` names a multiset of cards; a meld
from a part of one group and a meld from a part of another are the same only when they
hold the same cards, and a card that is not wild-capable can only be one of a part's
natural cards. Two such cards of one meld (two copies of a card, or of one rank, or of one
suit) lie in one group's parts only: a set takes one rank, a run one suit and distinct
ranks. So a meld holding two cards that are not wild-capable comes from one group alone
(`sure`), and only the rest (a natural card or none, with wild cards) go through a set
(`shared`), as `_every_meld`'s one set of every meld would.
"""

from __future__ import annotations

from collections import Counter

from rulespec.core.cards import JOKER
from rulespec.interpreter.meldgen import (
    FULL_BUDGET,
    FULL_LISTING,
    Part,
    joker_melds,
    multisets,
    name_parts,
    run_group,
    set_group,
)
from rulespec.interpreter.meldrules import Tables
from rulespec.interpreter.melds import Meld, name_wilds
from rulespec.model.variant import Variant

Named = tuple[list[Meld], list[Meld]] | None
"""A group's named melds: (those holding two cards that are not wild-capable, the rest);
None when they alone are over `FULL_BUDGET`."""

KEPT = 40_000
"""Named groups (and named parts) kept per variant before the store starts over."""


class GroupNames:
    """One variant's named melds by (group, wild cards), and its wild-capable codes."""

    __slots__ = ("variant", "t", "named", "parts", "flex")

    def __init__(self, variant: Variant, t: Tables) -> None:
        self.variant = variant
        self.t = t
        self.named: dict[tuple[int, object, tuple[int, ...]], Named] = {}
        self.parts: dict[tuple[Part, tuple[int, ...]], list[Meld] | None] = {}
        self.flex = sum(1 << c for c in range(JOKER + 1) if t.wild_code(c))

    def _group(self, key: tuple[int, object, tuple[int, ...]], wild_count: Counter[int]) -> Named:
        """The named melds of one group (`key`: rank, or -1 - suit; its counts by suit or its
        rank mask; the wild cards), made on first use: `_every_meld`'s naming of its parts.
        A part's melds hold its natural cards and wild cards only, so whether they hold two
        cards that are not wild-capable is a fact of the part; and two parts name the same
        cards only when one holds a wild-capable card as a natural one (else the cards that
        are not wild-capable are the part's own): only then does the group need a set."""
        t, flex = self.t, self.flex
        which, shape, wilds = key
        if which >= 0:
            parts = set_group(t, which, shape, len(wilds))[1]  # type: ignore[arg-type]
        else:
            parts = run_group(t, -1 - which, shape, len(wilds))[1]  # type: ignore[arg-type]
        sure: list[Meld] = []
        shared: list[Meld] = []
        alike = False  # (a part holds a wild-capable card as a natural one)
        got: Named = None
        for part in parts:
            named = self._part(part, wilds, wild_count)
            if named is None:
                break
            codes = part[0]
            fixed = 0
            for c in codes:
                if not flex >> c & 1:
                    fixed += 1
            alike = alike or fixed < len(codes)
            (sure if fixed >= 2 else shared).extend(named)
        else:
            if alike:
                sure, shared = list(set(sure)), list(set(shared))
            if len(sure) + len(shared) <= FULL_BUDGET:
                got = (sure, shared)
        self._keep(key, got)
        return got

    def _part(
        self, part: Part, wilds: tuple[int, ...], wild_count: Counter[int]
    ) -> list[Meld] | None:
        """The melds of one natural part with these wild cards (`name_parts`'s, distinct),
        made on first use: a suit or a rank that gains or loses a card keeps most of its
        parts. None when they alone are over `FULL_BUDGET`."""
        key = (part, wilds)
        got = self.parts.get(key, _NO_PART)
        if got is _NO_PART:
            found: set[Meld] = set()
            got = list(found) if name_parts(self.variant, (part,), wild_count, found) else None
            if len(self.parts) >= KEPT:
                self.parts.clear()
            self.parts[key] = got
        return got

    def _all_wild(self, wilds: tuple[int, ...], wild_count: Counter[int]) -> Named:
        """The all-wild melds of these wild cards (`_every_meld`'s), made on first use."""
        key = (JOKER + 1, None, wilds)
        if key in self.named:
            return self.named[key]
        found: set[Meld] = set()
        over = False
        for size in sorted(self.t.all_wild_sizes):
            if size <= len(wilds) and not over:
                for chosen in multisets(wild_count, size):
                    found.update(name_wilds(self.variant, chosen))
                    if len(found) > FULL_BUDGET:
                        over = True
                        break
        got: Named = None if over else ([], list(found))
        self._keep(key, got)
        return got

    def _keep(self, key: tuple[int, object, tuple[int, ...]], got: Named) -> None:
        if len(self.named) >= KEPT:
            self.named.clear()
        self.named[key] = got


def every_meld(store: GroupNames, key: tuple[int, ...]) -> tuple[Meld, ...] | None:
    """`candidate_listing(variant, key)`'s melds when that lists every meld of the sorted hand
    `key`; None when it lists canonical ones (many wild cards, or over the budget)."""
    t = store.t
    flex = store.flex
    wild_list: list[int] = []
    sets: dict[int, list[int]] = {}
    present = [0, 0, 0, 0]
    for c in key:
        if flex >> c & 1:
            wild_list.append(c)
        if c < JOKER:
            if t.has_sets:
                by_suit = sets.get(c % 13)
                if by_suit is None:
                    by_suit = sets[c % 13] = [0, 0, 0, 0]
                by_suit[c // 13] += 1
            present[c // 13] |= 1 << (c % 13)
    if len(wild_list) > FULL_LISTING:
        return None
    wilds = tuple(wild_list)  # (sorted: the hand is)
    wild_count: Counter[int] | None = None
    named = store.named
    out: list[Meld] = []
    shared: list[Meld] = []
    keys: list[tuple[int, object, tuple[int, ...]]] = [
        (rank, tuple(by_suit), wilds) for rank, by_suit in sets.items()
    ]
    if t.has_runs:
        keys += [(-1 - suit, present[suit], wilds) for suit in range(4) if present[suit]]
    for gkey in keys:
        got = named.get(gkey, _MISSING)
        if got is _MISSING:
            if wild_count is None:
                wild_count = Counter(wild_list)
            got = store._group(gkey, wild_count)
        if got is None:
            return None
        out += got[0]
        shared += got[1]
    if t.all_wild_sizes and wilds:
        got = store._all_wild(wilds, Counter(wild_list))
        if got is None:
            return None
        shared += got[1]
    if shared:
        out += set(shared)
    if len(out) > FULL_BUDGET:
        return None
    out += joker_melds(t, key)
    out.sort()
    return tuple(out)


_NO_PART: list[Meld] = []
"""A part not named yet (read, never changed)."""

_MISSING: Named = ([], [])
"""A group not named yet (read, never changed)."""
