"""Contracts for the smart bot: how far a hand is from its first laying down (bots layer).

With `play.contract_*` a seat's first laying down must hold K sets and L runs
of given lengths (some runs pure), all in one turn. The deadwood solver knows
nothing of that: two sets look as good as a set and a run. Until the seat has
laid down, the smart bot adds to its hand cost the **shortfall**: the fewest
cards the hand still lacks to hold the contract, wild cards filling gaps
within the meld rules (`per_meld`, `outnumber`, pure runs take none). The
draws and discards that cut the shortfall win; once a contract meld is legal
(the engine offers one only when the whole contract can go down this turn)
the bot lays it down, and the usual rules take over after that.

The shortfall is a fast estimate, not the solver: runs are windows of the
contract length in one suit along the pack's run order, the sets the ranks
with the most cards left beside the chosen runs. It is asked for every
candidate hand of every decision, so it works on card masks: the windows are
made once per deal's rules (`Plan`), the sets read per-rank counts the chosen
runs adjust, and a choice of runs whose lower bound cannot beat the best so far
is skipped (the same value as trying it); with two runs the bound grows along the
windows, so the search stops at the first pair whose bound reaches the best. The
stock's hope (`stock_gain`) grows the hand's counts by one card per unseen card
instead of recounting the hand, once per kind of card: all wild cards alike, and
without runs one card per rank (the shortfall then reads only per-rank counts).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

from rulespec.bots.base import JOKER, View, is_wild
from rulespec.bots.setsonly import sets_state
from rulespec.bots.shortc import runs_shortfall
from rulespec.core.cards import mask_codes
from rulespec.model.variant import Variant

CONTRACT_WEIGHT = 12.0  # points per card the contract still lacks (about a face card)
RUN_CANDIDATES = 8  # run windows (most cards held first) the contract's runs are chosen from


def has_contract(variant: Variant) -> bool:
    """Whether the first laying down is a contract of sets and runs."""
    return bool(variant.play.contract_sets or variant.play.contract_runs)


def pending(view: View, variant: Variant) -> bool:
    """A contract still to meet: the variant has one and this seat owns no table meld yet
    (its first laying down is the contract; no lay-off comes before it)."""
    return has_contract(variant) and not any(m.owner == view.seat for m in view.melds)


def _run_order(variant: Variant) -> tuple[tuple[int, ...], bool]:
    """The ranks in run order and whether runs turn the corner (K-A-2)."""
    order = tuple(variant.ranks)
    if 1 in order and variant.ace in ("high", "high_or_low"):
        order = (*(r for r in order if r != 1 or variant.ace == "high_or_low"), 1)
    return order, variant.ace == "wrap"


def _windows(variant: Variant, length: int) -> list[tuple[int, ...]]:
    order, wrap = _run_order(variant)
    ring = order + order[: length - 1] if wrap else order
    return [ring[i : i + length] for i in range(len(ring) - length + 1)]


def shortfall(variant: Variant, hand: Sequence[int]) -> int:
    """The fewest cards `hand` lacks to hold the contract (0: it can be laid down), kept by
    the sorted hand in the plan (`Plan.known`: asked for every candidate hand, mostly kept)."""
    hit = _PLANS.get(id(variant))
    plan = hit[1] if hit is not None and hit[0] is variant else plan_of(variant)
    if not plan.runs:  # sets alone: kept by their counts (`from_state`), no hand key wanted
        wilds, by_rank = sets_state(plan.wild, plan.distinct, hand)  # (counts, mask: unread)
        return from_state(plan, wilds, by_rank, 0, by_rank)
    key = tuple(sorted(hand))
    found = plan.known.get(key)
    if found is None:
        if len(plan.known) >= KNOWN_KEPT:
            plan.known.clear()
        found = plan.known[key] = from_state(plan, *hand_state(plan, key))
    return found


KNOWN_KEPT = 20_000  # shortfalls a plan keeps by hand (cleared whole when full: one per deal)


class Plan:
    """What every shortfall of one deal's contract shares: the run windows as card masks
    (in the order the estimate ranks them), the wild cards, the meld limits."""

    __slots__ = (
        "wild",
        "windows",
        "sets",
        "set_min",
        "runs",
        "run_min",
        "pure",
        "keep",
        "distinct",
        "per_meld",
        "outnumber",
        "suit_windows",
        "held",
        "stride",
        "by_counts",
        "known",
    )

    def __init__(self, variant: Variant) -> None:
        play = variant.play
        self.wild = frozenset(c for c in range(JOKER + 1) if is_wild(variant, c))
        self.sets, self.set_min = play.contract_sets, play.contract_set_min
        self.runs, self.run_min, self.pure = (
            play.contract_runs,
            play.contract_run_min,
            play.contract_pure,
        )
        self.keep = max(RUN_CANDIDATES, play.contract_runs)
        self.windows: list[int] = []  # window by window, suit by suit (the sort is stable)
        if play.contract_runs:
            for window in _windows(variant, play.contract_run_min):
                for suit in range(4):
                    self.windows.append(sum(1 << (r - 1 + 13 * suit) for r in set(window)))
        # per suit: (index in `windows`, its ranks as 13 bits); `_held_windows`' answers
        self.suit_windows = [
            [(i, self.windows[i] >> 13 * suit) for i in range(suit, len(self.windows), 4)]
            for suit in range(4)
        ]
        self.held: list[dict[int, list[int]]] = [{}, {}, {}, {}]
        self.by_counts: dict[tuple[int, ...], int] = {}  # sets alone: by the sets' counts
        self.known: dict[tuple[int, ...], int] = {}  # `shortfall` by the sorted hand
        self.stride = len(self.windows) + 1  # `_held_windows`' sort keys: index below it
        self.distinct = variant.melds.set is None or variant.melds.set.suits == "distinct"
        self.per_meld = variant.melds.wild.per_meld
        self.outnumber = variant.melds.wild.outnumber


_PLANS: dict[int, tuple[Variant, Plan]] = {}  # by id, the variant held: no id reused


def plan_of(variant: Variant) -> Plan:
    """The deal's `Plan`, made once per variant (held with it: no id reused)."""
    hit = _PLANS.get(id(variant))
    if hit is None or hit[0] is not variant:
        if len(_PLANS) > 64:
            _PLANS.clear()
        hit = (variant, Plan(variant))
        _PLANS[id(variant)] = hit
    return hit[1]


