"""The stock's hope toward a contract: how many unseen cards would cut its shortfall
(bots layer, over `contracts`).

`stock_gain` grows the hand's `contracts.State` by one card per unseen card instead of
recounting the hand, and asks once per kind of card: all wild cards alike, and without
runs one card per rank (the shortfall then reads only per-rank counts).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from rulespec.bots.base import JOKER
from rulespec.bots.contracts import (
    KNOWN_KEPT,
    Plan,
    State,
    from_state,
    hand_state,
    plan_of,
    shortfall,
)
from rulespec.model.variant import Variant


def with_card(plan: Plan, state: State, c: int) -> State:
    """`contracts.hand_state` of the hand with one card more (the stock's hope asks it per
    unseen card; moved here from `contracts`, which was at the line limit)."""
    wilds, counts, mask, by_rank = state
    if c in plan.wild:
        return wilds + 1, counts, mask, by_rank
    if c >= JOKER:
        return state
    counts = list(counts)
    counts[c] += 1
    if not plan.distinct or counts[c] == 1:
        by_rank = list(by_rank)
        by_rank[c % 13] += 1
    return wilds, counts, mask | 1 << c, by_rank


def stock_gain(variant: Variant, hand: Sequence[int], pool: Counter[int]) -> float:
    """Expected cut of the shortfall from one unseen card (the stock's hope, in cards)."""
    now = shortfall(variant, hand)
    total = sum(pool.values())
    if not now or not total:
        return 0.0
    plan = plan_of(variant)
    base = hand_state(plan, hand)

    known = plan.known

    def cuts(card: int) -> bool:
        """shortfall(hand + card) < now: the grown hand's shortfall, kept with the others
        (`Plan.known`), from the hand's state."""
        key = tuple(sorted([*hand, card]))
        got = known.get(key)
        if got is None:
            if len(known) >= KNOWN_KEPT:
                known.clear()
            got = known[key] = from_state(plan, *with_card(plan, base, card))
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
