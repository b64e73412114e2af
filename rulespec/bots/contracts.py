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
with the most cards left beside the chosen runs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from rulespec.bots.base import JOKER, View, is_wild, rank_of, suit_of
from rulespec.bots.hands import _cached
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


def _wild_room(variant: Variant, naturals: int, need: int, pure: bool) -> int:
    """How many of `need` missing cards wild cards may fill in one meld."""
    if pure:
        return 0
    wild = variant.melds.wild
    room = need if wild.per_meld is None else min(need, wild.per_meld)
    if not wild.outnumber:
        room = min(room, naturals)
    return room


def shortfall(variant: Variant, hand: Sequence[int]) -> int:
    """The fewest cards `hand` lacks to hold the contract (0: it can be laid down)."""
    found: int = _cached(variant, "contract", hand, lambda cards: _shortfall(variant, cards))
    return found


def _shortfall(variant: Variant, hand: Sequence[int]) -> int:
    play = variant.play
    wilds = sum(1 for c in hand if is_wild(variant, c))
    naturals = Counter(c for c in hand if c < JOKER and not is_wild(variant, c))
    runs: list[tuple[int, frozenset[int], int]] = []  # (cards held, cards used, suit)
    if play.contract_runs:
        for window in _windows(variant, play.contract_run_min):
            for suit in range(4):
                held = frozenset(r - 1 + 13 * suit for r in window) & set(naturals)
                if held:
                    runs.append((len(held), held, suit))
        runs.sort(key=lambda r: -r[0])
        runs = runs[: max(RUN_CANDIDATES, play.contract_runs)]
    best: int | None = None
    choices = combinations(runs, play.contract_runs) if play.contract_runs else [()]
    for chosen in choices:
        used: Counter[int] = Counter()
        for _, cards, _ in chosen:
            used.update(cards)
        if any(used[c] > naturals[c] for c in used):
            continue  # two windows claim one card
        needs: list[tuple[int, int, bool]] = []  # (missing, naturals held, pure)
        for index, (count, _, _) in enumerate(sorted(chosen, key=lambda r: -r[0])):
            pure = index < play.contract_pure
            needs.append((play.contract_run_min - count, count, pure))
        if play.contract_sets:
            needs.extend(_set_needs(variant, naturals - used))
        if len(needs) < play.contract_sets + play.contract_runs:
            continue
        missing = _fill(variant, needs, wilds)
        if best is None or missing < best:
            best = missing
    if best is None:  # no run window holds a card: every run card is missing
        best = play.contract_runs * play.contract_run_min + sum(
            m for m, _, _ in _set_needs(variant, naturals)
        )
    return best


def _set_needs(variant: Variant, left: Counter[int]) -> list[tuple[int, int, bool]]:
    """The contract's sets from the cards left: the ranks holding the most cards."""
    play = variant.play
    if not play.contract_sets:
        return []
    distinct = variant.melds.set is None or variant.melds.set.suits == "distinct"
    by_rank: Counter[int] = Counter()
    suits: dict[int, set[int]] = {}
    for card, n in left.items():
        if n > 0:
            suits.setdefault(rank_of(card), set()).add(suit_of(card))
            by_rank[rank_of(card)] += n
    held = sorted(
        (min(len(suits[r]) if distinct else by_rank[r], play.contract_set_min) for r in suits),
        reverse=True,
    )
    held += [0] * (play.contract_sets - len(held))
    return [(play.contract_set_min - h, h, False) for h in held[: play.contract_sets]]


def _fill(variant: Variant, needs: list[tuple[int, int, bool]], wilds: int) -> int:
    """Missing cards once the hand's wild cards fill what they may, smallest gaps first."""
    missing = 0
    for need, held, pure in sorted(needs):
        use = min(wilds, _wild_room(variant, held, need, pure))
        wilds -= use
        missing += need - use
    return missing


def stock_gain(variant: Variant, hand: Sequence[int], pool: Counter[int]) -> float:
    """Expected cut of the shortfall from one unseen card (the stock's hope, in cards)."""
    now = shortfall(variant, hand)
    total = sum(pool.values())
    if not now or not total:
        return 0.0
    better = sum(n for card, n in pool.items() if shortfall(variant, [*hand, card]) < now)
    return better / total


def contract_meld(melds: Sequence[Sequence[int]]) -> int:
    """Which of the legal contract melds to lay first (an index): the longest (the engine
    offers only melds after which the rest of the contract can still go down)."""
    return min(range(len(melds)), key=lambda i: (-len(melds[i]), i))