State = tuple[int, list[int], int, list[int]]
"""A hand as the shortfall reads it: (wild cards, count per card code, mask of the natural
cards held, per rank the cards (suits any) or the suits (distinct) held)."""


def hand_state(plan: Plan, hand: Sequence[int]) -> State:
    """The hand's `State`: made once per hand, or once for many hands one card apart."""
    wild_codes = plan.wild
    wilds = 0
    counts = [0] * JOKER
    mask = 0
    # per rank: the cards (suits any) or the suits (distinct) held, before any run takes some
    by_rank = [0] * 13
    distinct = plan.distinct
    for c in hand:
        if c in wild_codes:
            wilds += 1
        elif c < JOKER:
            counts[c] += 1
            if not distinct or counts[c] == 1:
                by_rank[c % 13] += 1
            mask |= 1 << c
    return wilds, counts, mask, by_rank


def from_state(plan: Plan, wilds: int, counts: list[int], mask: int, by_rank: list[int]) -> int:
    """The shortfall of a hand given as its `State`: runs chosen among the `RUN_CANDIDATES`
    windows holding the most cards, the sets from the ranks holding the most cards of those
    left, wild cards filling the smallest gaps."""
    if not plan.runs:  # sets alone: the wild cards and the ranks `_set_needs` picks decide
        cap = plan.set_min  # it (the most held, capped): kept by those, few keys
        # (sorted first, then capped: capping keeps the order, so the same list, with
        # `plan.sets` caps rather than 13)
        held = [h if h < cap else cap for h in sorted(by_rank, reverse=True)[: plan.sets]]
        key = (wilds, *held)
        got = plan.by_counts.get(key)
        if got is None:
            if len(plan.by_counts) >= HELD_KEPT:
                plan.by_counts.clear()
            got = plan.by_counts[key] = _fill(plan, [(cap - h, h, False) for h in held], wilds)
        return got
    quick = runs_shortfall(plan, wilds, counts, mask, by_rank)  # one C call (bots/shortc.py)
    if quick is not None:
        return quick
    runs = _held_windows(plan, mask)
    # A bound every choice of runs meets: pure runs take no wild card, and the runs' cards
    # only shrink the sets; a choice whose bound reaches the best so far cannot beat it.
    set_floor = sum(m for m, _, _ in _set_needs(plan, by_rank, {}, counts))
    gaps = [plan.run_min - n for n, _ in runs]
    if plan.runs == 2:
        best = pair_search(plan, runs, gaps, set_floor, wilds, by_rank, counts)
    else:

        def bound(picked: Sequence[int]) -> int:
            return run_bound(plan, gaps, picked, set_floor, wilds)

        def missing(picked: Sequence[int]) -> int | None:
            return run_missing(plan, [runs[i] for i in picked], by_rank, counts, wilds)

        best = _best_choice(plan.runs, len(runs), bound, missing)
    if best is None:  # no run window holds a card: every run card is missing
        best = plan.runs * plan.run_min + set_floor
    return best


