"""The stock's hope toward a contract: how many unseen cards would cut its shortfall
(bots layer, over `contracts`).

`stock_gain` grows the hand's `contracts.State` by one card per unseen card instead of
recounting the hand, and asks once per kind of card: all wild cards alike, and without
runs one card per rank (the shortfall then reads only per-rank counts).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations

from rulespec.bots.base import JOKER
from rulespec.bots.contracts import (
    Plan,
    State,
    from_state,
    hand_state,
    held_keys,
    plan_of,
    run_bound,
    run_missing,
    shortfall,
    with_card,
)
from rulespec.bots.hands import cached
from rulespec.model.variant import Variant


def stock_gain(variant: Variant, hand: Sequence[int], pool: Counter[int]) -> float:
    """Expected cut of the shortfall from one unseen card (the stock's hope, in cards)."""
    now = shortfall(variant, hand)
    total = sum(pool.values())
    if not now or not total:
        return 0.0
    plan = plan_of(variant)
    base = hand_state(plan, hand)

    old = held_keys(plan, base[2]) if plan.runs and not plan.sets else None

    def cuts(card: int) -> bool:
        """shortfall(hand + card) < now: settled by `runs_cut` under runs alone where it
        can, else the grown hand's shortfall, kept with the others, from the hand's state."""
        if old is not None:
            cut = runs_cut(plan, base, now, card, old)
            if cut is not None:
                return cut
        got: int = cached(
            variant,
            "contract",
            [*hand, card],
            lambda _: from_state(plan, *with_card(plan, base, card)),
        )
        return got < now

    return _better(plan, base, now, pool, cuts) / total


def _better(
    plan: Plan, base: State, now: int, pool: Counter[int], cuts: Callable[[int], bool]
) -> int:
    """The unseen cards (copies counted) whose grown hand's shortfall is below `now`, asked
    once per kind of card: every wild card is one more wild card, a joker that is not wild
    changes nothing, and without runs the shortfall reads only the per-rank counts, so
    there a card counts as its rank, or as nothing when the counts stay as they are (a
    suit already held under distinct suits). Other cards are asked one by one (`cuts`)."""
    counts = base[1]
    wild, distinct, sets_only = plan.wild, plan.distinct, not plan.runs
    known: dict[int, bool] = {}
    better = 0
    for card, n in pool.items():
        if card in wild:
            kind = -1
        elif card >= JOKER or sets_only and distinct and counts[card]:
            kind = -2
        else:
            kind = card % 13 if sets_only else card
        cut = known.get(kind)
        if cut is None:
            if kind < 0 or sets_only:
                cut = from_state(plan, *with_card(plan, base, card)) < now
            else:  # a natural card under runs: its own grown hand
                cut = cuts(card)
            known[kind] = cut
        if cut:
            better += n
    return better


def runs_cut(plan: Plan, base: State, now: int, card: int, old: list[int]) -> bool | None:
    """Does ``card`` cut the shortfall `now` of the hand `base` (a contract of runs alone,
    `old`: the hand's `held_keys`)? None: not settled here (a card already held: a second
    copy may make two windows' shared card enough for both; ask the grown hand).

    Adding a card changes only the windows through it (one more card held); every other
    window keeps its key, so one in the grown hand's first `plan.keep` was there before,
    and a choice of such windows misses what it missed before: at least `now`, the least
    over them. So the grown hand's shortfall is below `now` exactly when a choice holding
    a window through the card misses fewer than `now` cards (a grown hand with no valid
    choice falls back to every run card missing, more than any valid choice before). If no
    window through the card makes the first `plan.keep`, nothing changed: no cut."""
    wilds, counts, mask, by_rank = base
    if counts[card]:
        return None
    suit, rank, stride, keep = card // 13, card % 13, plan.stride, plan.keep
    bits = (mask >> 13 * suit & 0x1FFF) | 1 << rank
    through = {}
    for i, w in plan.suit_windows[suit]:
        if w >> rank & 1:
            through[i] = (64 - (bits & w).bit_count()) * stride + i
    if len(old) >= keep and min(through.values()) > old[keep - 1]:
        return False  # (a window through it that was among them would have a smaller key)
    keys = sorted([k for k in old if k % stride not in through] + list(through.values()))
    del keys[keep:]
    grown_mask, every = mask | 1 << card, plan.windows
    runs = [(64 - k // stride, grown_mask & every[k % stride]) for k in keys]
    gaps = [plan.run_min - n for n, _ in runs]
    new = {p for p, k in enumerate(keys) if k % stride in through}
    if plan.runs == 2:  # the pairs through a new window, `run_bound`'s sums written out
        pure = plan.pure
        for p in range(len(runs) - 1):
            gi = gaps[p]
            for q in range(p + 1, len(runs)):
                if p not in new and q not in new:
                    continue
                gj = gaps[q]
                lead = 0 if not pure else gi if pure == 1 else gi + gj
                if lead + max(0, gi + gj - lead - wilds) >= now:
                    continue
                # (a card held once or not at all is too few for two windows: the same test
                # with the card's count of the grown hand, 1)
                got = run_missing(plan, [runs[p], runs[q]], by_rank, counts, wilds)
                if got is not None and got < now:
                    return True
        return False
    grown = with_card(plan, base, card)
    for picked in combinations(range(len(runs)), plan.runs):
        if new.isdisjoint(picked) or run_bound(plan, gaps, picked, 0, wilds) >= now:
            continue
        got = run_missing(plan, [runs[i] for i in picked], grown[3], grown[1], wilds)
        if got is not None and got < now:
            return True
    return False