HELD_KEPT = 8192  # answers `_held_windows` keeps per suit (every 13-bit pattern: never full)


def _held_windows(plan: Plan, mask: int) -> list[tuple[int, int]]:
    """The first `plan.keep` run windows holding some of `mask`'s cards, (cards held, those
    cards), most held first, ties in window order (`held_keys`, decoded)."""
    stride, every = plan.stride, plan.windows
    return [
        (64 - k // stride, mask & every[k % stride]) for k in held_keys(plan, mask)[: plan.keep]
    ]


def held_keys(plan: Plan, mask: int) -> list[int]:
    """Every run window holding some of `mask`'s cards as one sort key, (64 - cards held) *
    `plan.stride` + its index, sorted: the order of (most held, index) without a tuple per
    window; per suit from a table by its cards."""
    stride, held = plan.stride, plan.held
    keys: list[int] = []
    for suit in range(4):
        bits = mask >> 13 * suit & 0x1FFF
        got = held[suit].get(bits)
        if got is None:
            memo = held[suit]
            if len(memo) >= HELD_KEPT:
                memo.clear()
            got = memo[bits] = [
                (64 - (bits & w).bit_count()) * stride + i
                for i, w in plan.suit_windows[suit]
                if bits & w
            ]
        keys += got
    keys.sort()
    return keys


def run_bound(plan: Plan, gaps: list[int], picked: Sequence[int], floor: int, wilds: int) -> int:
    """A bound every choice of runs meets: pure runs take no wild card, and the runs' cards
    only shrink the sets (`floor`: the sets' needs before any run takes a card). It grows
    with each run's gap."""
    pure = plan.pure
    pure_need = sum(map(gaps.__getitem__, picked[:pure])) if pure else 0
    rest_need = sum(map(gaps.__getitem__, picked)) - pure_need + floor
    return pure_need + max(0, rest_need - wilds)


def run_missing(
    plan: Plan,
    chosen: list[tuple[int, int]],
    by_rank: list[int],
    counts: list[int],
    wilds: int,
) -> int | None:
    """The cards a choice of run windows (most cards first) and the sets beside them lack,
    wild cards filling; None when two windows claim one card."""
    if len(chosen) == 2:  # (the usual case: a pair's shared cards are claimed twice)
        acc = chosen[0][1] | chosen[1][1]
        over = chosen[0][1] & chosen[1][1]
        if over and any(counts[c] < 2 for c in mask_codes(over)):
            return None  # two windows claim one card
    else:
        acc = over = 0
        for _, h in chosen:
            over |= acc & h
            acc |= h
        if over and any(sum(h >> c & 1 for _, h in chosen) > counts[c] for c in mask_codes(over)):
            return None  # two windows claim one card
    run_min, pure = plan.run_min, plan.pure
    needs = [(run_min - n, n, i < pure) for i, (n, _) in enumerate(chosen)]
    if plan.sets:
        taken = {c: 1 for c in mask_codes(acc)}
        for c in mask_codes(over):
            taken[c] = sum(h >> c & 1 for _, h in chosen)
        needs += _set_needs(plan, by_rank, taken, counts)
    return _fill(plan, needs, wilds)


Bound = Callable[[Sequence[int]], int]
Missing = Callable[[Sequence[int]], int | None]


def _best_choice(k: int, n: int, bound: Bound, missing: Missing) -> int | None:
    """The fewest cards missing over every choice of `k` of the `n` windows (None: no
    choice holds; `bound` and `missing` of a choice by window indexes, most cards first)."""
    best: int | None = None
    for picked in combinations(range(n), k):
        # the windows are sorted by cards held, so `picked` is too: the first are the pure
        if best is not None and bound(picked) >= best:
            continue
        got = missing(picked)
        if got is not None and (best is None or got < best):
            best = got
    return best


def pair_search(
    plan: Plan,
    runs: list[tuple[int, int]],
    gaps: list[int],
    floor: int,
    wilds: int,
    by_rank: list[int],
    counts: list[int],
) -> int | None:
    """`_best_choice` for two runs, with `run_bound` and `run_missing` written out (no call per
    pair): the gaps grow along the windows, and so does the bound, so once a pair's bound
    reaches the best so far every later pair's does too (for this first window, and, from
    its neighbour on, for every later first window): the same least, fewer pairs tried."""
    n, pure, run_min = len(runs), plan.pure, plan.run_min
    best: int | None = None
    for i in range(n - 1):
        gi = gaps[i]
        if best is not None:  # the bound of (i, i + 1), `run_bound`'s sums for a pair
            gj = gaps[i + 1]
            lead = 0 if not pure else gi if pure == 1 else gi + gj
            if lead + max(0, gi + gj - lead + floor - wilds) >= best:
                break
        ni, hi = runs[i]
        for j in range(i + 1, n):
            gj = gaps[j]
            if best is not None:
                lead = 0 if not pure else gi if pure == 1 else gi + gj
                if lead + max(0, gi + gj - lead + floor - wilds) >= best:
                    break
            nj, hj = runs[j]
            over = hi & hj
            if over and any(counts[c] < 2 for c in mask_codes(over)):
                continue  # two windows claim one card (`run_missing`'s None)
            needs = [(run_min - ni, ni, pure > 0), (run_min - nj, nj, pure > 1)]
            if plan.sets:
                taken = dict.fromkeys(mask_codes(hi | hj), 1)
                for c in mask_codes(over):
                    taken[c] = 2
                needs += _set_needs(plan, by_rank, taken, counts)
            got = _fill(plan, needs, wilds)
            if best is None or got < best:
                best = got
    return best


def _set_needs(
    plan: Plan, by_rank: list[int], taken: dict[int, int], counts: list[int]
) -> list[tuple[int, int, bool]]:
    """The contract's sets from the cards the runs leave (`taken`: card -> copies the runs
    use): the ranks holding the most cards (suits any) or suits (distinct)."""
    if not plan.sets:
        return []
    left = by_rank
    if taken:
        left = list(by_rank)
        for c, used in taken.items():
            if not plan.distinct:
                left[c % 13] -= used
            elif counts[c] == used:
                left[c % 13] -= 1  # the last copy of this suit goes to a run
    cap = plan.set_min
    held = [h if h < cap else cap for h in sorted(left, reverse=True)[: plan.sets]]  # (capped)
    return [(cap - h, h, False) for h in held]


def _fill(plan: Plan, needs: list[tuple[int, int, bool]], wilds: int) -> int:
    """Missing cards once the hand's wild cards fill what they may, smallest gaps first."""
    if not wilds:
        return sum(need for need, _, _ in needs)
    missing = 0
    for need, held, pure in sorted(needs):
        room = 0
        if not pure:
            room = need if plan.per_meld is None else min(need, plan.per_meld)
            if not plan.outnumber:
                room = min(room, held)
        use = min(wilds, room)
        wilds -= use
        missing += need - use
    return missing
